import CCairo
import LayerKit

/// A drawing context on an `ImageSurface`, in points: `scale(_:_:)` once for HiDPI and every
/// later coordinate is in points.
///
/// Owns one `cairo_t`, checked when made and destroyed in `deinit`. Every method refuses input
/// that would put Cairo into an error state (non-finite numbers, a singular scale, a restore
/// without a save) instead of passing it on, because a Cairo context in an error state silently
/// stops drawing everything after it.
public final class Canvas {
    /// The Cairo context. Package-level, like `init(target:surface:)`, for the benchmark's
    /// recording surface; never public.
    package let cr: OpaquePointer
    /// The surface drawn on; the canvas keeps it alive.
    public let surface: ImageSurface
    private var saveDepth = 0

    public convenience init(surface: ImageSurface) throws {
        try self.init(target: surface.pointer, surface: surface)
    }

    /// A canvas drawing on the Cairo surface `target` (a `cairo_surface_t`; the context takes
    /// its own reference) on behalf of `surface`, the image the drawing ends up on (itself, or
    /// the image a recording is replayed onto).
    package init(target: OpaquePointer, surface: ImageSurface) throws {
        let c = cairo_create(target)!
        let status = cairo_status(c)
        guard status.isSuccess else {
            cairo_destroy(c)
            throw CairoError("cannot draw on a \(surface.width)×\(surface.height) image: \(status.text)")
        }
        cr = c
        self.surface = surface
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Nil while the context draws normally; otherwise Cairo's error (sticky: nothing more
    /// will be drawn on this canvas).
    public var error: CairoError? {
        let status = cairo_status(cr)
        return status.isSuccess ? nil : CairoError("drawing failed: \(status.text)")
    }

    /// Saves the transform and clip; pair with `restore()`.
    public func save() {
        cairo_save(cr)
        saveDepth += 1
    }

    /// Restores what the matching `save()` saved; does nothing without one.
    public func restore() {
        guard saveDepth > 0 else { return }
        saveDepth -= 1
        cairo_restore(cr)
    }

    /// Scales later drawing; ignored unless both factors are finite and non-zero.
    public func scale(_ sx: Double, _ sy: Double) {
        guard sx.isFinite, sy.isFinite, sx != 0, sy != 0 else { return }
        concat(AffineTransform(scaleX: sx, y: sy))
    }

    /// Moves the origin; ignored unless both offsets are finite.
    public func translate(_ dx: Double, _ dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        concat(AffineTransform(translationX: dx, y: dy))
    }

    /// Applies `t` before the current transform; returns false (and changes nothing) when the
    /// result would not be invertible or finite.
    @discardableResult
    public func concat(_ t: AffineTransform) -> Bool {
        guard t.isFinite else { return false }
        var local = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        var combined = cairo_matrix_t()
        // First the layer's own transform, then what is already in effect.
        cairo_matrix_multiply(&combined, &local, &ctm)
        return set(combined)
    }

    /// The current transform, from user space (points) to device space (pixels).
    public var matrix: AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Replaces the current transform with `t`, from user space to device space; returns
    /// false (and changes nothing) when `t` is not finite or not safely invertible.
    @discardableResult
    public func setMatrix(_ t: AffineTransform) -> Bool {
        set(cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty))
    }

    /// Sets `m` as the transform when Cairo can use it.
    private func set(_ m: cairo_matrix_t) -> Bool {
        var m = m
        let det = m.xx * m.yy - m.yx * m.xy
        // A device-space area below 1e-12 px² per unit square is invisible, and inverting
        // it is where Cairo's numbers start to break down.
        guard det.isFinite, abs(det) > 1e-12, m.x0.isFinite, m.y0.isFinite else { return false }
        var inverse = m
        guard cairo_matrix_invert(&inverse).isSuccess else { return false }
        cairo_set_matrix(cr, &m)
        return true
    }

    /// Intersects the clip with `rect`; an invalid rectangle clips everything away.
    public func clip(to rect: Rect) {
        let r = rect.standardized
        cairo_new_path(cr)
        if r.isFinite { cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height) }
        cairo_clip(cr)
    }

    /// Fills `rect` with `color`, blending over what is there.
    public func fill(_ rect: Rect, color: Color) {
        let r = rect.standardized
        guard r.isFinite else { return }
        setSource(color)
        cairo_new_path(cr)
        cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
        cairo_fill(cr)
    }

    /// Fills `path` (non-zero rule) with `color`.
    public func fill(_ path: Path, color: Color) {
        guard path.isFinite else { return }
        setSource(color)
        append(path)
        cairo_fill(cr)
    }

    /// Replaces every pixel inside the clip with `color` (no blending).
    public func clear(color: Color) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Strokes `path` with round joins and caps; ignored for a non-finite path or a width that
    /// is not a positive finite number.
    public func stroke(_ path: Path, color: Color, width: Double) {
        guard path.isFinite, width.isFinite, width > 0 else { return }
        cairo_save(cr)
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        append(path)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Draws `text` with Cairo's toy text API in the sans face, its baseline starting at
    /// `point`, `size` points tall.
    public func drawText(_ text: String, at point: Point, size: Double, color: Color) {
        guard point.isFinite, size.isFinite, size > 0, !text.isEmpty else { return }
        selectFont(size: size, for: text)
        setSource(color)
        cairo_new_path(cr)
        cairo_move_to(cr, point.x, point.y)
        cairo_show_text(cr, sanitized(text))
        cairo_new_path(cr)
    }

    /// How far `drawText` would advance for `text` at `size`.
    public func textWidth(_ text: String, size: Double) -> Double {
        guard size.isFinite, size > 0, !text.isEmpty else { return 0 }
        selectFont(size: size, for: text)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, sanitized(text), &extents)
        return extents.x_advance.isFinite ? extents.x_advance : 0
    }

    /// `text` without the characters its face has no glyph for (Cairo's toy text would
    /// draw them as empty boxes), and without brackets left empty by that.
    public func displayable(_ text: String, size: Double) -> String {
        guard size.isFinite, size > 0 else { return text }
        let key = DisplayableKey(text: text, size: size)
        if let known = displayableMemo[key] { return known }
        // Bounded: a window asks for the same few titles every frame.
        if displayableMemo.count >= 256 { displayableMemo.removeAll() }
        let result = filterDisplayable(text, size: size)
        displayableMemo[key] = result
        return result
    }

    private struct DisplayableKey: Hashable {
        var text: String
        var size: Double
    }

    /// `displayable`'s answers so far: a glyph lookup per character costs more than drawing
    /// the text, and the face depends only on the text.
    private var displayableMemo: [DisplayableKey: String] = [:]

    private func filterDisplayable(_ text: String, size: Double) -> String {
        selectFont(size: size, for: text)
        guard let font = cairo_get_scaled_font(cr) else { return text }
        var kept: [Character] = []
        for character in text {
            let piece = String(character)
            var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
            var count: Int32 = 0
            let status = cairo_scaled_font_text_to_glyphs(
                font, 0, 0, piece, -1, &glyphs, &count, nil, nil, nil)
            // Glyph index 0 is the font's "missing glyph".
            let missing =
                !status.isSuccess || count == 0
                || (0..<Int(count)).contains { glyphs![$0].index == 0 && !character.isWhitespace }
            if let glyphs { cairo_glyph_free(glyphs) }
            if !missing { kept.append(character) }
        }
        for empty in Self.emptyBrackets { kept = Self.removing(empty, from: kept) }
        guard let first = kept.firstIndex(where: { !$0.isWhitespace }),
            let last = kept.lastIndex(where: { !$0.isWhitespace })
        else { return text }
        var result = ""
        for character in kept[first...last] { result.append(character) }
        return result
    }

    /// What dropping characters can leave behind: `"Balls (\u{E000})"` would read "Balls ()".
    private static let emptyBrackets: [[Character]] = [["(", " ", ")"], ["(", ")"], ["[", "]"]]

    /// `characters` without the occurrences of `pattern`, found left to right without overlap
    /// (what `String.replacing(_:with: "")` does). Plain array work: the first window frame
    /// draws its titles through here, and the generic string algorithms cost milliseconds of
    /// type lookups the first time they run.
    static func removing(_ pattern: [Character], from characters: [Character]) -> [Character] {
        guard !pattern.isEmpty else { return characters }
        var result: [Character] = []
        result.reserveCapacity(characters.count)
        var i = 0
        while i < characters.count {
            if i + pattern.count <= characters.count, characters[i..<i + pattern.count].elementsEqual(pattern)
            {
                i += pattern.count
            } else {
                result.append(characters[i])
                i += 1
            }
        }
        return result
    }

    /// Cairo's toy text draws a string with one face and no per-glyph fallback, so a title
    /// with Chinese characters ("Boss直聘") takes a face that has both Latin and CJK glyphs
    /// (WenQuanYi Micro Hei, which `make deps` installs); anything else uses the sans face.
    private func selectFont(size: Double, for text: String) {
        let family = text.unicodeScalars.contains(where: Self.needsCJKFace) ? Self.cjkFamily : "sans"
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    static let cjkFamily = "WenQuanYi Micro Hei"

    /// CJK punctuation, kana, ideographs and full-width forms.
    static func needsCJKFace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Cairo stops at a NUL byte; drop them rather than truncate silently.
    private func sanitized(_ text: String) -> String {
        text.contains("\0") ? text.replacing("\0", with: "") : text
    }

    // MARK: - Shared with the renderer

    /// Sets a solid source; components are clamped to 0…1 (NaN becomes 0).
    func setSource(_ color: Color) {
        let c = color.clamped
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// Replaces Cairo's current path with `path` (which must be finite), or adds to it when
    /// not `clearing`. Quadratic segments become the equivalent cubics.
    func append(_ path: Path, clearing: Bool = true) {
        if clearing { cairo_new_path(cr) }
        var current = Point.zero
        var subpathStart = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
                current = p
                subpathStart = p
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
                current = p
            case .quad(let p, let c):
                // Degree elevation: the cubic's controls lie 2/3 of the way to the quad's.
                let c1 = current + (c - current) * (2.0 / 3.0)
                let c2 = p + (c - p) * (2.0 / 3.0)
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .cubic(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(cr)
                current = subpathStart
            }
        }
    }
}
