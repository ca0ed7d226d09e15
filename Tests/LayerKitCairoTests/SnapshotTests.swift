import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Primitive scenes drawn and compared with committed PNGs, with hand-computed pixels checked
/// first so a snapshot can never bless a wrong picture.
@Suite struct SnapshotTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let yellow = Color(red: 1, green: 1, blue: 0)
    static let grey = Color(white: 0.8)

    /// A 40-point circle centred in a 64-point layer: red fill, blue 4-point stroke.
    static func circleScene() -> PresentationLayer {
        Fixture.shape(
            size: Size(64, 64), center: Point(32, 32),
            path: .oval(in: Rect(x: 12, y: 12, width: 40, height: 40))
        ) { s in
            s.fillColor = red
            s.strokeColor = blue
            s.lineWidth = 4
        }
    }

    @Test func filledAndStrokedCircle() throws {
        let image = try Fixture.render(Self.circleScene(), width: 64, height: 64)
        // Radius 20 about (32, 32); the stroke covers radii 18…22.
        expectPixel(image, 32, 32, (255, 0, 0, 255))  // centre: fill
        expectPixel(image, 32, 15, (255, 0, 0, 255))  // radius 16.5: fill
        expectPixel(image, 32, 11, (0, 0, 255, 255))  // radius 20.5: stroke
        expectPixel(image, 52, 32, (0, 0, 255, 255))  // radius 20.5, right side
        expectPixel(image, 32, 7, (255, 255, 255, 255))  // radius 24.5: outside
        expectPixel(image, 5, 5, (255, 255, 255, 255))  // corner
        try expectSnapshot(image, named: "circle-fill-stroke")
    }

    @Test func hiDPIScaleTwo() throws {
        let image = try Fixture.render(Self.circleScene(), width: 64, height: 64, scale: 2)
        #expect(image.width == 128 && image.height == 128)
        // Same points as at scale 1, in pixels ×2: the stroke is 8 pixels wide (radii 36…44).
        expectPixel(image, 64, 64, (255, 0, 0, 255))
        expectPixel(image, 64, 22, (0, 0, 255, 255))  // radius 41.5 px
        expectPixel(image, 64, 26, (0, 0, 255, 255))  // radius 37.5 px
        expectPixel(image, 64, 30, (255, 0, 0, 255))  // radius 33.5 px
        expectPixel(image, 64, 17, (255, 255, 255, 255))  // radius 46.5 px
        try expectSnapshot(image, named: "circle-fill-stroke@2x")
    }

    /// A grey 40-point parent at (50, 50) turned a quarter turn clockwise, carrying a red
    /// 10-point child centred on its right edge, (40, 20) in the parent's bounds.
    @Test func rotatedParentCarriesChild() throws {
        let child = Fixture.layer(size: Size(10, 10), center: Point(40, 20), background: Self.red)
        let parent = Fixture.layer(
            size: Size(40, 40), center: Point(50, 50), background: Self.grey, sublayers: [child]
        ) { p in
            p.transform = Transform3D(rotationZ: .pi / 2)
        }
        let image = try Fixture.render(parent, width: 100, height: 100)
        // (40, 20) is (20, 0) from the anchor; turning (x, y) → (−y, x) gives (0, 20); plus
        // the position: the child's centre lands at (50, 70), below the parent's centre.
        expectPixel(image, 50, 70, (255, 0, 0, 255))
        expectPixel(image, 46, 66, (255, 0, 0, 255))
        expectPixel(image, 53, 73, (255, 0, 0, 255))
        // Unrotated, the child would sit at (70, 50): there is only the parent and white.
        expectPixel(image, 68, 50, (204, 204, 204, 255))
        expectPixel(image, 73, 50, (255, 255, 255, 255))
        expectPixel(image, 50, 50, (204, 204, 204, 255))
        try expectSnapshot(image, named: "rotated-parent-child")
    }

    /// A parent at opacity 0.5 over two overlapping opaque squares: the group composites once,
    /// so where they overlap only the top (blue) square shows, at half strength.
    @Test func opacityGroupOverOverlappingChildren() throws {
        let a = Fixture.layer(size: Size(40, 40), center: Point(30, 30), background: Self.red)
        let b = Fixture.layer(size: Size(40, 40), center: Point(50, 50), background: Self.blue)
        let parent = Fixture.layer(size: Size(80, 80), center: Point(40, 40), sublayers: [a, b]) { p in
            p.opacity = 0.5
        }
        let image = try Fixture.render(parent, width: 80, height: 80)
        // Half of a colour over white: 255·0.5 + c·0.5.
        let half = 127.5
        expectPixel(image, 40, 40, (half, half, 255, 255), tolerance: 1.5)  // overlap: blue only
        expectPixel(image, 15, 15, (255, half, half, 255), tolerance: 1.5)  // red alone
        expectPixel(image, 65, 65, (half, half, 255, 255), tolerance: 1.5)  // blue alone
        expectPixel(image, 70, 10, (255, 255, 255, 255))
        try expectSnapshot(image, named: "opacity-group")
    }

    /// A 60-point parent with corner radius 20 and masksToBounds; its green child is larger than
    /// the parent, so only the rounded square shows.
    @Test func roundedClip() throws {
        let child = Fixture.layer(size: Size(100, 100), center: Point(30, 30), background: Self.green)
        let parent = Fixture.layer(size: Size(60, 60), center: Point(40, 40), sublayers: [child]) { p in
            p.cornerRadius = 20
            p.masksToBounds = true
        }
        let image = try Fixture.render(parent, width: 80, height: 80)
        // The parent spans 10…70. Its top-left corner's arc has centre (30, 30), radius 20.
        expectPixel(image, 40, 40, (0, 255, 0, 255))
        expectPixel(image, 12, 12, (255, 255, 255, 255))  // 25.5 from the arc centre: clipped
        expectPixel(image, 18, 18, (0, 255, 0, 255))  // 16.3 from it: inside
        expectPixel(image, 40, 11, (0, 255, 0, 255))  // straight top edge: inside
        expectPixel(image, 5, 40, (255, 255, 255, 255))  // child outside the bounds: clipped
        expectPixel(image, 75, 75, (255, 255, 255, 255))
        try expectSnapshot(image, named: "rounded-clip")
    }

    /// A 40-point circle centred in a 64-point layer, stroked black 4 points wide, dashed
    /// [6, 4]; `configure` changes it further.
    static func dashedCircleScene(
        configure: (inout ShapeProperties) -> Void = { _ in }
    ) -> PresentationLayer {
        Fixture.shape(
            size: Size(64, 64), center: Point(32, 32),
            path: .oval(in: Rect(x: 12, y: 12, width: 40, height: 40))
        ) { s in
            s.fillColor = nil
            s.strokeColor = .black
            s.lineWidth = 4
            s.lineDashPattern = [6, 4]
            configure(&s)
        }
    }

    /// The whole pixel under the dashed circle's centre line at arc length `s` from its start,
    /// the rightmost point (52, 32), running clockwise (downward): angle s/20.
    static func pixelOnDashedCircle(atArcLength s: Double) -> (Int, Int) {
        let angle = s / 20
        return (Int((32 + 20 * cos(angle)).rounded(.down)), Int((32 + 20 * sin(angle)).rounded(.down)))
    }

    /// A full circle, dashed [6, 4], to compare trimmed strokes against.
    @Test func dashedCircle() throws {
        let image = try Fixture.render(Self.dashedCircleScene(), width: 64, height: 64)
        // The first dash covers arc lengths 0…6 (angles 0…0.3 rad); the gap 6…10 is 0.3…0.5 rad.
        let dash = Self.pixelOnDashedCircle(atArcLength: 3)
        let gap = Self.pixelOnDashedCircle(atArcLength: 8)
        expectPixel(image, dash.0, dash.1, (0, 0, 0, 255), tolerance: 40)
        expectPixel(image, gap.0, gap.1, (255, 255, 255, 255), tolerance: 40)
        expectPixel(image, 32, 32, (255, 255, 255, 255))
        try expectSnapshot(image, named: "dashed-circle")
    }

    /// The same dashed circle trimmed to strokeStart 0.3 … strokeEnd 0.8: the dashes stay
    /// where the untrimmed circle has them.
    @Test func dashedCircleTrimmed() throws {
        let circle = Self.dashedCircleScene { s in
            s.strokeStart = 0.3
            s.strokeEnd = 0.8
        }
        let image = try Fixture.render(circle, width: 64, height: 64)
        // The circle is 40π ≈ 125.7 long; untrimmed, arc length s mod 10 < 6 is a dash. The trim
        // keeps s in 37.7…100.5.
        let black = (0.0, 0.0, 0.0, 255.0)
        let white = (255.0, 255.0, 255.0, 255.0)
        for (s, expected) in [
            (43.0, black),  // a dash (40…46) inside the trim
            (48.0, white),  // the gap 46…50; a pattern restarted at 37.7 would put a dash here
            (53.0, black),
            (88.0, white),
            (93.0, black),
            (23.0, white),  // a dash of the untrimmed circle, before strokeStart
            (113.0, white),  // one after strokeEnd
        ] {
            let (x, y) = Self.pixelOnDashedCircle(atArcLength: s)
            expectPixel(image, x, y, expected, tolerance: 60)
        }
        try expectSnapshot(image, named: "dashed-circle-trimmed")
    }

    /// Trimming runs across subpaths: four separate lines (as the four-dots loader draws), each
    /// a quarter of the length; strokeStart 0.25 … strokeEnd 0.5 leaves only the second.
    @Test func trimAcrossSubpaths() throws {
        var path = Path()
        let corners = [Point(10, 10), Point(50, 10), Point(50, 50), Point(10, 50)]
        for i in 0..<4 {
            path.move(to: corners[i])
            path.addLine(to: corners[(i + 1) % 4])
        }
        let shape = Fixture.shape(size: Size(60, 60), center: Point(30, 30), path: path) { s in
            s.fillColor = nil
            s.strokeColor = Self.red
            s.lineWidth = 4
            s.strokeStart = 0.25
            s.strokeEnd = 0.5
        }
        let image = try Fixture.render(shape, width: 60, height: 60)
        expectPixel(image, 50, 30, (255, 0, 0, 255))  // the second line, (50,10)→(50,50)
        expectPixel(image, 30, 10, (255, 255, 255, 255))  // the first
        expectPixel(image, 30, 50, (255, 255, 255, 255))  // the third
        expectPixel(image, 10, 30, (255, 255, 255, 255))  // the fourth
    }

    /// strokeEnd at or before strokeStart draws no stroke.
    @Test func emptyTrimDrawsNothing() throws {
        let shape = Fixture.shape(
            size: Size(20, 20), center: Point(10, 10), path: .rect(Rect(x: 2, y: 2, width: 16, height: 16))
        ) { s in
            s.fillColor = nil
            s.strokeColor = .black
            s.lineWidth = 4
            s.strokeStart = 0.6
            s.strokeEnd = 0.6
        }
        let image = try Fixture.render(shape, width: 20, height: 20)
        for (x, y) in [(2, 2), (10, 2), (18, 10), (10, 18), (2, 10)] {
            expectPixel(image, x, y, (255, 255, 255, 255))
        }
    }

    /// A 20×12-pixel test image: red, green / blue, yellow quadrants.
    static func quadrantImage(in dir: String) throws -> String {
        let surface = try ImageSurface(width: 20, height: 12)
        let canvas = try Canvas(surface: surface)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 6), color: red)
        canvas.fill(Rect(x: 10, y: 0, width: 10, height: 6), color: green)
        canvas.fill(Rect(x: 0, y: 6, width: 10, height: 6), color: blue)
        canvas.fill(Rect(x: 10, y: 6, width: 10, height: 6), color: yellow)
        let path = dir + "/quadrants.png"
        try surface.writePNG(to: path)
        return path
    }

    /// Every contentsGravity, one 30-point layer per 50-point cell (4 columns, 3 rows, in
    /// `ContentsGravity.allCases` order), grey background, the 20×12 image at scale 1.
    @Test func imageWithEachGravity() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.quadrantImage(in: dir)
        let cells = ContentsGravity.allCases.enumerated().map { i, gravity in
            Fixture.layer(
                gravity.rawValue, size: Size(30, 30),
                center: Point(Double(i % 4) * 50 + 25, Double(i / 4) * 50 + 25), background: Self.grey
            ) { p in
                p.contents = ImageReference(path: path, pixelSize: Size(20, 12))
                p.contentsGravity = gravity
            }
        }
        let root = Fixture.layer(size: Size(200, 150), center: Point(100, 75), sublayers: cells)
        let cache = ImageCache(report: { _ in })
        let image = try Fixture.render(root, width: 200, height: 150, images: cache)
        #expect(cache.errors.isEmpty)

        let r = (255.0, 0.0, 0.0, 255.0)
        let g = (0.0, 255.0, 0.0, 255.0)
        let b = (0.0, 0.0, 255.0, 255.0)
        let y = (255.0, 255.0, 0.0, 255.0)
        let bg = (204.0, 204.0, 204.0, 255.0)
        // Pixel (x, y) of the layer drawn for `gravity` (its bounds start 10 points into the cell).
        func check(_ gravity: ContentsGravity, _ x: Int, _ y: Int, _ c: (Double, Double, Double, Double)) {
            let i = ContentsGravity.allCases.firstIndex(of: gravity)!
            expectPixel(image, (i % 4) * 50 + 10 + x, (i / 4) * 50 + 10 + y, c)
        }
        // Unscaled 20×12 placements inside 30×30.
        check(.center, 5, 9, r)  // image at (5, 9)…(25, 21)
        check(.center, 24, 20, y)
        check(.center, 2, 2, bg)
        check(.top, 5, 0, r)  // (5, 0)…(25, 12)
        check(.top, 24, 11, y)
        check(.top, 15, 20, bg)
        check(.bottom, 5, 18, r)  // (5, 18)…(25, 30)
        check(.bottom, 24, 29, y)
        check(.bottom, 15, 5, bg)
        check(.left, 0, 9, r)  // (0, 9)…(20, 21)
        check(.left, 19, 20, y)
        check(.left, 25, 15, bg)
        check(.right, 10, 9, r)  // (10, 9)…(30, 21)
        check(.right, 29, 20, y)
        check(.right, 3, 15, bg)
        check(.topLeft, 0, 0, r)
        check(.topLeft, 19, 11, y)
        check(.topLeft, 25, 25, bg)
        check(.topRight, 10, 0, r)
        check(.topRight, 29, 0, g)
        check(.topRight, 3, 3, bg)
        check(.bottomLeft, 0, 18, r)
        check(.bottomLeft, 0, 29, b)
        check(.bottomLeft, 25, 3, bg)
        check(.bottomRight, 10, 18, r)
        check(.bottomRight, 29, 29, y)
        check(.bottomRight, 3, 3, bg)
        // Resize: stretched to 30×30, quadrants 15×15.
        check(.resize, 1, 1, r)
        check(.resize, 28, 1, g)
        check(.resize, 1, 28, b)
        check(.resize, 28, 28, y)
        // Aspect fit: ×1.5 → 30×18 at y 6…24.
        check(.resizeAspect, 1, 7, r)
        check(.resizeAspect, 28, 23, y)
        check(.resizeAspect, 15, 2, bg)
        check(.resizeAspect, 15, 27, bg)
        // Aspect fill: ×2.5 → 50×30 at x −10…40, not clipped (no masksToBounds): the red
        // quadrant spans x −10…15 and overhangs into the cell's margin.
        check(.resizeAspectFill, -9, 1, r)
        check(.resizeAspectFill, 38, 28, y)
        try expectSnapshot(image, named: "image-gravity")
    }

    /// `ImageReference.scale` 2: the 20×12-pixel image is 10×6 points.
    @Test func imageScale() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try Self.quadrantImage(in: dir)
        let layer = Fixture.layer(size: Size(30, 30), center: Point(15, 15), background: Self.grey) { p in
            p.contents = ImageReference(path: path, scale: 2)
            p.contentsGravity = .topLeft
        }
        let image = try Fixture.render(layer, width: 30, height: 30, images: ImageCache(report: { _ in }))
        expectPixel(image, 0, 0, (255, 0, 0, 255))
        expectPixel(image, 9, 5, (255, 255, 0, 255))
        expectPixel(image, 11, 2, (204, 204, 204, 255))
        expectPixel(image, 2, 7, (204, 204, 204, 255))
    }
}
