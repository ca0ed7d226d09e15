import Foundation
import QuartzCore

/// `UIView.transition(with:…)` and `transition(from:to:…)`: a change of a view's content shown
/// as a cross-fade (`.transitionCrossDissolve`) — a `CATransition` of type `.fade` on the
/// view's layer, with the options' curve — or made at once (`.transitionNone`). The
/// completion runs when the transition ends, with `true`.
extension UIView {
    public class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let fades = options.contains(.transitionCrossDissolve)
        guard fades, duration > 0 else {
            animations?()
            completion?(true)
            return
        }
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion.map { done in { done(true) } })
        let fade = CATransition()
        fade.type = .fade
        fade.duration = duration
        fade.timingFunction = CAMediaTimingFunction(name: curveName(options))
        view.layer.add(fade, forKey: "transition")
        // Inside no view-animation block: the changes the transition shows are made at once.
        UIView.performWithoutAnimation { animations?() }
        CATransaction.commit()
    }

    /// Replaces `fromView` in its superview with `toView`, cross-fading the superview's layer
    /// with `.transitionCrossDissolve`.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval,
        options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(
            with: container, duration: duration, options: options,
            animations: {
                if let index = container.subviews.firstIndex(of: fromView) {
                    container.insertSubview(toView, at: index + 1)
                } else {
                    container.addSubview(toView)
                }
                fromView.removeFromSuperview()
            }, completion: completion)
    }

    /// The options' curve as a media timing function name.
    private class func curveName(_ options: UIView.AnimationOptions) -> CAMediaTimingFunctionName {
        switch options.rawValue & (3 << 16) {
        case 1 << 16: .easeIn
        case 2 << 16: .easeOut
        case 3 << 16: .linear
        default: .easeInEaseOut
        }
    }
}
