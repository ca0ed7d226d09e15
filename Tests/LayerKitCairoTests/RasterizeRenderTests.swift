import LayerKit
import SnapshotTesting
import Testing

@testable import LayerKitCairo

/// `shouldRasterize`: a layer drawn from a bitmap of its subtree, kept while it looks the same.
@Suite struct RasterizeRenderTests {
    /// A card with rounded corners, a shadow, a border and a stroked ring inside it, at
    /// `center`, made translucent by `opacity`; rasterized when `rasterize`.
    func card(
        center: Point = Point(60, 50), opacity: Double = 0.8,
        ringColor: Color = Color(r255: 240, g: 90, b: 60),
        rasterize: Bool, scale: Double = 1
    ) -> PresentationLayer {
        let ring = Fixture.shape(
            size: Size(40, 40), center: Point(30, 30),
            path: .oval(in: Rect(x: 4, y: 4, width: 32, height: 32))
        ) {
            $0.fillColor = nil
            $0.strokeColor = ringColor
            $0.lineWidth = 5
        }
        return Fixture.layer(
            "card", size: Size(60, 60), center: center, background: Color(r255: 40, g: 110, b: 220),
            sublayers: [ring]
        ) {
            $0.cornerRadius = 10
            $0.borderWidth = 2
            $0.borderColor = Color(white: 1, alpha: 0.7)
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 4
            $0.shadowOffset = Size(width: 0, height: 3)
            $0.opacity = opacity
            $0.shouldRasterize = rasterize
            $0.rasterizationScale = scale
        }
    }

    func stage(_ sublayers: [PresentationLayer]) -> PresentationLayer {
        Fixture.layer(
            size: Size(120, 100), center: Point(60, 50), background: Color(white: 0.9), sublayers: sublayers)
    }

    /// The largest difference of any channel of any pixel between two images of one size.
    func largestDifference(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { return 255 }
                worst = max(
                    worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        return worst
    }

    func draw(_ tree: PresentationLayer, with renderer: LayerRenderer, scale: Int = 1) throws -> ImageSurface
    {
        let surface = try ImageSurface(width: 120 * scale, height: 100 * scale)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .white)
        canvas.scale(Double(scale), Double(scale))
        renderer.draw(tree, on: canvas)
        #expect(canvas.error == nil)
        surface.flush()
        return surface
    }

    @Test(arguments: [1, 2])
    func rasterizedDrawsAsUnrasterized(scale: Int) throws {
        // Placed on whole pixels, with a bitmap of as many pixels per point as the canvas has,
        // the bitmap is composited texel for pixel: only rounding may differ.
        let direct = try Fixture.render(
            stage([card(rasterize: false)]), width: 120, height: 100, scale: scale)
        let renderer = LayerRenderer()
        let cached = try draw(
            stage([card(rasterize: true, scale: Double(scale))]), with: renderer, scale: scale)
        #expect(renderer.rasterCache.misses == 1 && renderer.rasterCache.entryCount == 1)
        #expect(largestDifference(direct, cached) <= 2)
    }

    @Test func aCoarseBitmapIsScaledUp() throws {
        // rasterizationScale 1 on a 2× canvas: the bitmap has one pixel per point (60 + the
        // shadow's reach), composited at twice its size — the same picture, softer at edges.
        let direct = try Fixture.render(stage([card(rasterize: false)]), width: 120, height: 100, scale: 2)
        let renderer = LayerRenderer()
        let cached = try draw(stage([card(rasterize: true, scale: 1)]), with: renderer, scale: 2)
        let coarse = try #require(renderer.rasterCache.images.first)
        // The card and its blurred shadow, one pixel per point; at rasterizationScale 2 the
        // bitmap has twice as many pixels each way (within the rounding out to whole pixels).
        #expect(coarse.width > 60 && coarse.height > 60)
        let fine = LayerRenderer()
        _ = try draw(stage([card(rasterize: true, scale: 2)]), with: fine, scale: 2)
        let sharp = try #require(fine.rasterCache.images.first)
        #expect(abs(sharp.width - 2 * coarse.width) <= 2 && abs(sharp.height - 2 * coarse.height) <= 2)
        // Inside the card, away from edges, the same colour.
        for (x, y) in [(50, 30), (70, 50), (45, 75)] {
            let p = try #require(direct.pixel(x: 2 * x, y: 2 * y))
            let q = try #require(cached.pixel(x: 2 * x, y: 2 * y))
            #expect(abs(Int(p.blue) - Int(q.blue)) <= 4 && abs(Int(p.red) - Int(q.red)) <= 4, "\(x), \(y)")
        }
    }

    @Test func theCacheIsHitUntilTheSubtreeChanges() throws {
        let renderer = LayerRenderer()
        let cache = renderer.rasterCache
        _ = try draw(stage([card(rasterize: true)]), with: renderer)
        #expect(cache.misses == 1 && cache.hits == 0)
        // The same frame again.
        _ = try draw(stage([card(rasterize: true)]), with: renderer)
        #expect(cache.misses == 1 && cache.hits == 1)
        // Moved and faded: the bitmap holds neither the place nor the opacity.
        let moved = try draw(
            stage([card(center: Point(62, 51), opacity: 0.4, rasterize: true)]), with: renderer)
        #expect(cache.misses == 1 && cache.hits == 2)
        let movedDirect = try Fixture.render(
            stage([card(center: Point(62, 51), opacity: 0.4, rasterize: false)]), width: 120, height: 100)
        #expect(largestDifference(moved, movedDirect) <= 2)
        // A sublayer's colour changed: a new bitmap.
        _ = try draw(stage([card(ringColor: .black, rasterize: true)]), with: renderer)
        #expect(cache.misses == 2 && cache.hits == 2)
        // A new rasterization scale: a new bitmap.
        _ = try draw(stage([card(ringColor: .black, rasterize: true, scale: 2)]), with: renderer)
        #expect(cache.misses == 3)
        // Two copies of one content share a bitmap.
        _ = try draw(
            stage([
                card(center: Point(35, 50), rasterize: true), card(center: Point(85, 50), rasterize: true),
            ]),
            with: renderer)
        #expect(cache.misses == 3 && cache.hits == 4)
    }

    @Test func aSceneReusesTheBitmapWhileOnlyThePlaceAnimates() throws {
        // A rasterized card whose position animates: every frame is a hit. Then a sublayer's
        // colour animates: every frame a miss.
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
        root.position = Point(60, 50)
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        card.position = Point(30, 50)
        card.backgroundColor = Color(r255: 40, g: 110, b: 220)
        card.cornerRadius = 8
        card.shouldRasterize = true
        let dot = Layer()
        dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.position = Point(20, 20)
        dot.backgroundColor = .white
        card.addSublayer(dot)
        root.addSublayer(card)
        let clock = ManualClock(time: 0)
        let scene = Scene(root: root, clock: clock)
        let slide = BasicAnimation(keyPath: "position.x")
        slide.fromValue = 30
        slide.toValue = 90
        slide.duration = 1
        try scene.perform { try card.add(slide, forKey: "slide") }
        let renderer = LayerRenderer()
        for t in stride(from: 0.0, through: 0.9, by: 0.1) {
            clock.set(t)
            scene.update()
            _ = try draw(scene.presentation(), with: renderer)
        }
        #expect(renderer.rasterCache.misses == 1 && renderer.rasterCache.hits == 9)
        let tint = BasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = .color(.white)
        tint.toValue = .color(.black)
        tint.duration = 1
        try scene.perform { try dot.add(tint, forKey: "tint") }
        for t in stride(from: 1.0, through: 1.4, by: 0.1) {
            clock.set(t)
            scene.update()
            _ = try draw(scene.presentation(), with: renderer)
        }
        #expect(renderer.rasterCache.misses == 6)
    }

    @Test func theCacheIsBounded() throws {
        let renderer = LayerRenderer()
        let cache = renderer.rasterCache
        // Twenty distinct 600×600 layers (1.44 MB each at 2×: 5.76 MB) in one frame: the cache
        // keeps at most its bound.
        let big = (0..<20).map { i in
            Fixture.layer(
                size: Size(600, 600), center: Point(60, 50), background: Color(white: Double(i) / 20)
            ) {
                $0.shouldRasterize = true
                $0.rasterizationScale = 2
            }
        }
        _ = try draw(stage(big), with: renderer)
        #expect(cache.misses == 20)
        #expect(cache.cachedBytes <= RasterCache.maximumBytes && cache.cachedBytes > 0)
        // Not drawn for a while: dropped.
        for _ in 0...RasterCache.maximumIdleDraws {
            _ = try draw(stage([]), with: renderer)
        }
        #expect(cache.entryCount == 0 && cache.cachedBytes == 0)
        // Too large to rasterize: drawn directly, the same pixels.
        let huge = Fixture.layer(size: Size(3000, 3000), center: Point(60, 50), background: .black) {
            $0.shouldRasterize = true
        }
        let image = try draw(stage([huge]), with: renderer)
        #expect(cache.entryCount == 0)
        expectPixel(image, 60, 50, (0, 0, 0, 255))
    }

    @Test func aClippedRedrawMatchesTheWholeDraw() throws {
        // Damage redraws part of the canvas: the bitmap is of the whole layer, so the part
        // drawn is the part of the whole picture.
        let tree = stage([card(center: Point(60.5, 50.25), rasterize: true)])
        let renderer = LayerRenderer()
        let whole = try draw(tree, with: renderer)
        let surface = try ImageSurface(width: 120, height: 100)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .white)
        canvas.clip(to: Rect(x: 30, y: 20, width: 37, height: 29))
        renderer.draw(tree, on: canvas)
        surface.flush()
        #expect(renderer.rasterCache.hits == 1)
        for y in 20..<49 {
            for x in 30..<67 {
                #expect(whole.pixel(x: x, y: y) == surface.pixel(x: x, y: y), "\(x), \(y)")
            }
        }
    }
}
