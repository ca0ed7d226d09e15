import Foundation

/// `UIGestureRecognizer`: what a scroll view's pan shows of it — its `state`, observable with
/// KVO ("state") as refresh libraries watch it — and what code sets up on its own recognizers:
/// `init(target:action:)`, `addTarget(_:action:)`, `removeTarget(_:action:)`,
/// `UIView.addGestureRecognizer(_:)` (UIView+Gestures.swift), `isEnabled`,
/// `cancelsTouchesInView`.
///
/// Deviations: nothing here makes touches, so a recognizer code makes never recognises a
/// gesture: its state stays `.possible` and its actions are never sent (they are kept as set).
/// The only live one is a scroll view's `panGestureRecognizer`, driven by the drag, whose
/// location is an approximation (`UIPanGestureRecognizer`).
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

    /// The targets and actions to send when the gesture is recognised (kept, never sent here).
    private(set) var targetActions: [(target: Weak, action: Selector)] = []

    /// A target held weakly, as UIKit holds a recognizer's targets.
    struct Weak {
        weak var object: AnyObject?
    }

    public override init() {
        super.init()
    }

    /// A recognizer that sends `action` to `target` (kept, never sent here: nothing makes
    /// touches).
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// Adds a target and action (kept weakly, never sent here: nothing makes touches).
    open func addTarget(_ target: Any, action: Selector) {
        targetActions.append((Weak(object: target as AnyObject), action))
    }

    /// Removes a target's action (nil: all its actions; a nil target: every target's).
    open func removeTarget(_ target: Any?, action: Selector?) {
        targetActions.removeAll { entry in
            (target == nil || entry.target.object === (target as AnyObject))
                && (action == nil || entry.action == action)
        }
    }

    /// Stored as set (true by default); no touches are delivered to cancel.
    open var cancelsTouchesInView = true

    /// The number of fingers: 1 while a scroll view's drag is in progress, else 0.
    open var numberOfTouches: Int {
        (view as? UIScrollView)?.isDragging == true && self is UIPanGestureRecognizer ? 1 : 0
    }

    /// Where the gesture is in `view`'s coordinates: for a scroll view's pan, the finger
    /// (`UIPanGestureRecognizer.location(in:)`); for another recognizer, which never sees a touch
    /// here, the middle of the view it is attached to.
    open func location(in view: UIView?) -> CGPoint {
        guard let own = self.view else { return .zero }
        var point = CGPoint(x: own.bounds.midX, y: own.bounds.midY)
        if let scrollView = own as? UIScrollView, scrollView.panGestureRecognizer === self {
            point.y += CGFloat(scrollView.model.panTranslation)
        }
        return own.convert(point, to: view)
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
/// moves the content, `.ended` when the finger lifts, then `.possible` again;
/// `translation(in:)`, `velocity(in:)` and `location(in:)` follow the drag
/// (UIPanGestureRecognizer+Drag.swift).
///
/// Deviations: the drag is vertical (the host tells the scroll view how far the finger moved
/// up or down, not where it is): the translation and velocity have no x, and the location is
/// the horizontal middle of the scroll view, at its vertical middle moved by the translation.
/// One made by code never recognises a gesture (nothing makes touches).
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Stored as set (`Int.max` by default); the mouse is one finger.
    open var maximumNumberOfTouches = Int.max
    /// Stored as set (1 by default).
    open var minimumNumberOfTouches = 1
    /// What `setTranslation(_:in:)` set, subtracted from the drag's own translation.
    var translationOffset = CGPoint.zero
}

/// `UITapGestureRecognizer`: a tap recognizer, with its required taps and touches.
///
/// Deviations: nothing makes touches here, so it never recognises a tap: its state stays
/// `.possible` and its actions are never sent.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// The taps that make the gesture (1 by default); stored as set.
    open var numberOfTapsRequired = 1
    /// The fingers each tap needs (1 by default); stored as set.
    open var numberOfTouchesRequired = 1
}
