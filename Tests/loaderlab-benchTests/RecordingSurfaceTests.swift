import LayerKit
import Testing

@testable import LayerKitCairo
@testable import loaderlab_bench

/// The raster baseline must cost what drawing those pixels costs, so a replay has to produce
/// exactly the pixels the renderer draws directly.
@Suite struct RecordingSurfaceTests {
    /// A translucent ring, a rotated child with a rounded background and a half-opaque group.
    func tree() -> PresentationLayer {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        root.position = Point(30, 20)
        root.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.8)
        var ringLayer = LayerProperties()
        ringLayer.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
        ringLayer.position = Point(20, 20)
        ringLayer.opacity = 0.5
        var ring = ShapeProperties()
        ring.path = .oval(in: ringLayer.bounds)
        ring.fillColor = nil
        ring.strokeColor = .white
        ring.lineWidth = 3
        var child = LayerProperties()
        child.bounds = Rect(x: 0, y: 0, width: 16, height: 10)
        child.position = Point(45, 20)
        child.transform = Transform3D(rotationZ: 0.4)
        child.cornerRadius = 3
        child.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        return PresentationLayer(
            properties: root,
            sublayers: [
                PresentationLayer(properties: ringLayer, shape: ring),
                PresentationLayer(properties: child),
            ])
    }

    @Test(arguments: [1.0, 2.0])
    func replayMatchesDirectDrawing(scale: Double) throws {
        let width = Int(60 * scale)
        let height = Int(40 * scale)
        let direct = try ImageSurface(width: width, height: height)
        let directCanvas = try Canvas(surface: direct)
        directCanvas.scale(scale, scale)
        LayerRenderer().draw(tree(), on: directCanvas)

        let replayed = try ImageSurface(width: width, height: height)
        // Something to be replaced: the replay uses SOURCE, not OVER.
        let replayCanvas = try Canvas(surface: replayed)
        replayCanvas.fill(
            Rect(x: 0, y: 0, width: 200, height: 200), color: Color(red: 0, green: 1, blue: 0, alpha: 1))
        let recording = try RecordingSurface(width: width, height: height)
        let recorder = try recording.makeCanvas(replayingOnto: replayed)
        #expect(recorder.surface === replayed)
        recorder.scale(scale, scale)
        LayerRenderer().draw(tree(), on: recorder)
        recording.replay(onto: replayCanvas)
        #expect(replayCanvas.error == nil)

        #expect(Self.differingPixels(direct, replayed) == 0)
        // The tree does draw: the root's background covers the image's corner.
        #expect(replayed.pixel(x: 0, y: 0)?.alpha == 204)
    }

    /// The frame benchmark's baseline records with a renderer of its own that sees the same
    /// frames as the measured one; from the second frame on, a repeated dashed stroke is drawn
    /// from a backing store or the stroke cache on both sides, and the replay must still give
    /// the same pixels.
    @Test(arguments: [1.0, 2.0])
    func replayMatchesDirectDrawingWithCachedStrokes(scale: Double) throws {
        var ringLayer = LayerProperties()
        ringLayer.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        ringLayer.position = Point(30.3, 29.7)
        var ring = ShapeProperties()
        ring.path = .oval(in: ringLayer.bounds)
        ring.fillColor = nil
        ring.strokeColor = Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.9)
        ring.lineWidth = 0.5
        ring.lineDashPattern = [1, 1]
        let frame = PresentationLayer(
            properties: tree().properties,
            sublayers: tree().sublayers + [PresentationLayer(properties: ringLayer, shape: ring)])

        let width = Int(60 * scale)
        let height = Int(40 * scale)
        let direct = try ImageSurface(width: width, height: height)
        let directCanvas = try Canvas(surface: direct)
        directCanvas.scale(scale, scale)
        let replayed = try ImageSurface(width: width, height: height)
        let replayCanvas = try Canvas(surface: replayed)
        // With the ring's layer drawn from its backing store (first drawn directly, then
        // stored), and with stores off (frame 1 strokes the ring, frame 2 caches the stroke,
        // frame 3 draws it from the stroke cache).
        for stores in [false, true] {
            let renderer = LayerRenderer()
            let recordingRenderer = LayerRenderer()
            renderer.backingStores.isEnabled = stores
            recordingRenderer.backingStores.isEnabled = stores
            for _ in 0..<3 {
                directCanvas.erase()
                renderer.draw(frame, on: directCanvas)
                let recording = try RecordingSurface(width: width, height: height)
                let recorder = try recording.makeCanvas(replayingOnto: replayed)
                recorder.scale(scale, scale)
                recordingRenderer.draw(frame, on: recorder)
                replayCanvas.erase()
                recording.replay(onto: replayCanvas)
                #expect(replayCanvas.error == nil)
                #expect(Self.differingPixels(direct, replayed) == 0)
            }
            if stores {
                #expect(renderer.backingStores.hits > 0)
                #expect(recordingRenderer.backingStores.hits > 0)
            } else {
                #expect(renderer.strokeCache.cachedImageCount == 1)
                #expect(recordingRenderer.strokeCache.cachedImageCount == 1)
            }
        }
    }

    @Test func eraseMakesEveryPixelTransparent() throws {
        let image = try ImageSurface(width: 8, height: 8)
        let canvas = try Canvas(surface: image)
        canvas.clear(color: .white)
        canvas.scale(2, 2)  // erase ignores the transform and covers the whole image
        canvas.erase()
        #expect(image.pixel(x: 7, y: 7) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(image.pixel(x: 0, y: 0) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func badSizesThrow() {
        #expect(throws: CairoError.self) { try RecordingSurface(width: 0, height: 10) }
        #expect(throws: CairoError.self) { try RecordingSurface(width: 10, height: 40_000) }
    }

    /// Pixels that differ at all between two images of one size.
    static func differingPixels(_ a: ImageSurface, _ b: ImageSurface) -> Int {
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 }
        }
        return differing
    }
}
