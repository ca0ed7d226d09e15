import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// `maskedCorners` (CACornerMask's raw values): only the named corners are rounded, for the
/// background, the border and the `masksToBounds` clip alike.
@Suite struct CornerMaskRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test func rawValuesAreCoreAnimations() {
        #expect(CornerMask.layerMinXMinYCorner.rawValue == 1)
        #expect(CornerMask.layerMaxXMinYCorner.rawValue == 2)
        #expect(CornerMask.layerMinXMaxYCorner.rawValue == 4)
        #expect(CornerMask.layerMaxXMaxYCorner.rawValue == 8)
        #expect(CornerMask.all.rawValue == 15)
        #expect(LayerProperties().maskedCorners == .all)
    }

    /// Whether the pixel just inside each corner of a 40×40 layer at the origin is painted.
    /// With radius 10 the arc passes 10·(1 − 1/√2) ≈ 2.9 points from the corner along the
    /// diagonal, so the pixel centred at (1.5, 1.5) — 2.1 from the corner — lies outside a
    /// rounded corner and inside a square one.
    static func paintedCorners(_ image: ImageSurface, color: (Double, Double, Double)) -> [Bool] {
        [(1, 1), (38, 1), (1, 38), (38, 38)].map { x, y in
            let p = image.pixel(x: x, y: y)!
            return abs(Double(p.red) - color.0) < 8 && abs(Double(p.green) - color.1) < 8
                && abs(Double(p.blue) - color.2) < 8
        }
    }

    @Test(arguments: [UInt(0), 1, 2, 4, 8, 5, 10, 15])
    func onlyTheNamedCornersAreRounded(raw: UInt) throws {
        let corners = CornerMask(rawValue: raw)
        let layer = Fixture.layer(size: Size(40, 40), center: Point(20, 20), background: Self.red) { p in
            p.cornerRadius = 10
            p.maskedCorners = corners
        }
        let image = try Fixture.render(layer, width: 40, height: 40)
        // Top-left, top-right, bottom-left, bottom-right: painted unless rounded.
        let rounded = [
            corners.contains(.layerMinXMinYCorner), corners.contains(.layerMaxXMinYCorner),
            corners.contains(.layerMinXMaxYCorner), corners.contains(.layerMaxXMaxYCorner),
        ]
        #expect(Self.paintedCorners(image, color: (255, 0, 0)) == rounded.map { !$0 })
        expectPixel(image, 20, 20, (255, 0, 0, 255))
    }

    @Test func borderAndClipFollowTheMaskedCorners() throws {
        // A blue child covering the whole parent, clipped by it; the parent rounds its top-right
        // corner only, and draws a 3-point red border.
        let child = Fixture.layer(size: Size(60, 60), center: Point(20, 20), background: Self.blue)
        let parent = Fixture.layer(size: Size(40, 40), center: Point(20, 20), sublayers: [child]) { p in
            p.cornerRadius = 10
            p.maskedCorners = .layerMaxXMinYCorner
            p.masksToBounds = true
            p.borderWidth = 3
            p.borderColor = Self.red
        }
        let image = try Fixture.render(parent, width: 40, height: 40)
        expectPixel(image, 38, 1, (255, 255, 255, 255))  // the rounded corner: clipped away
        expectPixel(image, 1, 1, (255, 0, 0, 255))  // square corners: border
        expectPixel(image, 38, 38, (255, 0, 0, 255))
        expectPixel(image, 20, 20, (0, 0, 255, 255))  // the clipped child inside
        // Along the rounded corner's diagonal the border follows the arc: the point 1.5 points
        // inside the arc (radius 8.5 about (30, 10)) is border, not child.
        let d = 8.5 / 2.0.squareRoot()
        expectPixel(image, Int(30 + d), Int(10 - d), (255, 0, 0, 255))
    }
}
