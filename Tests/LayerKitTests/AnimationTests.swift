import Foundation
import Testing

@testable import LayerKit

/// Values of basic, keyframe and group animations, worked out from Core Animation's rules.
@Suite struct AnimationTests {
    /// `position.x` animated 0…1 s linearly on a layer whose model x is 10.
    func sampleX(
        from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, at t: Double,
        additive: Bool = false
    ) throws -> Double {
        let stage = Stage(time: 0)
        stage.layer.position = Point(x: 10, y: 0)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = from
        a.toValue = to
        a.byValue = by
        a.duration = 1
        a.isAdditive = additive
        try stage.layer.add(a, forKey: "x")
        stage.go(t)
        return stage.shown.position.x
    }

    /// No values and no change since the last update: nothing moves. A change made after
    /// that update, then a value-less animation: it animates that change (Apple: "between the
    /// previous value of keyPath in the render tree and the current value").
    @Test func valuelessAnimationAnimatesTheLastChange() throws {
        let stage = Stage(time: 0)
        Transaction.performWithoutActions { stage.layer.position = Point(x: 10, y: 0) }
        stage.go(1)
        let still = BasicAnimation(keyPath: "position.x")
        still.duration = 1
        try stage.layer.add(still, forKey: "still")
        stage.go(1.5)
        #expect(stage.shown.position.x == 10)
        stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.position = Point(x: 50, y: 0) }
        }
        let moving = BasicAnimation(keyPath: "position.x")
        moving.duration = 1
        moving.timingFunction = .linear
        try stage.layer.add(moving, forKey: "moving")
        stage.go(2)
        #expect(close(stage.shown.position.x, 10 + 40 * 0.5))
    }

    /// A transaction's timing function goes to the explicit animations added in it that have
    /// none (Apple: "the timing function used for all animations within this transaction").
    @Test func transactionTimingFunctionReachesExplicitAnimations() throws {
        let stage = Stage(time: 0)
        try stage.scene.perform {
            Transaction.begin()
            Transaction.setAnimationTimingFunction(.easeIn)
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            a.duration = 1
            try stage.layer.add(a, forKey: "x")
            let b = BasicAnimation(keyPath: "position.y")
            b.fromValue = 0
            b.toValue = 100
            b.duration = 1
            b.timingFunction = .linear
            try stage.layer.add(b, forKey: "y")
            Transaction.commit()
        }
        stage.go(0.5)
        // Ease-in (0.42, 0, 1, 1) at x = 0.5, by bisection here.
        func easeIn(_ x: Double) -> Double {
            func bz(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
            }
            var lo = 0.0
            var hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if bz(0.42, 1, mid) < x { lo = mid } else { hi = mid }
            }
            return bz(0, 1, (lo + hi) / 2)
        }
        #expect(close(stage.shown.position.x, 100 * easeIn(0.5), 1e-9))
        #expect(close(stage.shown.position.y, 50))
    }

    @Test func fromToByTable() throws {
        // Half-way through each combination (model value 10):
        // from+to: 0→100 → 50
        #expect(close(try sampleX(from: 0, to: 100, by: nil, at: 0.5), 50))
        // from+by: 20 → 20+30 → 35
        #expect(close(try sampleX(from: 20, to: nil, by: 30, at: 0.5), 35))
        // by+to: 100−30 → 100 → 85
        #expect(close(try sampleX(from: nil, to: 100, by: 30, at: 0.5), 85))
        // from only: 20 → model 10 → 15
        #expect(close(try sampleX(from: 20, to: nil, by: nil, at: 0.5), 15))
        // to only: model 10 → 100 → 55
        #expect(close(try sampleX(from: nil, to: 100, by: nil, at: 0.5), 55))
        // by only: model 10 → 10+30 → 25
        #expect(close(try sampleX(from: nil, to: nil, by: 30, at: 0.5), 25))
        // none: from the previous value (0, before the model was set to 10 since the last
        // update) to the current one → 5
        #expect(close(try sampleX(from: nil, to: nil, by: nil, at: 0.5), 5))
        // from+to+by: by is ignored
        #expect(close(try sampleX(from: 0, to: 100, by: 7, at: 0.5), 50))
    }

    @Test func additiveAddsToTheModelValue() throws {
        // 0 → 50 added to the model's 10: 10 + 25 half-way.
        #expect(close(try sampleX(from: 0, to: 50, by: nil, at: 0.5, additive: true), 35))
        // by-only additive runs from 0 to by, added once.
        #expect(close(try sampleX(from: nil, to: nil, by: 30, at: 0.5, additive: true), 25))
    }

    @Test func cumulativeCyclesBuildOnEachOther() throws {
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 10
        a.duration = 1
        a.repeatCount = 3
        a.isCumulative = true
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        try stage.layer.add(a, forKey: nil)
        // Cycle 2 (the third) at a half: two whole cycles of +10, then 5.
        stage.go(2.5)
        #expect(close(stage.shown.position.x, 25))
        stage.go(10)
        #expect(close(stage.shown.position.x, 30))
    }

    @Test func byValueRotationRepeatsForever() throws {
        // The orbit loader: transform.rotation by 2π, 3 s, ease-in-ease-out, forever.
        let stage = Stage(time: 0)
        let a = BasicAnimation()
        a.keyPath = "transform.rotation"
        a.duration = 3
        a.repeatCount = .infinity
        a.byValue = .number(2 * .pi)
        a.timingFunction = .easeInEaseOut
        try stage.layer.add(a, forKey: a.keyPath)
        for t in [0.75, 1.5, 2.2, 3.75, 301.5] {
            stage.go(t)
            let x = (t.truncatingRemainder(dividingBy: 3)) / 3
            let angle = 2 * .pi * referenceEase(0.42, 0, 0.58, 1, x)
            let m = stage.shown.transform
            #expect(close(m.m11, cos(angle), 1e-6) && close(m.m12, sin(angle), 1e-6), "t=\(t)")
        }
        #expect(stage.layer.transform == .identity)
        #expect(stage.scene.needsFrames)
    }

    @Test func transformSubKeyPathsAnimateComponents() throws {
        let stage = Stage(time: 0)
        stage.layer.transform = Transform3D(translationX: 5, y: 7)
        let s = BasicAnimation(keyPath: "transform.scale")
        s.fromValue = 1
        s.toValue = 3
        s.duration = 1
        try stage.layer.add(s, forKey: "s")
        let ty = BasicAnimation(keyPath: "transform.translation.y")
        ty.toValue = 17
        ty.duration = 1
        try stage.layer.add(ty, forKey: "ty")
        stage.go(0.5)
        let c = stage.shown.transform.components
        // Scale 1→3 at half: 2; translation y 7→17 at half: 12; x untouched.
        #expect(close(c.scale.x, 2) && close(c.scale.y, 2))
        #expect(close(c.translation.x, 5) && close(c.translation.y, 12))
    }

    @Test func transformInterpolatesDecomposed() throws {
        // 0 → 180° about z: half-way is a quarter turn, not a collapse through scale 0.
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "transform")
        a.fromValue = .transform(.identity)
        a.toValue = .transform(Transform3D(rotationZ: .pi * 0.999))
        a.duration = 1
        try stage.layer.add(a, forKey: nil)
        stage.go(0.5)
        let c = stage.shown.transform.components
        #expect(close(c.rotationZ, .pi * 0.999 / 2, 1e-9))
        #expect(close(c.scale.x, 1) && close(c.scale.y, 1))
    }

    // MARK: Keyframes

    func keyframeStage(_ configure: (KeyframeAnimation) -> Void) throws -> Stage {
        let stage = Stage(time: 0)
        let k = KeyframeAnimation(keyPath: "position.x")
        k.duration = 1
        configure(k)
        try stage.layer.add(k, forKey: "k")
        return stage
    }

    @Test func linearKeyframesEvenlySpaced() throws {
        // The three-dots loader's opacity blink: [1, 0, 1, 1] over 2 s, key times 0, ⅓, ⅔, 1.
        let stage = Stage(time: 0)
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [1, 0, 1, 1]
        k.duration = 2
        k.repeatCount = .infinity
        try stage.layer.add(k, forKey: "opacity")
        // f = 1/6 is half-way down the first segment; f = ½ half-way up the second.
        for (t, expected) in [(1.0 / 3, 0.5), (1.0, 0.5), (1.5, 1.0), (2 + 1.0 / 3, 0.5)] {
            stage.go(t)
            #expect(close(stage.shown.opacity, expected, 1e-9), "t=\(t)")
        }
    }

    @Test func keyTimesAndPerSegmentTimingFunctions() throws {
        let stage = try keyframeStage {
            $0.values = [0, 100, 200]
            $0.keyTimes = [0, 0.8, 1]
            $0.timingFunctions = [.easeIn, .linear]
        }
        stage.go(0.4)
        // Half of the first segment, eased in.
        #expect(close(stage.shown.position.x, 100 * referenceEase(0.42, 0, 1, 1, 0.5), 1e-6))
        stage.go(0.9)
        #expect(close(stage.shown.position.x, 150, 1e-9))
    }

    @Test func invalidKeyTimesAreIgnored() throws {
        // Descending key times are not valid: values are spread evenly instead.
        let stage = try keyframeStage {
            $0.values = [0, 100, 200]
            $0.keyTimes = [0, 0.9, 0.1]
        }
        stage.go(0.25)
        #expect(close(stage.shown.position.x, 50))
    }

    @Test func discreteKeyframes() throws {
        let stage = try keyframeStage {
            $0.values = [0, 100, 200]
            $0.calculationMode = .discrete
        }
        // Three values hold for a third each.
        for (t, expected) in [(0.1, 0.0), (0.34, 100.0), (0.66, 100.0), (0.67, 200.0)] {
            stage.go(t)
            #expect(stage.shown.position.x == expected, "t=\(t)")
        }
    }

    @Test func pacedKeyframesMoveAtConstantSpeed() throws {
        // (0,0) → (30,0) → (30,40): 30 then 40 points, 70 in all; half the time is 35 points.
        let stage = Stage(time: 0)
        let k = KeyframeAnimation(keyPath: "position")
        k.values = [.point(Point(0, 0)), .point(Point(30, 0)), .point(Point(30, 40))]
        k.keyTimes = [0, 0.9, 1]  // ignored in paced mode
        k.calculationMode = .paced
        k.duration = 1
        try stage.layer.add(k, forKey: nil)
        stage.go(0.5)
        #expect(close(stage.shown.position, Point(30, 5), 1e-9))
        stage.go(0.3)
        #expect(close(stage.shown.position, Point(21, 0), 1e-9))
    }

    @Test func cubicKeyframesFollowCatmullRom() throws {
        // Values 0, 10, 0 at times 0, ½, 1. Catmull-Rom tangents per unit of time: the middle
        // one is (0 − 0)/(1 − 0) = 0; at the ends the end point is duplicated half a unit
        // further out: m0 = (10 − 0)/(2·½) = 10, m2 = −10. At f = ¼ (segment 0, s = ½, span ½)
        // the Hermite basis is h00 = ½, h10 = ⅛, h01 = ½, h11 = −⅛:
        // ½·0 + ⅛·½·10 + ½·10 − ⅛·½·0 = 5.625.
        let stage = try keyframeStage {
            $0.values = [0, 10, 0]
            $0.calculationMode = .cubic
        }
        stage.go(0.25)
        #expect(close(stage.shown.position.x, 5.625, 1e-9))
        stage.go(0.5)
        #expect(close(stage.shown.position.x, 10, 1e-9))
        // Four evenly spaced values (uniform Catmull-Rom): in the middle segment between 1
        // and 2, with tangents (2 − 0)/2 = 1 and (0 − 1)/2 = −½ per segment, at s = ½:
        // ½·1 + ⅛·1 + ½·2 − ⅛·(−½) = 1.6875.
        let four = try keyframeStage {
            $0.values = [0, 1, 2, 0]
            $0.calculationMode = .cubic
        }
        four.go(0.5)
        #expect(close(four.shown.position.x, 1.6875, 1e-9))
    }

    @Test func transformKeyframesOfTheFourDotsLoader() throws {
        // Translations [0, d, 0, d, 0] with d = (0, 5), 1 s, linear: out and in twice.
        let stage = Stage(time: 0)
        let k = KeyframeAnimation(keyPath: "transform")
        let zero = AnimationValue.transform(Transform3D(translationX: 0, y: 0))
        let out = AnimationValue.transform(Transform3D(translationX: 0, y: 5))
        k.values = [zero, out, zero, out, zero]
        k.duration = 1
        k.repeatCount = .infinity
        k.timingFunction = .linear
        k.fillMode = .forwards
        k.isRemovedOnCompletion = false
        try stage.layer.add(k, forKey: "translationKeyframeAni")
        for (t, y) in [(0.125, 2.5), (0.25, 5.0), (0.375, 2.5), (0.5, 0.0), (0.625, 2.5)] {
            stage.go(t)
            #expect(close(stage.shown.transform.m42, y, 1e-9), "t=\(t)")
        }
    }

    // MARK: Groups

    @Test func groupClipsChildrenAndDoesNotScaleThem() throws {
        let stage = Stage(time: 0, layer: ShapeLayer())
        let shape = stage.layer as! ShapeLayer
        shape.strokeEnd = 0.25
        let slow = BasicAnimation(keyPath: "position.x")
        slow.fromValue = 0
        slow.toValue = 300
        slow.duration = 3  // longer than the group: cut at 1.5 s, not squeezed
        let inherit = BasicAnimation(keyPath: "strokeEnd")
        inherit.fromValue = 0
        inherit.toValue = 1  // no duration: takes the group's 1.5 s
        let late = BasicAnimation(keyPath: "position.y")
        late.fromValue = 10
        late.toValue = 20
        late.beginTime = 0.5  // relative to the group's start
        late.duration = 0.5
        late.fillMode = .backwards
        late.delegate = Recorder("child")  // ignored
        let group = AnimationGroup()
        group.animations = [slow, inherit, late]
        group.duration = 1.5
        try shape.add(group, forKey: "g")
        stage.go(0.25)
        #expect(close(stage.shown.position.x, 25))  // 0.25/3 of 300
        #expect(close(stage.scene.shapePresentation(of: shape)!.strokeEnd, 0.25 / 1.5))
        #expect(close(stage.shown.position.y, 10))  // before its begin: backwards fill
        stage.go(0.75)
        #expect(close(stage.shown.position.y, 15))
        stage.go(1.2)
        #expect(close(stage.shown.position.x, 120))
        #expect(close(stage.shown.position.y, 0))  // ended, no forwards fill: model value
        stage.go(1.6)
        // The group ended and was removed: model values.
        #expect(stage.shown.position.x == 0)
        #expect(stage.scene.shapePresentation(of: shape)!.strokeEnd == 0.25)
        #expect(shape.animationKeys().isEmpty)
    }

    @Test func groupThatFillsForwardsKeepsItsChildrensFinalValues() throws {
        let stage = Stage(time: 0)
        let x = BasicAnimation(keyPath: "position.x")
        x.fromValue = 0
        x.toValue = 40  // no fill mode of its own
        let g = AnimationGroup()
        g.duration = 2
        g.animations = [x]
        g.fillMode = .forwards
        g.isRemovedOnCompletion = false
        try stage.layer.add(g, forKey: "g")
        stage.go(1)
        #expect(close(stage.shown.position.x, 20))
        stage.go(5)
        #expect(stage.shown.position.x == 40)
        #expect(!stage.scene.needsFrames)
    }

    @Test func groupRepeatDurationLikeTheAirplane() throws {
        // Groups of 1.5 s repeating for 5 s: at 4.6 s the fourth cycle is 0.1 s in.
        let stage = Stage(time: 0, layer: ShapeLayer())
        let start = BasicAnimation(keyPath: "strokeStart")
        start.fromValue = -0.5
        start.toValue = 1
        let end = BasicAnimation(keyPath: "strokeEnd")
        end.fromValue = 0
        end.toValue = 1
        let g = AnimationGroup()
        g.duration = 1.5
        g.repeatDuration = 5
        g.animations = [start, end]
        try stage.layer.add(g, forKey: nil)
        stage.go(4.6)
        let s = stage.scene.shapePresentation(of: stage.layer as! ShapeLayer)!
        #expect(close(s.strokeStart, -0.5 + 1.5 * (0.1 / 1.5), 1e-9))
        #expect(close(s.strokeEnd, 0.1 / 1.5, 1e-9))
        stage.go(5.1)
        #expect(stage.scene.shapePresentation(of: stage.layer as! ShapeLayer)!.strokeEnd == 1)
        #expect(!stage.scene.needsFrames)
    }

    // MARK: Errors

    @Test func badKeyPathsAndValuesAreRejectedByName() {
        let layer = Layer()
        let unknown = BasicAnimation(keyPath: "positon")
        #expect(throws: AnimationError.unknownKeyPath("positon")) { try layer.add(unknown, forKey: nil) }
        let shapeOnly = BasicAnimation(keyPath: "strokeEnd")
        #expect(throws: AnimationError.requiresShapeLayer(keyPath: "strokeEnd")) {
            try layer.add(shapeOnly, forKey: nil)
        }
        let wrong = BasicAnimation(keyPath: "position")
        wrong.toValue = 3
        #expect(
            throws: AnimationError.wrongValueType(
                keyPath: "position", role: "toValue", expected: "point", actual: "number")
        ) { try layer.add(wrong, forKey: nil) }
        let wrongKeyframe = KeyframeAnimation(keyPath: "opacity")
        wrongKeyframe.values = [1, .color(.red)]
        #expect(
            throws: AnimationError.wrongValueType(
                keyPath: "opacity", role: "values[1]", expected: "number", actual: "color")
        ) { try layer.add(wrongKeyframe, forKey: nil) }
        let pathOnNumber = KeyframeAnimation(keyPath: "opacity")
        pathOnNumber.path = Path.rect(Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(throws: AnimationError.pathRequiresPointKeyPath("opacity")) {
            try layer.add(pathOnNumber, forKey: nil)
        }
        // Inside a group too, and nothing is added.
        let g = AnimationGroup()
        g.animations = [BasicAnimation(keyPath: "transform.rotation.w")]
        #expect(throws: AnimationError.unknownKeyPath("transform.rotation.w")) {
            try layer.add(g, forKey: "g")
        }
        #expect(throws: AnimationError.missingKeyPath) { try layer.add(BasicAnimation(), forKey: nil) }
        #expect(layer.animationKeys().isEmpty)
        #expect(AnimationError.unknownKeyPath("positon").description.contains("positon"))
    }

    @Test func addingCopiesTheAnimationAndStampsItsBeginTime() throws {
        let stage = Stage(time: 5)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        try stage.layer.add(a, forKey: "o")
        a.toValue = 0  // changing the original afterwards changes nothing
        stage.go(5.5)
        #expect(close(stage.shown.opacity, 0.5))
        #expect(stage.layer.animation(forKey: "o") !== a)
        #expect(a.beginTime == 0)
        // The running copy holds the layer's local time when it was added.
        #expect(stage.layer.animation(forKey: "o")?.beginTime == 5)
    }
}
