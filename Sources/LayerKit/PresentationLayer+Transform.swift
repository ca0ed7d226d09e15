extension PresentationLayer {
    /// The affine map from this layer's own (bounds) coordinates into `superlayer`'s: the one
    /// place a presentation layer is placed, for everything that draws or reports a tree (the
    /// renderer, damage, `inspect`'s `toRoot`, the debug overlay — all through
    /// `PresentationWalk`).
    ///
    /// **What it maps.** A point given in this layer's bounds coordinates to the same point in
    /// the superlayer's bounds coordinates, placed as Core Animation places it: `position` is
    /// where the anchor point sits in the superlayer; `transform` applies about the anchor
    /// point; the superlayer's `sublayerTransform` applies about the *superlayer's* anchor
    /// point (docs/loaders.md, "What the loaders need from Core Animation"; with the default
    /// anchor (0.5, 0.5) that is its bounds centre).
    /// With `superlayer` nil the layer is placed as a root: by its own position, anchor point
    /// and transform, into the coordinates its position is given in.
    ///
    /// **Order.** Row vectors, `a.concatenating(b)` applying `a` first (`CGAffineTransform`):
    /// 1. translate by −A, where A = `bounds.origin + anchorPoint · bounds.size` (the anchor
    ///    point, in bounds coordinates, to the origin);
    /// 2. the 2D affine part of `transform` (`m11 m12 m21 m22 m41 m42`: z and perspective are
    ///    dropped; `PresentationWalk` places a layer with them by `transform3DToSuperlayer(_:)`
    ///    instead, when `placesAffinely(in:)` is false);
    /// 3. translate by `position`;
    /// 4. only when `superlayer` is given and the affine part of its `sublayerTransform` is not
    ///    the identity: translate by −A′ (the superlayer's anchor point, as in 1), that affine
    ///    part, translate by +A′ — composed as one matrix, then applied.
    ///
    /// **Bad numbers** are neither checked nor clamped here, so that `inspect` can report what
    /// a tree holds. Each step is computed as given: a NaN or an infinity among the values
    /// used gives at least one non-finite entry, and a singular `transform` or
    /// `sublayerTransform` (a zero scale) gives a singular map (determinant 0, or one that
    /// underflows to 0). Values outside the affine parts are ignored, bad or not, and the
    /// superlayer's bounds and anchor point only count through a non-identity
    /// `sublayerTransform`. What draws refuses a layer whose map is not `isInvertible` (not
    /// finite, or a determinant that is 0 or not finite), with its subtree:
    /// `PresentationWalk.Scope.drawn` says so in one place.
    @inlinable
    public func transformToSuperlayer(_ superlayer: PresentationLayer?) -> AffineTransform {
        let p = properties
        let anchor = p.anchorInBounds
        var m = AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(p.transform.affine)
            .concatenating(AffineTransform(translationX: p.position.x, y: p.position.y))
        if let s = superlayer?.properties {
            let sublayerTransform = s.sublayerTransform.affine
            if !sublayerTransform.isIdentity {
                let a = s.anchorInBounds
                m = m.concatenating(
                    AffineTransform(translationX: -a.x, y: -a.y)
                        .concatenating(sublayerTransform)
                        .concatenating(AffineTransform(translationX: a.x, y: a.y)))
            }
        }
        return m
    }
}

extension LayerProperties {
    /// The anchor point in bounds coordinates: `bounds.origin + anchorPoint · bounds.size`,
    /// the point `position` places and `transform` and `sublayerTransform` turn about.
    @inlinable
    public var anchorInBounds: Point {
        Point(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// True when `masksToBounds` clips to bounds without area (a zero width or height):
    /// nothing inside shows — contents, shape or sublayers; background and border still draw.
    @inlinable
    public var masksToEmptyBounds: Bool {
        masksToBounds && (bounds.size.width == 0 || bounds.size.height == 0)
    }
}
