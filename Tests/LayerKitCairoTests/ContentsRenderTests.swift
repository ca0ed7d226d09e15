import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Contents drawn through `contentsRect`, `contentsCenter` and `contentsScale`.
@Suite struct ContentsRenderTests {
    /// The nine cells' colours, row by row.
    static let cells: [Color] = [
        Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1),
        Color(red: 1, green: 1, blue: 0), Color(red: 0, green: 1, blue: 1), Color(red: 1, green: 0, blue: 1),
        Color(white: 0), Color(white: 0.5), Color(red: 1, green: 0.5, blue: 0),
    ]

    /// A 30×30-pixel image of 3×3 cells of 10 pixels, in `cells`' colours.
    static func gridImage(in dir: String) throws -> String {
        let surface = try ImageSurface(width: 30, height: 30)
        let canvas = try Canvas(surface: surface)
        for (i, c) in cells.enumerated() {
            canvas.fill(Rect(x: Double(i % 3) * 10, y: Double(i / 3) * 10, width: 10, height: 10), color: c)
        }
        let path = dir + "/grid.png"
        try surface.writePNG(to: path)
        return path
    }

    static func rgba(_ c: Color) -> (Double, Double, Double, Double) {
        (c.red * 255, c.green * 255, c.blue * 255, 255)
    }

    @Test func ninePartStretchingKeepsTheCorners() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.gridImage(in: dir)
        // 90×60 points: columns 0…10, 10…80, 80…90; rows 0…10, 10…50, 50…60.
        let layer = Fixture.layer(size: Size(90, 60), center: Point(45, 30)) { p in
            p.contents = ImageReference(path: path)
            p.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        }
        let cache = ImageCache(report: { _ in })
        let image = try Fixture.render(layer, width: 90, height: 60, images: cache)
        let xs = [(1, 8), (12, 78), (82, 88)]  // inside each column, away from its edges
        let ys = [(1, 8), (12, 48), (52, 58)]
        for (row, y) in ys.enumerated() {
            for (column, x) in xs.enumerated() {
                let c = Self.rgba(Self.cells[row * 3 + column])
                expectPixel(image, x.0, y.0, c)
                expectPixel(image, x.1, y.1, c)
            }
        }
        // Scaled uniformly instead, the top-left cell would reach x = 30: here x = 20 is green.
        expectPixel(image, 20, 5, Self.rgba(Self.cells[1]))
    }

    @Test func piecesMeetWithoutSeams() throws {
        // One colour everywhere, cut into nine pieces at fractional points: where two pieces
        // meet, the pixel is as blue as the rest (within the rounding of two 8-bit coverages; a
        // seam drawn over would be a quarter lighter).
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let surface = try ImageSurface(width: 30, height: 30)
        try Canvas(surface: surface).fill(Rect(x: 0, y: 0, width: 30, height: 30), color: Self.cells[2])
        let path = dir + "/blue.png"
        try surface.writePNG(to: path)
        let layer = Fixture.layer(size: Size(77.3, 41.7), center: Point(40, 25)) { p in
            p.contents = ImageReference(path: path)
            p.contentsCenter = Rect(x: 0.37, y: 0.29, width: 0.21, height: 0.33)
        }
        let image = try Fixture.render(layer, width: 80, height: 50, scale: 2, background: .white)
        var worst = 0
        for y in 10..<80 {
            for x in 8..<150 {
                let p = image.pixel(x: x, y: y)!
                worst = max(worst, Int(p.red), Int(p.green), 255 - Int(p.blue), 255 - Int(p.alpha))
            }
        }
        #expect(worst <= 3)
    }

    @Test func contentsRectShowsAPartAndPadsPastTheImage() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.gridImage(in: dir)
        // The middle cell alone, stretched over 40×40.
        let middle = Fixture.layer(size: Size(40, 40), center: Point(20, 20)) { p in
            p.contents = ImageReference(path: path)
            p.contentsRect = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        }
        // Half a width past the left edge: the left half repeats the image's first column.
        let past = Fixture.layer(size: Size(60, 30), center: Point(90, 15)) { p in
            p.contents = ImageReference(path: path)
            p.contentsRect = Rect(x: -0.5, y: 0, width: 1, height: 1)
        }
        // contentsScale 2 with gravity center: the 30-pixel image is 15 points.
        let scaled = Fixture.layer(size: Size(30, 30), center: Point(145, 15)) { p in
            p.contents = ImageReference(path: path)
            p.contentsGravity = .center
            p.contentsScale = 2
        }
        let root = Fixture.layer(
            size: Size(160, 40), center: Point(80, 20), sublayers: [middle, past, scaled])
        let image = try Fixture.render(root, width: 160, height: 40, images: ImageCache(report: { _ in }))
        expectPixel(image, 2, 2, Self.rgba(Self.cells[4]))
        expectPixel(image, 37, 37, Self.rgba(Self.cells[4]))
        expectPixel(image, 62, 3, Self.rgba(Self.cells[0]))  // padded: the first column's red
        expectPixel(image, 62, 27, Self.rgba(Self.cells[6]))
        // Then the image itself from x = 90, 2 points per pixel: x 93 is its first column, 118
        // its second; y 15 its second row.
        expectPixel(image, 93, 15, Self.rgba(Self.cells[3]))
        expectPixel(image, 118, 15, Self.rgba(Self.cells[4]))
        // 15 points centred in 30: x 137.5…152.5; its 5-point cells.
        expectPixel(image, 139, 9, Self.rgba(Self.cells[0]))
        expectPixel(image, 150, 20, Self.rgba(Self.cells[8]))
        expectPixel(image, 134, 15, (255, 255, 255, 255))
    }

    @Test func badContentsGeometryDrawsNothingWrong() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.gridImage(in: dir)
        let bad: [(inout LayerProperties) -> Void] = [
            { $0.contentsRect = Rect(x: .nan, y: 0, width: 1, height: 1) },
            { $0.contentsRect = .zero },
            { $0.contentsRect = Rect(x: 0, y: 0, width: 1e300, height: 1e-300) },
            { $0.contentsCenter = Rect(x: .nan, y: .infinity, width: -1, height: 3) },
            { $0.contentsScale = 0 },
            { $0.contentsScale = -.infinity },
        ]
        var layers: [PresentationLayer] = []
        for (i, f) in bad.enumerated() {
            layers.append(
                Fixture.layer(size: Size(10, 10), center: Point(Double(i) * 20 + 5, 5)) { p in
                    p.contents = ImageReference(path: path)
                    f(&p)
                })
            layers.append(
                Fixture.layer(
                    size: Size(4, 4), center: Point(Double(i) * 20 + 15, 5), background: Self.cells[1]))
        }
        let root = Fixture.layer(
            size: Size(Double(bad.count) * 20, 10), center: Point(Double(bad.count) * 10, 5),
            sublayers: layers)
        let image = try Fixture.render(
            root, width: bad.count * 20, height: 10, images: ImageCache(report: { _ in }))
        for i in bad.indices { expectPixel(image, i * 20 + 15, 5, (0, 255, 0, 255)) }
    }

    @Test func snapshot() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.gridImage(in: dir)
        let stretched = Fixture.layer(size: Size(100, 50), center: Point(60, 35)) { p in
            p.contents = ImageReference(path: path)
            p.contentsCenter = Rect(x: 0.4, y: 0.5, width: 0, height: 0)
        }
        let sprite = Fixture.layer(size: Size(40, 40), center: Point(150, 35)) { p in
            p.contents = ImageReference(path: path)
            p.contentsRect = Rect(x: 0.2, y: 0.2, width: 0.6, height: 0.6)
            p.cornerRadius = 10
            p.masksToBounds = true
        }
        let root = Fixture.layer(
            size: Size(190, 70), center: Point(95, 35), background: Color(white: 0.9),
            sublayers: [stretched, sprite])
        let image = try Fixture.render(root, width: 190, height: 70, images: ImageCache(report: { _ in }))
        try expectSnapshot(image, named: "contents-nine-part")
    }
}
