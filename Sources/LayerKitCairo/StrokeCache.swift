import CCairo
import LayerKit

/// Keeps the pixels of expensive strokes that are drawn again exactly where they were.
///
/// Cairo strokes a dash pattern one dash at a time: the orbit loader's ring of 264 dashes
/// costs more than everything else in its tile, every frame, although it never moves. A large
/// solid stroke is dear too: Cairo's scan converter steps every pixel row a curve crosses in
/// sub-rows, so orbit's static outer ring (a circle 184 px across) costs about six times
/// compositing its pixels. Core Animation would keep such a layer in a backing store; this
/// does the same for those two cases: a stroke with a dash pattern, or an untrimmed solid one
/// whose device-space extent is at least `minimumSolidArea`, drawn a second time with the same
/// shape values and the same device transform, is drawn once into an image of its
/// device-space extent (offset by whole pixels, so every sample lands where it would on the
/// canvas) and from then on that image is composited instead. Compositing the cached coverage
/// is the same arithmetic as Cairo's own mask-then-OVER, so the pixels match the direct
/// stroke.
///
/// A trimmed dashed stroke with butt caps (`strokeStart`/`strokeEnd` animating along a dashed
/// track) is the untrimmed one cut off where the trim ends, since the dashes are anchored to
/// the untrimmed path: it is drawn from the untrimmed stroke's cached image, through the
/// trimmed path stroked solid a pixel wider on each side with butt ends. One solid stroke
/// instead of every visible dash; where the trim cuts a dash, the cut's anti-aliasing is the
/// solid end's.
///
/// Bounded: an entry not used for `maximumIdleDraws` draws is dropped, and so is everything
/// past `maximumBytes`.
final class StrokeCache {
    /// Draws (calls to `LayerRenderer.draw`) an entry may go unused before it is dropped; a
    /// window draws several trees (tiles, overlays) per frame.
    static let maximumIdleDraws = 16
    /// Pixel memory the cache may hold.
    static let maximumBytes = 8 << 20
    /// Larger strokes are not cached (their image would cost more than it saves).
    static let maximumSide = 2048
    /// Smaller solid strokes are drawn directly: their stroke costs about what compositing
    /// their image would (in device pixels: a square of 96 px).
    static let minimumSolidArea = 96 * 96

    struct Key: Hashable {
        var shape: ShapeProperties
        var color: Color
        /// The device transform, exactly.
        var xx, yx, xy, yy, x0, y0: Double
    }

    struct Entry {
        var image: ImageSurface?
        /// The image's top-left corner in device pixels.
        var x = 0
        var y = 0
        var lastUse: Int
    }

    /// False strokes everything directly (for comparing with Cairo's own stroking).
    var isEnabled = true

    private var entries: [Key: Entry] = [:]
    private var draws = 0
    private var bytes = 0

    /// Strokes seen recently, cached or not.
    var entryCount: Int { entries.count }
    /// Strokes held as images.
    var cachedImageCount: Int { entries.values.filter { $0.image != nil }.count }
    /// Bytes of pixels held.
    var cachedBytes: Int { bytes }

    /// Draws the stroke from the cache when it can and returns true; returns false when the
    /// caller must stroke it itself (not dashed, seen for the first time, or too large).
    func draw(
        _ path: Path, _ shape: ShapeProperties, color: Color, on canvas: Canvas, renderer: LayerRenderer
    )
        -> Bool
    {
        guard isEnabled, !shape.strokeStart.isNaN, !shape.strokeEnd.isNaN else { return false }
        let from = min(max(shape.strokeStart, 0), 1)
        let to = min(max(shape.strokeEnd, 0), 1)
        let trimmed = from > 0 || to < 1
        let dashed = LayerRenderer.validDash(shape.lineDashPattern) != nil
        // A trimmed solid stroke is no cheaper drawn through the whole one's pixels.
        guard dashed || !trimmed else { return false }
        var whole = shape
        if trimmed {
            guard from < to, shape.lineCap == .butt else { return false }
            whole.strokeStart = 0
            whole.strokeEnd = 1
        }
        let cr = canvas.cr
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        if !dashed {
            guard let box = Self.deviceBox(of: path.controlPointBounds, m),
                box.width * box.height >= Double(Self.minimumSolidArea)
            else { return false }
        }
        let key = Key(shape: whole, color: color, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        guard var entry = entries[key] else {
            // First sighting: only a stroke drawn again at the same place is worth keeping.
            entries[key] = Entry(lastUse: draws)
            guard !dashed, let made = render(path, whole, color: color, matrix: m, renderer: renderer) else {
                return false
            }
            // A solid stroke goes through an image even now, so that its pixels are the same
            // in a single render as in every later frame (compositing an image rounds a level
            // differently from Cairo's own spans here and there).
            Self.paint(made.image, x: made.x, y: made.y, on: cr)
            return true
        }
        entry.lastUse = draws
        if entry.image == nil {
            guard let made = render(path, whole, color: color, matrix: m, renderer: renderer) else {
                entries[key] = entry
                return false
            }
            entry.image = made.image
            entry.x = made.x
            entry.y = made.y
            bytes += made.image.stride * made.image.height
        }
        entries[key] = entry
        guard let image = entry.image else { return false }
        guard trimmed else {
            Self.paint(image, x: entry.x, y: entry.y, on: cr)
            return true
        }
        // The trimmed path, stroked solid and a device pixel wider on each side than the
        // dashes, in the layer's space: it lets through exactly the dashes' part between the
        // trim's ends.
        let scale = min((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        guard scale.isFinite, scale > 0 else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.pointer, Double(entry.x), Double(entry.y))
        cairo_new_path(cr)
        cairo_set_matrix(cr, &m)
        for piece in path.measure.pieces(from: from, to: to) {
            canvas.append(piece.path, clearing: false)
        }
        cairo_set_line_width(cr, shape.lineWidth + 2 / scale)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_stroke(cr)
        cairo_restore(cr)
        return true
    }

    /// Composites `image` with its top-left corner at device pixel (`x`, `y`).
    private static func paint(_ image: ImageSurface, x: Int, y: Int, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.pointer, Double(x), Double(y))
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(x), Double(y), Double(image.width), Double(image.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// `box`'s bounding box in device space under `m`; nil when not finite.
    private static func deviceBox(of box: Rect, _ m: cairo_matrix_t) -> Rect? {
        guard box.isFinite, !box.isNull else { return nil }
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (ux, uy) in [
            (box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY),
        ] {
            let dx = m.xx * ux + m.xy * uy + m.x0
            let dy = m.yx * ux + m.yy * uy + m.y0
            minX = min(minX, dx)
            minY = min(minY, dy)
            maxX = max(maxX, dx)
            maxY = max(maxY, dy)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The stroke drawn alone into an image covering its device-space extent.
    private func render(
        _ path: Path, _ shape: ShapeProperties, color: Color, matrix m: cairo_matrix_t,
        renderer: LayerRenderer
    ) -> (image: ImageSurface, x: Int, y: Int)? {
        guard let device = Self.deviceBox(of: path.controlPointBounds, m) else { return nil }
        // How far the stroke reaches past the path, in user space: half the width, times the
        // miter limit for miter joins (or √2 for square caps), plus a pixel for anti-aliasing.
        let miter = shape.lineJoin == .miter && shape.miterLimit.isFinite ? max(1, shape.miterLimit) : 1
        let reach = shape.lineWidth / 2 * max(miter, 2.0.squareRoot())
        // The device-space reach: the user-space reach through the larger axis scale.
        let scale = max((m.xx * m.xx + m.yx * m.yx).squareRoot(), (m.xy * m.xy + m.yy * m.yy).squareRoot())
        let pad = reach * scale + 2
        guard pad.isFinite else { return nil }
        let x = Int((device.minX - pad).rounded(.down))
        let y = Int((device.minY - pad).rounded(.down))
        let width = Int((device.maxX + pad).rounded(.up)) - x
        let height = Int((device.maxY + pad).rounded(.up)) - y
        guard width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide,
            let image = try? ImageSurface(width: width, height: height),
            let canvas = try? Canvas(surface: image)
        else { return nil }
        var local = m
        local.x0 -= Double(x)
        local.y0 -= Double(y)
        cairo_set_matrix(canvas.cr, &local)
        renderer.drawStroke(path, shape, color: color, canvas)
        guard canvas.error == nil else { return nil }
        image.flush()
        return (image, x, y)
    }

    /// Ends one `LayerRenderer.draw`: drops what has not been used for a while, and the
    /// oldest images while over the memory bound.
    func endDraw() {
        draws += 1
        guard !entries.isEmpty else { return }
        let oldest = draws - Self.maximumIdleDraws
        if entries.values.contains(where: { $0.lastUse < oldest }) {
            for (key, entry) in entries where entry.lastUse < oldest {
                if let image = entry.image { bytes -= image.stride * image.height }
                entries[key] = nil
            }
        }
        while bytes > Self.maximumBytes,
            let (key, entry) = entries.filter({ $0.value.image != nil }).min(by: {
                $0.value.lastUse < $1.value.lastUse
            })
        {
            if let image = entry.image { bytes -= image.stride * image.height }
            entries[key] = nil
        }
    }
}
