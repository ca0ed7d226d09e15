import CCairo
import LayerKit

extension LayerRenderer {
    /// Draws each piece of `image` (source pixels → destination rectangle in the current user
    /// space), as `ContentsLayout` cut them.
    ///
    /// Each piece samples its own source pixels only, padded past their edges: a stretched piece
    /// does not blend in the pixels of the piece beside it (a one-pixel centre stretches as that
    /// pixel), and a `contentsRect` outside the image repeats the image's edge pixels outwards,
    /// as Apple's header says. Several pieces are added up in a group of their own: where two
    /// meet inside a pixel, their partial coverages sum to the whole pixel, so no seam shows.
    /// A piece Cairo cannot represent (a source beyond `maximumSourceExtent` pixels or thinner
    /// than a millionth of one) or a transform the canvas refuses is left out.
    func drawPieces(_ pieces: [ContentsLayout.Piece], of image: ImageSurface, _ canvas: Canvas) {
        let cr = canvas.cr
        if pieces.count == 1 {
            drawPiece(pieces[0], of: image, canvas)
            return
        }
        guard !pieces.isEmpty else { return }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        for piece in pieces { drawPiece(piece, of: image, canvas) }
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }

    /// The largest source coordinate a piece may reach, in pixels.
    static let maximumSourceExtent = Double(1 << 24)

    private func drawPiece(_ piece: ContentsLayout.Piece, of image: ImageSurface, _ canvas: Canvas) {
        let s = piece.source
        let d = piece.destination
        let limit = Self.maximumSourceExtent
        guard s.isFinite, d.isFinite, s.width >= 1e-6, s.height >= 1e-6, d.width > 0, d.height > 0,
            abs(s.minX) < limit, abs(s.maxX) < limit, abs(s.minY) < limit, abs(s.maxY) < limit
        else { return }
        // The whole pixels the source covers, kept inside the image (at least its edge pixel).
        let w = Double(image.width)
        let h = Double(image.height)
        let x0 = min(max(s.minX.rounded(.down), 0), w - 1)
        let y0 = min(max(s.minY.rounded(.down), 0), h - 1)
        let x1 = max(min(s.maxX.rounded(.up), w), x0 + 1)
        let y1 = max(min(s.maxY.rounded(.up), h), y0 + 1)
        let whole = x0 == 0 && y0 == 0 && x1 == w && y1 == h
        guard
            let sub = whole
                ? image.pointer : cairo_surface_create_for_rectangle(image.pointer, x0, y0, x1 - x0, y1 - y0)
        else { return }
        defer { if !whole { cairo_surface_destroy(sub) } }
        guard cairo_surface_status(sub).isSuccess else { return }
        let cr = canvas.cr
        canvas.save()
        defer { canvas.restore() }
        // Source pixels → destination points.
        let toDestination = AffineTransform(translationX: -s.origin.x, y: -s.origin.y)
            .concatenating(AffineTransform(scaleX: d.width / s.width, y: d.height / s.height))
            .concatenating(AffineTransform(translationX: d.origin.x, y: d.origin.y))
        guard canvas.concat(toDestination) else { return }
        if whole, s == Rect(x: 0, y: 0, width: w, height: h), drawWhole(image, canvas) { return }
        cairo_set_source_surface(cr, sub, x0, y0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_new_path(cr)
        cairo_rectangle(cr, s.origin.x, s.origin.y, s.width, s.height)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }
}

/// What `drawWhole` keeps about an image between frames.
final class ImageDrawingCache {
    /// Every pixel on the image's edge is fully transparent.
    let hasClearBorder: Bool
    /// Reduced copies by pixel size (with a transparent pixel around them).
    var reduced: [ReducedSize: ImageSurface] = [:]

    struct ReducedSize: Hashable {
        var width: Int
        var height: Int
    }

    /// Reduced copies kept per image; more (an image drawn at ever new sizes) starts afresh.
    static let maximumReduced = 4

    init(_ image: ImageSurface) {
        image.flush()
        let data = image.data
        func alpha(_ x: Int, _ y: Int) -> UInt32 {
            data.load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self) >> 24
        }
        var clear = true
        for x in 0..<image.width where alpha(x, 0) != 0 || alpha(x, image.height - 1) != 0 {
            clear = false
            break
        }
        if clear {
            for y in 0..<image.height where alpha(0, y) != 0 || alpha(image.width - 1, y) != 0 {
                clear = false
                break
            }
        }
        hasClearBorder = clear
    }
}

extension LayerRenderer {
    /// The whole of an image whose edge pixels are all transparent (an icon), drawn in the
    /// current matrix (image pixels → device), cheaper than the general piece: the filled
    /// rectangle and the padded edge add nothing (padding extends transparent pixels, which is
    /// what lies outside the image anyway), so the image is painted on its own, which Cairo
    /// hands to pixman as one transformed composite instead of rasterizing a rotated rectangle
    /// as a mask; and an image drawn at less than three quarters of its pixels per device pixel
    /// is drawn from a copy reduced once to that size (as a mipmap would), not filtered down
    /// from the full image every frame. Returns false (nothing drawn) when the image does not
    /// qualify.
    func drawWhole(_ image: ImageSurface, _ canvas: Canvas) -> Bool {
        let cache = image.drawing ?? ImageDrawingCache(image)
        image.drawing = cache
        guard cache.hasClearBorder else { return false }
        let cr = canvas.cr
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scaleX = (m.xx * m.xx + m.yx * m.yx).squareRoot()
        let scaleY = (m.xy * m.xy + m.yy * m.yy).squareRoot()
        var source = image
        var origin = 0.0
        if scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0, scaleX < 0.75 || scaleY < 0.75 {
            let size = ImageDrawingCache.ReducedSize(
                width: Swift.max(1, Int((Double(image.width) * scaleX).rounded())),
                height: Swift.max(1, Int((Double(image.height) * scaleY).rounded())))
            if let reduced = cache.reduced[size] ?? Self.reduce(image, to: size, cache) {
                cairo_scale(
                    cr, Double(image.width) / Double(size.width), Double(image.height) / Double(size.height))
                source = reduced
                origin = -1
            }
        }
        cairo_set_source_surface(cr, source.pointer, origin, origin)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        return true
    }

    /// `image` filtered down to `size` pixels, inside a transparent pixel on every side, kept
    /// in `cache`.
    private static func reduce(
        _ image: ImageSurface, to size: ImageDrawingCache.ReducedSize, _ cache: ImageDrawingCache
    ) -> ImageSurface? {
        guard let copy = try? ImageSurface(width: size.width + 2, height: size.height + 2),
            let cr = cairo_create(copy.pointer)
        else { return nil }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, 1, 1)
        cairo_scale(cr, Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        guard cairo_status(cr).isSuccess else { return nil }
        copy.flush()
        if cache.reduced.count >= ImageDrawingCache.maximumReduced { cache.reduced.removeAll() }
        cache.reduced[size] = copy
        return copy
    }
}
