import CCairo
import LayerKit

/// A shape layer's path: filled, then stroked ("composited between the layer's contents and
/// its first sublayer").
extension LayerRenderer {
    /// Fills `shape`'s path by its fill rule, then strokes it (from the stroke cache when it
    /// can); an empty or non-finite path draws nothing.
    func drawShape(_ shape: ShapeProperties, _ canvas: Canvas) {
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
}
