import CCairo
import LayerKit

/// What a layer can cover: drawing skips a leaf the clip hides, and damage bounds what changed.
extension LayerRenderer {
    /// True when `rect` (in the current user space) lies wholly outside the bounding box of
    /// the clip, so nothing drawn inside it can show.
    static func isClippedAway(_ rect: Rect, _ cr: OpaquePointer) -> Bool {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        let r = rect.standardized
        return r.maxX <= x1 || r.minX >= x2 || r.maxY <= y1 || r.minY >= y2
    }

    /// True when everything the clip lets through lies inside `rect` shrunk by `inset` and a
    /// device pixel more on every side (the clip's extents, in user space, bound every pixel
    /// it lets through): a shape that covers that much of `rect` covers every pixel the clip
    /// lets through wholly, so filling it is painting the clip.
    static func clipLies(inside rect: Rect, inset: Double, _ cr: OpaquePointer) -> Bool {
        // A device pixel's extent in user space (the inverse transform of the unit square),
        // so that a pixel the clip lets through only in part, overhanging its extents, lies
        // inside too.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard cairo_matrix_invert(&m) == CAIRO_STATUS_SUCCESS else { return false }
        let marginX = inset + abs(m.xx) + abs(m.xy)
        let marginY = inset + abs(m.yx) + abs(m.yy)
        let r = rect.standardized
        guard marginX.isFinite, marginY.isFinite, r.width > 2 * marginX, r.height > 2 * marginY else {
            return false
        }
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return x1 >= r.minX + marginX && x2 <= r.maxX - marginX && y1 >= r.minY + marginY
            && y2 <= r.maxY - marginY
    }

    /// What a layer without sublayers can paint, in its own coordinates: its bounds when it
    /// paints there (`paintsBounds`, or contents), its contents' placement and its path
    /// widened by the stroke; `.null` when it paints nothing (a container, a turning parent
    /// with a clear fill), nil when unknown.
    ///
    /// This runs for every leaf drawn: the layer's values are read in place, not copied.
    static func leafExtent(_ layer: PresentationLayer) -> Rect? {
        var extent = paintsBounds(layer) ? layer.properties.bounds.standardized : .null
        if layer.properties.contents != nil {
            // Unscaled gravities may overhang the bounds by the image's size; not worth
            // looking up here.
            if layer.properties.contentsGravity != .resize { return nil }
            // Drawn into the bounds, or a failed image's placeholder at least
            // `placeholderSide` wide about their centre.
            let bounds = layer.properties.bounds.standardized
            let side = placeholderSide
            extent = extent.union(bounds).union(
                Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side))
        }
        if layer.shape != nil {
            guard let painted = shapeExtent(layer.shape!) else { return nil }
            extent = extent.union(painted)
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// True when the layer paints inside its bounds, besides its contents: a background or a
    /// border that is not clear, or a gradient (the tests `enterLayer`, `drawBorder` and
    /// `drawGradient` draw by).
    static func paintsBounds(_ layer: PresentationLayer) -> Bool {
        let p = layer.properties
        return (p.backgroundColor?.alpha ?? 0) > 0 || layer.gradient != nil || hasVisibleBorder(p)
    }

    /// What a shape can paint, in its layer's coordinates: its path's control points widened
    /// by the stroke and a pixel of anti-aliasing; `.null` without a path or when neither its
    /// fill nor its stroke shows (the tests `drawShape` draws by), nil when not finite.
    static func shapeExtent(_ shape: ShapeProperties) -> Rect? {
        guard let path = shape.path, !path.isEmpty else { return .null }
        let fills = (shape.fillColor?.alpha ?? 0) > 0
        let strokes = (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth.isFinite && shape.lineWidth > 0
        guard fills || strokes else { return .null }
        let box = path.controlPointBounds
        guard box.isFinite else { return nil }
        var outset = 1.0
        if shape.strokeColor != nil, shape.lineWidth.isFinite, shape.lineWidth > 0 {
            let miter =
                shape.lineJoin == .miter && shape.miterLimit.isFinite
                ? max(1, shape.miterLimit) : 1
            // Square caps reach √2·w/2 past a corner; miters up to limit·w/2.
            outset += shape.lineWidth / 2 * max(miter, 2.0.squareRoot())
        }
        return box.insetBy(dx: -outset, dy: -outset)
    }

    /// What the layer's body — background, gradient, contents, shape, border and sublayers, but
    /// not its shadow nor its mask — can paint, in its own coordinates: `.null` when nothing,
    /// nil when it cannot be bounded (contents with an unscaled gravity). With `masksToBounds`,
    /// the bounds.
    static func bodyExtent(of layer: PresentationLayer) -> Rect? {
        guard let own = ownExtent(of: layer) else { return nil }
        if layer.properties.masksToBounds, !layer.isTransformLayer {
            return layer.properties.bounds.standardized
        }
        var extent = own
        for sublayer in layer.sublayers {
            // Placed in this layer (its `sublayerTransform` included) in its own coordinates.
            guard let e = drawnExtent(of: sublayer, in: layer) else { return nil }
            extent = extent.union(e)
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// What the layer itself paints without its sublayers: `leafExtent` (bounds, contents,
    /// shape) and its text's lines, which may run past the bounds.
    static func ownExtent(of layer: PresentationLayer) -> Rect? {
        // A transform layer draws nothing of its own.
        if layer.isTransformLayer { return .null }
        guard let own = leafExtent(layer) else { return nil }
        guard let text = layer.text else { return own }
        return own.union(textExtent(text, bounds: layer.properties.bounds))
    }

    /// Everything the layer paints, in its own coordinates: its body and its shadow, cut by its
    /// mask's extent. `.null` when nothing, nil when it cannot be bounded.
    static func localExtent(of layer: PresentationLayer) -> Rect? {
        let maskExtent = maskExtent(of: layer)
        if maskExtent?.isNull == true { return .null }
        guard var extent = bodyExtent(of: layer) else { return maskExtent }
        if let shadow = shadow(of: layer.properties) {
            guard let cast = shadowExtent(shadow, body: extent, properties: layer.properties) else {
                return maskExtent
            }
            extent = extent.union(cast)
        }
        if let maskExtent { extent = extent.intersection(maskExtent) }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// True when the layer paints beyond its body (a shadow) or within less than it (a mask):
    /// its extent is measured in its own space, around everything it draws.
    static func hasEffects(_ layer: PresentationLayer) -> Bool {
        !layer.isTransformLayer && (layer.mask != nil || shadow(of: layer.properties) != nil)
    }
}
