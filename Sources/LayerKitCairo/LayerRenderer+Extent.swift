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

    /// What a layer without sublayers can paint, in its own coordinates: its bounds, its
    /// contents' placement and its path widened by the stroke; nil when unknown.
    static func leafExtent(_ layer: PresentationLayer) -> Rect? {
        let p = layer.properties
        var extent = p.bounds.standardized
        if p.contents != nil {
            // Unscaled gravities may overhang the bounds by the image's size; not worth
            // looking up here.
            if p.contentsGravity != .resize { return nil }
            // A failed image's placeholder is at least `placeholderSide` wide.
            let side = placeholderSide
            extent = extent.union(
                Rect(x: extent.midX - side / 2, y: extent.midY - side / 2, width: side, height: side))
        }
        if let shape = layer.shape, let path = shape.path, !path.isEmpty {
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
            extent = extent.union(box.insetBy(dx: -outset, dy: -outset))
        }
        return extent.isFinite ? extent : nil
    }
}
