import CCairo
import LayerKit

/// The coverage of what a rounded `masksToBounds` keeps out within one corner's square of
/// pixels, kept as A8 masks, so that putting a corner back (`LayerRenderer.restoreCorners`)
/// composites the square's copied pixels through its mask instead of rasterizing the rounded
/// outline again.
///
/// A window draws the same rounded tiles and screens at the same places frame after frame,
/// and every damaged region that reaches a corner puts it back: rasterizing the square less the
/// rounded rectangle cost Cairo about 37 000 instructions a corner (its scan converter steps
/// every sub-row of the curve), compositing a mask a few thousand.
///
/// A mask holds, for each pixel of the square, the anti-aliased coverage of the square less
/// the rounded rectangle (even-odd), as Cairo's scan converter computes it for a fill of that
/// path on the canvas: the path is the same, placed the same within the pixel grid, so the
/// coverage is too. It is keyed by the square's size and by where the rounded rectangle lies
/// relative to the square's top-left pixel (the layer's device matrix, less the square's
/// place, its bounds, radius and rounded corners), exactly. An entry not used for
/// `maximumIdleDraws` draws is dropped, and none is kept past `maximumCount` (a mask made then is used once).
final class CornerMasks {
    /// Draws (calls to `LayerRenderer.draw`) a mask may go unused before it is dropped; a
    /// window draws several trees (tiles, overlays) per frame.
    static let maximumIdleDraws = 64
    /// Masks held at most (a corner's square is at most a rounded layer's half side, and a
    /// gallery has a few dozen rounded corners).
    static let maximumCount = 256

    struct Key: Hashable {
        var width: Int
        var height: Int
        /// The layer's device matrix (axis-aligned: scale and translation), its translation
        /// relative to the square's top-left pixel.
        var xx, yy, x0, y0: Double
        var bounds: Rect
        var radius: Double
        var corners: UInt
    }

    /// An A8 image surface, destroyed with its owner.
    final class Mask {
        let surface: OpaquePointer

        init(surface: OpaquePointer) { self.surface = surface }

        deinit { cairo_surface_destroy(surface) }
    }

    private struct Entry {
        var mask: Mask
        var lastUse: Int
    }

    private var entries: [Key: Entry] = [:]
    private var draws = 0

    /// Masks held.
    var count: Int { entries.count }

    /// The mask for `key`, made the first time and kept while there is room (nil only when
    /// Cairo cannot make it).
    func mask(for key: Key) -> Mask? {
        if let entry = entries[key] {
            entries[key]?.lastUse = draws
            return entry.mask
        }
        guard let made = Self.make(key) else { return nil }
        if entries.count < Self.maximumCount { entries[key] = Entry(mask: made, lastUse: draws) }
        return made
    }

    /// Counts a draw and drops the masks not used for `maximumIdleDraws` draws.
    func endDraw() {
        draws += 1
        guard !entries.isEmpty else { return }
        let oldest = draws - Self.maximumIdleDraws
        if entries.values.contains(where: { $0.lastUse < oldest }) {
            entries = entries.filter { $0.value.lastUse >= oldest }
        }
    }

    /// Fills the square less the rounded rectangle, even-odd, in opaque black on a cleared A8
    /// surface: each pixel's alpha is the fill's coverage.
    private static func make(_ key: Key) -> Mask? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(key.width), Int32(key.height))
        else { return nil }
        let mask = Mask(surface: surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            return nil
        }
        defer { cairo_destroy(cr) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, Double(key.width), Double(key.height))
        var m = cairo_matrix_t(xx: key.xx, yx: 0, xy: 0, yy: key.yy, x0: key.x0, y0: key.y0)
        cairo_set_matrix(cr, &m)
        LayerRenderer.appendRoundedRect(
            key.bounds, radius: key.radius, corners: CornerMask(rawValue: key.corners), on: cr, newPath: false
        )
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }
        return mask
    }
}
