import Foundation

/// `UIResponder`: the class between `NSObject` and `UIView`, as in UIKit. Here it carries
/// what Objective-C's `NSObject` gives every object on iOS and Foundation's `NSObject` lacks
/// on Linux: an overridable `observeValue(forKeyPath:of:change:context:)` for key-value
/// observing (KeyValueObserving.swift), and a place for associated objects
/// (`objc_setAssociatedObject`), released with the object.
///
/// The responder chain is `next`: a view's superview, up to the window (there are no view
/// controllers or application object here); an action sent to no target (a control's
/// `addTarget(nil, action:for:)`) goes to the first responder on it from the sender that
/// `canPerformAction(_:withSender:)`.
///
/// Deviations: no first responder (`becomeFirstResponder()`) or presses; the touch methods and
/// `awakeFromNib()` are declared to be overridden, and never called.
open class UIResponder: NSObject {
    /// Values set with `objc_setAssociatedObject` on this object, released with it.
    let associatedObjects = AssociatedObjectStore()

    public override init() {
        super.init()
    }

    /// The next responder up the chain: a view's superview (nil at the top of its tree); nil
    /// for any other responder. Override it to put another object in the chain.
    open var next: UIResponder? {
        (self as? UIView)?.superview
    }

    /// Whether this responder handles `action`: by default, whether it has the method (is of
    /// the type `#selector` reached it through).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action.isImplemented(by: self)
    }

    /// The responder that handles `action`: this one if `canPerformAction(_:withSender:)`
    /// says so, else the first up the `next` chain that does; nil when none does.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    deinit {
        KeyValueObservingRegistry.objectDidDeinit(ObjectIdentifier(self))
    }

    /// Called for each change of a key path this object observes
    /// (`object.addObserver(self, forKeyPath:options:context:)`); `change` holds what the
    /// options asked for under `.kindKey`, `.newKey`, `.oldKey` and `.notificationIsPriorKey`.
    /// Override it as on iOS; the default does nothing.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}

    // MARK: Interface Builder

    /// Called on an object loaded from a nib or storyboard. Nothing is loaded from archives
    /// here, so it is never called; it exists to be overridden (call `super` as on iOS).
    open func awakeFromNib() {}

    /// Called by Interface Builder before it draws a designable view. Never called here.
    open func prepareForInterfaceBuilder() {}

    // MARK: Touches

    /// A finger touched down on the responder. Nothing delivers touches here (the mouse pulls a
    /// header's list through its scroll view's pan): these are never called, and exist to be
    /// overridden. The defaults do nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    // MARK: Accessibility (stored as set; nothing reads them here)

    /// Whether assistive technologies see this object. False by default (UIKit's default for
    /// views; its controls say true).
    open var isAccessibilityElement = false
    /// A short name of the element.
    open var accessibilityLabel: String?
    /// What happens when the element is activated.
    open var accessibilityHint: String?
    /// The element's value, as a string ("40%").
    open var accessibilityValue: String?
    /// What the element is and how it behaves.
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// A name for tests to find the element by.
    open var accessibilityIdentifier: String?
}

extension UIResponder: KeyValueObserverObject, AssociatedObjectOwner {}
