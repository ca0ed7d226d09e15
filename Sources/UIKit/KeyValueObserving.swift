import Foundation
@_spi(LoaderLabHost) import QuartzCore

// Key-value observing as iOS code uses it. Foundation on Linux has none of it (its `NSObject`
// has no `observeValue`, `addObserver(_:forKeyPath:…)` or `observe(_:…)`, and there is no
// Objective-C runtime to make setters notify), so UIKit provides it for the keys its own
// classes notify (KeyValueObservingKeys.swift) and for keys that code announces itself with
// `willChangeValue(forKey:)`/`didChangeValue(forKey:)`.

/// `NSKeyValueObservingOptions`: what a notification carries, and when it comes.
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The value after the change, under `.newKey`.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The value before the change, under `.oldKey`.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// A notification at once, when the observer is added (with `.newKey` if `.new` is asked).
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// A notification before each change as well as after it (`.notificationIsPriorKey`).
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// `NSKeyValueChange`: the kind of change (the keys here only ever change by `.setting`).
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// `NSKeyValueChangeKey`: the keys of a change dictionary.
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// An `NSNumber` holding an `NSKeyValueChange` raw value.
    public static let kindKey = NSKeyValueChangeKey("kind")
    /// The value after the change (an `NSValue` for geometry, as on iOS; `NSNull` for nil).
    public static let newKey = NSKeyValueChangeKey("new")
    /// The value before the change.
    public static let oldKey = NSKeyValueChangeKey("old")
    /// Never present here (no to-many keys are observable).
    public static let indexesKey = NSKeyValueChangeKey("indexes")
    /// `NSNumber(true)` in the notification sent before a change (`.prior`).
    public static let notificationIsPriorKey = NSKeyValueChangeKey("notificationIsPrior")
}

/// `NSKeyValueObservedChange`: what the handler of `observe(_:options:changeHandler:)` is
/// told, typed.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// The value after the change, when the options ask for `.new` (and not in a prior
    /// notification).
    public let newValue: Value?
    /// The value before the change, when the options ask for `.old`.
    public let oldValue: Value?
    /// Always nil here (no to-many keys are observable).
    public let indexes: IndexSet?
    /// True in the notification sent before a change (`.prior`).
    public let isPrior: Bool
}

/// `NSKeyValueObservation`: an observation made by `observe(_:options:changeHandler:)`. It
/// observes until it is released or `invalidate()` is called (keep it in a property).
public class NSKeyValueObservation: NSObject {
    private var registration: KeyValueObservingRegistry.Registration?

    init(registration: KeyValueObservingRegistry.Registration?) {
        self.registration = registration
        super.init()
    }

    /// Stops the observation; the handler is not called again.
    public func invalidate() {
        if let registration { KeyValueObservingRegistry.remove(registration) }
        registration = nil
    }

    deinit {
        invalidate()
    }
}

/// The protocol `observe(_:options:changeHandler:)` is declared on, as in Foundation on iOS;
/// every `NSObject` conforms.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// Calls `changeHandler` with this object and the change each time the property at
    /// `keyPath` changes, until the returned observation is released or invalidated.
    ///
    /// The key paths UIKit notifies are listed in KeyValueObservingKeys.swift
    /// (`\.contentOffset`, `\.contentSize`, `\.contentInset`, `\.frame`, `\.bounds` and
    /// `\.panGestureRecognizer.state` of a scroll view, `\.state` of a gesture recognizer);
    /// any other is reported on standard error and never notifies.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        guard let object = self as? NSObject, let name = KeyValueObservingKeys.name(of: keyPath) else {
            CALayer.errorReporter(
                "UIKit: observe(_:) on a \(type(of: self)): this key path is not observable here (observable: "
                    + KeyValueObservingKeys.observableDescription + "); the handler will not be called")
            return NSKeyValueObservation(registration: nil)
        }
        // The handler gets typed values read through the key path: the value it last saw is
        // the old one (every change of an observable key is notified, so it is up to date).
        var last = self[keyPath: keyPath]
        let handler: (KeyValueObservingRegistry.Event) -> Void = { [weak object] event in
            guard let object, let typed = object as? Self else { return }
            let current = typed[keyPath: keyPath]
            let change = NSKeyValueObservedChange(
                kind: .setting,
                newValue: options.contains(.new) && !event.isPrior ? current : nil,
                oldValue: options.contains(.old) && !event.isInitial ? last : nil,
                indexes: nil, isPrior: event.isPrior)
            if !event.isPrior { last = current }
            changeHandler(typed, change)
        }
        let registration = KeyValueObservingRegistry.add(
            on: object, keyPath: name, options: options, context: nil, target: .handler(handler))
        return NSKeyValueObservation(registration: registration)
    }
}

extension NSObject {
    /// Registers `observer` to be sent `observeValue(forKeyPath:of:change:context:)` for each
    /// change of `keyPath` ("contentOffset", "panGestureRecognizer.state" …) of this object.
    /// The observer is not retained (a released one is forgotten); remove it with
    /// `removeObserver(_:forKeyPath:)`.
    ///
    /// Deviation: the observer must be a `UIResponder` (any view), a `UIGestureRecognizer` or a
    /// `LoaderLabObservingObject`, the classes here that declare `observeValue` (under
    /// `loaderlab preview` a class of yours deriving from `NSObject` that overrides it derives
    /// from the last); another is reported on standard error.
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) {
        guard observer is KeyValueObserverObject else {
            CALayer.errorReporter(
                "UIKit: addObserver(_:forKeyPath: \"\(keyPath)\"): a \(type(of: observer)) cannot be sent "
                    + "observeValue here (Foundation's NSObject on Linux declares none); derive the observer "
                    + "from UIResponder or LoaderLabObservingObject, or use observe(_:options:changeHandler:)"
            )
            return
        }
        KeyValueObservingRegistry.add(
            on: self, keyPath: keyPath, options: options, context: context, target: .observer(observer))
    }

    /// Removes the latest registration of `observer` for `keyPath` with `context`.
    public func removeObserver(
        _ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?
    ) {
        removeRegistration(observer, keyPath: keyPath, context: .some(context))
    }

    /// Removes the latest registration of `observer` for `keyPath`, whatever its context.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        removeRegistration(observer, keyPath: keyPath, context: nil)
    }

    private func removeRegistration(
        _ observer: NSObject, keyPath: String, context: UnsafeMutableRawPointer??
    ) {
        if !KeyValueObservingRegistry.remove(
            observer: observer, from: self, keyPath: keyPath, context: context)
        {
            // iOS raises an exception here.
            CALayer.errorReporter(
                "UIKit: removeObserver(_:forKeyPath: \"\(keyPath)\"): the \(type(of: observer)) is not "
                    + "registered as an observer of this \(type(of: self)) for that key path")
        }
    }

    /// Announces a change of `key` that this object makes itself (a key of its own): with
    /// `didChangeValue(forKey:)` after the change, observers of `key` are notified (values are
    /// included for the keys UIKit knows, KeyValueObservingKeys.swift).
    public func willChangeValue(forKey key: String) {
        KeyValueObservingRegistry.willChange(self, key: key)
    }

    /// Notifies the observers of `key` of a change announced by `willChangeValue(forKey:)`.
    public func didChangeValue(forKey key: String) {
        KeyValueObservingRegistry.didChange(self, key: key)
    }
}
