import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Shadows: the shape's alpha blurred by a Gaussian of σ = shadowRadius, at the offset. The
/// expected values come from the Gaussian itself, worked out here: blurring a straight edge
/// leaves, d points outside it, the fraction Φ(−d/σ) of the shadow (Φ the standard normal
/// distribution), and at a corner the product of the two edges' fractions.
@Suite struct ShadowRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// The standard normal distribution function.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    /// What a pixel shows over white when `alpha` of an opaque black shadow covers it.
    static func overWhite(_ alpha: Double) -> (Double, Double, Double, Double) {
        let v = 255 * (1 - alpha)
        return (v, v, v, 255)
    }

    /// A red layer whose only edge on a `width`×40 canvas is its right side at x = 50 (it runs
    /// from x = −100 and from y = −100 to 140), with `configure` applied.
    static func halfPlane(width: Int, _ configure: (inout LayerProperties) -> Void) -> PresentationLayer {
        Fixture.layer(size: Size(150, 240), center: Point(-25, 20), background: red) { p in
            p.shadowOpacity = 1
            p.shadowOffset = Size(0, 0)
            configure(&p)
        }
    }

    @Test(arguments: [1, 2])
    func anEdgeBlursAsTheNormalDistribution(scale: Int) throws {
        // σ = shadowRadius = 3 points; offset 10 points right: the shadow's edge is at x = 60.
        let layer = Self.halfPlane(width: 100) { p in
            p.shadowRadius = 3
            p.shadowOffset = Size(10, 0)
        }
        let image = try Fixture.render(layer, width: 100, height: 40, scale: scale)
        let s = Double(scale)
        // Every pixel column between the layer's edge and 3σ past the shadow's: a pixel's
        // centre lies (x + ½)/scale − 60 points from the shadow's edge.
        for px in (Int(50 * s))..<(Int(70 * s)) {
            let d = (Double(px) + 0.5) / s - 60
            expectPixel(image, px, 20 * scale, Self.overWhite(Self.phi(-d / 3)), tolerance: 2)
        }
        expectPixel(image, 75 * scale, 20 * scale, (255, 255, 255, 255))
        expectPixel(image, 40 * scale, 20 * scale, (255, 0, 0, 255))  // the layer covers its shadow
    }

    @Test func aCornerIsTheProductOfItsEdges() throws {
        // A 40×40 transparent layer with an opaque black square shadow path, cast 50 points
        // right: the shadow square spans (50…90, 0…40) on screen; σ = 4.
        let layer = Fixture.layer(size: Size(40, 40), center: Point(20, 20)) { p in
            p.shadowOpacity = 1
            p.shadowRadius = 4
            p.shadowOffset = Size(50, 0)
            p.shadowPath = .rect(Rect(x: 0, y: 0, width: 40, height: 40))
        }
        let image = try Fixture.render(layer, width: 100, height: 60)
        for (x, y) in [(90, 40), (92, 44), (88, 38), (95, 41), (86, 46), (70, 43), (93, 20)] {
            // Signed distances outside the right edge (x = 90) and the bottom edge (y = 40).
            let dx = Double(x) + 0.5 - 90
            let dy = Double(y) + 0.5 - 40
            expectPixel(image, x, y, Self.overWhite(Self.phi(-dx / 4) * Self.phi(-dy / 4)), tolerance: 2)
        }
    }

    @Test func colourAndOpacityAndTheDefaultOffsetAboveTheLayer() throws {
        // A blue shadow at opacity 0.5, hard (radius 0), with iOS's default offset (0, −3): it
        // shows in the 3 points above the layer, as blue at half strength over white.
        let layer = Fixture.layer(size: Size(20, 20), center: Point(20, 20), background: Self.red) { p in
            p.shadowColor = Self.blue
            p.shadowOpacity = 0.5
            p.shadowRadius = 0
        }
        #expect(LayerProperties().shadowOffset == Size(0, -3))
        #expect(LayerProperties().shadowRadius == 3 && LayerProperties().shadowOpacity == 0)
        let image = try Fixture.render(layer, width: 40, height: 40)
        expectPixel(image, 20, 8, (127.5, 127.5, 255, 255), tolerance: 2)
        expectPixel(image, 20, 11, (255, 0, 0, 255))
        expectPixel(image, 20, 6, (255, 255, 255, 255))
        expectPixel(image, 20, 31, (255, 255, 255, 255))  // nothing below
    }

    @Test func theShadowTakesTheLayersDrawnAlpha() throws {
        // A shape layer (a circle of radius 10, no background) casts a hard circular shadow 30
        // points right: inside the circle's image there is shadow, in the corner of its box none.
        var circle = Fixture.shape(
            size: Size(20, 20), center: Point(15, 15),
            path: .oval(in: Rect(x: 0, y: 0, width: 20, height: 20))
        ) { s in
            s.fillColor = Self.red
        }
        circle.properties.shadowOpacity = 1
        circle.properties.shadowRadius = 0
        circle.properties.shadowOffset = Size(30, 0)
        let image = try Fixture.render(circle, width: 60, height: 30)
        expectPixel(image, 45, 15, (0, 0, 0, 255))
        expectPixel(image, 36, 6, (255, 255, 255, 255))
        expectPixel(image, 54, 24, (255, 255, 255, 255))
        // A sublayer's alpha counts too: a child square below the circle adds its shadow.
        var parent = circle
        parent.sublayers = [Fixture.layer(size: Size(4, 4), center: Point(10, 24), background: Self.blue)]
        let withChild = try Fixture.render(parent, width: 60, height: 30)
        expectPixel(withChild, 45, 28, (0, 0, 0, 255))
        expectPixel(image, 45, 28, (255, 255, 255, 255))
    }

    @Test func theShadowTurnsWithTheLayerAndFadesWithItsOpacity() throws {
        // Offset (10, 0) on a layer turned a quarter clockwise: the shadow falls 10 points down.
        // The layer at opacity 0.5 fades its shadow with it.
        let layer = Fixture.layer(size: Size(20, 20), center: Point(30, 20), background: Self.red) { p in
            p.shadowOpacity = 1
            p.shadowRadius = 0
            p.shadowOffset = Size(10, 0)
            p.transform = Transform3D(rotationZ: .pi / 2)
            p.opacity = 0.5
        }
        let image = try Fixture.render(layer, width: 60, height: 60)
        expectPixel(image, 30, 35, (127.5, 127.5, 127.5, 255), tolerance: 2)  // shadow only
        expectPixel(image, 42, 20, (255, 255, 255, 255))  // not to the right
        // Layer over its shadow, the group at half: (red over black)·½ + white·½.
        expectPixel(image, 30, 25, (255, 127.5, 127.5, 255), tolerance: 2)
    }

    @Test func masksToBoundsClipsTheShadow() throws {
        let layer = Fixture.layer(size: Size(20, 20), center: Point(20, 20)) { p in
            p.shadowOpacity = 1
            p.shadowRadius = 0
            p.shadowOffset = Size(5, 5)
            p.shadowPath = .rect(Rect(x: 0, y: 0, width: 20, height: 20))
            p.masksToBounds = true
        }
        let image = try Fixture.render(layer, width: 40, height: 40)
        expectPixel(image, 27, 27, (0, 0, 0, 255))  // inside the bounds
        expectPixel(image, 32, 32, (255, 255, 255, 255))  // outside: clipped
    }

    @Test func wideBlursStayWithinThreePercentOfTheGaussian() throws {
        // σ = 20 points is past the exact kernel's limit: three box blurs stand in for it.
        let layer = Self.halfPlane(width: 200) { p in
            p.shadowRadius = 20
            p.shadowOffset = Size(40, 0)
        }
        let image = try Fixture.render(layer, width: 200, height: 40)
        for px in stride(from: 52, to: 150, by: 7) {
            let d = Double(px) + 0.5 - 90
            expectPixel(image, px, 20, Self.overWhite(Self.phi(-d / 20)), tolerance: 0.03 * 255)
        }
    }

    @Test func aRegionDrawnAloneMatchesTheWholeDrawing() throws {
        // The same blurred, fractionally offset shadow drawn whole and through a small clip:
        // inside the clip the pixels agree exactly.
        let layer = Fixture.layer(size: Size(30, 30), center: Point(30, 30), background: Self.red) { p in
            p.shadowOpacity = 0.8
            p.shadowRadius = 2.5
            p.shadowOffset = Size(6.3, 4.7)
            p.cornerRadius = 8
        }
        let whole = try Fixture.render(layer, width: 60, height: 60, scale: 2)
        let part = try ImageSurface(width: 120, height: 120)
        let canvas = try Canvas(surface: part)
        canvas.clear(color: .white)
        canvas.scale(2, 2)
        canvas.clip(to: Rect(x: 41, y: 38, width: 9, height: 11))
        LayerRenderer().draw(layer, on: canvas)
        for y in 76..<98 {
            for x in 82..<100 { #expect(part.pixel(x: x, y: y) == whole.pixel(x: x, y: y), "(\(x), \(y))") }
        }
    }

    @Test func badShadowValuesNeverBreakTheContext() throws {
        let bad: [(inout LayerProperties) -> Void] = [
            { $0.shadowRadius = .nan },
            { $0.shadowRadius = .infinity },
            { $0.shadowRadius = -5 },  // a hard shadow
            { $0.shadowRadius = 1e9 },
            { $0.shadowOffset = Size(.nan, 0) },
            { $0.shadowOffset = Size(1e300, -1e300) },
            { $0.shadowOpacity = .nan },
            { $0.shadowOpacity = 7 },
            { $0.shadowColor = Color(red: .nan, green: 2, blue: -1, alpha: .infinity) },
            { $0.shadowColor = nil },
            { $0.shadowPath = Path(elements: [.move(to: Point(0, 0)), .line(to: Point(.nan, 3))]) },
            { $0.shadowPath = Path() },
        ]
        // Far enough apart that a sound shadow (radius 3 reaches 10 points) misses the sibling.
        var layers: [PresentationLayer] = []
        for (i, f) in bad.enumerated() {
            layers.append(
                Fixture.layer(size: Size(10, 10), center: Point(Double(i) * 40 + 5, 20), background: Self.red)
                { p in
                    p.shadowOpacity = 1
                    f(&p)
                })
            layers.append(
                Fixture.layer(size: Size(4, 4), center: Point(Double(i) * 40 + 25, 20), background: Self.blue)
            )
        }
        let root = Fixture.layer(
            size: Size(Double(bad.count) * 40, 40), center: Point(Double(bad.count) * 20, 20),
            sublayers: layers)
        let image = try Fixture.render(root, width: bad.count * 40, height: 40)
        for i in bad.indices {
            expectPixel(image, i * 40 + 5, 20, (255, 0, 0, 255))
            expectPixel(image, i * 40 + 25, 20, (0, 0, 255, 255))
        }
    }

    @Test func snapshot() throws {
        // A card with a soft shadow below it, a dot with a coloured hard-ish shadow, and a
        // transparent layer casting only an elliptical contact shadow from its shadow path.
        let card = Fixture.layer(size: Size(60, 40), center: Point(45, 40), background: .white) { p in
            p.cornerRadius = 8
            p.shadowOpacity = 0.35
            p.shadowRadius = 6
            p.shadowOffset = Size(0, 5)
        }
        var dot = Fixture.shape(
            size: Size(30, 30), center: Point(120, 40),
            path: .oval(in: Rect(x: 0, y: 0, width: 30, height: 30))
        ) { s in
            s.fillColor = Color(r255: 234, g: 67, b: 69)
        }
        dot.properties.shadowOpacity = 0.8
        dot.properties.shadowColor = Color(r255: 54, g: 136, b: 250)
        dot.properties.shadowRadius = 1.5
        dot.properties.shadowOffset = Size(4, 4)
        let contact = Fixture.layer(size: Size(50, 50), center: Point(185, 35)) { p in
            p.shadowOpacity = 0.5
            p.shadowRadius = 3
            p.shadowOffset = .zero
            p.shadowPath = .oval(in: Rect(x: 5, y: 42, width: 40, height: 8))
        }
        let root = Fixture.layer(
            size: Size(220, 80), center: Point(110, 40), background: Color(white: 0.93),
            sublayers: [card, dot, contact])
        let image = try Fixture.render(root, width: 220, height: 80)
        try expectSnapshot(image, named: "shadows")
    }
}
