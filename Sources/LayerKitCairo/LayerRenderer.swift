import CCairo
import LayerKit

/// Draws a presentation tree on a `Canvas`, composing layers the way Core Animation does.
///
/// Each layer maps into its superlayer by `LayerProperties.toSuperlayer` (bounds origin and
/// anchor point, the 2D affine part of `transform`, then `position`); a superlayer's
/// `sublayerTransform` applies to its sublayers about its anchor point. A layer draws, in
/// Apple's documented order: its shadow (+Shadow) beneath everything, background (rounded by
/// `cornerRadius` at its `maskedCorners`), a gradient layer's gradient (+Gradient), contents
/// (+NinePart), a text layer's text (+Text), shape (fill, then stroke; "composited between the
/// layer's contents and its first sublayer"), sublayers sorted by `zPosition` (ties keep their
/// order), and last the border ("composited above the receiver's contents and sublayers").
/// `masksToBounds` clips contents, text and sublayers to the rounded bounds.
///
/// A layer that is hidden, has opacity 0 (or NaN), non-finite geometry, or a transform that is
/// singular or not finite is skipped with its whole subtree; its siblings still draw. Opacity
/// below 1 composites the layer and its subtree as one group; at 1 no group is made. A layer
/// with a mask is drawn as a group shown through the mask's alpha (+Mask).
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

    func drawLayer(_ layer: PresentationLayer, on canvas: Canvas) {
        let p = layer.properties
        guard !p.isHidden, p.opacity > 0 else { return }  // NaN opacity fails `> 0` too
        guard let toSuperlayer = Self.affineToSuperlayer(p) else { return }
        let cr = canvas.cr
        // A mask needs the layer drawn apart first, as a group.
        let group = p.opacity < 1 || layer.mask != nil
        // Only a group (whose clip must be undone) needs Cairo's whole state saved, an
        // allocation and a copy per layer; everything drawn below sets its own source and
        // path, and a clip saves for itself, so restoring the matrix is enough.
        var matrix = cairo_matrix_t()
        if group { cairo_save(cr) } else { cairo_get_matrix(cr, &matrix) }
        defer { if group { cairo_restore(cr) } else { cairo_set_matrix(cr, &matrix) } }
        guard canvas.concat(toSuperlayer) else { return }
        // A leaf wholly outside the clip (a list row scrolled out of view, a layer beside a
        // small damaged region) draws nothing: skip building its paths.
        if layer.sublayers.isEmpty, let extent = Self.localExtent(of: layer), Self.isClippedAway(extent, cr) {
            return
        }

        let bounds = p.bounds
        let radius = p.cornerRadius.isFinite ? max(0, p.cornerRadius) : 0
        if group {
            // A group is an offscreen surface as large as the clip; bound it by what a leaf
            // can cover so a fading dot does not cost a full-window buffer.
            if layer.sublayers.isEmpty, let extent = Self.localExtent(of: layer) {
                canvas.clip(to: extent)
            } else if p.masksToBounds {
                canvas.clip(to: bounds)
            }
            if let maskExtent = Self.maskExtent(of: layer) { canvas.clip(to: maskExtent) }
            cairo_push_group(cr)
        }

        drawShadow(layer, radius: radius, canvas)
        if let color = p.backgroundColor, color.alpha > 0 {
            canvas.setSource(color)
            appendRoundedRect(bounds, radius: radius, corners: p.maskedCorners, canvas)
            cairo_fill(cr)
        }
        if let gradient = layer.gradient {
            drawGradient(gradient, bounds: bounds, radius: radius, corners: p.maskedCorners, canvas)
        }
        let hasContent =
            p.contents != nil || layer.text != nil || layer.shape != nil || !layer.sublayers.isEmpty
        // Clipped to the (rounded) bounds: nothing shows when they are empty.
        let clipped = hasContent && p.masksToBounds
        let visible = !clipped || (bounds.size.width != 0 && bounds.size.height != 0)
        if hasContent && visible {
            if clipped {
                cairo_save(cr)
                appendRoundedRect(bounds, radius: radius, corners: p.maskedCorners, canvas)
                cairo_clip(cr)
            }
            if let contents = p.contents {
                drawContents(contents, p, canvas)
            }
            if let text = layer.text {
                drawText(text, bounds: bounds, canvas)
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
            if let mask = layer.mask { applyMask(mask, canvas) }
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, p.opacity)
        }
    }

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

    /// 4/3·(√2 − 1): the control-point distance, as a fraction of the radius, of the cubic
    /// that best matches a quarter circle through its end points and tangents.
    static let quarterCircleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// The bounds rounded by `radius` (at most half the shorter side) at the `corners` that
    /// `maskedCorners` names; the others stay square.
    func appendRoundedRect(
        _ rect: Rect, radius: Double, corners: CornerMask = .all, _ canvas: Canvas, newPath: Bool = true
    ) {
        let cr = canvas.cr
        let r = rect.standardized
        let radius = min(radius, min(r.width, r.height) / 2)
        if newPath { cairo_new_path(cr) }
        if radius <= 0 || corners.intersection(.all).isEmpty {
            cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
            return
        }
        func corner(_ c: CornerMask) -> Double { corners.contains(c) ? radius : 0 }
        let tl = corner(.layerMinXMinYCorner)
        let tr = corner(.layerMaxXMinYCorner)
        let bl = corner(.layerMinXMaxYCorner)
        let br = corner(.layerMaxXMaxYCorner)
        // One cubic per quarter circle, control points kappa·radius along the tangents: within
        // 0.03 % of the radius of the true arc, without the trigonometry and per-call segment
        // count of `cairo_arc`. Same start and direction as arcs from −90° clockwise. A square
        // corner is a degenerate cubic on its point.
        let k = Self.quarterCircleKappa
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.maxX - tr, r.minY)
        cairo_curve_to(cr, r.maxX - tr + k * tr, r.minY, r.maxX, r.minY + tr - k * tr, r.maxX, r.minY + tr)
        cairo_line_to(cr, r.maxX, r.maxY - br)
        cairo_curve_to(cr, r.maxX, r.maxY - br + k * br, r.maxX - br + k * br, r.maxY, r.maxX - br, r.maxY)
        cairo_line_to(cr, r.minX + bl, r.maxY)
        cairo_curve_to(cr, r.minX + bl - k * bl, r.maxY, r.minX, r.maxY - bl + k * bl, r.minX, r.maxY - bl)
        cairo_line_to(cr, r.minX, r.minY + tl)
        cairo_curve_to(cr, r.minX, r.minY + tl - k * tl, r.minX + tl - k * tl, r.minY, r.minX + tl, r.minY)
        cairo_close_path(cr)
    }

    // MARK: - Border

    /// The border is inset from the bounds by its width and follows `cornerRadius`: the region
    /// between the rounded bounds and the rounded rectangle inset by `borderWidth`.
    private func drawBorder(_ p: LayerProperties, radius: Double, _ canvas: Canvas) {
        let w = p.borderWidth
        guard w.isFinite, w > 0, let color = p.borderColor, color.alpha > 0 else { return }
        let outer = p.bounds.standardized
        guard outer.width > 0, outer.height > 0 else { return }
        let cr = canvas.cr
        canvas.setSource(color)
        appendRoundedRect(outer, radius: radius, corners: p.maskedCorners, canvas)
        if 2 * w < min(outer.width, outer.height) {
            let inner = outer.insetBy(dx: w, dy: w)
            appendRoundedRect(
                inner, radius: max(0, radius - w), corners: p.maskedCorners, canvas, newPath: false)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    // MARK: - Contents

    /// The image laid out by `ContentsLayout` (contentsRect, contentsCenter, contentsScale and
    /// the gravity) in the layer's bounds.
    private func drawContents(_ contents: ImageReference, _ p: LayerProperties, _ canvas: Canvas) {
        let image: ImageSurface
        do {
            image = try images.image(at: contents.path)
        } catch {
            drawPlaceholder(in: p.bounds, canvas)
            return
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(width: Double(image.width), height: Double(image.height)),
            imageScale: contents.scale,
            properties: p
        ) { bounds, size in
            Self.contentsRect(gravity: p.contentsGravity, bounds: bounds, imageSize: size)
        }
        drawPieces(pieces, of: image, canvas)
    }

    /// Where contents of `imageSize` points go in `bounds` for each gravity, as Core Animation
    /// lays them out (not clipped: only `masksToBounds` clips). Names are read in UIKit's
    /// top-left space: `.top` is the top edge on screen.
    public static func contentsRect(gravity: ContentsGravity, bounds b: Rect, imageSize s: Size) -> Rect {
        let w = s.width
        let h = s.height
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let fx = b.width / w
            let fy = b.height / h
            let f = gravity == .resizeAspect ? min(fx, fy) : max(fx, fy)
            return Rect(x: b.midX - w * f / 2, y: b.midY - h * f / 2, width: w * f, height: h * f)
        case .center: return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .top: return Rect(x: b.midX - w / 2, y: b.minY, width: w, height: h)
        case .bottom: return Rect(x: b.midX - w / 2, y: b.maxY - h, width: w, height: h)
        case .left: return Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
        case .right: return Rect(x: b.maxX - w, y: b.midY - h / 2, width: w, height: h)
        case .topLeft: return Rect(x: b.minX, y: b.minY, width: w, height: h)
        case .topRight: return Rect(x: b.maxX - w, y: b.minY, width: w, height: h)
        case .bottomLeft: return Rect(x: b.minX, y: b.maxY - h, width: w, height: h)
        case .bottomRight: return Rect(x: b.maxX - w, y: b.maxY - h, width: w, height: h)
        }
    }

    /// The side of the placeholder drawn for a zero-size layer whose image failed.
    static let placeholderSide = 16.0

    /// A magenta box with a dark cross and outline, filling `bounds` (or a small box at its
    /// centre when the bounds are empty), so a missing image is obvious on screen.
    private func drawPlaceholder(in bounds: Rect, _ canvas: Canvas) {
        var r = bounds.standardized
        if r.width == 0 || r.height == 0 {
            let side = Self.placeholderSide
            r = Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
        }
        let cr = canvas.cr
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
        cairo_set_source_rgba(cr, 1, 0, 1, 1)
        cairo_fill_preserve(cr)
        cairo_move_to(cr, r.minX, r.minY)
        cairo_line_to(cr, r.maxX, r.maxY)
        cairo_move_to(cr, r.maxX, r.minY)
        cairo_line_to(cr, r.minX, r.maxY)
        cairo_set_source_rgba(cr, 0.2, 0, 0.2, 1)
        cairo_set_line_width(cr, max(1, min(r.width, r.height) / 16))
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    // MARK: - Shape

    private func drawShape(_ shape: ShapeProperties, _ canvas: Canvas) {
        guard let path = shape.path, !path.isEmpty, path.isFinite else { return }
        let cr = canvas.cr
        if let fill = shape.fillColor, fill.alpha > 0 {
            canvas.setSource(fill)
            canvas.append(path)
            let rule = shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
            cairo_set_fill_rule(cr, rule)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0,
            shape.lineWidth.isFinite, shape.lineWidth > 0
        else { return }
        if strokeCache.draw(path, shape, color: stroke, on: canvas, renderer: self) { return }
        drawStroke(path, shape, color: stroke, canvas)
    }

    /// Strokes `path` as `shape` says, in `color`; the canvas's state is left as it was.
    func drawStroke(_ path: Path, _ shape: ShapeProperties, color: Color, _ canvas: Canvas) {
        let cr = canvas.cr
        cairo_save(cr)
        canvas.setSource(color)
        cairo_set_line_width(cr, shape.lineWidth)
        cairo_set_line_cap(cr, Self.cairoCap(shape.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(shape.lineJoin))
        cairo_set_miter_limit(cr, shape.miterLimit.isFinite && shape.miterLimit >= 1 ? shape.miterLimit : 10)
        strokeTrimmed(path, shape, canvas)
        cairo_restore(cr)
    }

    static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }

    /// The dash pattern Cairo can take, or nil for a solid line: Core Graphics ignores a
    /// pattern with a negative or non-finite entry or one that is all zeros, where Cairo would
    /// enter an error state.
    static func validDash(_ pattern: [Double]) -> [Double]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
            pattern.contains(where: { $0 > 0 })
        else { return nil }
        return pattern
    }

    /// Sets the dash for a subpath that starts `offset` points along its untrimmed contour.
    func setDash(_ pattern: [Double]?, phase: Double, offset: Double, _ cr: OpaquePointer) {
        guard let pattern else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        var total = phase.isFinite ? phase : 0
        if offset.isFinite { total += offset }
        pattern.withUnsafeBufferPointer { buffer in
            cairo_set_dash(cr, buffer.baseAddress, Int32(buffer.count), total)
        }
    }
}
