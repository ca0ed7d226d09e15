import Foundation

extension CALayer {
    /// Gives this layer's `@Managed` properties the values another layer's hold (`init(layer:)`):
    /// the engine copies those it carries with the model; this copies the others (an object
    /// such as a `UIColor`), property by property of the same name and type.
    func copyManagedValues(from other: CALayer) {
        let type = ObjectIdentifier(Swift.type(of: self))
        if CALayer.classesWithoutManagedProperties.withLock({ $0.contains(type) }) { return }
        let theirs = Self.managedSlots(of: other)
        guard !theirs.isEmpty else { return }
        for (label, slot) in Self.managedSlots(of: self) {
            if let their = theirs[label] { slot.copyValue(from: their) }
        }
    }

    /// The `@Managed` storage of a layer by its label (`_progress`), its subclasses' included.
    private static func managedSlots(of layer: CALayer) -> [String: any AnyManagedSlot] {
        var slots: [String: any AnyManagedSlot] = [:]
        var mirror: Mirror? = Mirror(reflecting: layer)
        while let m = mirror {
            for child in m.children {
                guard let storage = child.value as? ManagedStorage, let label = child.label else { continue }
                if slots[label] == nil { slots[label] = storage.anySlot }
            }
            mirror = m.superclassMirror
        }
        return slots
    }
}
