import Foundation
import QuartzCore

/// `UITouch`: a finger on the screen. Nothing makes touches here (the mouse pulls a header's
/// list through its scroll view's pan gesture); the type exists so that the touch methods iOS
/// code overrides (`touchesBegan(_:with:)` …) compile.
open class UITouch: NSObject {
    /// The phases of a touch, as UIKit names them.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// `.began` for a touch made in code.
    open var phase: Phase = .began
    /// 1: a touch made in code is a single tap.
    open var tapCount = 1
    /// The view the touch is in, when one was given.
    open weak var view: UIView?

    public override init() {
        super.init()
    }

    /// The touch's place in `view`'s coordinates: the origin, as a touch made in code has no
    /// place on the screen.
    open func location(in view: UIView?) -> CGPoint { .zero }
}

/// `UIEvent`: the event touches arrive in, and what a control passes, with itself, to an action
/// method of two arguments (`@objc func tapped(_ sender: UIControl, forEvent event: UIEvent)`).
///
/// Deviation: there are no touches, presses or motion here; the event a control sends is an
/// empty touches event stamped with the scene's time.
open class UIEvent: NSObject {
    /// What kind of event it is, as UIKit names them.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    /// Always `.touches`.
    open var type: UIEvent.EventType { .touches }
    /// When the event happened, in `CACurrentMediaTime()`'s seconds.
    open private(set) var timestamp: TimeInterval

    /// An event stamped now.
    public override init() {
        timestamp = CACurrentMediaTime()
        super.init()
    }

    /// The touches of the event: none here.
    open var allTouches: Set<UITouch>? { nil }
}
