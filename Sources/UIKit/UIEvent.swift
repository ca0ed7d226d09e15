import Foundation
import QuartzCore

/// `UIEvent`: what a control passes, with itself, to an action method of two arguments
/// (`@objc func tapped(_ sender: UIControl, forEvent event: UIEvent)`).
///
/// Deviation: there are no touches, presses or motion here; the event a control sends is an
/// empty touches event (`allTouches` is absent) stamped with the scene's time.
open class UIEvent: NSObject {
    /// What kind of event it is.
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
}
