import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// The headers' first-look cues: a resting header that was never used says "pull down" over
/// its list (`FirstLookCue`), fading from its first use (a press on its list, its key, R).
extension GalleryApp {
    /// How long a header's cue takes to fade after its first use.
    static let cueFade = 0.6

    /// A header's first use: its cue starts fading.
    func markUsed(_ i: Int) {
        guard tiles.indices.contains(i), tiles[i].isHeader, tiles[i].usedAt == nil else { return }
        tiles[i].usedAt = scene.clock.now()
    }

    /// How visible header `i`'s "pull down" cue is: 1 while it rests and was never used, then
    /// fading to 0 from its first use; 0 while it is not at rest however that came about.
    func cueAlpha(_ i: Int, now: Double) -> Double {
        guard tiles.indices.contains(i), tiles[i].isHeader, tiles[i].session.status == .idle else { return 0 }
        guard let used = tiles[i].usedAt else { return 1 }
        return Swift.max(0, 1 - (now - used) / Self.cueFade)
    }

    /// Where header `i`'s cue is drawn: across the top of its screen.
    func cueRect(_ i: Int) -> Rect {
        let screen = tiles[i].slot.screenInWindow
        return Rect(x: screen.minX, y: screen.minY + 6, width: screen.width, height: 42)
    }

    /// True while a cue fades.
    var cuesNeedFrames: Bool {
        let now = scene.clock.now()
        return tiles.contains { tile in tile.usedAt.map { now - $0 < Self.cueFade } ?? false }
    }

    /// The cues whose opacity changed since the last frame, and the visible ones that `damage`
    /// (the frame's other regions) cuts into, in points: a cue cut by a clip edge is redrawn
    /// whole, since Cairo anti-aliases a shape cut by a clip a little differently and the pieces
    /// would not quite match a whole drawing.
    func cueDamage(adding damage: [PixelRect], in buffer: PixelBuffer) -> [Rect] {
        var rects: [Rect] = []
        let now = scene.clock.now()
        for i in tiles.indices where tiles[i].isHeader {
            let a = cueAlpha(i, now: now)
            // The pill's outline reaches half a point outside it.
            let rect = cueRect(i).insetBy(dx: -1, dy: -1)
            if a != (tiles[i].drawnCueAlpha ?? -1) {
                rects.append(rect)
            } else if a > 0 {
                let pixels = pixelRect(rect, in: buffer)
                if damage.contains(where: { !$0.intersection(pixels).isEmpty }) { rects.append(rect) }
            }
        }
        return rects
    }

    /// The frame was drawn: the cues' opacities are what the next one compares with.
    func cuesDidDraw() {
        let now = scene.clock.now()
        for i in tiles.indices where tiles[i].isHeader {
            tiles[i].drawnCueAlpha = cueAlpha(i, now: now)
        }
    }

    /// Draws the visible cues that meet `area`.
    func drawCues(in area: Rect, on canvas: Canvas) {
        let now = scene.clock.now()
        for i in layout.tiles.indices where i < tiles.count {
            let a = cueAlpha(i, now: now)
            let rect = cueRect(i)
            guard a > 0, rect.intersects(area) else { continue }
            FirstLookCue.draw(alpha: a, in: rect, clip: tiles[i].slot.screenInWindow, on: canvas)
        }
    }

    /// How many cues show (the frame log's `cues=`).
    var visibleCueCount: Int {
        let now = scene.clock.now()
        return tiles.indices.filter { cueAlpha($0, now: now) > 0 }.count
    }
}
