import Foundation

// The names Core Animation's constants had before Swift 4.2, when they were global `String`
// constants (`kCAFillModeForwards`) rather than members of the structs above
// (`CAMediaTimingFillMode.forwards`). Code of that era still spells them so; each is the
// struct's value, so `animation.fillMode = kCAFillModeForwards` compiles and means what it did.
// (The SDK marks them renamed in Swift 5 mode; here they stay usable.)

/// The older name of `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// The older name of `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// The older name of `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both
/// The older name of `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed

/// The older name of `CAMediaTimingFunctionName.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// The older name of `CAMediaTimingFunctionName.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// The older name of `CAMediaTimingFunctionName.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// The older name of `CAMediaTimingFunctionName.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// The older name of `CAMediaTimingFunctionName.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

/// The older name of `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// The older name of `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// The older name of `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// The older name of `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// The older name of `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// The older name of `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// The older name of `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// The older name of `CAShapeLayerLineCap.butt`.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// The older name of `CAShapeLayerLineCap.round`.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// The older name of `CAShapeLayerLineCap.square`.
public let kCALineCapSquare = CAShapeLayerLineCap.square
/// The older name of `CAShapeLayerLineJoin.miter`.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// The older name of `CAShapeLayerLineJoin.round`.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// The older name of `CAShapeLayerLineJoin.bevel`.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel
/// The older name of `CAShapeLayerFillRule.nonZero`.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// The older name of `CAShapeLayerFillRule.evenOdd`.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

/// The older name of `CATextLayerAlignmentMode.natural`.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// The older name of `CATextLayerAlignmentMode.left`.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// The older name of `CATextLayerAlignmentMode.right`.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// The older name of `CATextLayerAlignmentMode.center`.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// The older name of `CATextLayerAlignmentMode.justified`.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
/// The older name of `CATextLayerTruncationMode.none`.
public let kCATruncationNone = CATextLayerTruncationMode.none
/// The older name of `CATextLayerTruncationMode.start`.
public let kCATruncationStart = CATextLayerTruncationMode.start
/// The older name of `CATextLayerTruncationMode.end`.
public let kCATruncationEnd = CATextLayerTruncationMode.end
/// The older name of `CATextLayerTruncationMode.middle`.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle

/// The older name of `CAGradientLayerType.axial`.
public let kCAGradientLayerAxial = CAGradientLayerType.axial
/// The older name of `CAGradientLayerType.radial`.
public let kCAGradientLayerRadial = CAGradientLayerType.radial
/// The older name of `CAGradientLayerType.conic`.
public let kCAGradientLayerConic = CAGradientLayerType.conic

/// The older name of `CALayerContentsGravity.center`.
public let kCAGravityCenter = CALayerContentsGravity.center
/// The older name of `CALayerContentsGravity.top`.
public let kCAGravityTop = CALayerContentsGravity.top
/// The older name of `CALayerContentsGravity.bottom`.
public let kCAGravityBottom = CALayerContentsGravity.bottom
/// The older name of `CALayerContentsGravity.left`.
public let kCAGravityLeft = CALayerContentsGravity.left
/// The older name of `CALayerContentsGravity.right`.
public let kCAGravityRight = CALayerContentsGravity.right
/// The older name of `CALayerContentsGravity.topLeft`.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
/// The older name of `CALayerContentsGravity.topRight`.
public let kCAGravityTopRight = CALayerContentsGravity.topRight
/// The older name of `CALayerContentsGravity.bottomLeft`.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
/// The older name of `CALayerContentsGravity.bottomRight`.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
/// The older name of `CALayerContentsGravity.resize`.
public let kCAGravityResize = CALayerContentsGravity.resize
/// The older name of `CALayerContentsGravity.resizeAspect`.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
/// The older name of `CALayerContentsGravity.resizeAspectFill`.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

/// The older name of `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade
/// The older name of `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// The older name of `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push
/// The older name of `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal
/// The older name of `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// The older name of `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// The older name of `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// The older name of `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

/// Foundation's `RunLoop.Mode` by its name before Swift 4.2 (`RunLoopMode.commonModes`).
public typealias RunLoopMode = RunLoop.Mode

extension RunLoop.Mode {
    /// The older name of `RunLoop.Mode.common`: the modes a timer or display link added with it
    /// runs in (here, always: the scene's clock has no modes).
    public static let commonModes = RunLoop.Mode.common
    /// The older name of `RunLoop.Mode.default`.
    public static let defaultRunLoopMode = RunLoop.Mode.default
}
