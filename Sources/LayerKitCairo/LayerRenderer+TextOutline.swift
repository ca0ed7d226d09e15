import CCairo
import LayerKit

extension LayerRenderer {
    /// The outlines of the glyphs `drawText` draws for a text layer, in its coordinates: the same
    /// layout, face and size, each run's glyphs from its point on its line's baseline, as one
    /// path to fill with the foreground colour (non-zero rule), hinted as an image drawn at
    /// `scale` pixels per point hints them. Nil where `drawText` draws nothing, or when Cairo
    /// cannot make the path.
    public static func textOutline(_ text: TextProperties, bounds: Rect, scale: Double = 1) -> Path? {
        guard let color = text.foregroundColor, color.clamped.alpha > 0,
            let size = TextMeasurer.fontSize(text),
            let string = text.string
        else { return nil }
        let b = bounds.standardized
        guard b.isFinite, let layout = TextMeasurer.shared.layout(text, in: b.size) else { return nil }
        // An unbounded recording surface: on a small image Cairo leaves out the glyphs it finds
        // far outside it, which a path must keep.
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            return nil
        }
        defer { cairo_destroy(cr) }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }
        // A recording surface's fonts are unhinted; the renderer draws on images, whose fonts
        // are hinted at the device's size: take an image's options and its scale. (The path
        // comes back in the unscaled coordinates.)
        if let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) {
            defer { cairo_surface_destroy(image) }
            if let options = cairo_font_options_create() {
                defer { cairo_font_options_destroy(options) }
                cairo_surface_get_font_options(image, options)
                cairo_set_font_options(cr, options)
            }
        }
        if scale.isFinite, scale > 0 { cairo_scale(cr, scale, scale) }
        FontFace(name: text.font, text: TextMeasurer.sanitized(string)).select(size: size, on: cr)
        cairo_new_path(cr)
        for line in layout.lines {
            for run in line.runs where !run.text.isEmpty {
                let x = b.minX + run.x
                let y = b.minY + line.baseline
                guard x.isFinite, y.isFinite else { continue }
                cairo_move_to(cr, x, y)
                cairo_text_path(cr, run.text)
            }
        }
        guard let copied = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(copied) }
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS, let data = copied.pointee.data else {
            return nil
        }
        var elements: [PathElement] = []
        var i = 0
        let count = Int(copied.pointee.num_data)
        func point(_ k: Int) -> Point { Point(x: data[k].point.x, y: data[k].point.y) }
        while i < count {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: elements.append(.move(to: point(i + 1)))
            case CAIRO_PATH_LINE_TO: elements.append(.line(to: point(i + 1)))
            case CAIRO_PATH_CURVE_TO:
                elements.append(.cubic(to: point(i + 3), control1: point(i + 1), control2: point(i + 2)))
            case CAIRO_PATH_CLOSE_PATH: elements.append(.close)
            default: break
            }
            i += max(1, Int(header.length))
        }
        return Path(elements: elements)
    }
}
