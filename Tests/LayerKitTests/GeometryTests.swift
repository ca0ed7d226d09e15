import Foundation
import Testing

@testable import LayerKit

@Suite struct GeometryTests {
    @Test func affineConcatAppliesLeftThenRight() {
        let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 3))
        // Translate first: (1,1) → (11,1); then scale: (22,3).
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 3))
    }

    @Test func rotationIsClockwiseOnScreen() {
        // With y down, +π/2 turns the x axis onto +y (down the screen).
        let p = Transform3D(rotationZ: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
    }

    @Test func singularTransformHasNoInverse() {
        #expect(Transform3D(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(scaleX: 1, y: 0).inverted() == nil)
        let m = Transform3D(rotationZ: 0.7).concatenating(Transform3D(translationX: 3, y: -4))
        let back = m.concatenating(m.inverted()!)
        for (a, b) in zip(back.rows.joined(), Transform3D.identity.rows.joined()) {
            #expect(abs(a - b) < 1e-12)
        }
    }

    @Test func componentsRoundTrip() {
        let c = TransformComponents(translation: (5, -2, 0), scale: (2, 0.5, 1), rotationZ: 1.2)
        let d = c.transform.components
        #expect(abs(d.rotationZ - 1.2) < 1e-12)
        #expect(abs(d.scale.x - 2) < 1e-12 && abs(d.scale.y - 0.5) < 1e-12)
        #expect(d.translation.x == 5 && d.translation.y == -2)
    }

    @Test func frameFollowsAnchorAndPosition() {
        // CA: frame.origin = position − anchorPoint·size for an untransformed layer.
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        p.position = Point(x: 100, y: 50)
        p.anchorPoint = Point(x: 0.25, y: 1)
        #expect(p.frame == Rect(x: 90, y: 30, width: 40, height: 20))
    }
}
