import Foundation
import LayerKit
import QuartzCore

/// View animations (`UIView.animate`), over the engine's `ViewAnimation`: changes made in
/// the block to views' properties animate from the old value to the new one, additively as
/// since iOS 8, while the model values change at once. Without a scene being updated or
/// handling input nothing can animate: the changes are made and the completion runs at once.
extension UIView {
    /// `UIView.AnimationOptions`, with UIKit's raw values (those this engine honours).
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// `transition(with:…)`: no transition, or a cross-fade (UIKit's raw values; the flips
        /// and curls are absent).
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)

        var engine: ViewAnimationOptions { ViewAnimationOptions(rawValue: rawValue) }
    }

    /// `UIView.KeyframeAnimationOptions`, with UIKit's raw values.
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        var engine: ViewKeyframeAnimationOptions { ViewKeyframeAnimationOptions(rawValue: rawValue) }
    }

    /// The innermost block `animate` is running: what a scroll view's inset change inside it
    /// animates with. Bound for the block's duration, per task, as the engine binds its scene.
    @TaskLocal static var animationBlock: ScrollAnimationBlock?

    struct ScrollAnimationBlock: Sendable {
        var duration: Double
        var timingFunction: TimingFunction
    }

    /// Animates the changes `animations` makes over `duration` seconds after `delay`, along
    /// the options' curve (ease-in-ease-out by default); `completion` hears `true` when the
    /// animations ran to their end.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let function = Transaction.animationTimingFunction() ?? options.engine.timingFunction
        withBlock(ScrollAnimationBlock(duration: duration, timingFunction: function)) {
            ViewAnimation.animate(
                withDuration: duration, delay: delay, options: options.engine, animations: animations,
                completion: completion)
        }
    }

    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// As `animate(withDuration:delay:options:…)`, with every change moved by a spring of
    /// damping ratio `dampingRatio` (1: no overshoot) and initial velocity `velocity` (the
    /// whole distance per second); the curve options are ignored, as in UIKit.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        withBlock(ScrollAnimationBlock(duration: duration, timingFunction: .easeInEaseOut)) {
            ViewAnimation.animate(
                withDuration: duration, delay: delay, usingSpringWithDamping: Double(dampingRatio),
                initialSpringVelocity: Double(velocity), options: options.engine, animations: animations,
                completion: completion)
        }
    }

    /// Keyframe view animations: the changes made in each `addKeyframe` inside `animations`
    /// happen over that keyframe's part of `duration`.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval,
        options: UIView.KeyframeAnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimation.animateKeyframes(
            withDuration: duration, delay: delay, options: options.engine, animations: animations,
            completion: completion)
    }

    /// Inside `animateKeyframes`, the changes `animations` makes happen between
    /// `frameStartTime` and `frameStartTime + frameDuration` (fractions of the whole).
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        ViewAnimation.addKeyframe(
            withRelativeStartTime: frameStartTime, relativeDuration: frameDuration, animations: animations)
    }

    /// Runs `actionsWithoutAnimation` with view animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        withBlock(ScrollAnimationBlock(duration: 0, timingFunction: .linear)) {
            ViewAnimation.animate(withDuration: 0, animations: actionsWithoutAnimation)
        }
    }

    private static func withBlock(_ block: ScrollAnimationBlock, _ body: () -> Void) {
        $animationBlock.withValue(block) { body() }
    }
}
