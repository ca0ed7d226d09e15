import CCairo
import Foundation
import LayerKit

/// Lays out text layers: `TextLayout` fed with a font's real measures.
///
/// Owns a Cairo context on a one-pixel image of its own (made checked, released in `deinit`),
/// so layout does not depend on the canvas a layer is drawn on: drawing and damage (which has
/// no canvas) see the same lines. Safe to share between threads: the context is used under a
/// lock.
final class TextMeasurer: @unchecked Sendable {
    static let shared = TextMeasurer()

    /// The largest font size laid out, in points; larger sizes are drawn at it.
    static let maximumFontSize = 4096.0

    private let lock = NSLock()
    private let surface: ImageSurface?
    private let cr: OpaquePointer?

    init() {
        let surface = try? ImageSurface(width: 1, height: 1)
        var context: OpaquePointer?
        if let surface, let c = cairo_create(surface.pointer) {
            if cairo_status(c).isSuccess { context = c } else { cairo_destroy(c) }
        }
        self.surface = surface
        cr = context
    }

    deinit {
        if let cr { cairo_destroy(cr) }
    }

    /// The size text is drawn at, or nil for none (not finite, zero or negative).
    static func fontSize(_ text: TextProperties) -> Double? {
        let s = text.fontSize
        guard s.isFinite, s > 0 else { return nil }
        return min(s, maximumFontSize)
    }

    /// `text`'s lines in a box of `size`, and its font's metrics; nil when it draws nothing.
    func layout(_ text: TextProperties, in size: Size) -> (
        lines: [TextLayout.Line], metrics: TextLayout.Metrics
    )? {
        guard let cr, let string = text.string, !string.isEmpty, let fontSize = Self.fontSize(text) else {
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
        let clean = Self.sanitized(string)
        FontFace(name: text.font, text: clean).select(size: fontSize, on: cr)
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        guard cairo_status(cr).isSuccess, extents.ascent.isFinite, extents.height.isFinite else { return nil }
        let metrics = TextLayout.Metrics(
            ascent: extents.ascent, descent: extents.descent, lineHeight: extents.height)
        var t = text
        t.string = clean
        let lines = TextLayout.lines(t, in: size, metrics: metrics) { s in
            var e = cairo_text_extents_t()
            cairo_text_extents(cr, s, &e)
            return e.x_advance.isFinite ? e.x_advance : 0
        }
        return (lines, metrics)
    }

    /// Cairo stops at a NUL byte: drop them rather than truncate silently.
    static func sanitized(_ text: String) -> String {
        text.contains("\0") ? text.replacing("\0", with: "") : text
    }
}
