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
