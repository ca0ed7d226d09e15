import LayerKit

/// Culling: layers met by a draw whose pixels all lie outside what the canvas's clip lets
/// through (a list row beside a small damaged region) are skipped with their subtrees, before
/// anything of theirs is looked up or drawn.
extension LayerRenderer {
    /// True when nothing `layer` and its subtree draw, placed at `place`, can reach `visible`
    /// (device pixels, the clip's extent when the draw began), nor lie inside the ancestors'
    /// `masksToBounds` clip (`place.clip`, a box in device space).
    ///
    /// Only what is cheap to bound is culled: a leaf, a layer that masks to its bounds, and a
    /// layer whose sublayers are all leaves (a list row with its placeholders), each by
    /// `localExtent` (body, shadow, mask). Any other layer is never culled as a whole (its
    /// extent would cost a walk of its whole subtree every frame); its sublayers are tested as
    /// they are met. Conservative: false whenever the extent cannot be bounded.
    static func isCulled(_ layer: PresentationLayer, at place: PresentationWalk.Place, visible: Rect)
        -> Bool
    {
        guard let extent = cullingExtent(of: layer) else { return false }
        if extent.isNull { return true }
        var box = place.toRoot.apply(to: extent)
        guard box.isFinite else { return false }
        if let clip = place.clip { box = box.intersection(clip) }
        // Meeting only along an edge, it covers no pixel.
        return box.intersection(visible).isEmpty
    }

    /// `localExtent` of a leaf, a masking layer or a layer of leaves; nil for any other layer
    /// or one that cannot be bounded. A layer of leaves without a shadow or mask of its own is
    /// bounded by its own extent and each leaf's, placed by its transform, without the
    /// general walk `localExtent` takes through its sublayers.
    static func cullingExtent(of layer: PresentationLayer) -> Rect? {
        if layer.sublayers.isEmpty || layer.properties.masksToBounds { return localExtent(of: layer) }
        guard layer.sublayers.allSatisfy({ $0.sublayers.isEmpty }) else { return nil }
        guard !hasEffects(layer), layer.replicator == nil, var extent = ownExtent(of: layer) else {
            return localExtent(of: layer)
        }
        for sublayer in layer.sublayers {
            // Drawn flattened by an affine map (a sublayer seen in perspective is left to the
            // general walk); a hidden one counts too, which only keeps more.
            guard sublayer.placesAffinely(in: layer), let own = localExtent(of: sublayer) else {
                return localExtent(of: layer)
            }
            if own.isNull { continue }
            extent = extent.union(sublayer.transformToSuperlayer(layer).apply(to: own))
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }
}
