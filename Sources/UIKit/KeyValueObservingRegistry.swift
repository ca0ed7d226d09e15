import Foundation

/// An object whose class declares `observeValue(forKeyPath:of:change:context:)` (UIKit's
/// `UIResponder` and `UIGestureRecognizer`): what `addObserver(_:forKeyPath:…)` can call.
protocol KeyValueObserverObject: AnyObject {
    func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?)
}

/// Who observes what: registrations by observed object (held weakly, by identity), and the
/// delivery of changes to them.
///
/// A key path of several keys ("panGestureRecognizer.state") is observed as iOS observes it:
/// its first key on the object, and the rest on the object that key holds, through a relay
/// registration that moves when the first key's value changes.
enum KeyValueObservingRegistry {
    /// Where notifications go.
    enum Target {
        case observer(NSObject)
        case handler((Event) -> Void)
    }

    /// What a handler target hears.
    struct Event {
        var isPrior: Bool
        var isInitial: Bool
        var old: Any?
        var new: Any?
    }

    /// One `addObserver` call or `observe` observation.
    final class Registration {
        let keyPath: String
        /// The key path's first key, and the rest after its first dot.
        let firstKey: String
        let rest: String?
        let options: NSKeyValueObservingOptions
        let context: UnsafeMutableRawPointer?
        /// The observer, not retained (as on iOS); nil for a handler.
        private(set) weak var observer: NSObject?
        let handler: ((Event) -> Void)?
        weak var object: NSObject?
        /// For a key path of several keys: the registration of `rest` on the first key's value.
        var relay: Registration?
        var isActive = true

        init(
            object: NSObject, keyPath: String, options: NSKeyValueObservingOptions,
            context: UnsafeMutableRawPointer?, target: Target
        ) {
            self.object = object
            self.keyPath = keyPath
            if let dot = keyPath.firstIndex(of: ".") {
                firstKey = String(keyPath[..<dot])
                rest = String(keyPath[keyPath.index(after: dot)...])
            } else {
                firstKey = keyPath
                rest = nil
            }
            self.options = options
            self.context = context
            switch target {
            case .observer(let o):
                observer = o
                handler = nil
            case .handler(let h):
                handler = h
            }
        }

        /// An observer registration whose observer has been released.
        var isOrphaned: Bool { handler == nil && observer == nil }
    }

    private final class Entry {
        weak var object: AnyObject?
        var registrations: [Registration] = []
        /// Old values recorded by `willChangeValue(forKey:)`, innermost last.
        var pending: [(key: String, old: Any?)] = []
        init(_ object: AnyObject) { self.object = object }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    // MARK: Registering

    /// Registers an observation of `keyPath` on `object`; with `.initial`, notifies it at once.
    @discardableResult
    static func add(
        on object: NSObject, keyPath: String, options: NSKeyValueObservingOptions,
        context: UnsafeMutableRawPointer?, target: Target
    ) -> Registration {
        let registration = Registration(
            object: object, keyPath: keyPath, options: options, context: context, target: target)
        lock.lock()
        // Forget the objects that have gone (and whose identity a new object may now have).
        entries = entries.filter { $0.value.object != nil }
        let id = ObjectIdentifier(object)
        let entry = entries[id] ?? Entry(object)
        entries[id] = entry
        entry.registrations.append(registration)
        lock.unlock()
        bindRelay(of: registration)
        if options.contains(.initial) {
            send(
                registration, isPrior: false, isInitial: true, old: nil,
                new: KeyValueObservingKeys.value(of: object, forKeyPath: keyPath))
        }
        return registration
    }

    /// Ends `registration` (and its relay).
    static func remove(_ registration: Registration) {
        registration.isActive = false
        if let relay = registration.relay { remove(relay) }
        registration.relay = nil
        guard let object = registration.object else { return }
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(object)]?.registrations.removeAll { $0 === registration }
    }

    /// Ends the latest registration of `observer` for `keyPath` on `object` (with `context`,
    /// when it is given); false when there is none.
    static func remove(
        observer: NSObject, from object: NSObject, keyPath: String, context: UnsafeMutableRawPointer??
    ) -> Bool {
        lock.lock()
        let found = entries[ObjectIdentifier(object)].flatMap { entry in
            entry.object !== object
                ? nil
                : entry.registrations.last { r in
                    r.observer === observer && r.keyPath == keyPath
                        && (context.map { $0 == r.context } ?? true)
                }
        }
        lock.unlock()
        guard let found else { return false }
        remove(found)
        return true
    }

    /// Forgets every registration on an object being deinitialised.
    static func objectDidDeinit(_ id: ObjectIdentifier) {
        lock.lock()
        let entry = entries.removeValue(forKey: id)
        lock.unlock()
        for registration in entry?.registrations ?? [] {
            registration.isActive = false
            if let relay = registration.relay { remove(relay) }
            registration.relay = nil
        }
    }

    /// True when something observes `key` (or a key path starting with it) of `object`.
    static func isObserved(_ object: NSObject, key: String) -> Bool {
        !registrations(of: object, key: key).isEmpty
    }

    private static func registrations(of object: NSObject, key: String) -> [Registration] {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return [] }
        entry.registrations.removeAll { $0.isOrphaned }
        return entry.registrations.filter { $0.firstKey == key }
    }

    // MARK: Notifying

    /// Tells the observers of `key` of `object` that it changed from `old` to `new` (values
    /// boxed as in a change dictionary; evaluated only when someone observes). With `prior`,
    /// the observers that asked for `.prior` hear first of the change that is coming.
    static func post(
        _ object: NSObject, key: String, old: @autoclosure () -> Any?, new: @autoclosure () -> Any?,
        prior: Bool = true
    ) {
        let observing = registrations(of: object, key: key)
        guard !observing.isEmpty else { return }
        let oldValue = old()
        let newValue = new()
        for registration in observing where registration.isActive {
            guard let rest = registration.rest else {
                deliver(registration, old: oldValue, new: newValue, prior: prior)
                continue
            }
            // The first key now holds another object: observe the rest on it instead.
            if let relay = registration.relay { remove(relay) }
            registration.relay = nil
            bindRelay(of: registration)
            deliver(
                registration,
                old: (oldValue as? NSObject).flatMap {
                    KeyValueObservingKeys.value(of: $0, forKeyPath: rest)
                },
                new: (newValue as? NSObject).flatMap {
                    KeyValueObservingKeys.value(of: $0, forKeyPath: rest)
                },
                prior: prior)
        }
    }

    /// `willChangeValue(forKey:)`: records the value before the change and sends the prior
    /// notifications.
    static func willChange(_ object: NSObject, key: String) {
        let old = KeyValueObservingKeys.value(of: object, forKey: key)
        lock.lock()
        let id = ObjectIdentifier(object)
        let entry = entries[id].flatMap { $0.object === object ? $0 : nil } ?? Entry(object)
        entries[id] = entry
        entry.pending.append((key, old))
        lock.unlock()
        for registration in registrations(of: object, key: key)
        where registration.isActive && registration.options.contains(.prior) {
            send(registration, isPrior: true, isInitial: false, old: old, new: nil)
        }
    }

    /// `didChangeValue(forKey:)`: the notification after the change, with the value recorded
    /// by the matching `willChangeValue(forKey:)` as the old one.
    static func didChange(_ object: NSObject, key: String) {
        lock.lock()
        var old: Any?
        if let entry = entries[ObjectIdentifier(object)], entry.object === object,
            let i = entry.pending.lastIndex(where: { $0.key == key })
        {
            old = entry.pending.remove(at: i).old
        }
        lock.unlock()
        post(
            object, key: key, old: old, new: KeyValueObservingKeys.value(of: object, forKey: key),
            prior: false)
    }

    /// Observes the rest of a key path of several keys on the object its first key holds now.
    private static func bindRelay(of registration: Registration) {
        guard let rest = registration.rest, let object = registration.object,
            let child = KeyValueObservingKeys.value(of: object, forKey: registration.firstKey) as? NSObject
        else { return }
        registration.relay = add(
            on: child, keyPath: rest, options: [.old, .new], context: nil,
            target: .handler { [weak registration] event in
                guard let registration, registration.isActive else { return }
                deliver(registration, old: event.old, new: event.new, prior: true)
            })
    }

    /// The prior notification (when asked for and `prior`), then the one after the change.
    private static func deliver(_ registration: Registration, old: Any?, new: Any?, prior: Bool) {
        if prior, registration.options.contains(.prior) {
            send(registration, isPrior: true, isInitial: false, old: old, new: nil)
        }
        send(registration, isPrior: false, isInitial: false, old: old, new: new)
    }

    private static func send(
        _ registration: Registration, isPrior: Bool, isInitial: Bool, old: Any?, new: Any?
    ) {
        guard registration.isActive, let object = registration.object else { return }
        if let handler = registration.handler {
            handler(Event(isPrior: isPrior, isInitial: isInitial, old: old, new: new))
            return
        }
        guard let observer = registration.observer as? KeyValueObserverObject else { return }
        var change: [NSKeyValueChangeKey: Any] = [
            .kindKey: NSNumber(value: NSKeyValueChange.setting.rawValue)
        ]
        if isPrior { change[.notificationIsPriorKey] = NSNumber(value: true) }
        if registration.options.contains(.old), !isInitial { change[.oldKey] = old ?? NSNull() }
        if registration.options.contains(.new), !isPrior { change[.newKey] = new ?? NSNull() }
        observer.observeValue(
            forKeyPath: registration.keyPath, of: object, change: change, context: registration.context)
    }
}
