import Foundation
import LayerKit

/// `CATransaction`: groups layer changes and says how they animate.
///
/// Transactions belong to the scene the app is updating or delivering input to (the engine's
/// `Transaction`), not to a thread. Outside any `begin()`, settings apply to the implicit
/// transaction, which the next frame commits. With no scene active nothing can animate:
/// `begin()`/`commit()` and the setters do nothing and a completion block runs at once.
open class CATransaction: NSObject {
    open class func begin() { Transaction.begin() }

    open class func commit() { Transaction.commit() }

    open class func flush() { Transaction.flush() }

    /// The duration of implicit animations (0.25 s unless set).
    open class func animationDuration() -> CFTimeInterval { Transaction.animationDuration() }

    open class func setAnimationDuration(_ dur: CFTimeInterval) { Transaction.setAnimationDuration(dur) }

    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        Transaction.animationTimingFunction().map(CAMediaTimingFunction.init)
    }

    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        Transaction.setAnimationTimingFunction(function?.engine)
    }

    open class func disableActions() -> Bool { Transaction.disableActions() }

    open class func setDisableActions(_ flag: Bool) { Transaction.setDisableActions(flag) }

    /// Runs `block` once every animation added in this transaction from now on has stopped
    /// (at commit when there are none).
    open class func setCompletionBlock(_ block: (() -> Void)?) { Transaction.setCompletionBlock(block) }
}
