import Foundation
import QuartzCore
import Testing

/// CATransform3D functions against matrices multiplied out by hand. Core Animation's matrices
/// are row-major and act on row vectors: p′ = p · M; Concat(a, b) = a · b; Translate, Scale and
/// Rotate(t, …) = step · t.
@Suite struct CATransform3DTests {
    func same(_ a: CATransform3D, _ b: CATransform3D, _ tol: CGFloat = 1e-9) -> Bool {
        let x = [
            a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42,
            a.m43, a.m44,
        ]
        let y = [
            b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42,
            b.m43, b.m44,
        ]
        return zip(x, y).allSatisfy { abs($0 - $1) <= tol }
    }

    func matrix(_ r: [[CGFloat]]) -> CATransform3D {
        CATransform3D(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2],
            m24: r[1][3], m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1],
            m43: r[3][2], m44: r[3][3])
    }

    @Test func makeFunctions() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(
            same(
                CATransform3DMakeTranslation(1, 2, 3),
                matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [1, 2, 3, 1]])))
        #expect(
            same(
                CATransform3DMakeScale(2, 3, 4),
                matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [0, 0, 0, 1]])))
        // About z by θ: the x axis turns toward +y, (1, 0) · M = (cos θ, sin θ).
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(same(r, matrix([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])))
        // A zero axis gives the identity.
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    @Test func concatIsRowVectorProduct() {
        // Scale then translate: S · T = [[2,0,0,0],[0,3,0,0],[0,0,1,0],[5,7,0,1]].
        let st = CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(5, 7, 0))
        #expect(same(st, matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [5, 7, 0, 1]])))
        // Translate then scale: T · S has the translation scaled: row 4 = (10, 21, 0, 1).
        let ts = CATransform3DConcat(CATransform3DMakeTranslation(5, 7, 0), CATransform3DMakeScale(2, 3, 1))
        #expect(same(ts, matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [10, 21, 0, 1]])))
    }

    @Test func stepsApplyBeforeTheTransform() {
        // Rotate(T(10,0,0), π/2 about z) = R · T: row 4 stays (10, 0, 0, 1), the upper block is R.
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        #expect(same(t, matrix([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [10, 0, 0, 1]])))
        // Translate(S(2,2,1), 1, 0, 0) = T · S: row 4 = (1, 0, 0, 1) · S = (2, 0, 0, 1).
        let u = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 1, 0, 0)
        #expect(same(u, matrix([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 1, 0], [2, 0, 0, 1]])))
        // Scale(T(4,0,0), 3, 1, 1) = S · T: x scaled, translation untouched.
        let v = CATransform3DScale(CATransform3DMakeTranslation(4, 0, 0), 3, 1, 1)
        #expect(same(v, matrix([[3, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [4, 0, 0, 1]])))
    }

    @Test func perspectiveIdiom() {
        // t = identity with m34 = −1/500 (P), then Rotate(t, θ, 0, 1, 0) = R_y · P. R_y's rows
        // are (c,0,−s,0), (0,1,0,0), (s,0,c,0), (0,0,0,1); P only adds −1/500 times column 3
        // into column 4, so (R_y · P) row 1 = (c, 0, −s, s/500), row 3 = (s, 0, c, −c/500).
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        let theta = CGFloat.pi / 6
        let (c, s) = (cos(theta), sin(theta))
        let r = CATransform3DRotate(t, theta, 0, 1, 0)
        let expected = matrix([[c, 0, -s, s / 500], [0, 1, 0, 0], [s, 0, c, -c / 500], [0, 0, 0, 1]])
        #expect(same(r, expected))
    }

    @Test func invertAndAffine() {
        #expect(
            same(CATransform3DInvert(CATransform3DMakeScale(2, 4, 1)), CATransform3DMakeScale(0.5, 0.25, 1)))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m = CATransform3DMakeAffineTransform(a)
        #expect(same(m, matrix([[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 1, 0], [5, 6, 0, 1]])))
        #expect(CATransform3DIsAffine(m))
        #expect(CATransform3DGetAffineTransform(m) == a)
        #expect(CATransform3DEqualToTransform(m, m))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 1, 0, 0)))
    }
}
