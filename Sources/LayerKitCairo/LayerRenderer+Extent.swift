import LayerKit

extension LayerRenderer {
    /// What the layer's body — background, gradient, contents, shape, border and sublayers, but
    /// not its shadow nor its mask — can paint, in its own coordinates: `.null` when nothing,
    /// nil when it cannot be bounded (contents with an unscaled gravity). With `masksToBounds`,
    /// the bounds.
    static func bodyExtent(of layer: PresentationLayer) -> Rect? {
        let p = layer.properties
        guard let own = ownExtent(of: layer) else { return nil }
        if p.masksToBounds { return p.bounds.standardized }
        var extent = own
        if !layer.sublayers.isEmpty, let sublayerTransform = affineSublayerTransform(p) {
            for sublayer in layer.sublayers {
                guard let e = drawnExtent(of: sublayer, parentToRoot: sublayerTransform) else { return nil }
                extent = extent.union(e)
            }
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// What the layer itself paints without its sublayers: `leafExtent` (bounds, contents,
    /// shape) and its text's lines, which may run past the bounds.
    static func ownExtent(of layer: PresentationLayer) -> Rect? {
        guard let own = leafExtent(layer) else { return nil }
        guard let text = layer.text else { return own }
        return own.union(textExtent(text, bounds: layer.properties.bounds))
    }

    /// Everything the layer paints, in its own coordinates: its body and its shadow, cut by its
    /// mask's extent. `.null` when nothing, nil when it cannot be bounded.
    static func localExtent(of layer: PresentationLayer) -> Rect? {
        let p = layer.properties
        let maskExtent = maskExtent(of: layer)
        if maskExtent?.isNull == true { return .null }
        guard var extent = bodyExtent(of: layer) else { return maskExtent }
        if let shadow = shadow(of: p) {
            guard let cast = shadowExtent(shadow, body: extent, properties: p) else { return maskExtent }
            extent = extent.union(cast)
        }
        if let maskExtent { extent = extent.intersection(maskExtent) }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// True when the layer paints beyond its body (a shadow) or within less than it (a mask):
    /// its extent is measured in its own space, around everything it draws.
    static func hasEffects(_ layer: PresentationLayer) -> Bool {
        layer.mask != nil || shadow(of: layer.properties) != nil
    }
}
