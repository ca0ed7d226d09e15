import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// How layers are placed: bounds origin, anchor point, sublayerTransform, zPosition, border.
@Suite struct GeometryRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test func boundsOriginShiftsSublayers() throws {
        // Bounds (10, 10, 40, 40) at position (50, 50): the bounds point (30, 30), the anchor,
        // lands on (50, 50); a child at (30, 30) is centred there.
        let child = Fixture.layer(size: Size(6, 6), center: Point(30, 30), background: Self.red)
        var parent = Fixture.layer(size: Size(40, 40), center: Point(50, 50), sublayers: [child])
        parent.properties.bounds.origin = Point(10, 10)
        let image = try Fixture.render(parent, width: 100, height: 100)
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        expectPixel(image, 47, 47, (255, 0, 0, 255))
        expectPixel(image, 44, 50, (255, 255, 255, 255))
    }

    @Test func anchorPointPlacesTheLayer() throws {
        // Anchor (0, 0): the position is the layer's top-left corner.
        let layer = Fixture.layer(size: Size(10, 10), center: Point(20, 30), background: Self.red) { p in
            p.anchorPoint = Point(0, 0)
        }
        let image = try Fixture.render(layer, width: 50, height: 50)
        expectPixel(image, 20, 30, (255, 0, 0, 255))
        expectPixel(image, 29, 39, (255, 0, 0, 255))
        expectPixel(image, 19, 30, (255, 255, 255, 255))
        expectPixel(image, 30, 35, (255, 255, 255, 255))
    }

    @Test func sublayerTransformTurnsAboutTheAnchorPoint() throws {
        // Parent 40×40, anchor (0, 0) at (30, 30); sublayerTransform a quarter turn about the
        // anchor, the bounds point (0, 0). A child at (40, 20) turns (x, y) → (−y, x) to
        // (−20, 40), plus the position: (10, 70).
        let child = Fixture.layer(size: Size(6, 6), center: Point(40, 20), background: Self.red)
        let parent = Fixture.layer(size: Size(40, 40), center: Point(30, 30), sublayers: [child]) { p in
            p.anchorPoint = .zero
            p.sublayerTransform = Transform3D(rotationZ: .pi / 2)
        }
        let image = try Fixture.render(parent, width: 100, height: 100)
        expectPixel(image, 10, 70, (255, 0, 0, 255))
        expectPixel(image, 8, 68, (255, 0, 0, 255))
        expectPixel(image, 70, 50, (255, 255, 255, 255))

        // With the default anchor (0.5, 0.5), the turn is about the bounds centre (20, 20):
        // (40, 20) is (20, 0) from it → (0, 20) → (20, 40) in bounds, at (30, 30) − (20, 20)
        // + (20, 40) = (30, 50) on screen for a parent at position (30, 30).
        var centred = parent
        centred.properties.anchorPoint = Point(0.5, 0.5)
        let image2 = try Fixture.render(centred, width: 100, height: 100)
        expectPixel(image2, 30, 50, (255, 0, 0, 255))
        expectPixel(image2, 40, 20, (255, 255, 255, 255))
    }

    @Test func zPositionOrdersSiblingsStably() throws {
        // Drawn later = on top. Blue has the higher zPosition, so it covers red though it
        // comes first; the two red-green ties keep their order (green, added later, on top).
        let blueLayer = Fixture.layer(size: Size(20, 20), center: Point(20, 20), background: Self.blue) { p in
            p.zPosition = 1
        }
        let redLayer = Fixture.layer(size: Size(20, 20), center: Point(25, 25), background: Self.red)
        let greenLayer = Fixture.layer(
            size: Size(10, 10), center: Point(30, 30), background: Color(red: 0, green: 1, blue: 0))
        let root = Fixture.layer(
            size: Size(50, 50), center: Point(25, 25), sublayers: [blueLayer, redLayer, greenLayer])
        #expect(LayerRenderer.drawingOrder(root.sublayers) == [1, 2, 0])
        let image = try Fixture.render(root, width: 50, height: 50)
        expectPixel(image, 27, 27, (0, 0, 255, 255))  // blue over red and green
        expectPixel(image, 32, 32, (0, 255, 0, 255))  // green over red
        expectPixel(image, 33, 18, (255, 0, 0, 255))  // red alone
    }

    @Test func borderIsInsetAndDrawnAboveSublayers() throws {
        // Border width 4 covers the outer 4 points of the 40-point bounds (10…50), above the
        // red child that fills the bounds.
        let child = Fixture.layer(size: Size(40, 40), center: Point(20, 20), background: Self.red)
        let layer = Fixture.layer(size: Size(40, 40), center: Point(30, 30), sublayers: [child]) { p in
            p.borderWidth = 4
            p.borderColor = Self.blue
        }
        let image = try Fixture.render(layer, width: 60, height: 60)
        expectPixel(image, 10, 30, (0, 0, 255, 255))
        expectPixel(image, 13, 30, (0, 0, 255, 255))
        expectPixel(image, 14, 30, (255, 0, 0, 255))
        expectPixel(image, 9, 30, (255, 255, 255, 255))
    }

    @Test func hiddenAndTransparentLayersAreSkippedWithTheirSubtree() throws {
        let child = Fixture.layer(size: Size(10, 10), center: Point(5, 5), background: Self.red)
        var hidden = Fixture.layer(size: Size(10, 10), center: Point(5, 5), sublayers: [child])
        hidden.properties.isHidden = true
        var clear = Fixture.layer(size: Size(10, 10), center: Point(15, 5), sublayers: [child])
        clear.properties.opacity = 0
        let root = Fixture.layer(size: Size(20, 10), center: Point(10, 5), sublayers: [hidden, clear])
        let image = try Fixture.render(root, width: 20, height: 10)
        expectPixel(image, 5, 5, (255, 255, 255, 255))
        expectPixel(image, 15, 5, (255, 255, 255, 255))
    }

    @Test func fillRuleEvenOddLeavesTheHole() throws {
        var path = Path.rect(Rect(x: 0, y: 0, width: 40, height: 40))
        path.append(Path.rect(Rect(x: 10, y: 10, width: 20, height: 20)))
        let evenOdd = Fixture.shape(size: Size(40, 40), center: Point(20, 20), path: path) { s in
            s.fillColor = Self.red
            s.fillRule = .evenOdd
        }
        let nonZero = Fixture.shape(size: Size(40, 40), center: Point(60, 20), path: path) { s in
            s.fillColor = Self.red
        }
        let root = Fixture.layer(size: Size(80, 40), center: Point(40, 20), sublayers: [evenOdd, nonZero])
        let image = try Fixture.render(root, width: 80, height: 40)
        expectPixel(image, 5, 20, (255, 0, 0, 255))
        expectPixel(image, 20, 20, (255, 255, 255, 255))  // even-odd: the hole
        expectPixel(image, 60, 20, (255, 0, 0, 255))  // non-zero, same winding: filled
    }
}
