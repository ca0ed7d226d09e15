import Foundation

/// An `NSObject` that key-value observing can send `observeValue(forKeyPath:of:change:context:)`.
///
/// On iOS every `NSObject` declares `observeValue`, so an observer written as
/// `class Refresher: NSObject { override func observeValue(…) }` compiles. Foundation's
/// `NSObject` on Linux declares none, so there is nothing to override. `loaderlab preview`
/// therefore rewrites the superclass of such a class (the first class of the sources, going up
/// from one that overrides `observeValue`, that derives from `NSObject`) to this class, which
/// declares it as `NSObject` does on iOS. Code built otherwise derives from it directly.
///
/// Behaviour is Foundation's on iOS: the default `observeValue` does nothing (iOS raises an
/// exception for a notification no class handled; here `super.observeValue(…)` is quiet), and
/// registrations made on the object are forgotten when it is released.
open class LoaderLabObservingObject: NSObject, KeyValueObserverObject {
    public override init() {
        super.init()
    }

    /// Called for each change of a key path this object observes
    /// (`object.addObserver(self, forKeyPath:options:context:)`); `change` holds what the
    /// options asked for under `.kindKey`, `.newKey`, `.oldKey` and `.notificationIsPriorKey`.
    /// Override it as on iOS; the default does nothing.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}

    deinit {
        KeyValueObservingRegistry.objectDidDeinit(ObjectIdentifier(self))
    }
}
