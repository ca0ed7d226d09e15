import LayerKit
import LayerKitCairo
import Testing

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

        var differing = 0
        for y in 0..<height {
            for x in 0..<width where direct.pixel(x: x, y: y) != replayed.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
        // The tree does draw: the root's background covers the image's corner.
        #expect(replayed.pixel(x: 0, y: 0)?.alpha == 204)
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
}
