import CCairo
import LayerKit

/// The border, and the rounded rectangle that the background, the border and the mask all
/// follow.
extension LayerRenderer {
    /// 4/3·(√2 − 1): the control-point distance, as a fraction of the radius, of the cubic
    /// that best matches a quarter circle through its end points and tangents.
    static let quarterCircleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// Adds `rect` with corners rounded by `radius` (at most half the shorter side; 0 or less
    /// gives square corners) at the `corners` that `maskedCorners` names, the others square,
    /// to the path, clearing it first unless `newPath` is false.
    ///
    /// `fillWithin`: the path is to be filled (a background, a border) inside the ancestors'
    /// masks, whose device box this is; a rectangle is then added so that Cairo rasterizes it
    /// the same whatever clip a damaged region adds (`appendFillRectangle`). Nil (no masks, or
    /// a path to clip to) adds it as it is.
    func appendRoundedRect(
        _ rect: Rect, radius: Double, corners: CornerMask = .all, _ canvas: Canvas, newPath: Bool = true,
        fillWithin clip: Rect? = nil
    ) {
        Self.appendRoundedRect(
            rect, radius: radius, corners: corners, on: canvas.cr, newPath: newPath, fillWithin: clip)
    }

    /// `appendRoundedRect(_:radius:corners:_:newPath:fillWithin:)` on a Cairo context of any
    /// surface (a mask's A8 one).
    static func appendRoundedRect(
        _ rect: Rect, radius: Double, corners: CornerMask, on cr: OpaquePointer, newPath: Bool,
        fillWithin clip: Rect? = nil
    ) {
        let r = rect.standardized
        let radius = min(radius, min(r.width, r.height) / 2)
        if newPath { cairo_new_path(cr) }
        if radius <= 0 || corners.intersection(.all).isEmpty {
            appendFillRectangle(r, within: clip, on: cr)
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

    /// The border is inset from the bounds by its width and follows `cornerRadius`: the region
    /// between the rounded bounds and the rounded rectangle inset by `borderWidth`.
    /// Adds the standardized rectangle `r`, to be filled inside the ancestors' masks whose
    /// device box is `clip` (nil: none, or a path to clip to: added as it is), so that its
    /// pixels do not depend on a damaged region's clip.
    ///
    /// Cairo fills a path of axis-aligned lines as boxes, with one of two scan converters: a
    /// rectangular one when its clip holds every whole pixel the boxes touch, its polygon one
    /// otherwise. They round a pixel an edge crosses differently, by up to 4 levels in 255.
    /// A list row reaching a screen's mask edge inside a pixel is drawn with the window by the
    /// polygon converter; redrawn through a damaged region inside the screen, the clip holds
    /// its pixels and the rectangular converter drew it, every pixel along its edge a level
    /// or more off. So the choice is made here as the drawing without a region makes it:
    /// when the masks' box holds the whole pixels the rectangle touches (or nothing masks
    /// it), the rectangle is added as it is, and any region that cuts it holds its pixels
    /// too; otherwise a spike with no area (out along the diagonal from its first corner, by
    /// at most a point, and back) makes the path not axis-aligned, which Cairo always draws
    /// with the polygon converter. The spike's two edges coincide with opposite directions
    /// and cover nothing (even-odd too). A rectangle turned off the axes is a polygon to
    /// Cairo anyway.
    static func appendFillRectangle(_ r: Rect, within clip: Rect?, on cr: OpaquePointer) {
        guard let clip, !isHeld(r, by: clip, cr) else {
            cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
            return
        }
        let d = min(1, r.width, r.height)
        cairo_move_to(cr, r.minX, r.minY)
        cairo_line_to(cr, r.minX + d, r.minY + d)
        cairo_line_to(cr, r.minX, r.minY)
        cairo_line_to(cr, r.maxX, r.minY)
        cairo_line_to(cr, r.maxX, r.maxY)
        cairo_line_to(cr, r.minX, r.maxY)
        cairo_close_path(cr)
    }

    /// True when the device box `clip` holds every whole device pixel that `r`, placed by the
    /// current transform and cut by `clip`, touches; also when the transform turns `r` off
    /// the axes or `r` lies outside `clip` (Cairo then has no boxes to choose for).
    static func isHeld(_ r: Rect, by clip: Rect, _ cr: OpaquePointer) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0 else { return true }
        let device = Rect(
            x: m.xx * r.minX + m.x0, y: m.yy * r.minY + m.y0, width: m.xx * r.width, height: m.yy * r.height
        ).standardized.intersection(clip)
        guard !device.isNull, !device.isEmpty, device.isFinite else { return true }
        return clip.minX <= device.minX.rounded(.down) && clip.minY <= device.minY.rounded(.down)
            && clip.maxX >= device.maxX.rounded(.up) && clip.maxY >= device.maxY.rounded(.up)
    }

    func drawBorder(_ p: LayerProperties, radius: Double, clip: Rect?, _ canvas: Canvas) {
        let w = p.borderWidth
        guard Self.hasVisibleBorder(p), let color = p.borderColor else { return }
        let outer = p.bounds.standardized
        guard outer.width > 0, outer.height > 0 else { return }
        let cr = canvas.cr
        canvas.setSource(color)
        appendRoundedRect(outer, radius: radius, corners: p.maskedCorners, canvas, fillWithin: clip)
        if 2 * w < min(outer.width, outer.height) {
            let inner = outer.insetBy(dx: w, dy: w)
            appendRoundedRect(
                inner, radius: max(0, radius - w), corners: p.maskedCorners, canvas, newPath: false,
                fillWithin: clip)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
}
