import CCairo
import LayerKit

/// A font as iOS names it (`"Helvetica-Bold"`), resolved to what Cairo's toy font API asks
/// fontconfig for: a family, a slant and a weight.
///
/// The name is read as family, then an optional style after the last hyphen: a style naming
/// Bold, Semibold, Heavy or Black is bold; one naming Italic or Oblique slants. Apple's own
/// families, which a Linux system lacks, go to the generic family that stands for them —
/// sans-serif for the system and Helvetica-like faces, monospace for Menlo, Courier and SF Mono,
/// serif for Times and Georgia — and fontconfig picks the installed face (DejaVu, which `make
/// deps` installs). Any other family is passed on as it is, and fontconfig falls back to its
/// default face for a family it does not know. Text with CJK characters takes the face the
/// canvas uses for them, since the toy API has no per-glyph fallback.
struct FontFace: Hashable {
    var family: String
    var isBold: Bool
    var isItalic: Bool

    init(name: String, text: String) {
        var family = name
        var style = ""
        if let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash])
            style = String(name[name.index(after: dash)...]).lowercased()
        }
        isBold = ["bold", "semibold", "heavy", "black"].contains { style.contains($0) }
        isItalic = style.contains("italic") || style.contains("oblique")
        if text.unicodeScalars.contains(where: Canvas.needsCJKFace) {
            self.family = Canvas.cjkFamily
        } else {
            self.family = Self.generic(for: family) ?? (family.isEmpty ? "sans-serif" : family)
        }
    }

    /// The generic family for Apple's families, or nil for any other.
    static func generic(for family: String) -> String? {
        let f = family.lowercased().replacing(" ", with: "")
        let sans = ["helvetica", "arial", "system", ".sfui", "sfpro", "sanfrancisco", "avenir", "gillsans"]
        let mono = ["menlo", "courier", "sfmono", "monaco"]
        let serif = ["times", "georgia", "newyork", "palatino", "baskerville"]
        if mono.contains(where: f.hasPrefix) { return "monospace" }
        if serif.contains(where: f.hasPrefix) { return "serif" }
        if sans.contains(where: f.hasPrefix) { return "sans-serif" }
        if f.hasPrefix("pingfang") || f.hasPrefix("heiti") || f.hasPrefix("hiragino") {
            return Canvas.cjkFamily
        }
        return nil
    }

    /// Makes this face, at `size` points, the context's font, with unhinted metrics: advances
    /// then depend only on the size, not on the device transform, so text measured anywhere
    /// lays out the same.
    func select(size: Double, on cr: OpaquePointer) {
        cairo_select_font_face(
            cr, family, isItalic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
            isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        cairo_get_font_options(cr, options)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
    }
}
