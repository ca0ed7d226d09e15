import LayerKit
import Testing

@testable import LayerKitCairo

/// The stroke cache on its own: the renderers here draw every layer directly (no backing
/// stores), as they do a layer that turns or scales.
@Suite struct StrokeCacheTests {
    func renderer() -> LayerRenderer {
        let renderer = LayerRenderer()
        renderer.backingStores.isEnabled = false
        return renderer
    }

    /// A dashed ring like the orbit loader's, at a fractional position so the cache's
    /// whole-pixel offset matters, and a solid ring next to it.
    func tree(dashPhase: Double = 0) -> PresentationLayer {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
        root.position = Point(60, 50)
        var ringLayer = LayerProperties()
        ringLayer.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
        ringLayer.position = Point(50.3, 49.7)
        var dashed = ShapeProperties()
        dashed.path = .oval(in: ringLayer.bounds)
        dashed.fillColor = nil
        dashed.strokeColor = Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.9)
        dashed.lineWidth = 0.5
        dashed.lineDashPattern = [1, 1]
        dashed.lineDashPhase = dashPhase
        var solid = dashed
        solid.lineDashPattern = []
        solid.lineWidth = 2
        var solidLayer = ringLayer
        solidLayer.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
        solid.path = .oval(in: solidLayer.bounds)
        solidLayer.position = Point(100, 20)
        return PresentationLayer(
            properties: root,
            sublayers: [
                PresentationLayer(properties: ringLayer, shape: dashed),
                PresentationLayer(properties: solidLayer, shape: solid),
            ])
    }

    func draw(_ tree: PresentationLayer, with renderer: LayerRenderer, scale: Double) throws -> ImageSurface {
        let image = try ImageSurface(width: Int(120 * scale), height: Int(100 * scale))
        let canvas = try Canvas(surface: image)
        canvas.clear(color: Color(red: 0.1, green: 0.1, blue: 0.3, alpha: 1))
        canvas.scale(scale, scale)
        renderer.draw(tree, on: canvas)
        return image
    }

    /// Pixels whose channels differ by more than `tolerance` (0…255).
    func differingPixels(_ a: ImageSurface, _ b: ImageSurface, tolerance: Int = 0) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { continue }
                let d = [
                    abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)),
                ].max()!
                if d > tolerance { count += 1 }
            }
        }
        return count
    }

    /// The tree as Cairo strokes it, with the cache turned off.
    func drawDirectly(_ tree: PresentationLayer, scale: Double) throws -> ImageSurface {
        let renderer = self.renderer()
        renderer.strokeCache.isEnabled = false
        let image = try draw(tree, with: renderer, scale: scale)
        #expect(renderer.strokeCache.cachedImageCount == 0)
        return image
    }

    @Test(arguments: [1.0, 2.0])
    func cachedStrokesMatchDirectStrokes(scale: Double) throws {
        let expected = try drawDirectly(tree(), scale: scale)

        let cached = self.renderer()
        // First draw: seen once, stroked directly; second: drawn into the cache and composited;
        // third: from the cache.
        for _ in 0..<3 {
            let image = try draw(tree(), with: cached, scale: scale)
            // Cairo may round a composited coverage one step differently from its own
            // span compositing: equal within one level in 255, and almost everywhere exact.
            #expect(differingPixels(image, expected, tolerance: 1) == 0)
            #expect(differingPixels(image, expected) <= image.width * image.height / 1000)
        }
        #expect(cached.strokeCache.cachedImageCount == 1)
    }

    @Test func changedShapeIsStrokedAgain() throws {
        let renderer = self.renderer()
        _ = try draw(tree(), with: renderer, scale: 1)
        _ = try draw(tree(), with: renderer, scale: 1)
        // The dash phase moved: a different key, drawn directly and exactly.
        let moved = try draw(tree(dashPhase: 0.5), with: renderer, scale: 1)
        #expect(differingPixels(moved, try drawDirectly(tree(dashPhase: 0.5), scale: 1)) == 0)
    }

    @Test func unusedEntriesAreDropped() throws {
        let renderer = self.renderer()
        _ = try draw(tree(), with: renderer, scale: 1)
        _ = try draw(tree(), with: renderer, scale: 1)
        #expect(renderer.strokeCache.cachedImageCount == 1)
        let empty = PresentationLayer()
        for _ in 0...StrokeCache.maximumIdleDraws {
            _ = try draw(empty, with: renderer, scale: 1)
        }
        #expect(renderer.strokeCache.entryCount == 0)
        #expect(renderer.strokeCache.cachedBytes == 0)
    }

    /// A solid ring 110 points across (orbit's outer ring), trimmed to `strokeEnd`.
    func largeSolidRing(strokeEnd: Double = 1) -> PresentationLayer {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 120, height: 100)
        root.position = Point(60, 50)
        var ring = LayerProperties()
        ring.bounds = Rect(x: 0, y: 0, width: 110, height: 90)
        ring.position = Point(60.4, 49.8)
        var shape = ShapeProperties()
        shape.path = .oval(in: ring.bounds)
        shape.fillColor = nil
        shape.strokeColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        shape.lineWidth = 1
        shape.strokeEnd = strokeEnd
        return PresentationLayer(
            properties: root, sublayers: [PresentationLayer(properties: ring, shape: shape)])
    }

    @Test(arguments: [1.0, 2.0])
    func largeSolidStrokesAreCachedAndMatchDirectStrokes(scale: Double) throws {
        let expected = try drawDirectly(largeSolidRing(), scale: scale)
        let cached = self.renderer()
        var frames: [ImageSurface] = []
        for _ in 0..<3 {
            let image = try draw(largeSolidRing(), with: cached, scale: scale)
            #expect(differingPixels(image, expected, tolerance: 1) == 0)
            #expect(differingPixels(image, expected) <= image.width * image.height / 1000)
            frames.append(image)
        }
        #expect(cached.strokeCache.cachedImageCount == 1)
        // Drawn through an image from the first sighting on: a single render and every later
        // frame have the same pixels.
        #expect(differingPixels(frames[0], frames[1]) == 0)
        #expect(differingPixels(frames[0], frames[2]) == 0)
    }

    @Test func trimmedSolidStrokesAreStrokedDirectly() throws {
        let renderer = self.renderer()
        for _ in 0..<3 {
            let image = try draw(largeSolidRing(strokeEnd: 0.6), with: renderer, scale: 1)
            #expect(differingPixels(image, try drawDirectly(largeSolidRing(strokeEnd: 0.6), scale: 1)) == 0)
        }
        #expect(renderer.strokeCache.cachedImageCount == 0)
    }
}
