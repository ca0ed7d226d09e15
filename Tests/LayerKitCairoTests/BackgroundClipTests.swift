import LayerKit
import Testing

@testable import LayerKitCairo

/// A background drawn under a clip that lies wholly inside it (a small damaged region inside a
/// phone's screen) is painted rather than filled: the pixels must be those a full fill makes.
@Suite struct BackgroundClipTests {
    func tree(opacity: Double) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 70.3, height: 50.6)
        p.position = Point(x: 40.25, y: 30.4)
        p.cornerRadius = 9
        p.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: opacity)
        p.transform = Transform3D(rotationZ: 0.05)
        return PresentationLayer(properties: p)
    }

    @Test(arguments: [1.0, 0.55])
    func paintedRegionsMatchTheFullFill(opacity: Double) throws {
        let scale = 2.0
        let full = try ImageSurface(width: 160, height: 120)
        let fullCanvas = try Canvas(surface: full)
        fullCanvas.clear(color: Color(white: 0.3))
        fullCanvas.scale(scale, scale)
        LayerRenderer().draw(tree(opacity: opacity), on: fullCanvas)
        full.flush()

        // Regions well inside the rounded rectangle: painted.
        let regions = [Rect(x: 30, y: 20, width: 12, height: 9), Rect(x: 25, y: 20, width: 25, height: 16)]
        for region in regions {
            let part = try ImageSurface(width: 160, height: 120)
            let canvas = try Canvas(surface: part)
            canvas.clear(color: Color(white: 0.3))
            canvas.scale(scale, scale)
            canvas.save()
            canvas.clip(to: region)
            LayerRenderer().draw(tree(opacity: opacity), on: canvas)
            canvas.restore()
            part.flush()
            var differing = 0
            for y in Int(region.minY * scale)..<Int(region.maxY * scale) {
                for x in Int(region.minX * scale)..<Int(region.maxX * scale)
                where part.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "region \(region): \(differing) pixels differ")
        }
    }

    @Test func onlyAClipWhollyInsideTheCornersAndEdgesCounts() throws {
        let canvas = try Canvas(surface: try ImageSurface(width: 100, height: 100))
        let rect = Rect(x: 10, y: 10, width: 60, height: 40)
        func lies(_ clip: Rect) -> Bool {
            canvas.save()
            defer { canvas.restore() }
            canvas.clip(to: clip)
            return LayerRenderer.clipLies(inside: rect, inset: 8, canvas.cr)
        }
        #expect(lies(Rect(x: 20, y: 20, width: 40, height: 20)))
        // Across a rounded corner, across an edge, and a pixel short of the inset.
        #expect(!lies(Rect(x: 11, y: 11, width: 10, height: 10)))
        #expect(!lies(Rect(x: 50, y: 30, width: 30, height: 10)))
        #expect(!lies(Rect(x: 18.5, y: 20, width: 10, height: 10)))
    }

    @Test func aPixelIsMeasuredAlongEachAxis() throws {
        // Squeezed to a quarter vertically: a device pixel is 4 units tall in user space, so a
        // clip 2 units inside the top edge has pixels reaching past it.
        let canvas = try Canvas(surface: try ImageSurface(width: 100, height: 100))
        canvas.scale(1, 0.25)
        let rect = Rect(x: 10, y: 10, width: 60, height: 200)
        func lies(_ clip: Rect) -> Bool {
            canvas.save()
            defer { canvas.restore() }
            canvas.clip(to: clip)
            return LayerRenderer.clipLies(inside: rect, inset: 0, canvas.cr)
        }
        #expect(!lies(Rect(x: 20, y: 12, width: 10, height: 40)))
        #expect(lies(Rect(x: 20, y: 16, width: 10, height: 40)))
    }
}
