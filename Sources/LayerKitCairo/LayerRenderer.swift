import CCairo
import LayerKit

/// Draws a presentation tree on a `Canvas`, composing layers the way Core Animation does.
///
/// Each layer maps into its superlayer by `LayerProperties.toSuperlayer` (bounds origin and
/// anchor point, the 2D affine part of `transform`, then `position`); a superlayer's
/// `sublayerTransform` applies to its sublayers about its anchor point. A layer draws, in
/// Apple's documented order: background (rounded by `cornerRadius`), contents, shape (fill, then
/// stroke; "composited between the layer's contents and its first sublayer"), sublayers sorted
/// by `zPosition` (ties keep their order), and last the border ("composited above the
/// receiver's contents and sublayers"). `masksToBounds` clips contents and sublayers to the
/// bounds, rounded by `cornerRadius`.
///
/// A layer that is hidden, has opacity 0 (or NaN), non-finite geometry, or a transform that is
/// singular or not finite is skipped with its whole subtree; its siblings still draw. Opacity
/// below 1 composites the layer and its subtree as one group; at 1 no group is made.
/// Images come from `images`; one that cannot be loaded is reported once by the cache and
/// drawn as a placeholder: a magenta box with a cross.
public final class LayerRenderer {
    public let images: ImageCache
    /// Dashed strokes drawn again at the same place, kept as pixels (see `StrokeCache`).
    let strokeCache = StrokeCache()

    public init(images: ImageCache = .shared) {
        self.images = images
    }

    /// Draws `tree` with its root placed by its own position and transform in the canvas's
    /// current coordinates (already scaled for HiDPI). The canvas's transform and clip are
    /// left as they were.
    public func draw(_ tree: PresentationLayer, on canvas: Canvas) {
        guard cairo_status(canvas.cr).isSuccess else { return }
        cairo_save(canvas.cr)
        drawLayer(tree, on: canvas)
        cairo_restore(canvas.cr)
        strokeCache.endDraw()
    }

    private func drawLayer(_ layer: PresentationLayer, on canvas: Canvas) {
        let p = layer.properties
        guard !p.isHidden, p.opacity > 0 else { return }  // NaN opacity fails `> 0` too
        guard let toSuperlayer = Self.affineToSuperlayer(p) else { return }
        let cr = canvas.cr
        let group = p.opacity < 1
        // Only a group (whose clip must be undone) needs Cairo's whole state saved, an
        // allocation and a copy per layer; everything drawn below sets its own source and
        // path, and a clip saves for itself, so restoring the matrix is enough.
        var matrix = cairo_matrix_t()
        if group { cairo_save(cr) } else { cairo_get_matrix(cr, &matrix) }
        defer { if group { cairo_restore(cr) } else { cairo_set_matrix(cr, &matrix) } }
        guard canvas.concat(toSuperlayer) else { return }
        // A leaf wholly outside the clip (a list row scrolled out of view, a layer beside a
        // small damaged region) draws nothing: skip building its paths.
        if layer.sublayers.isEmpty, let extent = Self.leafExtent(layer), Self.isClippedAway(extent, cr) {
            return
        }

        let bounds = p.bounds
        let radius = p.cornerRadius.isFinite ? max(0, p.cornerRadius) : 0
        if group {
            // A group is an offscreen surface as large as the clip; bound it by what a leaf
            // can cover so a fading dot does not cost a full-window buffer.
            if layer.sublayers.isEmpty, let extent = Self.leafExtent(layer) {
                canvas.clip(to: extent)
            } else if p.masksToBounds {
                canvas.clip(to: bounds)
            }
            cairo_push_group(cr)
        }

        if let color = p.backgroundColor, color.alpha > 0 {
            canvas.setSource(color)
            appendRoundedRect(bounds, radius: radius, canvas)
            cairo_fill(cr)
        }
        let hasContent = p.contents != nil || layer.shape != nil || !layer.sublayers.isEmpty
        // Clipped to the (rounded) bounds: nothing shows when they are empty.
        let clipped = hasContent && p.masksToBounds
        let visible = !clipped || (bounds.size.width != 0 && bounds.size.height != 0)
        if hasContent && visible {
            if clipped {
                cairo_save(cr)
                appendRoundedRect(bounds, radius: radius, canvas)
                cairo_clip(cr)
            }
            if let contents = p.contents {
                drawContents(contents, gravity: p.contentsGravity, bounds: bounds, canvas)
            }
            if let shape = layer.shape {
                drawShape(shape, canvas)
            }
            if !layer.sublayers.isEmpty {
                drawSublayers(of: layer, canvas)
            }
            if clipped { cairo_restore(cr) }
        }
        drawBorder(p, radius: radius, canvas)

        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, p.opacity)
        }
    }

    // MARK: - Geometry

    /// The 2D affine part of `toSuperlayer`, or nil when the geometry or the transform is not
    /// finite or the transform is singular.
    static func affineToSuperlayer(_ p: LayerProperties) -> AffineTransform? {
        guard p.bounds.isFinite, p.position.isFinite, p.anchorPoint.isFinite else { return nil }
        let t = p.transform.affine
        guard t.isFinite, t.determinant != 0, t.determinant.isFinite else { return nil }
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        let m = AffineTransform(translationX: -ax, y: -ay)
            .concatenating(t)
            .concatenating(AffineTransform(translationX: p.position.x, y: p.position.y))
        return m.isFinite ? m : nil
    }

    /// `sublayerTransform`'s 2D affine part applied about the layer's anchor point (in its
    /// bounds coordinates), or nil when it is singular or not finite.
    static func affineSublayerTransform(_ p: LayerProperties) -> AffineTransform? {
        let s = p.sublayerTransform.affine
        guard s.isFinite, s.determinant != 0, s.determinant.isFinite else { return nil }
        if s.isIdentity { return .identity }
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        let m = AffineTransform(translationX: -ax, y: -ay)
            .concatenating(s)
            .concatenating(AffineTransform(translationX: ax, y: ay))
        return m.isFinite ? m : nil
    }

    private func drawSublayers(of layer: PresentationLayer, _ canvas: Canvas) {
        guard let sublayerTransform = Self.affineSublayerTransform(layer.properties) else { return }
        let cr = canvas.cr
        let transformed = !sublayerTransform.isIdentity
        if transformed {
            cairo_save(cr)
            guard canvas.concat(sublayerTransform) else {
                cairo_restore(cr)
                return
            }
        }
        if Self.isDrawingOrder(layer.sublayers) {
            for sublayer in layer.sublayers { drawLayer(sublayer, on: canvas) }
        } else {
            for index in Self.drawingOrder(layer.sublayers) { drawLayer(layer.sublayers[index], on: canvas) }
        }
        if transformed { cairo_restore(cr) }
    }

    /// True when the sublayers are already sorted by `zPosition` (the usual case: no sort,
    /// no allocation).
    static func isDrawingOrder(_ layers: [PresentationLayer]) -> Bool {
        var previous = -Double.infinity
        for layer in layers {
            let z = sortKey(layer)
            if z < previous { return false }
            previous = z
        }
        return true
    }

    /// Indices of `layers` sorted by `zPosition`, ties kept in their original order.
    public static func drawingOrder(_ layers: [PresentationLayer]) -> [Int] {
        layers.indices.sorted { i, j in
            let zi = sortKey(layers[i])
            let zj = sortKey(layers[j])
            return zi != zj ? zi < zj : i < j
        }
    }

    private static func sortKey(_ layer: PresentationLayer) -> Double {
        let z = layer.properties.zPosition
        return z.isNaN ? 0 : z
    }
}
