import LayerKit

extension LayerRenderer {
    /// Where drawing `new` would change pixels drawn from `old`, in the coordinates both roots
    /// are drawn in (as `draw(_:on:)` places a root: by its own position and transform): the
    /// extents, before and after, of every layer whose own values changed, with its subtree.
    /// Layers whose values are unchanged contribute nothing, so a loader whose dots move over a
    /// static list damages the dots, not the list.
    ///
    /// Conservative: each extent is the bounding box of the layer's bounds, its shape's path
    /// widened by the stroke, and its sublayers (clipped to its bounds when it masks), grown by
    /// its shadow (`shadowExtent`), cut by its mask's extent. A layer with a shadow or a mask
    /// damages its whole extent when anything in it changes (its shadow follows its sublayers'
    /// alpha; a change of the mask changes what shows anywhere in it). Returns
    /// nil when an extent cannot be bounded (contents drawn with an unscaled gravity, which may
    /// overhang), so the caller redraws everything. An empty array means nothing changed.
    public static func damage(from old: PresentationLayer, to new: PresentationLayer) -> [Rect]? {
        var rects: [Rect] = []
        guard collectDamage(old, new, parentToRoot: .identity, into: &rects) else { return nil }
        return rects
    }

    /// The bounding box of everything `layer` and its subtree draw, in the coordinates
    /// `parentToRoot` maps its superlayer's space into; `.null` when it draws nothing, nil when
    /// it cannot be bounded.
    public static func drawnExtent(of layer: PresentationLayer, parentToRoot: AffineTransform = .identity)
        -> Rect?
    {
        let p = layer.properties
        guard !p.isHidden, p.opacity > 0, let toSuperlayer = affineToSuperlayer(p) else { return .null }
        let toRoot = toSuperlayer.concatenating(parentToRoot)
        if hasEffects(layer) {
            // Shadows and masks are measured in the layer's own space, around everything it draws.
            guard let local = localExtent(of: layer) else { return nil }
            return toRoot.apply(to: local)
        }
        // Bounds, contents (or a failed image's placeholder), the widened path and text.
        guard let own = ownExtent(of: layer) else { return nil }
        if p.masksToBounds {
            // Contents, shape and sublayers are clipped to the bounds; background and border
            // lie inside them.
            return toRoot.apply(to: p.bounds.standardized)
        }
        var extent = toRoot.apply(to: own)
        if !layer.sublayers.isEmpty, let sublayerTransform = affineSublayerTransform(p) {
            let childToRoot = sublayerTransform.concatenating(toRoot)
            for sublayer in layer.sublayers {
                guard let e = drawnExtent(of: sublayer, parentToRoot: childToRoot) else { return nil }
                extent = extent.union(e)
            }
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    private static func collectDamage(
        _ old: PresentationLayer, _ new: PresentationLayer, parentToRoot: AffineTransform,
        into rects: inout [Rect]
    ) -> Bool {
        if old == new { return true }
        let p = new.properties
        if old.properties == p, old.shape == new.shape, old.gradient == new.gradient, old.text == new.text,
            old.mask == new.mask, old.sublayers.count == new.sublayers.count, !hasEffects(new)
        {
            // The layer itself draws the same; only some of its sublayers changed.
            guard !p.isHidden, p.opacity > 0, let toSuperlayer = affineToSuperlayer(p),
                let sublayerTransform = affineSublayerTransform(p)
            else { return true }
            let childToRoot = sublayerTransform.concatenating(toSuperlayer.concatenating(parentToRoot))
            let start = rects.count
            for (o, n) in zip(old.sublayers, new.sublayers) {
                guard collectDamage(o, n, parentToRoot: childToRoot, into: &rects) else { return false }
            }
            if p.masksToBounds {
                // Nothing shows outside the bounds.
                let clip = toSuperlayer.concatenating(parentToRoot).apply(to: p.bounds.standardized)
                rects[start...] = rects[start...].map { $0.intersection(clip) }[...]
                rects.removeAll { $0.isNull || $0.isEmpty }
            }
            return true
        }
        guard let before = drawnExtent(of: old, parentToRoot: parentToRoot),
            let after = drawnExtent(of: new, parentToRoot: parentToRoot)
        else { return false }
        for r in [before, after] where !r.isNull && !r.isEmpty { rects.append(r) }
        return true
    }
}
