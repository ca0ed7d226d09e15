import LayerKit
import Loaders
import Testing

@testable import LoaderLab

@Suite("Gallery layout")
struct GalleryLayoutTests {
    let kinds: [LoaderKind] = [.header, .header, .header, .standalone, .standalone]

    @Test("1000×600: five phones and cards in one row, the column count with the largest phones")
    func wideWindow() {
        let layout = GalleryLayout.gallery(kinds: kinds, size: Size(width: 1000, height: 600))
        // Five columns: cell width (1000 − 6·16)/5, cell height 600 − 26 − 2·16 − 20 (title).
        let cellWidth = (1000.0 - 6 * 16) / 5
        let cellHeight = 600.0 - 26 - 2 * 16 - 20
        // A phone is half as wide as tall, limited here by the cell's width.
        let phoneHeight = min(cellHeight, cellWidth / 0.5)
        #expect(abs(layout.tiles[0].frame.width - phoneHeight * 0.5) < 1e-9)
        #expect(abs(layout.tiles[0].frame.height - phoneHeight) < 1e-9)
        // (Three columns would give phones of height (600 − 26 − 3·16)/2 − 20 = 243 < 361.6.)
        #expect(phoneHeight > 243)
        let midYs = Set(layout.tiles.map { ($0.frame.midY * 1000).rounded() })
        #expect(midYs.count == 1)
        // Cards are squares as wide as the cell.
        #expect(abs(layout.tiles[3].frame.width - cellWidth) < 1e-9)
        #expect(layout.tiles[3].frame.width == layout.tiles[3].frame.height)
        #expect(layout.tiles[0].chrome == .phone && layout.tiles[4].chrome == .card)
        #expect(layout.hud == Rect(x: 0, y: 574, width: 1000, height: 26))
    }

    @Test("tiles lie inside the window, above the HUD, without overlapping; screens inside tiles")
    func noOverlap() {
        for size in [
            Size(width: 1000, height: 600), Size(width: 400, height: 1200), Size(width: 640, height: 480),
        ] {
            let layout = GalleryLayout.gallery(kinds: kinds, size: size)
            let window = Rect(origin: .zero, size: size)
            for (i, tile) in layout.tiles.enumerated() {
                #expect(window.contains(tile.frame.origin))
                #expect(tile.frame.maxX <= size.width && tile.frame.maxY <= layout.hud.minY)
                #expect(tile.screen.minX >= 0 && tile.screen.maxX <= tile.frame.width + 1e-9)
                #expect(tile.screen.minY >= 0 && tile.screen.maxY <= tile.frame.height + 1e-9)
                for other in layout.tiles[(i + 1)...] {
                    #expect(tile.frame.intersection(other.frame).isEmpty)
                }
            }
        }
    }

    @Test("a tall narrow window gets two columns (phones 175×350 beat one or three columns)")
    func tallWindow() {
        let layout = GalleryLayout.gallery(kinds: kinds, size: Size(width: 400, height: 1200))
        // Two columns: cell (400 − 3·16)/2 = 176 wide, (1200 − 26 − 4·16)/3 − 20 = 350 tall.
        #expect(abs(layout.tiles[0].frame.height - 350) < 1e-9)
        // Phones and cards are centred in their cells, so a row shares a mid line.
        let rows = Set(layout.tiles.map { ($0.frame.midY * 1000).rounded() })
        #expect(rows.count == 3)
        // The last row's single tile is centred.
        #expect(abs(layout.tiles[4].frame.midX - 200) < 1e-9)
    }

    @Test(
        "absurd sizes give finite, non-negative frames",
        arguments: [
            Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: .nan, height: 500),
            Size(width: .infinity, height: -3), Size(width: 3, height: 40_000),
        ])
    func absurdSizes(size: Size) {
        for layout in [GalleryLayout.gallery(kinds: kinds, size: size), GalleryLayout.single(size: size)] {
            for tile in layout.tiles {
                #expect(tile.frame.isFinite && tile.screen.isFinite)
                #expect(tile.frame.size.width >= 0 && tile.frame.size.height >= 0)
                #expect(tile.screen.size.width >= 0 && tile.screen.size.height >= 0)
            }
            #expect(layout.hud.isFinite && layout.hud.size.height >= 0)
        }
    }

    @Test("one loader fills the window above the HUD")
    func single() {
        let layout = GalleryLayout.single(size: Size(width: 320, height: 426))
        #expect(layout.tiles.count == 1)
        #expect(layout.tiles[0].frame == Rect(x: 0, y: 0, width: 320, height: 400))
        #expect(layout.tiles[0].screen == Rect(x: 0, y: 0, width: 320, height: 400))
        #expect(layout.tiles[0].label == nil)
        #expect(layout.hud == Rect(x: 0, y: 400, width: 320, height: 26))
    }
}
