import CoreGraphics
import Foundation
import Testing

/// CGAffineTransform against Apple's definitions: x' = a·x + c·y + tx, y' = b·x + d·y + ty,
/// `t.rotated(by:)` = R·t (rotate first), `a.concatenating(b)` = a then b.
@Suite struct CGAffineTransformTests {
    @Test func rotationTurnsXTowardY() {
        // A quarter turn maps (1, 0) to (cos π/2, sin π/2) = (0, 1): clockwise on a y-down screen.
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(near(p, CGPoint(x: 0, y: 1)))
    }

    @Test func scaledThenTranslatedOrder() {
        // translatedBy applies the translation first: (1, 1) + (10, 0) = (11, 1), then × 2.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(near(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 22, y: 2)))
        // concatenating applies self first: scale (1,1)→(2,2), then translate → (12, 2).
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(near(CGPoint(x: 1, y: 1).applying(u), CGPoint(x: 12, y: 2)))
    }

    @Test func rotatedComposesBeforeSelf() {
        // t = translate(5, 0).rotated(π/2): rotate (1, 0) to (0, 1), then translate → (5, 1).
        let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 5, y: 1)))
    }

    @Test func invertedUndoesAndSingularStays() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: -2)
        let p = CGPoint(x: 3, y: 7)
        #expect(near(p.applying(t).applying(t.inverted()), p))
        // determinant 2·3 − 1·(−1) = 7: the inverse's a is d/det = 3/7.
        #expect(abs(t.inverted().a - 3.0 / 7.0) < 1e-9)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func identityAndZeroInit() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        // A quarter turn swaps the sides: the box is 20 wide, 10 tall, left of the y axis.
        #expect(near(r.width, 20) && near(r.height, 10) && near(r.minX, -20) && near(r.minY, 0))
        let s = CGSize(width: 3, height: 4).applying(CGAffineTransform(scaleX: 2, y: -1))
        #expect(s == CGSize(width: 6, height: -4))
    }
}
