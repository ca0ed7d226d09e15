import Foundation
import Testing

@testable import LayerKit

/// `transform` animations blend as Core Animation blends them: translation, scale and shear
/// linearly, the rotation as one turn about one axis (a quaternion arc, the shorter way).
/// Expected matrices are built here from Rodrigues' formula, independently of the engine.
@Suite struct TransformInterpolationTests {
    /// Core Animation's rotation by `angle` about the axis (`x`, `y`, `z`), row vectors:
    /// Rodrigues' formula, `CATransform3DMakeRotation`'s convention (about z, m12 = sin).
    static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> [[Double]] {
        let n = (x * x + y * y + z * z).squareRoot()
        let (u, v, w) = (x / n, y / n, z / n)
        let c = cos(angle)
        let s = sin(angle)
        let k = 1 - c
        return [
            [c + k * u * u, k * u * v + s * w, k * u * w - s * v, 0],
            [k * u * v - s * w, c + k * v * v, k * v * w + s * u, 0],
            [k * u * w + s * v, k * v * w - s * u, c + k * w * w, 0],
            [0, 0, 0, 1],
        ]
    }

    static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> [[Double]] {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    static func scale(_ s: Double) -> [[Double]] {
        [[s, 0, 0, 0], [0, s, 0, 0], [0, 0, s, 0], [0, 0, 0, 1]]
    }

    static func transform(_ m: [[Double]]) -> Transform3D {
        Transform3D(
            m11: m[0][0], m12: m[0][1], m13: m[0][2], m14: m[0][3], m21: m[1][0], m22: m[1][1],
            m23: m[1][2], m24: m[1][3], m31: m[2][0], m32: m[2][1], m33: m[2][2], m34: m[2][3],
            m41: m[3][0], m42: m[3][1], m43: m[3][2], m44: m[3][3])
    }

    /// The layer's presentation transform at `t` of a 1 s linear animation from `a` to `b`.
    static func blend(_ a: [[Double]], _ b: [[Double]], at t: Double) throws -> Transform3D {
        let stage = Stage(time: 0)
        let anim = BasicAnimation(keyPath: "transform")
        anim.fromValue = .transform(transform(a))
        anim.toValue = .transform(transform(b))
        anim.duration = 1
        anim.timingFunction = .linear
        try stage.layer.add(anim, forKey: "turn")
        stage.go(t)
        return stage.shown.transform
    }

    static func expectClose(
        _ m: Transform3D, _ e: [[Double]], _ note: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let rows = m.rows
        for i in 0..<4 {
            for j in 0..<4 {
                #expect(
                    abs(rows[i][j] - e[i][j]) < 1e-9, "\(note): m\(i + 1)\(j + 1) \(rows[i][j]) ≠ \(e[i][j])",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func aHalfTurnAboutYStaysAboutY(t: Double) throws {
        let identity = Self.rotation(0, 0, 1, 0)
        let m = try Self.blend(identity, Self.rotation(.pi, 0, 1, 0), at: t).rows
        // A turn about y by ±π·t: y is left alone, x and z turn together.
        let angle = Double.pi * t
        #expect(abs(m[1][1] - 1) < 1e-9 && abs(m[0][1]) < 1e-9 && abs(m[1][0]) < 1e-9)
        #expect(abs(m[1][2]) < 1e-9 && abs(m[2][1]) < 1e-9)
        #expect(abs(m[0][0] - cos(angle)) < 1e-9 && abs(m[2][2] - cos(angle)) < 1e-9)
        #expect(abs(abs(m[0][2]) - sin(angle)) < 1e-9 && abs(m[2][0] + m[0][2]) < 1e-9)
    }

    @Test func turnsAboutOneAxisBlendTheirAngles() throws {
        // About (1, 2, 2)/3 from 0.4 to 2.2 rad: at t the turn by 0.4 + 1.8·t about that axis.
        for t in [0.2, 0.5, 0.9] {
            let m = try Self.blend(Self.rotation(0.4, 1, 2, 2), Self.rotation(2.2, 1, 2, 2), at: t)
            Self.expectClose(m, Self.rotation(0.4 + 1.8 * t, 1, 2, 2), "t = \(t)")
        }
    }

    @Test func translationAndScaleBlendLinearlyAroundTheTurn() throws {
        // From scale 2 then (10, 0, 0) to scale 3, a quarter turn about y, then (30, 20, 0):
        // half-way, scale 2.5, an eighth of a turn about y, then (20, 10, 0).
        let a = Self.product(Self.scale(2), Self.translation(10, 0, 0))
        let b = Self.product(
            Self.product(Self.scale(3), Self.rotation(.pi / 2, 0, 1, 0)), Self.translation(30, 20, 0))
        let expected = Self.product(
            Self.product(Self.scale(2.5), Self.rotation(.pi / 4, 0, 1, 0)), Self.translation(20, 10, 0))
        Self.expectClose(try Self.blend(a, b, at: 0.5), expected, "half-way")
    }

    @Test func aTurnInThePlaneTakesTheShorterWay() throws {
        // From 170° to −170° about z is 20° through 180°, not 340° back through 0°.
        let degree = Double.pi / 180
        let m = try Self.blend(
            Self.rotation(170 * degree, 0, 0, 1), Self.rotation(-170 * degree, 0, 0, 1), at: 0.5)
        Self.expectClose(m, Self.rotation(.pi, 0, 0, 1), "half-way")
    }

    @Test func mirrorsAndSingularEndsStillBlend() throws {
        // A mirror in x reads as a y scale of −1 with a half turn about z (the same matrix);
        // blended to the identity, a quarter of the way: y scale −0.5, a turn of 3π/4.
        var mirror = Self.scale(1)
        mirror[0][0] = -1
        var squash = Self.scale(1)
        squash[1][1] = -0.5
        let expected = Self.product(squash, Self.rotation(0.75 * .pi, 0, 0, 1))
        Self.expectClose(try Self.blend(mirror, Self.scale(1), at: 0.25), expected, "a quarter of the way")
        // A singular end (scale 0) has no rotation to read: the components blend, finite.
        let s = try Self.blend(Self.scale(0), Self.rotation(1, 0, 0, 1), at: 0.5)
        #expect(s.isFinite)
    }
}
