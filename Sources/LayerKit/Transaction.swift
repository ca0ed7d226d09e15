/// Groups model changes and sets how they animate (`CATransaction`).
///
/// Transactions nest, as Core Animation's do, and belong to the active scene (`Scene.active`:
/// the scene delivering a callback, or the one `Scene.perform(_:)` runs a body for) rather
/// than to a thread. Settings made in an outer transaction apply inside inner ones unless
/// those set their own. Outside any `begin()`, settings go to the scene's implicit
/// transaction, which its next update commits (as the run loop commits Core Animation's).
///
/// With no active scene no layer can animate, so there is nothing to configure: `begin()`,
/// `commit()` and the setters do nothing, the getters report the defaults, and a completion
/// block runs at once.
public enum Transaction {
    private static var context: ActionContext? { Scene.active?.actions }

    /// Opens a nested transaction.
    public static func begin() {
        context?.frames.append(TransactionFrame())
    }

    /// Closes the innermost transaction. Its completion block runs when every animation added
    /// after the block was set (in it or in transactions nested in it) has stopped; when
    /// there are none it runs right away, inside `commit()`, as Core Animation's does.
    /// Without an open transaction this commits the implicit one.
    public static func commit() {
        guard let context else { return }
        guard let frame = context.frames.popLast() else {
            context.commitImplicitTransaction()
            return
        }
        context.finish(frame)
    }

    /// Commits the implicit transaction now.
    public static func flush() {
        context?.commitImplicitTransaction()
    }

    public static func setDisableActions(_ flag: Bool) {
        context?.innermostFrame.disableActions = flag
    }

    /// True when property changes do not animate implicitly.
    public static func disableActions() -> Bool {
        context?.disableActions ?? false
    }

    /// The duration of implicit animations, and of explicit ones added with a zero duration
    /// (0.25 s unless set; negative or NaN means 0.25; 0 turns implicit animations off).
    public static func setAnimationDuration(_ duration: Double) {
        context?.innermostFrame.duration = duration
    }

    public static func animationDuration() -> Double {
        context?.animationDuration ?? TimingModel.defaultDuration
    }

    /// The timing function of implicit animations (nil: the default curve).
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        guard let frame = context?.innermostFrame else { return }
        frame.timingFunction = function
        frame.timingFunctionIsSet = true
    }

    public static func animationTimingFunction() -> TimingFunction? {
        context?.animationTimingFunction
    }

    /// Runs `block` when the animations added to this transaction (and the transactions
    /// nested in it) from now on have stopped, or at commit when none were added.
    ///
    /// As Core Animation guarantees every completion block is called, replacing a block hands
    /// the old one off at once: it waits only for the animations added before the change, and
    /// runs right away when there were none.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        guard let context else {
            block?()
            return
        }
        let frame = context.innermostFrame
        if let old = frame.completion {
            context.register(old, members: frame.members)
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
