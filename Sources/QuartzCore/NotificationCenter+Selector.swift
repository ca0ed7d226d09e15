import Foundation

/// `NotificationCenter`'s selector forms, which Foundation on Linux lacks:
/// `addObserver(_:selector:name:object:)` (what `#selector(…)` becomes in previewed code, a
/// `Selector`) and the `removeObserver` calls that take such an observer away.
///
/// Each observation is one of Foundation's own block observers, so Foundation's `post`
/// (`post(name:object:userInfo:)`, `post(_:)`) reaches it: the method runs at once, on the
/// posting thread, with the `Notification` (a method that takes none gets nothing), through
/// `Selector.perform(on:with:)`. As on iOS 9 and later, the observer is not retained: once it
/// has gone its observations stop (and are removed at the next post that would reach them).
/// `name` nil hears every name; `object` nil every sender, else only posts from that object.
///
/// `removeObserver(_:)` and `removeObserver(_:name:object:)` with an object take away its
/// selector observations (all, or those of that name and sender), and then do what Foundation
/// does with the same arguments, so a token from `addObserver(forName:object:queue:using:)`
/// is removed as before.
extension NotificationCenter {
    /// Calls `aSelector` on `observer` with each notification named `aName` (nil: any) posted
    /// by `anObject` (nil: anyone), until it is removed or has gone.
    public func addObserver(
        _ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?
    ) {
        let target = observer as AnyObject
        let entry = SelectorObservations.Entry(
            observer: target, name: aName, sender: anObject.map { $0 as AnyObject })
        entry.token = addObserver(forName: aName, object: anObject, queue: nil) {
            [weak self, weak entry] note in
            guard let entry else { return }
            guard let target = entry.observer else {
                self?.remove(entries: [entry])
                return
            }
            aSelector.perform(on: target, with: note)
        }
        SelectorObservations.add(entry, in: self)
    }

    /// Removes every selector observation of `observer`, then what Foundation's
    /// `removeObserver(_:)` removes (a block observer's token).
    public func removeObserver(_ observer: AnyObject) {
        remove(entries: SelectorObservations.take(from: self) { $0.observer === observer })
        removeObserver(observer as Any)
    }

    /// Removes the selector observations of `observer` for `aName` (nil: any) and `anObject`
    /// (nil: any), then what Foundation's `removeObserver(_:name:object:)` removes.
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?)
    {
        let sender = anObject.map { $0 as AnyObject }
        remove(
            entries: SelectorObservations.take(from: self) { entry in
                entry.observer === observer && (aName == nil || entry.name == aName)
                    && (sender == nil || entry.sender === sender)
            })
        removeObserver(observer as Any, name: aName, object: anObject)
    }

    private func remove(entries: [SelectorObservations.Entry]) {
        for entry in entries {
            if let token = entry.token { removeObserver(token as Any) }
            entry.token = nil
        }
        SelectorObservations.drop(entries, from: self)
    }
}

/// The selector observations of each notification centre.
enum SelectorObservations {
    final class Entry: @unchecked Sendable {
        weak var observer: AnyObject?
        let name: NSNotification.Name?
        weak var sender: AnyObject?
        /// Foundation's observer that delivers the notifications.
        var token: NSObjectProtocol?

        init(observer: AnyObject, name: NSNotification.Name?, sender: AnyObject?) {
            self.observer = observer
            self.name = name
            self.sender = sender
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: [Entry]] = [:]

    static func add(_ entry: Entry, in center: NotificationCenter) {
        lock.withLock { entries[ObjectIdentifier(center), default: []].append(entry) }
    }

    /// Takes out of `center`'s observations those `matches` picks, and those whose observer
    /// has gone.
    static func take(from center: NotificationCenter, where matches: (Entry) -> Bool) -> [Entry] {
        lock.withLock {
            let all = entries[ObjectIdentifier(center)] ?? []
            let picked = all.filter { $0.observer == nil || matches($0) }
            entries[ObjectIdentifier(center)] = all.filter { e in !picked.contains { $0 === e } }
            return picked
        }
    }

    static func drop(_ dropped: [Entry], from center: NotificationCenter) {
        lock.withLock {
            entries[ObjectIdentifier(center)]?.removeAll { e in dropped.contains { $0 === e } }
        }
    }
}
