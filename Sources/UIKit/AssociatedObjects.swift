// swift-format-ignore-file: AlwaysUseLowerCamelCase, TypeNamesShouldBeCapitalized

// The Objective-C runtime's names, as iOS code calls them.
import Foundation

/// `objc_AssociationPolicy`: how `objc_setAssociatedObject` holds the value.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained: the value reads as nil once it is released (on iOS it dangles).
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// A copy (`copy()` of an `NSCopying` object; other values as they are).
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key` (any pointer, usually `&someStaticVar`), held
/// as `policy` says, until it is replaced, set to nil, or `object` is released.
///
/// The values of a view or another `UIResponder`, and of a gesture recognizer, are released
/// with it. Those of any other object are released when the next call of these functions
/// finds it gone.
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    AssociatedObjects.store(for: object as AnyObject, creating: true)?.set(value, key: key, policy: policy)
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    AssociatedObjects.store(for: object as AnyObject, creating: false)?.value(key: key)
}

/// Removes every value associated with `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociatedObjects.store(for: object as AnyObject, creating: false)?.removeAll()
}

/// A class whose instances keep their associated objects themselves (so that they go with
/// them).
protocol AssociatedObjectOwner: AnyObject {
    var associatedObjects: AssociatedObjectStore { get }
}

/// One object's associated values, by key.
final class AssociatedObjectStore {
    private enum Slot {
        case strong(Any)
        case weak(WeakBox)
    }

    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private let lock = NSLock()
    private var slots: [UnsafeRawPointer: Slot] = [:]

    func set(_ value: Any?, key: UnsafeRawPointer, policy: objc_AssociationPolicy) {
        let slot = value.map { value -> Slot in
            let isObject = type(of: value) is AnyClass
            switch policy {
            case .OBJC_ASSOCIATION_ASSIGN:
                return isObject ? .weak(WeakBox(value as AnyObject)) : .strong(value)
            case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
                if isObject, let copying = value as? NSCopying { return .strong(copying.copy(with: nil)) }
                return .strong(value)
            case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
                return .strong(value)
            }
        }
        // The old value is released outside the lock (its deinit may call back in here).
        lock.lock()
        let old = slot.map { slots.updateValue($0, forKey: key) } ?? slots.removeValue(forKey: key)
        lock.unlock()
        withExtendedLifetime(old) {}
    }

    func value(key: UnsafeRawPointer) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        switch slots[key] {
        case .strong(let value)?: return value
        case .weak(let box)?: return box.object
        case nil: return nil
        }
    }

    func removeAll() {
        lock.lock()
        let old = slots
        slots = [:]
        lock.unlock()
        withExtendedLifetime(old) {}
    }
}

/// The stores of objects that do not keep their own, by identity, while they live.
enum AssociatedObjects {
    private final class Entry {
        weak var owner: AnyObject?
        let store = AssociatedObjectStore()
        init(_ owner: AnyObject) { self.owner = owner }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    static func store(for object: AnyObject, creating: Bool) -> AssociatedObjectStore? {
        let owner = object as? AssociatedObjectOwner
        lock.lock()
        // Drop the stores of objects that have gone (their values are released below, outside
        // the lock, when `gone` goes).
        let gone = entries.filter { $0.value.owner == nil }
        for id in gone.keys { entries[id] = nil }
        var store = owner?.associatedObjects
        if store == nil {
            let id = ObjectIdentifier(object)
            store = entries[id]?.store
            if store == nil, creating {
                let entry = Entry(object)
                entries[id] = entry
                store = entry.store
            }
        }
        lock.unlock()
        withExtendedLifetime(gone) {}
        return store
    }
}
