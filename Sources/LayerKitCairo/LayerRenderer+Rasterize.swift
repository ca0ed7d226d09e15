import CCairo
import LayerKit

/// Layers that `shouldRasterize`: drawn from a bitmap of their subtree (see `RasterCache`).
extension LayerRenderer {
    /// Draws `layer`, placed at `place` (an affine one), from its bitmap, as Core Animation
    /// draws a rasterized layer: the layer with its subtree, shadow and mask drawn in its own
    /// coordinates into a bitmap of `rasterizationScale` pixels per point, then composited
    /// through the layer's place with a bilinear filter (Core Animation's default minification
    /// and magnification filters are linear) at the layer's opacity, clipped to what the layer
    /// can paint. Returns false, having drawn nothing, when the layer cannot be rasterized: its
    /// extent cannot be bounded or its bitmap would be too large; the caller draws it directly.
    ///
    /// The bitmap's pixel grid is anchored at the layer's origin, not at its extent, so a
    /// layer whose place maps its points onto whole device pixels at the rasterization scale
    /// composites its bitmap texel for pixel: the same pixels as drawing it directly.
    func drawRasterized(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ canvas: Canvas)
        -> Bool
    {
        let p = layer.properties
        let scale = p.rasterizationScale.isFinite && p.rasterizationScale > 0 ? p.rasterizationScale : 1
        var content = Self.inOwnPlane(layer)
        content.properties.opacity = 1
        content.properties.shouldRasterize = false
        content.properties.rasterizationScale = 1
        let made = rasterCache.entry(for: content, scale: scale) { rasterize(content, scale: scale) }
        guard let entry = made else {
            // Too large, or unbounded: the caller draws it. Nothing drawn is also nothing to do.
            return Self.localExtent(of: content)?.isNull == true
        }
        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        guard canvas.setMatrix(place.toRoot) else { return true }
        canvas.clip(to: entry.extent)
        let pattern = cairo_pattern_create_for_surface(entry.image.pointer)
        defer { cairo_pattern_destroy(pattern) }
        // User space (the layer's points) to the bitmap's pixels.
        var toImage = cairo_matrix_t(
            xx: entry.scale, yx: 0, xy: 0, yy: entry.scale, x0: -Double(entry.x), y0: -Double(entry.y))
        cairo_pattern_set_matrix(pattern, &toImage)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, Swift.min(1, p.opacity))
        return true
    }

    /// `content` drawn as a root into a bitmap covering its extent at `scale` pixels per point;
    /// nil when its extent is empty or unbounded, or the bitmap would be too large.
    private func rasterize(_ content: PresentationLayer, scale: Double) -> RasterCache.Entry? {
        guard let extent = Self.localExtent(of: content), !extent.isNull, extent.isFinite else { return nil }
        let e = extent.standardized
        let x0 = (e.minX * scale).rounded(.down)
        let y0 = (e.minY * scale).rounded(.down)
        let width = (e.maxX * scale).rounded(.up) - x0
        let height = (e.maxY * scale).rounded(.up) - y0
        guard width >= 1, height >= 1, width * height <= Double(RasterCache.maximumPixels),
            width <= Double(ImageSurface.maximumSide), height <= Double(ImageSurface.maximumSide),
            let image = try? ImageSurface(width: Int(width), height: Int(height)),
            let offscreen = try? Canvas(surface: image),
            offscreen.concat(AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: -x0, ty: -y0))
        else { return nil }
        drawLayer(content, on: offscreen)
        guard offscreen.error == nil else { return nil }
        image.flush()
        return RasterCache.Entry(
            content: content, scale: scale, image: image, x: Int(x0), y: Int(y0), extent: e, lastUse: 0)
    }
}
