import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Bad numbers and bad files never crash, never poison the context, and never hide siblings.
@Suite struct RobustnessTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A red 10-point square at `x`, with `bad` applied to its properties.
    static func square(x: Double, _ bad: (inout LayerProperties) -> Void) -> PresentationLayer {
        let child = Fixture.layer(size: Size(4, 4), center: Point(5, 5), background: blue)
        return Fixture.layer(size: Size(10, 10), center: Point(x, 5), background: red, sublayers: [child]) {
            bad(&$0)
        }
    }

    @Test func singularOrNonFiniteLayersAreSkippedAndSiblingsStillDraw() throws {
        let nan = Double.nan
        let inf = Double.infinity
        let bad: [(inout LayerProperties) -> Void] = [
            { $0.transform = Transform3D(scaleX: 0, y: 1) },  // singular
            { $0.transform = Transform3D(scaleX: 1e-200, y: 1e-200) },  // det underflows
            { $0.transform.m41 = nan },
            { $0.transform.m11 = inf },
            { $0.position.x = nan },
            { $0.bounds.size.width = inf },
            { $0.anchorPoint.y = -inf },
            { $0.opacity = nan },
            { $0.sublayerTransform = Transform3D(scaleX: 0, y: 0) },  // sublayers skipped only
        ]
        var layers: [PresentationLayer] = []
        for (i, f) in bad.enumerated() {
            layers.append(Self.square(x: Double(i) * 20 + 5, f))
            layers.append(Self.square(x: Double(i) * 20 + 15) { _ in })  // the healthy sibling
        }
        let root = Fixture.layer(
            size: Size(Double(bad.count) * 20, 10), center: Point(Double(bad.count) * 10, 5),
            sublayers: layers)
        let surface = try ImageSurface(width: bad.count * 20, height: 10)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .white)
        LayerRenderer().draw(root, on: canvas)
        #expect(canvas.error == nil)
        for i in bad.indices {
            // Every healthy sibling: red, with its blue child at its centre.
            expectPixel(surface, i * 20 + 11, 1, (255, 0, 0, 255))
            expectPixel(surface, i * 20 + 15, 5, (0, 0, 255, 255))
        }
        for i in 0..<(bad.count - 1) {
            expectPixel(surface, i * 20 + 1, 1, (255, 255, 255, 255))  // the bad one: not drawn
        }
        // A singular sublayerTransform drops only the sublayers: the layer itself draws.
        let last = bad.count - 1
        expectPixel(surface, last * 20 + 1, 1, (255, 0, 0, 255))
        expectPixel(surface, last * 20 + 5, 5, (255, 0, 0, 255))

        // The context is still usable afterwards.
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: Self.blue)
        expectPixel(surface, 0, 0, (0, 0, 255, 255))
    }

    /// Finite but absurd numbers are drawn as well as Cairo can (a layer scaled by 1e150 covers
    /// everything) without putting the context into an error state: a later sibling still draws.
    @Test func hugeFiniteValuesKeepTheContextUsable() throws {
        let absurd: [(inout LayerProperties) -> Void] = [
            { $0.transform = Transform3D(scaleX: 1e150, y: 1e150) },
            { $0.position = Point(1e300, -1e300) },
            { $0.bounds = Rect(x: -1e300, y: 0, width: 1e300, height: 1e300) },
            { $0.cornerRadius = 1e300 },
            { $0.borderWidth = 1e300 },
        ]
        for f in absurd {
            let last = Fixture.layer(size: Size(4, 4), center: Point(5, 5), background: Self.blue)
            let root = Fixture.layer(
                size: Size(10, 10), center: Point(5, 5), sublayers: [Self.square(x: 5, f), last])
            let image = try Fixture.render(root, width: 10, height: 10)
            expectPixel(image, 5, 5, (0, 0, 255, 255))
        }
    }

    @Test func badShapeValuesDoNotBreakTheContext() throws {
        let circle = Path.oval(in: Rect(x: 2, y: 2, width: 16, height: 16))
        var nanPath = Path()
        nanPath.move(to: Point(0, 0))
        nanPath.addLine(to: Point(.nan, 5))
        let variants: [(Path, (inout ShapeProperties) -> Void)] = [
            (circle, { $0.lineDashPattern = [0, 0] }),
            (circle, { $0.lineDashPattern = [-1, 2] }),
            (circle, { $0.lineDashPattern = [.nan, 2] }),
            (circle, { $0.lineDashPhase = .infinity }),
            // Billions of sub-pixel dashes: drawn solid instead of hanging.
            (circle, { $0.lineDashPattern = [1e-9, 1e-9] }),
            (
                circle,
                {
                    $0.lineDashPattern = [1e-9, 1e-9]
                    $0.strokeEnd = 0.5
                }
            ),
            (circle, { $0.miterLimit = .nan }),
            (circle, { $0.lineWidth = .infinity }),
            (circle, { $0.lineWidth = -3 }),
            (circle, { $0.strokeStart = .nan }),
            (circle, { $0.strokeColor = Color(red: .nan, green: 2, blue: -1) }),
            (nanPath, { _ in }),
        ]
        var layers: [PresentationLayer] = []
        for (i, (path, f)) in variants.enumerated() {
            layers.append(
                Fixture.shape(size: Size(20, 20), center: Point(Double(i) * 20 + 10, 10), path: path) { s in
                    s.strokeColor = .black
                    s.lineWidth = 2
                    f(&s)
                })
        }
        var rounded = Fixture.layer(size: Size(10, 10), center: Point(5, 25), background: Self.red)
        rounded.properties.cornerRadius = .infinity
        rounded.properties.borderWidth = .nan
        layers.append(rounded)
        let root = Fixture.layer(
            size: Size(Double(variants.count) * 20, 30),
            center: Point(Double(variants.count) * 10, 15), sublayers: layers)
        let image = try Fixture.render(root, width: variants.count * 20, height: 30)
        // The fills (black by default) still draw at each circle's centre.
        for i in 0..<(variants.count - 1) {
            expectPixel(image, i * 20 + 10, 10, (0, 0, 0, 255))
        }
        expectPixel(image, 5, 25, (255, 0, 0, 255))
    }

    @Test func canvasIgnoresUnbalancedRestoreAndBadScale() throws {
        let surface = try ImageSurface(width: 4, height: 4)
        let canvas = try Canvas(surface: surface)
        canvas.restore()
        canvas.scale(0, 1)
        canvas.scale(.nan, 1)
        canvas.translate(.infinity, 0)
        canvas.clip(to: Rect(x: .nan, y: 0, width: 1, height: 1))
        #expect(canvas.error == nil)
    }

    @Test func imageSurfaceRejectsBadSizes() {
        #expect(throws: CairoError.self) { try ImageSurface(width: 0, height: 10) }
        #expect(throws: CairoError.self) { try ImageSurface(width: -1, height: 10) }
        #expect(throws: CairoError.self) { try ImageSurface(width: 40000, height: 10) }
        var storage = [UInt8](repeating: 0, count: 64)
        _ = storage.withUnsafeMutableBytes { raw in
            #expect(throws: CairoError.self) {
                try ImageSurface(wrapping: raw.baseAddress!, width: 4, height: 4, stride: 8)
            }
        }
    }

    @Test func wrappedSurfaceDrawsIntoCallerMemory() throws {
        var storage = [UInt32](repeating: 0, count: 16)
        _ = try storage.withUnsafeMutableBytes { raw -> Void in
            let surface = try ImageSurface(wrapping: raw.baseAddress!, width: 4, height: 4, stride: 16)
            let canvas = try Canvas(surface: surface)
            canvas.clear(color: Self.red)
            surface.flush()
        }
        #expect(storage.allSatisfy { $0 == 0xffff_0000 })
    }
}

@Suite struct ImageFileTests {
    /// Collects what the cache reports.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ s: String) {
            lock.lock()
            items.append(s)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    func renderTwice(path: String, reports: Reports) throws -> ImageSurface {
        let cache = ImageCache(report: { reports.add($0) })
        let layer = Fixture.layer(size: Size(20, 20), center: Point(10, 10)) { p in
            p.contents = ImageReference(path: path)
        }
        _ = try Fixture.render(layer, width: 20, height: 20, images: cache)
        let image = try Fixture.render(layer, width: 20, height: 20, images: cache)
        #expect(cache.errors.count == 1)
        return image
    }

    @Test func missingImageIsReportedOnceAndDrawnAsPlaceholder() throws {
        let path = "/nonexistent-\(UUID().uuidString)/airplane.png"
        let reports = Reports()
        let image = try renderTwice(path: path, reports: reports)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains(path) == true)
        // Magenta away from the cross's diagonals, e.g. (10, 2).
        expectPixel(image, 10, 2, (255, 0, 255, 255))
    }

    /// A zero-size layer whose image is missing still shows a placeholder, also inside an
    /// opacity group (whose surface is bounded by the layer's extent).
    @Test func placeholderForZeroSizeLayerInsideAGroup() throws {
        let layer = Fixture.layer(size: Size(0, 0), center: Point(10, 10)) { p in
            p.contents = ImageReference(path: "/nonexistent-\(UUID().uuidString).png")
            p.opacity = 0.5
        }
        let image = try Fixture.render(layer, width: 20, height: 20, images: ImageCache(report: { _ in }))
        // A 16-point box centred at (10, 10): magenta at half strength over white.
        expectPixel(image, 10, 3, (255, 127.5, 255, 255), tolerance: 1.5)
        expectPixel(image, 10, 19, (255, 255, 255, 255))
    }

    @Test func corruptImageIsReportedOnceAndDrawnAsPlaceholder() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/corrupt.png"
        // A PNG signature followed by garbage.
        let bytes: [UInt8] =
            [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] + Array(repeating: 7, count: 40)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let reports = Reports()
        let image = try renderTwice(path: path, reports: reports)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains(path) == true)
        expectPixel(image, 10, 2, (255, 0, 255, 255))
        #expect(throws: CairoError.self) { try ImageSurface.load(png: path) }
    }

    @Test func writePNGIsAtomicAndRoundTrips() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let surface = try ImageSurface(width: 3, height: 2)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let path = dir + "/out.png"
        try surface.writePNG(to: path)
        let back = try ImageSurface.load(png: path)
        #expect(back.width == 3 && back.height == 2)
        expectPixel(back, 2, 1, (0, 0, 255, 127.5), tolerance: 1.5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])

        let bad = dir + "/missing-dir/out.png"
        do {
            try surface.writePNG(to: bad)
            Issue.record("writing into a missing directory succeeded")
        } catch let error as CairoError {
            #expect(error.message.contains(bad))
        }
        #expect(!FileManager.default.fileExists(atPath: bad))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])
    }
}

@Suite struct TextTests {
    @Test func displayableDropsCharactersWithoutGlyphs() throws {
        let canvas = try Canvas(surface: try ImageSurface(width: 1, height: 1))
        // U+E000 is in the Private Use Area: no font maps it.
        #expect(canvas.displayable("Balls (\u{E000})", size: 13) == "Balls")
        #expect(canvas.displayable("A\u{E000}B", size: 13) == "AB")
        #expect(canvas.displayable("Orbit ring", size: 13) == "Orbit ring")
        #expect(canvas.textWidth("Orbit ring", size: 13) > canvas.textWidth("Orbit", size: 13))
        #expect(canvas.error == nil)
    }

    /// The three-dots title names the Boss直聘 app; `make deps` installs a face with CJK
    /// glyphs, so those characters are drawn rather than dropped.
    @Test func chineseTitlesKeepTheirCharacters() throws {
        let canvas = try Canvas(surface: try ImageSurface(width: 1, height: 1))
        #expect(canvas.displayable("Three dots (Boss直聘)", size: 13) == "Three dots (Boss直聘)")
        #expect(canvas.textWidth("Boss直聘", size: 13) > canvas.textWidth("Boss", size: 13) + 13)
    }
}
