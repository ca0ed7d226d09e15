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
    func appendRoundedRect(
        _ rect: Rect, radius: Double, corners: CornerMask = .all, _ canvas: Canvas, newPath: Bool = true
    ) {
        Self.appendRoundedRect(rect, radius: radius, corners: corners, on: canvas.cr, newPath: newPath)
    }

    /// `appendRoundedRect(_:radius:corners:_:newPath:)` on a Cairo context of any surface (a
    /// mask's A8 one).
    static func appendRoundedRect(
        _ rect: Rect, radius: Double, corners: CornerMask, on cr: OpaquePointer, newPath: Bool
    ) {
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

    /// The border is inset from the bounds by its width and follows `cornerRadius`: the region
    /// between the rounded bounds and the rounded rectangle inset by `borderWidth`.
    func drawBorder(_ p: LayerProperties, radius: Double, _ canvas: Canvas) {
        let w = p.borderWidth
        guard Self.hasVisibleBorder(p), let color = p.borderColor else { return }
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
}
