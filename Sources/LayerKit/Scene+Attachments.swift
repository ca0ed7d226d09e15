import Foundation

/// State that other modules keep per scene (UIKit's views and layout, QuartzCore's delayed
/// performs), owned by the scene and released with it: one object per type, made on first
/// use. What belongs to a scene lives here rather than in a process-wide table keyed by scene.
extension Scene {
    /// The scene's object of type `T`, made by `make` the first time it is asked for (`make`
    /// runs once, outside the scene's lock, and may itself use the scene).
    public func attachment<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        if let existing = attachments.withLock({ $0[key] }) as? T { return existing }
        let made = make()
        return attachments.withLock { table in
            if let raced = table[key] as? T { return raced }
            table[key] = made
            return made
        }
    }

    /// The scene's object of type `T`, if one was made.
    public func existingAttachment<T: AnyObject>(_ type: T.Type) -> T? {
        attachments.withLock { $0[ObjectIdentifier(type)] } as? T
    }
}

/// The objects attached to a scene, by their type, behind a lock (a scene is driven from one
/// thread, but its attachments may be asked for from code another thread runs).
final class SceneAttachments: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [ObjectIdentifier: AnyObject] = [:]

    func withLock<R>(_ body: (inout [ObjectIdentifier: AnyObject]) -> R) -> R {
        lock.withLock { body(&table) }
    }
}
