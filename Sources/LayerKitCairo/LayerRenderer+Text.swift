import CCairo
import LayerKit

extension LayerRenderer {
    /// Draws a text layer's string in its bounds, laid out by `TextMeasurer` (`TextLayout`'s
    /// rules with the font's measures): each run from its point on its line's baseline, in the
    /// foreground colour, with Cairo's toy font API and the face `FontFace` picks. Nothing is
    /// drawn for a nil or clear colour, a nil or empty string, a font size that is not a positive
    /// finite number, or empty bounds; sizes past `TextMeasurer.maximumFontSize` are drawn at it.
    func drawText(_ text: TextProperties, bounds: Rect, _ canvas: Canvas) {
        guard let color = text.foregroundColor, color.clamped.alpha > 0,
            let size = TextMeasurer.fontSize(text),
            let string = text.string
        else { return }
        let b = bounds.standardized
        guard b.isFinite, let layout = TextMeasurer.shared.layout(text, in: b.size) else { return }
        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        FontFace(name: text.font, text: TextMeasurer.sanitized(string)).select(size: size, on: cr)
        canvas.setSource(color)
        for line in layout.lines {
            for run in line.runs where !run.text.isEmpty {
                let x = b.minX + run.x
                let y = b.minY + line.baseline
                guard x.isFinite, y.isFinite else { continue }
                cairo_new_path(cr)
                cairo_move_to(cr, x, y)
                cairo_show_text(cr, run.text)
            }
        }
        cairo_new_path(cr)
    }

    /// What a text layer's lines can cover, in its coordinates: each run's advance from its
    /// baseline's ascent to its descent, grown by a quarter of the font size for glyphs that
    /// reach past their advance (italics, accents); `.null` when nothing is drawn.
    static func textExtent(_ text: TextProperties, bounds: Rect) -> Rect {
        let b = bounds.standardized
        guard b.isFinite, let color = text.foregroundColor, color.clamped.alpha > 0,
            let size = TextMeasurer.fontSize(text), let layout = TextMeasurer.shared.layout(text, in: b.size)
        else { return .null }
        var extent = Rect.null
        for line in layout.lines {
            for run in line.runs where !run.text.isEmpty {
                extent = extent.union(
                    Rect(
                        x: b.minX + run.x, y: b.minY + line.baseline - layout.metrics.ascent,
                        width: run.width,
                        height: layout.metrics.ascent + layout.metrics.descent))
            }
        }
        if extent.isNull { return extent }
        let grow = size / 4 + 1
        return extent.insetBy(dx: -grow, dy: -grow)
    }
}
