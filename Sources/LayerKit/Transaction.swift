import Foundation

/// Groups model changes and sets how they animate (`CATransaction`).
///
/// Transactions nest and are per thread, like Core Animation's. Settings made in an outer
/// transaction apply inside inner ones unless those set their own. Outside any `begin()`,
/// settings go to the thread's implicit transaction, which the next `Scene.update` on that
/// thread commits (as the run loop commits Core Animation's).
public enum Transaction {
    /// Opens a nested transaction.
    public static func begin() {
        ThreadContext.current.frames.append(TransactionFrame())
    }

    /// Closes the innermost transaction. Its completion block runs when every animation added
    /// after the block was set (in it or in transactions nested in it) has stopped; when
    /// there are none it runs right away, inside `commit()`, as Core Animation's does.
    /// Without an open transaction this commits the implicit one.
    public static func commit() {
        let context = ThreadContext.current
        guard let frame = context.frames.popLast() else {
            context.commitImplicitTransaction()
            return
        }
        context.finish(frame)
    }

    /// Commits the implicit transaction now.
    public static func flush() {
        ThreadContext.current.commitImplicitTransaction()
    }

    public static func setDisableActions(_ flag: Bool) {
        ThreadContext.current.innermostFrame.disableActions = flag
    }

    /// True when property changes do not animate implicitly.
    public static func disableActions() -> Bool {
        ThreadContext.current.lookup(\.disableActions) ?? false
    }

    /// The duration of implicit animations, and of explicit ones added with a zero duration
    /// (0.25 s unless set; negative or NaN means 0.25; 0 turns implicit animations off).
    public static func setAnimationDuration(_ duration: Double) {
        ThreadContext.current.innermostFrame.duration = duration
    }

    public static func animationDuration() -> Double {
        let d = ThreadContext.current.lookup(\.duration) ?? TimingModel.defaultDuration
        return d.isFinite && d >= 0 ? d : TimingModel.defaultDuration
    }

    /// The timing function of implicit animations (nil: the default curve).
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        let frame = ThreadContext.current.innermostFrame
        frame.timingFunction = function
        frame.timingFunctionIsSet = true
    }

    public static func animationTimingFunction() -> TimingFunction? {
        for frame in ThreadContext.current.framesInnermostFirst where frame.timingFunctionIsSet {
            return frame.timingFunction
        }
        return nil
    }

    /// Runs `block` when the animations added to this transaction (and the transactions
    /// nested in it) from now on have stopped, or at commit when none were added.
    ///
    /// As Core Animation guarantees every completion block is called, replacing a block hands
    /// the old one off at once: it waits only for the animations added before the change, and
    /// runs right away when there were none.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let context = ThreadContext.current
        let frame = context.innermostFrame
        if let old = frame.completion {
            context.register(old, members: frame.members, scene: frame.scene)
        }
        frame.completion = block
        frame.members = []
    }

    /// Runs `body` in a transaction with actions disabled: its changes take effect at once.
    @discardableResult
    public static func performWithoutActions<T>(_ body: () throws -> T) rethrows -> T {
        begin()
        setDisableActions(true)
        defer { commit() }
        return try body()
    }
}
