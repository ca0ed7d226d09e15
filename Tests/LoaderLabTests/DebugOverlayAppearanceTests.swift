import Foundation
import LayerKit
import LayerKitCairo
import Testing

@testable import LoaderLab

/// The debug overlay outlines masks and shadows and draws gradient lines where they are.
@Suite struct DebugOverlayAppearanceTests {
    @Test func masksShadowsAndGradientsAreOutlined() throws {
        // A 40×40 gradient layer with its bounds at (30, 30)…(70, 70) on screen; its mask's
        // bounds at (35.5, 35.5)…(55.5, 55.5); its shadow (no path: the bounds) moved by
        // (0.5, 30.5) to (30.5, 60.5)…(70.5, 100.5); its gradient line at x = 30 + 0.5125·40.
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        p.position = Point(50, 50)
        p.shadowOpacity = 1
        p.shadowOffset = Size(0.5, 30.5)
        var m = LayerProperties()
        m.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        m.position = Point(15.5, 15.5)
        var g = GradientProperties()
        g.startPoint = Point(0.5125, 0)
        g.endPoint = Point(0.5125, 1)
        let layer = PresentationLayer(properties: p, gradient: g, mask: PresentationLayer(properties: m))
        var tileProperties = LayerProperties()
        tileProperties.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
        tileProperties.position = Point(60, 60)
        let tile = PresentationLayer(properties: tileProperties, sublayers: [layer])
        let surface = try ImageSurface(width: 120, height: 120)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .black)
        DebugOverlay.draw(tile: tile, paths: [], scale: 1, on: canvas)
        #expect(canvas.error == nil)
        func pixel(_ x: Int, _ y: Int) -> Pixel { surface.pixel(x: x, y: y)! }
        // Cyan: the mask's left edge.
        let mask = pixel(35, 45)
        #expect(mask.blue > 200 && mask.green > 180 && mask.red < 60, "\(mask)")
        // Orange: the shadow's left edge, below the layer.
        let shadow = pixel(30, 85)
        #expect(shadow.red > 200 && shadow.green > 100 && shadow.green < 170 && shadow.blue < 60, "\(shadow)")
        // White: the gradient's line, and black beside it.
        let line = pixel(50, 62)
        #expect(line.red > 200 && line.green > 200 && line.blue > 200, "\(line)")
        #expect(pixel(48, 62).red < 30)
    }

    @Test func rasterizedLayersAreOutlinedInBlue() throws {
        // Two 30×30 layers side by side, bounds' left edges at x = 10.5 and x = 60.5 (the
        // hairlines fill pixel columns 10 and 60); the second is rasterized.
        func layer(x: Double, rasterized: Bool) -> PresentationLayer {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
            p.position = Point(x + 15.5, 45)
            p.shouldRasterize = rasterized
            return PresentationLayer(properties: p)
        }
        var tileProperties = LayerProperties()
        tileProperties.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
        tileProperties.position = Point(60, 60)
        let tile = PresentationLayer(
            properties: tileProperties,
            sublayers: [layer(x: 10, rasterized: false), layer(x: 60, rasterized: true)])
        let surface = try ImageSurface(width: 120, height: 120)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .black)
        DebugOverlay.draw(tile: tile, paths: [], scale: 1, on: canvas)
        let plain = try #require(surface.pixel(x: 10, y: 50))
        #expect(plain.red > 150 && plain.blue > 120 && plain.green < 80, "\(plain)")
        let rasterized = try #require(surface.pixel(x: 60, y: 50))
        #expect(rasterized.blue > 150 && rasterized.red < 120 && rasterized.green < 140, "\(rasterized)")
    }
}
