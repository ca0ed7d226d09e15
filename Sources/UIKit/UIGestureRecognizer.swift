import Foundation

/// `UIGestureRecognizer`: here only what a scroll view's pan shows of it — its `state`,
/// observable with KVO ("state") as refresh libraries watch it.
///
/// Deviations: recognizers are not added to views by code (no targets and actions, no
/// `addGestureRecognizer`, no touches or locations); the only live one is a scroll view's
/// `panGestureRecognizer`, driven by the drag.
open class UIGestureRecognizer: NSObject {
    /// `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5

        /// A discrete gesture's recognised state: `.ended`.
        public static var recognized: State { .ended }
    }

    /// Where the gesture is; observers of "state" hear every change.
    open internal(set) var state: State {
        get { currentState }
        set {
            let old = currentState
            currentState = newValue
            KeyValueObservingRegistry.post(
                self, key: "state", old: NSNumber(value: old.rawValue),
                new: NSNumber(value: newValue.rawValue))
        }
    }
    private var currentState = State.possible

    /// Stored as set.
    open var isEnabled = true

    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?

    /// Values set with `objc_setAssociatedObject` on this object, released with it.
    let associatedObjects = AssociatedObjectStore()

    public override init() {
        super.init()
    }

    deinit {
        KeyValueObservingRegistry.objectDidDeinit(ObjectIdentifier(self))
    }

    /// Called for each change of a key path this object observes; override it as on iOS. The
    /// default does nothing.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}
}

extension UIGestureRecognizer: KeyValueObserverObject, AssociatedObjectOwner {}

/// `UIPanGestureRecognizer`: a scroll view's pan (`UIScrollView.panGestureRecognizer`), whose
/// `state` follows the finger: `.began` when the drag starts, `.changed` each time the drag
/// moves the content, `.ended` when the finger lifts, then `.possible` again.
///
/// Deviations: no `translation(in:)`, `velocity(in:)` or touch counts.
open class UIPanGestureRecognizer: UIGestureRecognizer {}
