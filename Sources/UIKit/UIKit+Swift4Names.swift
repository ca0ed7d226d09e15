// swift-format-ignore-file: AlwaysUseLowerCamelCase

import CoreGraphics
import Foundation

// The names UIKit's nested types and constants had before Swift 4.2, when they were top-level
// (`UIGestureRecognizerState`, `UIViewContentMode`, `UIEdgeInsetsMake`). Code of that era still
// spells them so; each is the same type or value as its nested name.
// (The SDK marks them renamed in Swift 5 mode; here they stay usable.)

/// The older name of `UIGestureRecognizer.State`.
public typealias UIGestureRecognizerState = UIGestureRecognizer.State
/// The older name of `UIView.ContentMode`.
public typealias UIViewContentMode = UIView.ContentMode
/// The older name of `UIView.AutoresizingMask`.
public typealias UIViewAutoresizing = UIView.AutoresizingMask
/// The older name of `UIView.AnimationOptions`.
public typealias UIViewAnimationOptions = UIView.AnimationOptions
/// The older name of `UIView.KeyframeAnimationOptions`.
public typealias UIViewKeyframeAnimationOptions = UIView.KeyframeAnimationOptions
/// The older name of `UIControl.Event`.
public typealias UIControlEvents = UIControl.Event
/// The older name of `UIControl.State`.
public typealias UIControlState = UIControl.State
/// The older name of `UIControl.ContentHorizontalAlignment`.
public typealias UIControlContentHorizontalAlignment = UIControl.ContentHorizontalAlignment
/// The older name of `UIControl.ContentVerticalAlignment`.
public typealias UIControlContentVerticalAlignment = UIControl.ContentVerticalAlignment
/// The older name of `UIActivityIndicatorView.Style`.
public typealias UIActivityIndicatorViewStyle = UIActivityIndicatorView.Style
/// The older name of `UIImage.RenderingMode`.
public typealias UIImageRenderingMode = UIImage.RenderingMode
/// The older name of `UIImpactFeedbackGenerator.FeedbackStyle`.
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
/// The older name of `UINotificationFeedbackGenerator.FeedbackType`.
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType
/// The older name of `UITouch.Phase`.
public typealias UITouchPhase = UITouch.Phase
/// The older name of `UIEvent.EventType`.
public typealias UIEventType = UIEvent.EventType
/// The older name of `UIScrollView.ContentInsetAdjustmentBehavior`.
public typealias UIScrollViewContentInsetAdjustmentBehavior = UIScrollView.ContentInsetAdjustmentBehavior
/// The older name of `UIFont.TextStyle`.
public typealias UIFontTextStyle = UIFont.TextStyle

/// The older name of `UIScrollView.DecelerationRate.normal` (a `CGFloat` then; the rate's type
/// now, so `scrollView.decelerationRate = UIScrollViewDecelerationRateNormal` compiles).
public let UIScrollViewDecelerationRateNormal = UIScrollView.DecelerationRate.normal
/// The older name of `UIScrollView.DecelerationRate.fast`.
public let UIScrollViewDecelerationRateFast = UIScrollView.DecelerationRate.fast

/// `UIEdgeInsetsMake(_:_:_:_:)`: the older spelling of
/// `UIEdgeInsets(top:left:bottom:right:)`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat)
    -> UIEdgeInsets
{
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}
