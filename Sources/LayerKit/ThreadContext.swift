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
}

/// A `ViewAnimation.animate` block being run.
final class ViewAnimationContext {
    let duration: Double
    let delay: Double
    let timingFunction: TimingFunction
    let beginFromCurrentState: Bool
    var members: [AnimationEntry] = []
    weak var scene: Scene?

    init(duration: Double, delay: Double, timingFunction: TimingFunction, beginFromCurrentState: Bool) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
        self.beginFromCurrentState = beginFromCurrentState
    }

    /// A zero duration changes values without animating them.
    var animates: Bool { duration > 0 }
}

/// How a model change animates: what `actionForKey:` would return.
struct ActionPlan {
    /// Start from the presentation value (implicit animations, beginFromCurrentState) rather
    /// than the old model value.
    var fromPresentation: Bool
    var duration: Double
    var timingFunction: TimingFunction
    var delay: Double

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
                timingFunction: v.timingFunction, delay: v.delay)
        }
        // Like a layer created in the current Core Animation transaction, a layer that has
        // never been shown has nothing on screen to animate from.
        if !layer.hasBeenPresented || Transaction.disableActions() { return nil }
        // A zero transaction duration means no animation, as in Core Animation.
        let duration = Transaction.animationDuration()
        if duration == 0 { return nil }
        return ActionPlan(
            fromPresentation: true, duration: duration,
            timingFunction: Transaction.animationTimingFunction() ?? .default, delay: 0)
    }

    func animationAdded(_ entry: AnimationEntry, scene: Scene?) {
        if let scene { lastScene = scene }
        if let v = viewAnimations.last, entry.layer?.isViewBacking == true {
            v.members.append(entry)
            if v.scene == nil { v.scene = scene }
        }
        if let frame = frames.last ?? implicitFrame, frame.completion != nil {
            frame.members.append(entry)
            if frame.scene == nil { frame.scene = scene }
        }
    }

    /// Registers a closed transaction's completion, or hands its animations to the enclosing
    /// transaction when that one waits for them too.
    func finish(_ frame: TransactionFrame) {
        if let parent = frames.last ?? implicitFrame, parent.completion != nil {
            parent.members.append(contentsOf: frame.members)
            if parent.scene == nil { parent.scene = frame.scene }
        }
        guard let block = frame.completion else { return }
        guard let scene = frame.scene ?? lastScene else {
            block()
            return
        }
        scene.addCompletion(
            CompletionRecord(
                members: frame.members, rootLocalDueTime: nil,
                sequence: EventSequence.next()
            ) { _ in block() })
    }

    func commitImplicitTransaction() {
        guard let frame = implicitFrame else { return }
        implicitFrame = nil
        finish(frame)
    }
}
