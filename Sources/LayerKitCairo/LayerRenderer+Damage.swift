import LayerKit

/// Damage: where drawing one presentation tree in place of another changes pixels.
extension LayerRenderer {
    /// Where drawing `new` would change pixels drawn from `old`, in the coordinates both roots
    /// are drawn in (as `draw(_:on:)` places a root: by its own position and transform): the
    /// extents, before and after, of every layer whose own values changed, with its subtree.
    /// Layers whose values are unchanged contribute nothing, so a loader whose dots move over a
    /// static list damages the dots, not the list.
    ///
    /// Conservative: each extent is the bounding box of the layer's bounds, its shape's path
    /// widened by the stroke, its text, and its sublayers (clipped to its bounds when it masks),
    /// grown by its shadow (`shadowExtent`), cut by its mask's extent. A layer with a shadow or
    /// a mask damages its whole extent when anything in it changes (its shadow follows its
    /// sublayers' alpha; a change of the mask changes what shows anywhere in it). Returns nil when an extent cannot be bounded (contents drawn with an unscaled gravity, which may
    /// overhang), so the caller redraws everything. An empty array means nothing changed. A
    /// layer placed with a projection, or a transform layer, counts as a whole: its projected
    /// extent before and after.
    public static func damage(from old: PresentationLayer, to new: PresentationLayer) -> [Rect]? {
        var rects: [Rect] = []
        guard collectDamage(old, new, superlayer: nil, superlayerToRoot: .identity, into: &rects) else {
            return nil
        }
        return rects
    }

    /// The bounding box of everything `layer` and its subtree draw, with `layer` placed in
    /// `superlayer` (nil: as a root, by its own position and transform), whose coordinates
    /// `superlayerToRoot` maps into the result's; `.null` when it draws nothing, nil when it
    /// cannot be bounded. The layers counted are those a `.drawn` `PresentationWalk` meets.
    public static func drawnExtent(
        of layer: PresentationLayer, in superlayer: PresentationLayer? = nil,
        superlayerToRoot: AffineTransform = .identity
    ) -> Rect? {
        var visitor = ExtentVisitor()
        layer.walk(&visitor, from: .superlayer(superlayer, toSpace: superlayerToRoot))
        return visitor.bounded && (visitor.extent.isFinite || visitor.extent.isNull) ? visitor.extent : nil
    }

    /// Unions what each layer draws into `extent` (a struct, not a closure: this runs every
    /// frame, and variables a closure captures would be boxed).
    private struct ExtentVisitor: PresentationVisitor {
        var extent = Rect.null
        /// False once a layer's extent cannot be bounded; the walk then meets nothing more.
        var bounded = true

        mutating func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> Void? {
            guard bounded else { return nil }
            // A transform layer draws nothing itself; its sublayers are met placed in 3D.
            if layer.isTransformLayer { return () }
            if let projection = place.projection {
                // Flattened, then projected: everything it draws, in its plane, projected.
                guard let local = localExtent(of: layer) else {
                    bounded = false
                    return nil
                }
                let box = projection.boundingBox(of: local)
                guard box.isFinite || box.isNull else {
                    bounded = false
                    return nil
                }
                extent = extent.union(box)
                return nil
            }
            if let transition = layer.transition {
                // Both renderings, at their offsets, counted here.
                guard let local = transitionExtent(of: layer, transition) else {
                    bounded = false
                    return nil
                }
                extent = extent.union(place.toRoot.apply(to: local))
                return nil
            }
            if hasEffects(layer) {
                // Shadows and masks are measured in the layer's own space, around everything
                // it draws: its subtree is counted here.
                guard let local = localExtent(of: layer) else {
                    bounded = false
                    return nil
                }
                let box = place.toRoot.apply(to: local)
                guard box.isFinite || box.isNull else {
                    bounded = false
                    return nil
                }
                extent = extent.union(box)
                return nil
            }
            // Bounds, contents (or a failed image's placeholder), the widened path and text.
            guard let own = ownExtent(of: layer) else {
                bounded = false
                return nil
            }
            // A mask clips its contents, shape and sublayers to its bounds; background and
            // border lie inside them.
            let masks = layer.properties.masksToBounds
            let box = place.toRoot.apply(to: masks ? layer.properties.bounds.standardized : own)
            guard box.isFinite || box.isNull else {
                bounded = false
                return nil
            }
            extent = extent.union(box)
            return masks ? nil : ()
        }
    }

    /// Appends the damage of drawing `new` in place of `old`, both placed in `superlayer`
    /// (whose values are the same before and after), to `rects`; false when it cannot be
    /// bounded.
    private static func collectDamage(
        _ old: PresentationLayer, _ new: PresentationLayer, superlayer: PresentationLayer?,
        superlayerToRoot: AffineTransform, into rects: inout [Rect]
    ) -> Bool {
        // A node the engine reused is unchanged with everything below it.
        if old.isSameNode(as: new) { return true }
        if old.hasEqualPropertyValues(to: new), old.mask == new.mask,
            old.sublayers.count == new.sublayers.count, !hasEffects(new),
            old.transition == nil, new.transition == nil,
            old.isTransformLayer == new.isTransformLayer, !new.isTransformLayer,
            new.placesAffinely(in: superlayer)
        {
            // The layer itself draws the same; only some of its sublayers changed.
            let toSuperlayer = new.transformToSuperlayer(superlayer)
            let toRoot = toSuperlayer.concatenating(superlayerToRoot)
            guard PresentationWalk.isDrawn(new, toSuperlayer: toSuperlayer, toRoot: toRoot) else {
                return true
            }
            let start = rects.count
            for (o, n) in zip(old.sublayers, new.sublayers) {
                guard collectDamage(o, n, superlayer: new, superlayerToRoot: toRoot, into: &rects) else {
                    return false
                }
            }
            if new.properties.masksToBounds {
                // Nothing shows outside the bounds.
                let clip = toRoot.apply(to: new.properties.bounds.standardized)
                rects[start...] = rects[start...].map { $0.intersection(clip) }[...]
                rects.removeAll { $0.isNull || $0.isEmpty }
            }
            return true
        }
        // Rebuilt with the same values (a layer with a shadow, mask or transition, whose
        // subtree is measured as a whole): nothing to redraw.
        if old == new { return true }
        guard let before = drawnExtent(of: old, in: superlayer, superlayerToRoot: superlayerToRoot),
            let after = drawnExtent(of: new, in: superlayer, superlayerToRoot: superlayerToRoot)
        else { return false }
        for r in [before, after] where !r.isNull && !r.isEmpty { rects.append(r) }
        return true
    }
}
