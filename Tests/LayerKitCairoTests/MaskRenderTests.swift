import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Masks drawn: the layer shows through the alpha of its mask's rendered tree, placed in the
/// layer's own coordinates.
@Suite struct MaskRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func circleMask(radius: Double, center: Point) -> PresentationLayer {
        Fixture.shape(
            size: Size(2 * radius, 2 * radius), center: center,
            path: .oval(in: Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)))
    }

    @Test func aShapeMaskShowsTheLayerInsideItsPathOnly() throws {
        // A red 40×40 layer at (50, 50) — its bounds' origin at (30, 30) on screen — with a
        // circle of radius 15 as mask, centred at (25, 20) of the layer's bounds: the circle sits
        // at (30 + 25, 30 + 20) = (55, 50) on screen.
        var layer = Fixture.layer(size: Size(40, 40), center: Point(50, 50), background: Self.red)
        layer.mask = Self.circleMask(radius: 15, center: Point(25, 20))
        let image = try Fixture.render(layer, width: 100, height: 100)
        expectPixel(image, 55, 50, (255, 0, 0, 255))
        expectPixel(image, 55, 37, (255, 0, 0, 255))  // 12.5 from the centre: inside
        expectPixel(image, 55, 32, (255, 255, 255, 255))  // 17.5: outside the circle
        expectPixel(image, 33, 33, (255, 255, 255, 255))  // the layer's corner: masked away
        expectPixel(image, 38, 50, (255, 255, 255, 255))  // 16.5 left of the centre
        expectPixel(image, 42, 50, (255, 0, 0, 255))  // 12.5 left of it
    }

    @Test func theMasksAlphaScalesTheLayer() throws {
        // The mask's background at alpha 0.25 and its own opacity 0.5: an eighth shows.
        var layer = Fixture.layer(size: Size(20, 20), center: Point(10, 10), background: Self.blue)
        layer.mask = Fixture.layer(
            size: Size(20, 20), center: Point(10, 10), background: Color(white: 0, alpha: 0.25)
        ) { p in
            p.opacity = 0.5
        }
        let image = try Fixture.render(layer, width: 20, height: 20)
        let a = 0.125
        expectPixel(image, 10, 10, (255 * (1 - a), 255 * (1 - a), 255, 255), tolerance: 2)
    }

    @Test func theMaskCutsSublayersBorderAndShadowAndTheLayersOpacityStillApplies() throws {
        // The layer's bounds lie at (10…50, 10…50) on screen; a blue child across it at
        // y = 25…35 reaching past both sides, a border and a hard shadow 10 below: with a mask
        // covering the layer's left half only (x = 10…30 on screen), nothing shows right of it.
        let child = Fixture.layer(size: Size(60, 10), center: Point(20, 20), background: Self.blue)
        var layer = Fixture.layer(
            size: Size(40, 40), center: Point(30, 30), background: Self.red, sublayers: [child]
        ) { p in
            p.borderWidth = 2
            p.borderColor = .black
            p.shadowOpacity = 1
            p.shadowRadius = 0
            p.shadowOffset = Size(0, 10)
            p.opacity = 0.5
        }
        layer.mask = Fixture.layer(size: Size(20, 70), center: Point(10, 25), background: .black)
        let image = try Fixture.render(layer, width: 80, height: 80)
        expectPixel(image, 20, 20, (255, 127.5, 127.5, 255), tolerance: 2)  // red at half
        expectPixel(image, 20, 30, (127.5, 127.5, 255, 255), tolerance: 2)  // the child at half
        expectPixel(image, 5, 30, (255, 255, 255, 255))  // the child left of the mask
        expectPixel(image, 40, 30, (255, 255, 255, 255))  // right half: masked
        expectPixel(image, 40, 20, (255, 255, 255, 255))  // the child past the mask
        expectPixel(image, 20, 55, (127.5, 127.5, 127.5, 255), tolerance: 2)  // the shadow, left
        expectPixel(image, 40, 55, (255, 255, 255, 255))  // and cut on the right
        expectPixel(image, 10, 11, (127.5, 127.5, 127.5, 255), tolerance: 2)  // border over shadow
    }

    @Test func aMaskThatDrawsNothingHidesTheLayer() throws {
        for configure: (inout LayerProperties) -> Void in [{ $0.isHidden = true }, { $0.opacity = 0 }] {
            var layer = Fixture.layer(size: Size(20, 20), center: Point(10, 10), background: Self.red)
            layer.mask = Fixture.layer(size: Size(20, 20), center: Point(10, 10), background: .black) {
                configure(&$0)
            }
            let image = try Fixture.render(layer, width: 20, height: 20)
            expectPixel(image, 10, 10, (255, 255, 255, 255))
        }
        // A mask with no content at all hides it too.
        var empty = Fixture.layer(size: Size(20, 20), center: Point(10, 10), background: Self.red)
        empty.mask = Fixture.layer(size: Size(20, 20), center: Point(10, 10))
        expectPixel(try Fixture.render(empty, width: 20, height: 20), 10, 10, (255, 255, 255, 255))
    }

    @Test func anAnimatedMaskIsDrawnAsEvaluated() throws {
        // A ring spinner: a conic gradient masked by a stroked circle whose strokeEnd animates
        // 0 → 1 in a second; at 0.25 s a quarter of the ring (clockwise from the right) shows.
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        root.position = Point(30, 30)
        let gradient = GradientLayer()
        gradient.bounds = root.bounds
        gradient.position = Point(30, 30)
        gradient.colors = [Self.red, Self.blue]
        gradient.type = .conic
        gradient.startPoint = Point(0.5, 0.5)
        gradient.endPoint = Point(1, 0.5)
        let ring = ShapeLayer()
        ring.bounds = root.bounds
        ring.position = Point(30, 30)
        ring.path = .arc(
            center: Point(30, 30), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.fillColor = nil
        ring.strokeColor = .black
        ring.lineWidth = 8
        gradient.mask = ring
        root.addSublayer(gradient)
        let clock = ManualClock(time: 0)
        let scene = Scene(root: root, clock: clock)
        let grow = BasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        try scene.perform { try ring.add(grow, forKey: "grow") }
        clock.set(0.25)
        scene.update()
        let image = try Fixture.render(scene.presentation(), width: 60, height: 60)
        // On the ring 1/8 of a turn round (inside the quarter): coloured; 3/8 round: not yet.
        let d = 20 / 2.0.squareRoot()
        expectPixel(image, Int(30 + d), Int(30 + d), (223, 0, 32, 255), tolerance: 6)
        expectPixel(image, Int(30 - d), Int(30 + d), (255, 255, 255, 255))
        expectPixel(image, 30, 30, (255, 255, 255, 255))  // the hole in the middle
    }

    @Test func snapshot() throws {
        // Left: a conic gradient through a stroked arc (a typical spinner). Right: a blue card
        // with a shadow, cut by a rounded-rectangle mask smaller than the card.
        var spinner = PresentationLayer(
            properties: Fixture.layer(size: Size(60, 60), center: Point(40, 40)).properties,
            gradient: {
                var g = GradientProperties()
                g.type = .conic
                g.colors = [Color(r255: 90, g: 200, b: 200, alpha: 0), Color(r255: 90, g: 200, b: 200)]
                g.startPoint = Point(0.5, 0.5)
                g.endPoint = Point(0.5, 0)
                return g
            }())
        spinner.mask = Fixture.shape(
            size: Size(60, 60), center: Point(30, 30),
            path: .arc(
                center: Point(30, 30), radius: 22, startAngle: -.pi / 2, endAngle: 1.2 * .pi, clockwise: true)
        ) { s in
            s.fillColor = nil
            s.strokeColor = .black
            s.lineWidth = 7
            s.lineCap = .round
        }
        var card = Fixture.layer(
            size: Size(60, 44), center: Point(120, 40), background: Color(r255: 54, g: 136, b: 250)
        ) {
            p in
            p.shadowOpacity = 0.6
            p.shadowRadius = 3
            p.shadowOffset = Size(0, 4)
        }
        card.mask = Fixture.layer(size: Size(50, 50), center: Point(30, 27), background: .black) { p in
            p.cornerRadius = 12
        }
        let root = Fixture.layer(
            size: Size(160, 80), center: Point(80, 40), background: Color(white: 0.95),
            sublayers: [spinner, card])
        let image = try Fixture.render(root, width: 160, height: 80)
        try expectSnapshot(image, named: "masks")
    }
}
