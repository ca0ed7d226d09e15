import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Transitions drawn: the old and new renderings at their offsets and opacities.
@Suite struct TransitionRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A 100×50 layer at (100, 50) on screen, its bounds at (50…150, 25…75), blue now, red
    /// before, half-way through `type` from `subtype`.
    static func layer(_ type: TransitionType, _ subtype: TransitionSubtype, _ t: Double) -> PresentationLayer
    {
        let old = Fixture.layer(size: Size(100, 50), center: Point(100, 50), background: red)
        var new = Fixture.layer(size: Size(100, 50), center: Point(100, 50), background: blue)
        new.transition = PresentationTransition(type: type, subtype: subtype, progress: t, from: old)
        return new
    }

    @Test func aPushFromTheLeftHalfWay() throws {
        // The new rendering moved by −50: on screen x = 0…100; the old by +50: x = 100…200 (not
        // clipped to the bounds, as Core Animation does not clip it).
        let image = try Fixture.render(Self.layer(.push, .fromLeft, 0.5), width: 220, height: 100)
        expectPixel(image, 25, 50, (0, 0, 255, 255))
        expectPixel(image, 90, 50, (0, 0, 255, 255))
        expectPixel(image, 110, 50, (255, 0, 0, 255))
        expectPixel(image, 190, 50, (255, 0, 0, 255))
        expectPixel(image, 210, 50, (255, 255, 255, 255))
    }

    @Test func aRevealFromTheTopKeepsTheNewInPlaceUnderTheOld() throws {
        // The old slides down by half the height over the new: y 25…50 shows the new (blue),
        // 50…100 the old (red).
        let image = try Fixture.render(Self.layer(.reveal, .fromTop, 0.5), width: 200, height: 120)
        expectPixel(image, 100, 35, (0, 0, 255, 255))
        expectPixel(image, 100, 60, (255, 0, 0, 255))
        expectPixel(image, 100, 95, (255, 0, 0, 255))
        expectPixel(image, 100, 105, (255, 255, 255, 255))
    }

    @Test func aFadeDissolvesTheTwo() throws {
        // A cross-dissolve: 0.75 of the old red plus 0.25 of the new blue, opaque where both
        // are — the white below does not show through mid-fade.
        let image = try Fixture.render(Self.layer(.fade, .fromLeft, 0.25), width: 200, height: 100)
        expectPixel(image, 100, 50, (255 * 0.75, 0, 255 * 0.25, 255), tolerance: 3)
    }

    @Test func incrementalFramesOfAPushMatchFullRedraws() throws {
        let frames = (0...10).map { k in
            Fixture.layer(
                size: Size(220, 100), center: Point(110, 50), background: Color(white: 0.9),
                sublayers: [Self.layer(.push, .fromRight, Double(k) / 10)])
        }
        try DamageOracleTests.expectIncrementalMatchesFull(frames, width: 220, height: 100)
    }
}
