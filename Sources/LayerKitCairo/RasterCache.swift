import LayerKit

/// Keeps the bitmaps of layers that `shouldRasterize`, while what they draw stays the same.
///
/// A rasterized layer is drawn with its subtree into a bitmap in its own coordinates
/// (`LayerRenderer.drawRasterized`), which is then composited wherever the layer is. The
/// bitmap depends only on the layer's rasterized content — the layer in its own plane, at
/// opacity 1 (its place, opacity and depth are applied when compositing) — and on the
/// rasterization scale; an entry holds both and is used again when a later frame asks for the
/// same content at the same scale. The presentation tree is a value whose unchanged subtrees
/// are the same arrays from frame to frame, so the comparison stops at the first difference
/// or at shared storage: a layer that only moves, turns or fades is a hit, a change anywhere
/// in its subtree a miss (and a new bitmap).
///
/// Bounded like `StrokeCache`: an entry not used for `maximumIdleDraws` draws is dropped, and
/// the least recently used while the bitmaps hold more than `maximumBytes`. A layer whose
/// bitmap would have more than `maximumPixels` pixels is drawn directly, not rasterized.
final class RasterCache {
    /// Draws (calls to `LayerRenderer.draw`) an entry may go unused before it is dropped.
    static let maximumIdleDraws = 16
    /// Pixel memory the bitmaps may hold.
    static let maximumBytes = 32 << 20
    /// The most pixels one bitmap may have (16 MiB of ARGB).
    static let maximumPixels = 1 << 22

    /// One rasterized layer's bitmap.
    final class Entry {
        /// The layer as rasterized: in its own plane, opacity 1, not itself rasterized.
        let content: PresentationLayer
        let scale: Double
        let image: ImageSurface
        /// The bitmap's top-left pixel on the grid of the layer's points times `scale`.
        let x: Int
        let y: Int
        /// What the layer can paint, in its own coordinates: compositing is clipped to it.
        let extent: Rect
        var lastUse: Int

        init(
            content: PresentationLayer, scale: Double, image: ImageSurface, x: Int, y: Int, extent: Rect,
            lastUse: Int
        ) {
            self.content = content
            self.scale = scale
            self.image = image
            self.x = x
            self.y = y
            self.extent = extent
            self.lastUse = lastUse
        }

        var bytes: Int { image.stride * image.height }
    }

    private var entries: [Entry] = []
    private var draws = 0
    private var bytes = 0

    /// Bitmaps found in the cache.
    private(set) var hits = 0
    /// Bitmaps that had to be drawn (the content changed, or was not seen recently).
    private(set) var misses = 0
    /// Bitmaps held.
    var entryCount: Int { entries.count }
    /// Bytes of pixels held.
    var cachedBytes: Int { bytes }
    /// The bitmaps held, oldest first.
    var images: [ImageSurface] { entries.map(\.image) }

    /// The bitmap of `content` at `scale`, from the cache or made by `make` (nil: not
    /// rasterized).
    func entry(for content: PresentationLayer, scale: Double, make: () -> Entry?) -> Entry? {
        if let i = entries.firstIndex(where: { $0.scale == scale && $0.content == content }) {
            let found = entries[i]
            found.lastUse = draws
            hits += 1
            return found
        }
        misses += 1
        guard let made = make() else { return nil }
        made.lastUse = draws
        entries.append(made)
        bytes += made.bytes
        return made
    }

    /// Ends one `LayerRenderer.draw`: drops what has not been used for a while, and the least
    /// recently used bitmaps while over the memory bound.
    func endDraw() {
        draws += 1
        guard !entries.isEmpty else { return }
        let oldest = draws - Self.maximumIdleDraws
        entries.removeAll { entry in
            guard entry.lastUse < oldest else { return false }
            bytes -= entry.bytes
            return true
        }
        while bytes > Self.maximumBytes,
            let i = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse })
        {
            bytes -= entries[i].bytes
            entries.remove(at: i)
        }
    }
}
