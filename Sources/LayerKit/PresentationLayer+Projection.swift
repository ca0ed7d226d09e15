extension PresentationLayer {
    /// The map from this layer's bounds coordinates into `superlayer`'s 3D space, as Core
    /// Animation places a layer: translate by −`anchorInBounds`, `transform`, translate by
    /// (`position`, `zPosition`), then the superlayer's `sublayerTransform` about its anchor
    /// point (nil `superlayer`: placed as a root, without one). A non-finite `zPosition` counts
    /// as 0, as it does for drawing order.
    ///
    /// Its affine part is `transformToSuperlayer(_:)` when both transforms are affine; the map
    /// into the superlayer's plane is `ProjectiveTransform(flattening:)` of it.
    public func transform3DToSuperlayer(_ superlayer: PresentationLayer?) -> Transform3D {
        let p = properties
        let anchor = p.anchorInBounds
        let z = p.zPosition.isFinite ? p.zPosition : 0
        var m = Transform3D(translationX: -anchor.x, y: -anchor.y)
            .multiplied(by: p.transform)
            .multiplied(by: Transform3D(translationX: p.position.x, y: p.position.y, z: z))
        if let s = superlayer?.properties, !s.sublayerTransform.isIdentity {
            let a = s.anchorInBounds
            m = m.multiplied(by: Transform3D(translationX: -a.x, y: -a.y))
                .multiplied(by: s.sublayerTransform)
                .multiplied(by: Transform3D(translationX: a.x, y: a.y))
        }
        return m
    }

    /// True when `transformToSuperlayer(superlayer)` places this layer exactly: its
    /// `transform` and the superlayer's `sublayerTransform` are affine (no perspective, no
    /// rotation out of the plane, no depth) and the superlayer flattens (is no transform
    /// layer).
    @inlinable
    public func placesAffinely(in superlayer: PresentationLayer?) -> Bool {
        guard properties.transform.isAffine else { return false }
        guard let s = superlayer else { return true }
        return !s.isTransformLayer && s.properties.sublayerTransform.isAffine
    }
}
