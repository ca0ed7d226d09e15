import CCairo
import LayerKit

/// The border, and the rounded rectangle that the background, the border and the mask all
/// follow.
extension LayerRenderer {
    /// 4/3·(√2 − 1): the control-point distance, as a fraction of the radius, of the cubic
    /// that best matches a quarter circle through its end points and tangents.
    static let quarterCircleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// Adds `rect` with corners rounded by `radius` (at most half the shorter side; 0 or less
    /// gives square corners) to the path, clearing it first unless `newPath` is false.
    func appendRoundedRect(_ rect: Rect, radius: Double, _ canvas: Canvas, newPath: Bool = true) {
        let cr = canvas.cr
        let r = rect.standardized
        let radius = min(radius, min(r.width, r.height) / 2)
        if newPath { cairo_new_path(cr) }
        if radius <= 0 {
            cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
            return
        }
        // One cubic per quarter circle, control points kappa·radius along the tangents: within
        // 0.03 % of the radius of the true arc, without the trigonometry and per-call segment
        // count of `cairo_arc`. Same start and direction as arcs from −90° clockwise.
        let k = radius * Self.quarterCircleKappa
        cairo_new_sub_path(cr)
        cairo_move_to(cr, r.maxX - radius, r.minY)
        cairo_curve_to(cr, r.maxX - radius + k, r.minY, r.maxX, r.minY + radius - k, r.maxX, r.minY + radius)
        cairo_line_to(cr, r.maxX, r.maxY - radius)
        cairo_curve_to(cr, r.maxX, r.maxY - radius + k, r.maxX - radius + k, r.maxY, r.maxX - radius, r.maxY)
        cairo_line_to(cr, r.minX + radius, r.maxY)
        cairo_curve_to(cr, r.minX + radius - k, r.maxY, r.minX, r.maxY - radius + k, r.minX, r.maxY - radius)
        cairo_line_to(cr, r.minX, r.minY + radius)
        cairo_curve_to(cr, r.minX, r.minY + radius - k, r.minX + radius - k, r.minY, r.minX + radius, r.minY)
        cairo_close_path(cr)
    }

    /// The border is inset from the bounds by its width and follows `cornerRadius`: the region
    /// between the rounded bounds and the rounded rectangle inset by `borderWidth`.
    func drawBorder(_ p: LayerProperties, radius: Double, _ canvas: Canvas) {
        let w = p.borderWidth
        guard w.isFinite, w > 0, let color = p.borderColor, color.alpha > 0 else { return }
        let outer = p.bounds.standardized
        guard outer.width > 0, outer.height > 0 else { return }
        let cr = canvas.cr
        canvas.setSource(color)
        appendRoundedRect(outer, radius: radius, canvas)
        if 2 * w < min(outer.width, outer.height) {
            let inner = outer.insetBy(dx: w, dy: w)
            appendRoundedRect(inner, radius: max(0, radius - w), canvas, newPath: false)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }
}
