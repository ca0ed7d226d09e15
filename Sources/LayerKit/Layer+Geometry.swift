/// Point and rectangle conversion between layers (`CALayer.convert(_:from:)` and friends).
///
/// Conversions use model values. Passing nil for the other layer means the coordinate space of
/// the topmost layer of this layer's tree (a scene's root layer: scene coordinates). Layers in
/// different trees convert through their own topmost layers, as if those coincided.
extension Layer {
    /// `sublayerTransform` applied about the anchor point, as Core Animation and the renderer
    /// apply it to sublayers.
    var sublayerTransformAboutAnchor: Transform3D {
        let s = model.sublayerTransform
        if s.isIdentity { return .identity }
        let a = model.anchorInBounds
        return Transform3D(translationX: -a.x, y: -a.y).multiplied(by: s)
            .multiplied(by: Transform3D(translationX: a.x, y: a.y))
    }

    /// From this layer's coordinates to its superlayer's (identity without a superlayer).
    var transformToSuperlayer: Transform3D {
        guard let parent = superlayer else { return .identity }
        let m = model.toSuperlayer
        let s = parent.sublayerTransformAboutAnchor
        return s.isIdentity ? m : m.multiplied(by: s)
    }

    /// From this layer's coordinates to its topmost ancestor's.
    var transformToTop: Transform3D {
        var m = Transform3D.identity
        var l: Layer = self
        while let parent = l.superlayer {
            m = m.multiplied(by: l.transformToSuperlayer)
            l = parent
        }
        return m
    }

    /// The transform from `layer`'s coordinates to this layer's, or nil when this layer's
    /// geometry cannot be inverted (a zero scale, non-finite values).
    private func transform(from layer: Layer?) -> Transform3D? {
        let toTop = layer?.transformToTop ?? .identity
        guard let fromTop = transformToTop.inverted() else { return nil }
        return toTop.multiplied(by: fromTop)
    }

    /// `p`, given in `layer`'s coordinates (nil: the topmost layer's), in this layer's
    /// coordinates. When a transform on the way is singular the point comes back unchanged.
    public func convert(_ p: Point, from layer: Layer?) -> Point {
        guard let m = transform(from: layer) else { return p }
        let q = m.apply(to: p)
        return q.isFinite ? q : p
    }

    /// `p`, given in this layer's coordinates, in `layer`'s (nil: the topmost layer's).
    public func convert(_ p: Point, to layer: Layer?) -> Point {
        if let layer { return layer.convert(p, from: self) }
        let q = transformToTop.apply(to: p)
        return q.isFinite ? q : p
    }

    /// The box around `r`'s corners, given in `layer`'s coordinates, in this layer's.
    public func convert(_ r: Rect, from layer: Layer?) -> Rect {
        guard let m = transform(from: layer) else { return r }
        return Layer.box(r, m)
    }

    /// The box around `r`'s corners, given in this layer's coordinates, in `layer`'s.
    public func convert(_ r: Rect, to layer: Layer?) -> Rect {
        if let layer { return layer.convert(r, from: self) }
        return Layer.box(r, transformToTop)
    }

    private static func box(_ r: Rect, _ m: Transform3D) -> Rect {
        guard r.isFinite, !r.isNull else { return r }
        let s = r.standardized
        var out = Rect.null
        for p in [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY),
            Point(x: s.minX, y: s.maxY), Point(x: s.maxX, y: s.maxY),
        ] {
            let q = m.apply(to: p)
            guard q.isFinite else { return r }
            out = out.union(Rect(origin: q, size: .zero))
        }
        return out
    }
}
