import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Gradient layers drawn: every expected colour is worked out here from Apple's header (the
/// projection onto start→end, the ellipse's half-axes, the angle from start→end), independently
/// of the renderer.
@Suite struct GradientRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A gradient layer with its bounds at the origin, placed by its centre.
    static func gradient(
        size: Size, center: Point, _ configure: (inout GradientProperties) -> Void
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = center
        var g = GradientProperties()
        configure(&g)
        return PresentationLayer(properties: p, gradient: g)
    }

    /// Straight blend of `a` and `b` (0…1 components) at `t`, as 0…255 values.
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> (Double, Double, Double, Double) {
        let t = min(max(t, 0), 1)
        func c(_ x: Double, _ y: Double) -> Double { (x + (y - x) * t) * 255 }
        return (c(a.red, b.red), c(a.green, b.green), c(a.blue, b.blue), c(a.alpha, b.alpha))
    }

    /// The fraction of a turn from the direction `zero` to the offset (dx, dy), turning from +x
    /// towards +y (clockwise on screen).
    static func turn(_ dx: Double, _ dy: Double, from zero: Double) -> Double {
        var a = atan2(dy, dx) - zero
        while a < 0 { a += 2 * .pi }
        return a / (2 * .pi)
    }

    @Test func axialColourIsTheProjectionOntoStartToEnd() throws {
        // 100×50 points, start (0, 0) → end (1, 1): the line from (0, 0) to (100, 50) in points.
        let layer = Self.gradient(size: Size(100, 50), center: Point(50, 25)) { g in
            g.colors = [Self.red, Self.blue]
            g.startPoint = Point(0, 0)
            g.endPoint = Point(1, 1)
        }
        let image = try Fixture.render(layer, width: 100, height: 50)
        let d = (x: 100.0, y: 50.0)
        let lengthSquared = d.x * d.x + d.y * d.y
        for (x, y) in [(10, 10), (50, 25), (80, 5), (5, 45), (95, 45), (30, 40)] {
            // The pixel's centre projected onto the gradient line, as a fraction of its length.
            let t = ((Double(x) + 0.5) * d.x + (Double(y) + 0.5) * d.y) / lengthSquared
            expectPixel(image, x, y, Self.mix(Self.red, Self.blue, t), tolerance: 2)
        }
    }

    @Test func locationsPadBeforeTheFirstAndAfterTheLastStop() throws {
        // Vertical (the default points), three stops at 0.25, 0.5, 0.75 of 80 points.
        let layer = Self.gradient(size: Size(20, 80), center: Point(10, 40)) { g in
            g.colors = [Self.red, Self.green, Self.blue]
            g.locations = [0.25, 0.5, 0.75]
        }
        let image = try Fixture.render(layer, width: 20, height: 80)
        expectPixel(image, 10, 5, (255, 0, 0, 255))  // t ≈ 0.07: before the first stop
        expectPixel(image, 10, 75, (0, 0, 255, 255))  // t ≈ 0.94: after the last
        // y = 30.5 → t = 0.38125, (0.38125 − 0.25) / 0.25 of the way from red to green.
        expectPixel(image, 10, 30, Self.mix(Self.red, Self.green, (30.5 / 80 - 0.25) / 0.25), tolerance: 2)
        expectPixel(image, 10, 50, Self.mix(Self.green, Self.blue, (50.5 / 80 - 0.5) / 0.25), tolerance: 2)
    }

    @Test func coloursWithAlphaBlendUnpremultiplied() throws {
        // Clear black → opaque red over black: half-way the colour is (0.5, 0, 0) at alpha 0.5
        // (Core Graphics' blend, the reason a fade to `clear` darkens), which over black
        // composites to 0.5 · 0.5 = 0.25 red.
        let layer = Self.gradient(size: Size(100, 10), center: Point(50, 5)) { g in
            g.colors = [.clear, Self.red]
            g.startPoint = Point(0, 0.5)
            g.endPoint = Point(1, 0.5)
        }
        let image = try Fixture.render(layer, width: 100, height: 10, background: .black)
        let t = 50.5 / 100
        expectPixel(image, 50, 5, (255 * t * t, 0, 0, 255), tolerance: 2)
    }

    @Test func radialColourIsTheDistanceInHalfAxes() throws {
        // Centre (0.5, 0.5) of 100×80 = (50, 40); end (1, 0.75): half-axes 50 and 20 points.
        let layer = Self.gradient(size: Size(100, 80), center: Point(50, 40)) { g in
            g.type = .radial
            g.colors = [Self.red, Self.blue]
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(1, 0.75)
        }
        let image = try Fixture.render(layer, width: 100, height: 80)
        for (x, y) in [(50, 40), (70, 40), (50, 50), (60, 45), (20, 30), (90, 41)] {
            let dx = (Double(x) + 0.5 - 50) / 50
            let dy = (Double(y) + 0.5 - 40) / 20
            expectPixel(
                image, x, y, Self.mix(Self.red, Self.blue, (dx * dx + dy * dy).squareRoot()), tolerance: 2)
        }
        // Outside the ellipse: the last colour.
        expectPixel(image, 50, 70, (0, 0, 255, 255))
        expectPixel(image, 2, 2, (0, 0, 255, 255))
    }

    @Test func conicColourIsTheAngleFromStartToEndClockwise() throws {
        // About the centre, 0 pointing up (end (0.5, 0)); red → blue over a full turn.
        let layer = Self.gradient(size: Size(80, 80), center: Point(40, 40)) { g in
            g.type = .conic
            g.colors = [Self.red, Self.blue]
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(0.5, 0)
        }
        let image = try Fixture.render(layer, width: 80, height: 80)
        for (x, y) in [(70, 40), (40, 70), (10, 40), (65, 15), (20, 60), (41, 5)] {
            // Angle from "up" turning clockwise on screen (from +x towards +y): atan2 of the
            // offset, minus the angle of up (−π/2), as a fraction of a turn.
            let t = Self.turn(Double(x) + 0.5 - 40, Double(y) + 0.5 - 40, from: -.pi / 2)
            expectPixel(image, x, y, Self.mix(Self.red, Self.blue, t), tolerance: 2)
        }
        // Right, down and left are a quarter, a half and three quarters of the way.
        expectPixel(image, 79, 40, Self.mix(Self.red, Self.blue, 0.25), tolerance: 3)
        expectPixel(image, 40, 79, Self.mix(Self.red, Self.blue, 0.5), tolerance: 3)
    }

    @Test func conicFollowsTheLayersTransform() throws {
        // The same conic turned a quarter clockwise: what pointed up now points right, so just
        // right of the centre is location 0 (red) and just below it a quarter. At scale 2 a
        // pixel's centre is (x + 0.5) / 2 points.
        var layer = Self.gradient(size: Size(80, 80), center: Point(40, 40)) { g in
            g.type = .conic
            g.colors = [Self.red, Self.blue]
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(0.5, 0)
        }
        layer.properties.transform = Transform3D(rotationZ: .pi / 2)
        let image = try Fixture.render(layer, width: 80, height: 80, scale: 2)
        for (x, y) in [(150, 81), (79, 150), (20, 100), (100, 20)] {
            let t = Self.turn((Double(x) + 0.5) / 2 - 40, (Double(y) + 0.5) / 2 - 40, from: 0)
            expectPixel(image, x, y, Self.mix(Self.red, Self.blue, t), tolerance: 3)
        }
    }

    @Test func gradientFillsTheRoundedShapeOverTheBackground() throws {
        // A solid-looking gradient (one colour) over a yellow background, corner radius 20: the
        // corner pixel outside the arc shows the canvas; inside, the gradient covers the
        // background everywhere.
        let layer = Self.gradient(size: Size(60, 60), center: Point(30, 30)) { g in
            g.colors = [Self.blue, Self.blue]
        }
        var rounded = layer
        rounded.properties.cornerRadius = 20
        rounded.properties.backgroundColor = Color(red: 1, green: 1, blue: 0)
        let image = try Fixture.render(rounded, width: 60, height: 60)
        expectPixel(image, 1, 1, (255, 255, 255, 255))
        expectPixel(image, 30, 30, (0, 0, 255, 255))
        expectPixel(image, 10, 10, (0, 0, 255, 255))
        expectPixel(image, 58, 30, (0, 0, 255, 255))
    }

    @Test func degenerateGradients() throws {
        // Start = end: an axial gradient has no direction and draws nothing; a radial one with
        // a zero half-axis puts everything past its edge: the last colour.
        let axial = Self.gradient(size: Size(20, 20), center: Point(10, 10)) { g in
            g.colors = [Self.red, Self.blue]
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(0.5, 0.5)
        }
        var radial = axial
        radial.gradient?.type = .radial
        radial.gradient?.endPoint = Point(1, 0.5)
        radial.properties.position = Point(30, 10)
        var conic = axial
        conic.gradient?.type = .conic
        conic.properties.position = Point(50, 10)
        let root = Fixture.layer(
            size: Size(60, 20), center: Point(30, 10), sublayers: [axial, radial, conic])
        let image = try Fixture.render(root, width: 60, height: 20)
        expectPixel(image, 10, 10, (255, 255, 255, 255))
        expectPixel(image, 25, 3, (0, 0, 255, 255))
        // Conic with no direction measures from +x: right of its centre is red.
        expectPixel(image, 58, 10, Self.mix(Self.red, Self.blue, Self.turn(8.5, 0.5, from: 0)), tolerance: 3)
    }

    @Test func badGradientValuesDrawNothingWrong() throws {
        let bad: [(inout GradientProperties) -> Void] = [
            { $0.colors = [] },
            { $0.startPoint = Point(.nan, 0) },
            { $0.endPoint = Point(.infinity, 1) },
            { $0.locations = [.nan, 0.5] },
            { $0.locations = [0.3] },  // mismatched: even spread
            { $0.locations = [1, 0] },  // descending: both at 1
            { $0.colors = [Color(red: .nan, green: 5, blue: -1), Self.red] },
            {
                $0.type = .radial
                $0.endPoint = Point(1e300, -1e300)
            },
            {
                $0.type = .conic
                $0.startPoint = Point(.nan, .nan)
            },
        ]
        var layers: [PresentationLayer] = []
        for (i, f) in bad.enumerated() {
            layers.append(
                Self.gradient(size: Size(10, 10), center: Point(Double(i) * 20 + 5, 5)) { g in
                    g.colors = [Self.red, Self.blue]
                    f(&g)
                })
            layers.append(
                Fixture.layer(size: Size(6, 6), center: Point(Double(i) * 20 + 15, 5), background: Self.green)
            )
        }
        let root = Fixture.layer(
            size: Size(Double(bad.count) * 20, 10), center: Point(Double(bad.count) * 10, 5),
            sublayers: layers)
        let image = try Fixture.render(root, width: bad.count * 20, height: 10)
        for i in bad.indices { expectPixel(image, i * 20 + 15, 5, (0, 255, 0, 255)) }
    }

    @Test func snapshot() throws {
        let colors = [
            Color(r255: 90, g: 200, b: 200), Color(r255: 250, g: 85, b: 78), Color(r255: 92, g: 201, b: 105),
        ]
        let axial = Self.gradient(size: Size(60, 60), center: Point(40, 40)) { g in
            g.colors = colors
            g.locations = [0, 0.3, 1]
            g.startPoint = Point(0, 0.2)
            g.endPoint = Point(1, 0.8)
        }
        var radial = Self.gradient(size: Size(60, 60), center: Point(110, 40)) { g in
            g.type = .radial
            g.colors = colors
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(1, 0.8)
        }
        radial.properties.cornerRadius = 12
        radial.properties.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        var conic = Self.gradient(size: Size(60, 60), center: Point(180, 40)) { g in
            g.type = .conic
            g.colors = colors + [colors[0]]
            g.startPoint = Point(0.5, 0.5)
            g.endPoint = Point(1, 0.5)
        }
        conic.properties.cornerRadius = 30
        let root = Fixture.layer(
            size: Size(220, 80), center: Point(110, 40), sublayers: [axial, radial, conic])
        let image = try Fixture.render(root, width: 220, height: 80)
        try expectSnapshot(image, named: "gradients")
    }
}
