import Foundation
import LayerKit

// The selector-taking forms of the scene clock's APIs: what `#selector(…)` calls in previewed
// code reach once `loaderlab preview` has made each a `Selector`. Each keeps the target (held
// strongly, as iOS holds it) and calls the method through the selector with the argument iOS
// passes: the display link, the timer, the perform's object.

extension TargetAction {
    /// `selector` on `target`.
    init(target: Any, selector: Selector) {
        self.init(target: target as AnyObject, name: selector.name) { target, argument in
            selector.perform(on: target, with: argument)
        }
    }
}

extension CADisplayLink {
    /// A link that calls `sel` on `target` with the link every frame once added to a run loop
    /// (`CADisplayLink(target: self, selector: #selector(step(_:)))`); it holds `target` until
    /// invalidated.
    public convenience init(target: Any, selector sel: Selector) {
        self.init(targetAction: TargetAction(target: target, selector: sel))
    }
}

extension LoaderLabTimer {
    /// A timer that calls `aSelector` on `aTarget` with the timer, `ti` seconds after it is
    /// made (and every `ti` after that when it repeats), once added to a run loop.
    public convenience init(
        timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?,
        repeats yesOrNo: Bool
    ) {
        self.init(
            delay: ti, interval: ti, action: TargetAction(target: aTarget, selector: aSelector),
            userInfo: userInfo, repeats: yesOrNo)
    }

    /// A timer that calls `s` on `t` with the timer at `date` (and every `ti` after that when
    /// it repeats), once added to a run loop.
    public convenience init(
        fireAt date: Date, interval ti: TimeInterval, target t: Any, selector s: Selector, userInfo ui: Any?,
        repeats rep: Bool
    ) {
        self.init(
            delay: date.timeIntervalSinceNow, interval: ti, action: TargetAction(target: t, selector: s),
            userInfo: ui, repeats: rep)
    }

    /// A timer that calls `aSelector` on `aTarget` with the timer `ti` seconds from now (and
    /// every `ti` after that when it repeats), already running.
    @discardableResult
    public class func scheduledTimer(
        timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?,
        repeats yesOrNo: Bool
    ) -> LoaderLabTimer {
        let timer = LoaderLabTimer(
            timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
        timer.schedule()
        return timer
    }
}

extension NSObject {
    /// Calls `aSelector` on this object with `anArgument` after `delay` seconds of the scene's
    /// time (`SceneClock`), holding both until then.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerforms.add(
            TargetAction(target: self, selector: aSelector), argument: anArgument, delay: delay)
    }

    /// `perform(_:with:afterDelay:)`: here every run-loop mode is the scene clock's.
    public func perform(
        _ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval,
        inModes modes: [RunLoop.Mode]
    ) {
        perform(aSelector, with: anArgument, afterDelay: delay)
    }

    /// Cancels the requests of `perform(_:with:afterDelay:)` made with `aTarget`, `aSelector`
    /// and an argument equal to `anArgument` (`isEqual`) that have not run yet.
    public class func cancelPreviousPerformRequests(
        withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?
    ) {
        let target = aTarget as AnyObject
        DelayedPerforms.cancel {
            $0.action.target === target && $0.action.name == aSelector.name
                && DelayedPerforms.same($0.argument, anArgument)
        }
    }
}
