import Foundation
import Testing

@testable import LayerKit

/// `transform.rotation.x` and `.y`: the 3D decomposition, read back and animated, against
/// rotation matrices written out by hand (row vectors: a turn θ about y sends (x, y, z) to
/// (x·cos θ + z·sin θ, y, −x·sin θ + z·cos θ); about x, (x, y·cos θ − z·sin θ, y·sin θ + z·cos θ)).
@Suite struct Rotation3DKeyPathTests {
    static func aboutY(_ t: Double) -> Transform3D {
        Transform3D(
            m11: cos(t), m12: 0, m13: -sin(t), m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: sin(t), m32: 0,
            m33: cos(t), m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    static func aboutX(_ t: Double) -> Transform3D {
        Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: cos(t), m23: sin(t), m24: 0, m31: 0, m32: -sin(t),
            m33: cos(t), m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    @Test func turnsAboutXAndYReadBack() {
        #expect(close(Self.aboutY(0.7).decomposed.rotationY, 0.7))
        #expect(close(Self.aboutY(0.7).decomposed.rotationX, 0))
        #expect(close(Self.aboutX(-1.1).decomposed.rotationX, -1.1))
        #expect(close(Self.aboutX(-1.1).decomposed.rotationY, 0))
        // The library's own rotation matrices agree with the hand-written ones.
        #expect(Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0).isClose(to: Self.aboutY(0.7)))
        #expect(Transform3D(rotationAngle: -1.1, x: 1, y: 0, z: 0).isClose(to: Self.aboutX(-1.1)))
    }

    @Test func aComposedTurnDecomposesAndRecomposesExactly() {
        // Scale, then x, y and z turns, then a translation, with perspective on top: the
        // components come back, and recomposing gives the same matrix.
        var m = Transform3D(scaleX: 2, y: 0.5, z: 1.5)
            .concatenating(Self.aboutX(0.3)).concatenating(Self.aboutY(-0.6))
            .concatenating(Transform3D(rotationZ: 1.2)).concatenating(
                Transform3D(translationX: 5, y: -7, z: 9))
        m.m34 = -1.0 / 500
        let v = m.decomposed
        #expect(close(v.sx, 2) && close(v.sy, 0.5) && close(v.sz, 1.5))
        #expect(close(v.rotationX, 0.3) && close(v.rotationY, -0.6) && close(v.rotation, 1.2))
        #expect(close(v.tx, 5) && close(v.ty, -7) && close(v.tz, 9))
        #expect(Transform3D.identity.replacingComponents(v).concatenating(.identity).m34 == 0)
        var recomposed = Transform3D.identity.replacingComponents(v)
        recomposed.m34 = m.m34
        #expect(recomposed.isClose(to: m))
    }

    @Test func plainTwoDimensionalTransformsDecomposeAsBefore() {
        let m = Transform3D(scaleX: 1, y: -2).concatenating(Transform3D(rotationZ: 0.4))
        let v = m.decomposed
        #expect(v.rotationX == 0 && v.rotationY == 0)
        #expect(close(v.sy, -2) && close(v.rotation, 0.4))
    }

    @Test func animatingRotationYTurnsTheLayerAboutY() throws {
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "transform.rotation.y")
        a.fromValue = 0
        a.toValue = .number(Double.pi)
        a.duration = 1
        a.timingFunction = .linear
        try stage.layer.add(a, forKey: "flip")
        stage.go(0.25)
        #expect(stage.shown.transform.isClose(to: Self.aboutY(.pi / 4)))
        // Past a quarter turn the turn keeps its axis (no flip to a turn about x and z).
        stage.go(0.75)
        #expect(stage.shown.transform.isClose(to: Self.aboutY(3 * .pi / 4)))
    }

    @Test func settingRotationXKeepsPerspective() throws {
        let stage = Stage(time: 0)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 400
        stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.transform = perspective }
        }
        let a = BasicAnimation(keyPath: "transform.rotation.x")
        a.toValue = .number(Double.pi / 2)
        a.duration = 1
        a.timingFunction = .linear
        try stage.layer.add(a, forKey: "tilt")
        stage.go(0.5)
        var expected = Self.aboutX(.pi / 4)
        expected.m34 = -1.0 / 400
        #expect(stage.shown.transform.isClose(to: expected))
    }
}
