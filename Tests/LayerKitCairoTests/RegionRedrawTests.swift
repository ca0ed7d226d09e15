import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Redrawing a tree through a damaged region gives, inside the region, the bytes drawing the
/// whole tree gives: what a layer paints must not depend on the region's clip. The scene is
/// the kind that broke that: a phone screen whose masks lie inside pixels, with list rows,
/// a bordered card and placeholders at fractional places, so their edges meet the masks'
/// edges inside pixels (Cairo rasterizes such a rectangle with one scan converter or another
/// depending on the clip: see `LayerRenderer.appendFillRectangle`).
@Suite struct RegionRedrawTests {
    static let sky = Color(red: 0.47, green: 0.75, blue: 0.94)
    static let placeholder = Color(red: 0.82, green: 0.84, blue: 0.87)

    static func tree(offset: Double) -> PresentationLayer {
        var rows: [PresentationLayer] = []
        for i in 0..<5 {
            let top = offset + Double(i) * 30.55
            let bar = Fixture.layer(
                size: Size(41.3 + Double(i) * 7.1, 8), center: Point(60.2, 12.4), background: placeholder
            ) { $0.cornerRadius = 0 }
            let dot = Fixture.layer(size: Size(18, 18), center: Point(16, 15), background: placeholder) {
                $0.cornerRadius = 4
            }
            rows.append(
                Fixture.layer(
                    size: Size(168.8, 30), center: Point(84.4, top + 15), background: .white,
                    sublayers: [dot, bar]))
        }
        let card = Fixture.layer(size: Size(120.3, 26.7), center: Point(84.4, 150.15), background: sky) {
            $0.borderWidth = 1.5
            $0.borderColor = .black
        }
        let scroll = Fixture.layer(
            size: Size(168.8, 170.6), center: Point(84.4, 85.3), background: sky, sublayers: rows + [card]
        ) { $0.masksToBounds = true }
        let screen = Fixture.layer(
            size: Size(168.8, 170.6), center: Point(15.6 + 84.4, 12.2 + 85.3), sublayers: [scroll]
        ) {
            $0.masksToBounds = true
            $0.backgroundColor = .black
        }
        return Fixture.layer(
            size: Size(200, 200), center: Point(100, 100), background: Color(white: 0.2), sublayers: [screen])
    }

    /// Integer regions in points at scale 1 (device pixels at every scale, divided by it).
    static let regions: [(Int, Int, Int, Int)] = [
        (30, 40, 50, 60), (0, 0, 200, 90), (100, 100, 37, 41), (17, 150, 160, 20), (60, 12, 9, 170),
        (16, 12, 168, 12), (120, 60, 64, 64),
    ]

    @Test(arguments: [1, 2])
    func aRegionRedrawsTheBytesOfTheWholeDrawing(scale: Int) throws {
        for offset in [0.0, 3.3, 7.71, 12.5] {
            let tree = Self.tree(offset: offset)
            let size = 200 * scale
            let whole = try ImageSurface(width: size, height: size)
            let wholeCanvas = try Canvas(surface: whole)
            wholeCanvas.scale(Double(scale), Double(scale))
            LayerRenderer(images: .shared).draw(tree, on: wholeCanvas)
            whole.flush()
            for (x, y, w, h) in Self.regions {
                let partial = try ImageSurface(width: size, height: size)
                let canvas = try Canvas(surface: partial)
                canvas.clear(color: Color(red: 1, green: 0, blue: 1))
                canvas.scale(Double(scale), Double(scale))
                let region = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
                canvas.clip(to: region)
                LayerRenderer(images: .shared).draw(tree, on: canvas)
                partial.flush()
                var differing = 0
                var worst = 0
                for py in (y * scale)..<((y + h) * scale) {
                    for px in (x * scale)..<((x + w) * scale) {
                        let p = whole.pixel(x: px, y: py)!
                        let q = partial.pixel(x: px, y: py)!
                        let d = max(
                            abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                        if d > 0 { differing += 1 }
                        worst = max(worst, d)
                    }
                }
                #expect(
                    differing == 0,
                    "offset \(offset), region \(region) at scale \(scale): \(differing) pixels differ, worst by \(worst)"
                )
            }
        }
    }
}
