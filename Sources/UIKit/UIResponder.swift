import Foundation

/// `UIResponder`: the class between `NSObject` and `UIView`, as in UIKit. Here it carries
/// what Objective-C's `NSObject` gives every object on iOS and Foundation's `NSObject` lacks
/// on Linux: an overridable `observeValue(forKeyPath:of:change:context:)` for key-value
/// observing (KeyValueObserving.swift), and a place for associated objects
/// (`objc_setAssociatedObject`), released with the object.
///
/// Deviations: no responder chain (`next`, `becomeFirstResponder()`, touches, presses).
open class UIResponder: NSObject {
    /// Values set with `objc_setAssociatedObject` on this object, released with it.
    let associatedObjects = AssociatedObjectStore()

    public override init() {
        super.init()
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
}

extension UIResponder: KeyValueObserverObject, AssociatedObjectOwner {}
