/// Reading and writing a property by its Core Animation key path (`value(forKeyPath:)` and
/// `setValue(_:forKeyPath:)` on a `CALayer`).
extension Layer {
    /// The model value of the animatable key path `keyPath` (`"opacity"`, `"position.x"`,
    /// `"transform.scale"`, `"transform.rotation.z"`, `"strokeEnd"` …) — the same key paths, read
    /// the same way, as animations of them start from. Nil for a key path no property of this
    /// layer's class answers to (a shape key path on a plain layer, a gradient's on a text layer).
    public func value(forKeyPath keyPath: String) -> AnimationValue? {
        guard let property = KeyPathRegistry.property(for: keyPath, custom: model.customValues) else {
            return nil
        }
        if property.isShapeProperty, !(self is ShapeLayer) { return nil }
        if let owner = property.owner, owner != OwningLayerClass(of: self) { return nil }
        return property.animationValue(in: modelValues)
    }

    /// Sets the model value of the animatable key path `keyPath` to `value`, as assigning the
    /// property does (its implicit animation included; `"transform.rotation.z"` rotates the
    /// transform about z, keeping its other parts as Core Animation's key path does). False,
    /// with nothing changed, for a key path this layer's class has no property for or a value
    /// of another type.
    @discardableResult
    public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
        guard let property = KeyPathRegistry.property(for: keyPath, custom: model.customValues) else {
            return false
        }
        if property.isShapeProperty, !(self is ShapeLayer) { return false }
        if let owner = property.owner, owner != OwningLayerClass(of: self) { return false }
        var probe = modelValues
        guard property.setAnimationValue(value, in: &probe) else { return false }
        setValues(
            { _ = property.setAnimationValue(value, in: &$0) },
            action: keyPath.split(separator: ".").first.map(String.init))
        return true
    }
}
