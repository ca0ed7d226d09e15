import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

/// `LayerRenderer.damage(from:to:scale:)`: a ring being drawn on (a trimmed stroke, always
/// drawn from a store) damages only the pixels where its store changed. The oracle: redrawing
/// only that damage, frame after frame, leaves exactly the bytes a fresh renderer draws for
/// the same frame whole.
@Suite struct StoreDamageTests {
    static let backdrop = Color(red: 0.12, green: 0.13, blue: 0.16)

    /// Orbit's ring: a circle stroked white, turned by a quarter turn (or not) so that it
    /// starts at the top, its end at `end`; a dashed ring under it and a ball over it.
    static func tree(end: Double, turned: Bool, lineWidth: Double) -> PresentationLayer {
        var ring = Fixture.shape(
            "ring", size: Size(100, 100), center: Point(80.3, 79.6),
            path: .oval(in: Rect(x: 0, y: 0, width: 100, height: 100))
        ) {
            $0.fillColor = nil
            $0.strokeColor = .white
            $0.lineWidth = lineWidth
            $0.strokeEnd = end
        }
        if turned { ring.properties.transform = Transform3D(rotationZ: .pi + .pi / 2) }
        let dashes = Fixture.shape(
            "dashes", size: Size(100, 100), center: Point(80.3, 79.6),
            path: .oval(in: Rect(x: 0, y: 0, width: 100, height: 100))
        ) {
            $0.fillColor = nil
            $0.strokeColor = Color(white: 0.6)
            $0.lineWidth = 0.5
            $0.lineDashPattern = [1, 1]
        }
        let ball = Fixture.layer("ball", size: Size(8, 8), center: Point(80.3, 29.6), background: .white) {
            $0.cornerRadius = 4
        }
        return Fixture.layer(
            "root", size: Size(160, 160), center: Point(80, 80), background: backdrop,
            sublayers: [dashes, ring, ball])
    }

    func full(_ tree: PresentationLayer, _ renderer: LayerRenderer, scale: Int) throws -> ImageSurface {
        let image = try ImageSurface(width: 160 * scale, height: 160 * scale)
        let canvas = try Canvas(surface: image)
        canvas.scale(Double(scale), Double(scale))
        renderer.draw(tree, on: canvas)
        image.flush()
        return image
    }

    @Test(arguments: [(1, true, 1.0), (2, true, 1.0), (1, false, 2.0), (2, true, 2.5)])
    func redrawingTheStoresChangesLeavesTheWholeDrawing(scale: Int, turned: Bool, lineWidth: Double) throws {
        let renderer = LayerRenderer()
        var previous = Self.tree(end: 0, turned: turned, lineWidth: lineWidth)
        let image = try full(previous, renderer, scale: scale)
        let canvas = try Canvas(surface: image)
        canvas.scale(Double(scale), Double(scale))
        let s = Double(scale)
        var total = 0.0
        // Eased ends, as the loader's timing gives them, then round again from the start.
        let ends = (1...40).map { i -> Double in
            let t = Double(i % 30) / 30
            return t * t * (3 - 2 * t)
        }
        for (step, end) in ends.enumerated() {
            let tree = Self.tree(end: end, turned: turned, lineWidth: lineWidth)
            let rects = try #require(renderer.damage(from: previous, to: tree, scale: s), "step \(step)")
            var area = 0.0
            for r in rects {
                // As the gallery redraws them: grown by a pixel, out to whole pixels.
                let x0 = ((r.minX - 1 / s) * s).rounded(.down)
                let y0 = ((r.minY - 1 / s) * s).rounded(.down)
                let x1 = ((r.maxX + 1 / s) * s).rounded(.up)
                let y1 = ((r.maxY + 1 / s) * s).rounded(.up)
                let region = Rect(x: x0 / s, y: y0 / s, width: (x1 - x0) / s, height: (y1 - y0) / s)
                area += region.width * region.height
                canvas.save()
                canvas.clip(to: region)
                canvas.fill(region, color: Color(red: 1, green: 0, blue: 1))
                renderer.draw(tree, on: canvas)
                canvas.restore()
            }
            image.flush()
            let reference = try full(tree, LayerRenderer(), scale: scale)
            let (worst, differing) = Fixture.difference(image, reference)
            #expect(differing == 0, "step \(step), end \(end): \(differing) pixels differ, worst by \(worst)")
            // The ring's box is 100 × 100 points; its extents before and after would be all of it.
            total += area
            previous = tree
            if differing > 0 { break }
        }
        // The extents before and after would be the ring's whole box, 100 × 100 points, at
        // every step. The store changes along the stretch of the ring whose curve the end cuts
        // (the cut curve is flattened anew), which is at most a quarter of the ring.
        let mean = total / Double(ends.count)
        #expect(mean < 100 * 100 / 3, "\(mean) square points damaged a step on average")
    }

    /// Where two images differ, as runs of rows: found pixel by pixel.
    @Test func differingRowsAreFoundExactly() throws {
        let a = try ImageSurface(width: 9, height: 7)
        let b = try ImageSurface(width: 9, height: 7)
        let ca = try Canvas(surface: a)
        let cb = try Canvas(surface: b)
        ca.clear(color: .black)
        cb.clear(color: .black)
        cb.fill(Rect(x: 2, y: 1, width: 1, height: 2), color: .white)
        cb.fill(Rect(x: 6, y: 2, width: 2, height: 1), color: .white)
        cb.fill(Rect(x: 4, y: 5, width: 1, height: 1), color: .white)
        a.flush()
        b.flush()
        #expect(
            LayerRenderer.differingRows(a, b) == [
                LayerRenderer.PixelSpan(minX: 2, minY: 1, maxX: 8, maxY: 3),
                LayerRenderer.PixelSpan(minX: 4, minY: 5, maxX: 5, maxY: 6),
            ])
        #expect(LayerRenderer.differingRows(a, a).isEmpty)
    }
}
