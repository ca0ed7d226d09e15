import HostSeam
import LayerKit
import LayerKitCairo

/// Which pixels a gallery frame redraws: where its tiles and HUD differ from the last frame's.
///
/// A tile whose tree is unchanged costs nothing. In a tile that changed, only the extents of
/// the layers that changed (`LayerRenderer.damage(from:to:)`), grown by a pixel for
/// anti-aliasing and kept inside the tile's region, joined into their bounding box while that
/// costs little more (`coalesced(_:)`); the whole tile region when a change cannot be bounded.
/// The HUD bar when its text changed. Everything when the host asks for it, when the number of
/// tiles changed, or after `invalidate()` (what the trees do not show changed: the size, an
/// overlay, the canvas). Overlapping regions are merged (`merged(_:)`), so nothing is drawn
/// twice.
struct GalleryDamage {
    /// Each tile's tree as the last frame drew it.
    private var lastTiles: [PresentationLayer] = []
    private var lastHUD: HUDText?
    private var needsFullRedraw = true

    /// The next frame redraws everything.
    mutating func invalidate() {
        needsFullRedraw = true
    }

    /// The pixel regions of `bounds` to redraw to show `tiles` (one tree per tile of `layout`,
    /// drawn at `scale` pixels per point) and `hud`; everything when `fullRedraw`; every tile
    /// that changed at all, whole, when `showsOutlines` (the debug overlay). The frame is then
    /// remembered as drawn.
    mutating func regions(
        tiles: [PresentationLayer], hud: HUDText, layout: GalleryLayout, scale: Double, in bounds: PixelRect,
        fullRedraw: Bool, showsOutlines: Bool = false
    ) -> [PixelRect] {
        defer {
            lastTiles = tiles
            lastHUD = hud
            needsFullRedraw = false
        }
        func pixelRect(_ r: Rect) -> PixelRect {
            PixelRect(covering: r, scale: scale).intersection(bounds)
        }
        if fullRedraw || needsFullRedraw || tiles.count != lastTiles.count {
            return Self.merged([bounds].filter { !$0.isEmpty })
        }
        var regions: [PixelRect] = []
        for i in layout.tiles.indices where i < tiles.count {
            // Only what changed inside the tile (a pixel more for anti-aliasing), or the whole
            // tile when a change cannot be bounded. An unchanged tile damages nothing (the
            // comparison is `damage(from:to:)`'s first step; comparing here as well walked
            // every changed tree twice).
            let tileRegion = pixelRect(layout.tiles[i].region)
            if showsOutlines {
                // The debug overlay outlines every layer, those that paint nothing too (a
                // turning container), which the damage leaves out: a changed tile is redrawn
                // whole.
                if lastTiles[i] != tiles[i] { regions.append(tileRegion) }
                continue
            }
            guard let changed = LayerRenderer.damage(from: lastTiles[i], to: tiles[i]) else {
                regions.append(tileRegion)
                continue
            }
            let outset = 1 / scale
            var tileRects: [PixelRect] = []
            for rect in changed {
                let grown = rect.insetBy(dx: -outset, dy: -outset)
                tileRects.append(pixelRect(grown).intersection(tileRegion))
            }
            regions += Self.coalesced(tileRects.filter { !$0.isEmpty })
        }
        if hud != lastHUD {
            regions.append(pixelRect(layout.hud))
        }
        return Self.merged(regions.filter { !$0.isEmpty })
    }

    /// One tile's damage as few rectangles: each redrawn rectangle walks the tile's tree and
    /// pays Cairo's set-up again, so rectangles are joined while their bounding box costs
    /// little more than drawing them apart.
    static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
        guard rects.count > 1 else { return rects }
        let union = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        let sum = rects.reduce(0) { $0 + $1.width * $1.height }
        let unionArea = union.width * union.height
        return unionArea <= sum * 2 ? [union] : rects
    }

    /// Overlapping (or nearly adjacent) regions become one, so nothing is drawn twice.
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            var current = r
            var i = 0
            while i < out.count {
                let grown = PixelRect(
                    x: current.x - 1, y: current.y - 1, width: current.width + 2, height: current.height + 2)
                if !grown.intersection(out[i]).isEmpty {
                    current = current.union(out.remove(at: i))
                    i = 0
                } else {
                    i += 1
                }
            }
            out.append(current)
        }
        return out
    }

}
