/// Reading a property by its Core Animation key path (`value(forKeyPath:)` on a `CALayer`).
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
}
