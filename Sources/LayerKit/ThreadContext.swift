import Foundation

/// One open transaction's settings.
final class TransactionFrame {
    var disableActions: Bool?
    var duration: Double?
    var timingFunction: TimingFunction?
    var timingFunctionIsSet = false
    var completion: (() -> Void)?
    /// Animations added since the completion block was set.
    var members: [AnimationEntry] = []
    weak var scene: Scene?

    func animationAdded(_ entry: AnimationEntry, scene: Scene?) {
        guard completion != nil else { return }
        members.append(entry)
        if self.scene == nil { self.scene = scene }
    }
}

/// A `ViewAnimation.animate` block being run.
final class ViewAnimationContext {
    let duration: Double
    let delay: Double
    let timingFunction: TimingFunction
    let beginFromCurrentState: Bool
    var members: [AnimationEntry] = []
    weak var scene: Scene?
    /// The properties this block changed, each with its value before the block's first change,
    /// so that changing one again makes one animation from that value (as UIKit does).
    var changes: [ViewChange] = []

    init(duration: Double, delay: Double, timingFunction: TimingFunction, beginFromCurrentState: Bool) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
        self.beginFromCurrentState = beginFromCurrentState
    }

    /// A zero duration changes values without animating them.
    var animates: Bool { duration > 0 }
}

/// One property a view-animation block changed.
final class ViewChange {
    weak var layer: Layer?
    let key: String
    /// The values the block's animation of this property starts from: the model before the
    /// block's first change of it, or what was on screen then (`.beginFromCurrentState`).
    let before: LayerValues
    /// The animation the block made for it, if any.
    var entry: AnimationEntry?

    init(layer: Layer, key: String, before: LayerValues) {
        self.layer = layer
        self.key = key
        self.before = before
    }
}

extension ViewAnimationContext {
    /// This block's earlier change of `key` on `layer`.
    func change(of layer: Layer, key: String) -> ViewChange? {
        changes.first { $0.layer === layer && $0.key == key }
    }
}

/// How a model change animates: what `actionForKey:` would return.
struct ActionPlan {
    /// Start from the presentation value (implicit animations, beginFromCurrentState) rather
    /// than the old model value.
    var fromPresentation: Bool
    var duration: Double
    var timingFunction: TimingFunction
    var delay: Double
    /// The view-animation block the change is made in (view-backing layers only).
    var viewBlock: ViewAnimationContext?

    func configure(_ anim: Animation, layer: Layer, scene: Scene) {
        anim.duration = duration
        anim.timingFunction = timingFunction
        if delay > 0 {
            anim.beginTime = layer.timeMap.local(scene.currentTime) + delay
            // During the delay the layer shows the start value, not the new model value.
            anim.fillMode = .backwards
        }
    }
}

/// Per-thread state: the transaction stack and open view-animation blocks.
final class ThreadContext {
    var frames: [TransactionFrame] = []
    var implicitFrame: TransactionFrame?
    var viewAnimations: [ViewAnimationContext] = []
    /// The scene most recently updated on this thread (for completions with no layer).
    weak var lastScene: Scene?

    /// Each thread's context hangs off one pthread key: `pthread_getspecific` is a load, where
    /// `Thread.current.threadDictionary` bridged and hashed an NSString key on every property
    /// set and every scene update. The key's destructor releases the context when its thread
    /// ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    static var current: ThreadContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let c = ThreadContext()
        pthread_setspecific(key, Unmanaged.passRetained(c).toOpaque())
        return c
    }

    var innermostFrame: TransactionFrame {
        if let f = frames.last { return f }
        if let f = implicitFrame { return f }
        let f = TransactionFrame()
        implicitFrame = f
        return f
    }

    var framesInnermostFirst: [TransactionFrame] {
        var all = Array(frames.reversed())
        if let f = implicitFrame { all.append(f) }
        return all
    }

    func lookup<V>(_ kp: KeyPath<TransactionFrame, V?>) -> V? {
        for frame in frames.reversed() {
            if let v = frame[keyPath: kp] { return v }
        }
        return implicitFrame?[keyPath: kp]
    }

    /// The action for a change to `layer`, or nil when it changes without animation.
    func actionPlan(for layer: Layer) -> ActionPlan? {
        if layer.isViewBacking {
            guard let v = viewAnimations.last, v.animates else { return nil }
            return ActionPlan(
                fromPresentation: v.beginFromCurrentState, duration: v.duration,
                timingFunction: v.timingFunction, delay: v.delay, viewBlock: v)
        }
        // Like a layer created in the current Core Animation transaction, a layer that has
        // never been shown has nothing on screen to animate from.
        if !layer.hasBeenPresented || Transaction.disableActions() { return nil }
        // A zero transaction duration means no animation, as in Core Animation.
        let duration = Transaction.animationDuration()
        if duration == 0 { return nil }
        return ActionPlan(
            fromPresentation: true, duration: duration,
            timingFunction: Transaction.animationTimingFunction() ?? .default, delay: 0,
            viewBlock: nil)
    }

    func animationAdded(_ entry: AnimationEntry, scene: Scene?) {
        if let scene { lastScene = scene }
        if let v = viewAnimations.last, entry.layer?.isViewBacking == true {
            v.members.append(entry)
            if v.scene == nil { v.scene = scene }
        }
        // Every open transaction whose completion block is set waits for it: a transaction's
        // group includes the transactions nested in it, whether or not those set a block.
        if let frame = implicitFrame { frame.animationAdded(entry, scene: scene) }
        for frame in frames { frame.animationAdded(entry, scene: scene) }
    }

    /// Registers a closed transaction's completion block (see `register`).
    func finish(_ frame: TransactionFrame) {
        guard let block = frame.completion else { return }
        frame.completion = nil
        register(block, members: frame.members, scene: frame.scene)
    }

    /// A completion block that waits for `members`: as in Core Animation it runs at once
    /// when no animation was added for it (or outside any scene), and otherwise when the
    /// last of them has stopped, delivered by the scene in time order.
    func register(_ block: @escaping () -> Void, members: [AnimationEntry], scene: Scene?) {
        guard !members.isEmpty, let scene = scene ?? lastScene else {
            block()
            return
        }
        scene.addCompletion(
            CompletionRecord(
                members: members, rootLocalDueTime: nil, sequence: EventSequence.next()
            ) { _ in block() })
    }

    func commitImplicitTransaction() {
        guard let frame = implicitFrame else { return }
        implicitFrame = nil
        finish(frame)
    }
}
