/// A scene's open transactions and view-animation blocks: the state that `CATransaction` and
/// `UIView.animate` keep per thread in UIKit, kept here by the scene whose layers they change.
///
/// Code reaches it through `Scene.active` — the scene an update is delivering callbacks for,
/// or that `Scene.perform(_:)` runs a body for — and a change to a layer consults its own
/// scene's context. Nothing of it outlives the scene or leaks into another scene (or test).
final class ActionContext {
    var frames: [TransactionFrame] = []
    /// Settings made outside any `Transaction.begin()`; the next update commits it, as the
    /// run loop commits Core Animation's implicit transaction.
    var implicitFrame: TransactionFrame?
    var viewAnimations: [ViewAnimationContext] = []
    /// Open `ViewAnimation.animateKeyframes` blocks, innermost last.
    var keyframeBlocks: [KeyframeBlock] = []
    unowned let scene: Scene

    init(scene: Scene) {
        self.scene = scene
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

    var disableActions: Bool { lookup(\.disableActions) ?? false }

    /// The transaction's animation duration: 0.25 s unless set (negative or NaN count as unset).
    var animationDuration: Double {
        let d = lookup(\.duration) ?? TimingModel.defaultDuration
        return d.isFinite && d >= 0 ? d : TimingModel.defaultDuration
    }

    var animationTimingFunction: TimingFunction? {
        for frame in framesInnermostFirst where frame.timingFunctionIsSet {
            return frame.timingFunction
        }
        return nil
    }

    /// The action for a change to `layer`, or nil when it changes without animation.
    func actionPlan(for layer: Layer) -> ActionPlan? {
        if layer.isViewBacking {
            guard let v = viewAnimations.last, v.animates else { return nil }
            return ActionPlan(
                fromPresentation: v.beginFromCurrentState, duration: v.duration,
                timingFunction: v.timingFunction, delay: v.delay, viewBlock: v, spring: v.spring)
        }
        // Like a layer created in the current Core Animation transaction, a layer that has
        // never been shown has nothing on screen to animate from.
        if !layer.hasBeenPresented || disableActions { return nil }
        // A zero transaction duration means no animation, as in Core Animation.
        let duration = animationDuration
        if duration == 0 { return nil }
        return ActionPlan(
            fromPresentation: true, duration: duration,
            timingFunction: animationTimingFunction ?? .default, delay: 0, viewBlock: nil)
    }

    /// An animation was added to one of the scene's layers: the open view-animation block and
    /// the transactions with a completion block wait for it.
    func animationAdded(_ entry: AnimationEntry) {
        if let v = viewAnimations.last, entry.layer?.isViewBacking == true {
            v.members.append(entry)
        }
        // Every open transaction whose completion block is set waits for it: a transaction's
        // group includes the transactions nested in it, whether or not those set a block.
        implicitFrame?.animationAdded(entry)
        for frame in frames { frame.animationAdded(entry) }
    }

    /// Registers a closed transaction's completion block (see `register`).
    func finish(_ frame: TransactionFrame) {
        guard let block = frame.completion else { return }
        frame.completion = nil
        register(block, members: frame.members)
    }

    /// A completion block that waits for `members`: as in Core Animation it runs at once
    /// when no animation was added for it, and otherwise when the last of them has stopped,
    /// delivered by the scene in time order.
    func register(_ block: @escaping () -> Void, members: [AnimationEntry]) {
        guard !members.isEmpty else {
            block()
            return
        }
        scene.addCompletion(
            CompletionRecord(members: members, rootLocalDueTime: nil, sequence: EventSequence.next()) { _ in
                block()
            })
    }

    func commitImplicitTransaction() {
        guard let frame = implicitFrame else { return }
        implicitFrame = nil
        finish(frame)
    }
}
