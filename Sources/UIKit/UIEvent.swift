import Foundation

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

/// `UIEvent`: the event touches arrive in. Nothing makes events here (see `UITouch`); the type
/// exists for the touch methods' and `hitTest(_:with:)`'s signatures.
open class UIEvent: NSObject {
    /// The kinds of events, as UIKit names them.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    /// `.touches`.
    open var type: EventType { .touches }
    /// When the event happened: 0 for an event made in code.
    open var timestamp: TimeInterval { 0 }

    public override init() {
        super.init()
    }

    /// The touches of the event: none, for an event made in code.
    open var allTouches: Set<UITouch>? { nil }
}
