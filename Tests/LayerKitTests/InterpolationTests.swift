import Foundation
import Testing

@testable import LayerKit

/// One interpolation rule per value type, and how several animations on a layer combine.
@Suite struct InterpolationTests {
    @Test func eachValueTypeInterpolatesInItsVectorSpace() {
        #expect(2.0.interpolated(to: 4, fraction: 0.25) == 2.5)
        #expect(Point(0, 10).interpolated(to: Point(10, 0), fraction: 0.5) == Point(5, 5))
        #expect(Size(2, 4).interpolated(to: Size(4, 8), fraction: 0.5) == Size(3, 6))
        #expect(
            Rect(x: 0, y: 0, width: 10, height: 10).interpolated(
                to: Rect(x: 10, y: 20, width: 30, height: 40), fraction: 0.5)
                == Rect(x: 5, y: 10, width: 20, height: 25))
        let c = Color(red: 0, green: 0.5, blue: 1, alpha: 0).interpolated(
            to: Color(red: 1, green: 0.5, blue: 0, alpha: 1), fraction: 0.25)
        #expect(c == Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.25))
        #expect(false.interpolated(to: true, fraction: 0.49) == false)
        #expect(false.interpolated(to: true, fraction: 0.5) == true)
        // Transforms: scale 1→3 and rotation 0→π/2 half-way are scale 2 and π/4.
        let a = Transform3D.identity
        let b = TransformComponents(translation: (10, 0, 0), scale: (3, 3, 1), rotationZ: .pi / 2).transform
        let m = a.interpolated(to: b, fraction: 0.5).components
        #expect(close(m.scale.x, 2) && close(m.rotationZ, .pi / 4) && close(m.translation.x, 5))
    }

    @Test func transformDecompositionIsExactForInvertible2DTransforms() {
        // Scale, shear and rotation (and a mirror) come back out exactly.
        let samples: [LayerKit.AffineTransform] = [
            LayerKit.AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 3, ty: 4),  // a shear
            LayerKit.AffineTransform(rotationAngle: 2).scaledBy(x: 2, y: -3),
            LayerKit.AffineTransform(a: 0.3, b: -1.2, c: 4, d: 0.7, tx: -9, ty: 0.5),
        ]
        for a in samples {
            let t = Transform3D(a)
            let back = Transform3D(animatableVector: t.animatableVector)
            for (x, y) in zip(back.rows.joined(), t.rows.joined()) { #expect(close(x, y, 1e-12)) }
        }
        // Components: x scale is the first row's length; the rest follows the definition.
        let v = Transform3D(LayerKit.AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)).decomposed
        #expect(v.sx == 1 && v.sy == 1 && v.skew == 0.5 && v.rotation == 0)
    }

    @Test func componentKeyPathsKeepPerspective() throws {
        let stage = Stage(time: 0)
        try stage.scene.perform {
            var t = Transform3D.identity
            t.m34 = -1.0 / 500
            Transaction.performWithoutActions { stage.layer.transform = t }
            let r = BasicAnimation(keyPath: "transform.rotation.z")
            r.toValue = .number(.pi / 2)
            r.duration = 1
            try stage.layer.add(r, forKey: nil)
            stage.go(0.5)
            let m = stage.shown.transform
            #expect(m.m34 == -1.0 / 500)
            #expect(close(m.m11, cos(.pi / 4), 1e-12) && close(m.m12, sin(.pi / 4), 1e-12))
        }
    }

    @Test func endpointsAreExact() {
        let a = Transform3D(LayerKit.AffineTransform(a: 1, b: 0.2, c: 0.5, d: 1, tx: 3, ty: 4))
        let b = Transform3D(scaleX: 2, y: 2)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(0.1.interpolated(to: 0.7, fraction: 1) == 0.7)
    }

    @Test func additiveTransformsConcatenate() throws {
        // An additive translation on a layer scaled by 2: the translation applies first, in
        // the layer's own space, so it is scaled too.
        let stage = Stage(time: 0)
        try stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.transform = Transform3D(scaleX: 2, y: 2) }
            let a = BasicAnimation(keyPath: "transform")
            a.toValue = .transform(Transform3D(translationX: 10, y: 0))
            a.isAdditive = true
            a.duration = 1
            try stage.layer.add(a, forKey: nil)
            stage.go(0.5)
            // Half-way the additive value is a translation by 5 (from the identity), then ×2.
            let m = stage.shown.transform
            #expect(close(m.m11, 2) && close(m.m41, 10))
            #expect(Transform3D.additiveIdentity == .identity && Double.additiveIdentity == 0)
        }
    }

    @Test func shapePathsMorphPointByPoint() throws {
        let shape = ShapeLayer()
        let stage = Stage(time: 0, layer: shape)
        try stage.scene.perform {
            var a = Path()
            a.move(to: Point(0, 0))
            a.addCurve(to: Point(10, 0), control1: Point(3, -4), control2: Point(7, -4))
            a.close()
            var b = Path()
            b.move(to: Point(0, 10))
            b.addCurve(to: Point(10, 10), control1: Point(3, 14), control2: Point(7, 14))
            b.close()
            Transaction.performWithoutActions { shape.path = a }
            let morph = BasicAnimation(keyPath: "path")
            morph.toValue = .path(b)
            morph.duration = 1
            try shape.add(morph, forKey: "morph")
            stage.go(0.5)
            // Every point half-way: (0,5) → (10,5) with controls (3,5) and (7,5).
            var mid = Path()
            mid.move(to: Point(0, 5))
            mid.addCurve(to: Point(10, 5), control1: Point(3, 5), control2: Point(7, 5))
            mid.close()
            #expect(stage.scene.shapePresentation(of: shape)!.path == mid)
            #expect(shape.path == a)
            // Different structures: the start holds until the end.
            var line = Path()
            line.move(to: Point(1, 1))
            line.addLine(to: Point(2, 2))
            let other = BasicAnimation(keyPath: "path")
            other.fromValue = .path(a)
            other.toValue = .path(line)
            other.duration = 1
            other.fillMode = .forwards
            other.isRemovedOnCompletion = false
            try shape.add(other, forKey: "morph")
            stage.go(0.75)
            #expect(stage.scene.shapePresentation(of: shape)!.path == a)
            stage.go(3)
            #expect(stage.scene.shapePresentation(of: shape)!.path == line)
            // A path on a plain layer or a number for a path is refused.
            #expect(throws: AnimationError.requiresShapeLayer(keyPath: "path")) {
                try Layer().add(BasicAnimation(keyPath: "path"), forKey: nil)
            }
            let wrong = BasicAnimation(keyPath: "path")
            wrong.toValue = 1
            #expect(throws: AnimationError.self) { try shape.add(wrong, forKey: nil) }
        }
    }

    @Test func distancesForPacing() {
        #expect(Point(0, 0).animationDistance(to: Point(3, 4)) == 5)
        #expect(10.0.animationDistance(to: 4) == 6)
        #expect(Color.black.animationDistance(to: Color(red: 0, green: 0, blue: 0, alpha: 0)) == 1)
    }

    @Test func valuesRoundTripThroughAnimationValue() {
        #expect(Double(animationValue: 2.5) == 2.5)
        #expect(Point(animationValue: .point(Point(1, 2))) == Point(1, 2))
        #expect(Point(animationValue: 3) == nil)
        #expect(Bool(animationValue: 1) == true && Bool(animationValue: .bool(false)) == false)
        #expect(Transform3D(animationValue: .transform(.identity)) == .identity)
        #expect(Color(animationValue: .color(.red))?.animationValue == .color(.red))
        let v: AnimationValue = 3
        #expect(v == .number(3) && v.typeName == "number")
    }

    @Test func laterAnimationsOverrideAndAdditiveOnesAdd() throws {
        let stage = Stage(time: 0)
        stage.layer.position = Point(x: 10, y: 0)
        func anim(_ from: Double, _ to: Double, additive: Bool = false) -> BasicAnimation {
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = .number(from)
            a.toValue = .number(to)
            a.duration = 1
            a.isAdditive = additive
            return a
        }
        try stage.layer.add(anim(0, 100), forKey: "a")
        try stage.layer.add(anim(200, 300), forKey: "b")
        try stage.layer.add(anim(0, 10, additive: true), forKey: "c")
        stage.go(0.5)
        // b replaces a's value (250), c adds 5 on top.
        #expect(close(stage.shown.position.x, 255))
        stage.layer.removeAnimation(forKey: "b")
        stage.go(0.5)
        #expect(close(stage.shown.position.x, 55))
    }

    @Test func colorsHiddenAndOptionalColours() throws {
        let shape = ShapeLayer()
        let stage = Stage(time: 0, layer: shape)
        try stage.scene.perform {
            Transaction.performWithoutActions { shape.strokeColor = nil }
            let stroke = BasicAnimation(keyPath: "strokeColor")
            stroke.toValue = .color(Color(red: 1, green: 1, blue: 1, alpha: 1))
            stroke.duration = 1
            try shape.add(stroke, forKey: nil)
            let bg = BasicAnimation(keyPath: "backgroundColor")
            bg.fromValue = .color(.black)
            bg.toValue = .color(.white)
            bg.duration = 1
            try shape.add(bg, forKey: nil)
            let hide = KeyframeAnimation(keyPath: "hidden")
            hide.values = [false, true]
            hide.calculationMode = .discrete
            hide.duration = 1
            try shape.add(hide, forKey: nil)
            stage.go(0.25)
            // An unset colour animates from clear.
            #expect(
                stage.scene.shapePresentation(of: shape)!.strokeColor
                    == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.25))
            #expect(stage.shown.backgroundColor == Color(white: 0.25))
            #expect(stage.shown.isHidden == false)
            stage.go(0.75)
            #expect(stage.shown.isHidden == true)
            stage.go(2)
            #expect(stage.scene.shapePresentation(of: shape)!.strokeColor == nil)
            #expect(stage.shown.backgroundColor == nil)
        }
    }

    @Test func settingTheSameValueCostsNoFrame() {
        let stage = Stage(time: 0)
        stage.layer.opacity = 1
        stage.layer.position = stage.layer.position
        stage.layer.frame = stage.layer.frame
        #expect(!stage.scene.needsFrames)
        #expect(stage.layer.animationKeys().isEmpty)
    }

    @Test func translationAndScaleKeyPaths() throws {
        let stage = Stage(time: 0)
        let t = BasicAnimation(keyPath: "transform.translation")
        t.toValue = .size(Size(width: 10, height: 20))
        t.duration = 1
        try stage.layer.add(t, forKey: nil)
        let sy = BasicAnimation(keyPath: "transform.scale.y")
        sy.toValue = 3
        sy.duration = 1
        try stage.layer.add(sy, forKey: nil)
        stage.go(0.5)
        let c = stage.shown.transform.components
        #expect(close(c.translation.x, 5) && close(c.translation.y, 10))
        #expect(close(c.scale.x, 1) && close(c.scale.y, 2))
    }
}
