import Foundation
import Testing

@testable import LayerKit

/// Field key paths Core Animation accepts, and `frame` under rectangle-preserving transforms.
@Suite struct KeyPathFieldTests {
    func animate(_ keyPath: String, from: AnimationValue, to: AnimationValue, on layer: Layer, stage: Stage)
        throws
    {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.duration = 1
        a.timingFunction = .linear
        try layer.add(a, forKey: keyPath)
    }

    @Test func anchorPointFields() throws {
        let stage = Stage(time: 0)
        try animate("anchorPoint.x", from: 0, to: 1, on: stage.layer, stage: stage)
        try animate("anchorPoint.y", from: 1, to: 0, on: stage.layer, stage: stage)
        stage.go(0.25)
        #expect(abs(stage.shown.anchorPoint.x - 0.25) < 1e-12)
        #expect(abs(stage.shown.anchorPoint.y - 0.75) < 1e-12)
    }

    @Test func sublayerTransformFields() throws {
        let stage = Stage(time: 0)
        try animate(
            "sublayerTransform.rotation.z", from: 0, to: .number(Double.pi), on: stage.layer, stage: stage)
        try animate("sublayerTransform.translation.x", from: 0, to: 40, on: stage.layer, stage: stage)
        stage.go(0.5)
        let m = stage.shown.sublayerTransform
        // Rotation by π/2 then a translation of 20 (row vectors: x' = x·m11 + y·m21 + m41).
        #expect(abs(m.m11) < 1e-12 && abs(m.m12 - 1) < 1e-12 && abs(m.m21 + 1) < 1e-12)
        #expect(abs(m.m41 - 20) < 1e-12)
        #expect(stage.shown.transform == .identity)
    }

    /// `transform.scale` reads the mean of the three scales and sets all three.
    @Test func uniformScaleIsTheMeanOfThree() throws {
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.performWithoutActions {
                stage.layer.transform = Transform3D(scaleX: 1, y: 2, z: 3)
            }
        }
        let a = BasicAnimation(keyPath: "transform.scale")
        a.toValue = 4
        a.duration = 1
        a.timingFunction = .linear
        try stage.layer.add(a, forKey: "s")
        stage.go(0.5)
        // From the mean (1 + 2 + 3) / 3 = 2 to 4: 3 on every axis half-way.
        let m = stage.shown.transform
        #expect(abs(m.m11 - 3) < 1e-12 && abs(m.m22 - 3) < 1e-12 && abs(m.m33 - 3) < 1e-12)
    }

    /// `transform.scale.xy` reads the mean of x and y, sets both and leaves z.
    @Test func scaleXYLeavesZ() throws {
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.performWithoutActions {
                stage.layer.transform = Transform3D(scaleX: 1, y: 3, z: 5)
            }
        }
        let a = BasicAnimation(keyPath: "transform.scale.xy")
        a.toValue = 4
        a.duration = 1
        a.timingFunction = .linear
        try stage.layer.add(a, forKey: "s")
        stage.go(0.5)
        // From the mean (1 + 3) / 2 = 2 to 4: 3 on x and y half-way; z stays 5.
        let m = stage.shown.transform
        #expect(abs(m.m11 - 3) < 1e-12 && abs(m.m22 - 3) < 1e-12 && abs(m.m33 - 5) < 1e-12)
    }

    /// Setting `frame` reads back as set when the transform keeps rectangles upright: a
    /// (mirrored) scale, or a quarter turn, which swaps the bounds' sides.
    @Test(arguments: [
        (Transform3D(scaleX: 2, y: 3, z: 1), Size(width: 50, height: 20)),
        (Transform3D(scaleX: -2, y: 0.5, z: 1), Size(width: 50, height: 120)),
        (Transform3D(rotationZ: Double.pi / 2), Size(width: 60, height: 100)),
        (
            Transform3D(rotationZ: -Double.pi / 2).concatenating(Transform3D(scaleX: 2, y: 2, z: 1)),
            Size(width: 30, height: 50)
        ),
    ])
    func frameReadsBackAsSet(transform: Transform3D, bounds: Size) {
        let layer = Layer()
        layer.anchorPoint = Point(x: 0.25, y: 0.75)
        layer.transform = transform
        let frame = Rect(x: 10, y: -20, width: 100, height: 60)
        layer.frame = frame
        let read = layer.frame
        #expect(abs(read.minX - frame.minX) < 1e-9 && abs(read.minY - frame.minY) < 1e-9)
        #expect(abs(read.width - frame.width) < 1e-9 && abs(read.height - frame.height) < 1e-9)
        #expect(abs(layer.bounds.width - bounds.width) < 1e-9)
        #expect(abs(layer.bounds.height - bounds.height) < 1e-9)
    }
}
