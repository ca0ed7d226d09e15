import Foundation
import Testing

@testable import LayerKit

/// `Layer.animationRecords` and `animatedLayers()`: what an inspector reads about running
/// animations, and the normalised value curve, checked against values worked out here.
@Suite struct AnimationRecordTests {
    /// y at x of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1), by bisection on x(t): an
    /// evaluation independent of `TimingFunction`'s solver.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    @Test("an orbit-like strokeEnd animation: 3 s, forever, ease-in-ease-out, from 0 to 1")
    func basicRecord() throws {
        let stage = Stage(time: 5, layer: ShapeLayer())
        let a = BasicAnimation(keyPath: "strokeEnd")
        a.duration = 3
        a.timingFunction = .easeInEaseOut
        a.fromValue = 0
        a.toValue = 1
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        a.repeatCount = .infinity
        try stage.layer.add(a, forKey: "strokeEndAnimation")
        stage.go(6)
        let records = stage.layer.animationRecords
        #expect(records.count == 1)
        let r = try #require(records.first)
        #expect(r.key == "strokeEndAnimation")
        #expect(r.keyPath == "strokeEnd")
        #expect(r.kind == .basic)
        #expect(r.origin == .explicit)
        // Added at t = 5 with beginTime 0: it begins at the layer's time then.
        #expect(r.beginTime == 5)
        #expect(r.duration == 3)
        #expect(r.repeatCount == .infinity)
        #expect(r.activeDuration == .infinity)
        #expect(r.endTime == .infinity)
        #expect(r.fillMode == .forwards)
        #expect(!r.isRemovedOnCompletion)
        #expect(r.timingFunction?.c1 == Point(x: 0.42, y: 0))
        #expect(r.timingFunction?.c2 == Point(x: 0.58, y: 1))
        #expect(r.fromValue == .number(0) && r.toValue == .number(1) && r.byValue == nil)
        #expect(r.keyframeTimes.isEmpty && r.children.isEmpty)

        // 0.75 s into the second cycle: a quarter of the way, eased.
        let s = try #require(r.sample(atLocalTime: 5 + 3 + 0.75))
        #expect(s.phase == .active)
        #expect(s.iteration == 1)
        let eased = Self.bezier(0.42, 0, 0.58, 1, at: 0.25)
        #expect(close(s.fraction, eased, 1e-7))
        #expect(close(try #require(s.normalizedValue), eased, 1e-7))
        // Before its begin, without a backwards fill: nothing.
        #expect(r.sample(atLocalTime: 4) == nil)
    }

    @Test("three-dots' opacity keyframes 1, 0, 1, 1 over 1 s: even key times, the value itself")
    func keyframeRecord() throws {
        let stage = Stage(time: 0)
        let a = KeyframeAnimation(keyPath: "opacity")
        a.duration = 1
        a.repeatCount = .infinity
        a.fillMode = .forwards
        a.values = [1.0, 0.0, 1.0, 1.0]
        a.beginTime = 0.25
        try stage.layer.add(a, forKey: "opacity")
        stage.go(0.1)
        let r = try #require(stage.layer.animationRecords.first)
        #expect(r.kind == .keyframe)
        #expect(r.beginTime == 0.25)
        #expect(r.values == [.number(1), .number(0), .number(1), .number(1)])
        #expect(r.keyTimes == nil)
        #expect(r.calculationMode == .linear)
        let expectedTimes = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(zip(r.keyframeTimes, expectedTimes).allSatisfy { close($0, $1) })
        #expect(r.keyframeTimes.count == 4)
        // Half-way down the first segment, opacity is 0.5: the lowest keyframe is 0, the
        // highest 1, so it is also the normalised value.
        #expect(close(try #require(r.sample(atLocalTime: 0.25 + 1.0 / 6)?.normalizedValue), 0.5))
        #expect(close(try #require(r.sample(atLocalTime: 0.25 + 1.0 / 3)?.normalizedValue), 0))
        #expect(close(try #require(r.sample(atLocalTime: 0.25 + 0.9)?.normalizedValue), 1))
        // Before 0.25 s there is no backwards fill.
        #expect(r.sample(atLocalTime: 0.2) == nil)
    }

    @Test("transform keyframes of several components normalise along the farthest pair")
    func transformKeyframes() throws {
        let stage = Stage(time: 0)
        let a = KeyframeAnimation(keyPath: "transform")
        a.duration = 1
        a.timingFunction = .linear
        let rest = AnimationValue.transform(Transform3D(translationX: 0, y: 0, z: 0))
        let out = AnimationValue.transform(Transform3D(translationX: 0, y: 20, z: 0))
        a.values = [rest, out, rest, out, rest]
        try stage.layer.add(a, forKey: "t")
        let r = try #require(stage.layer.animationRecords.first)
        // Key times at quarters; the dot is out (1) at 0.25 and 0.75, home (0) between.
        for (t, v) in [(0.0, 0.0), (0.125, 0.5), (0.25, 1.0), (0.5, 0.0), (0.75, 1.0), (0.875, 0.5)] {
            #expect(close(try #require(r.sample(atLocalTime: t)?.normalizedValue), v))
        }
    }

    @Test("a group lists its children; they run in the group's simple time")
    func groupRecord() throws {
        let stage = Stage(time: 0, layer: ShapeLayer())
        let start = BasicAnimation(keyPath: "strokeStart")
        start.fromValue = -0.5
        start.toValue = 1
        let end = BasicAnimation(keyPath: "strokeEnd")
        end.fromValue = 0
        end.toValue = 1
        end.duration = 0.5
        end.beginTime = 0.5
        let group = AnimationGroup()
        group.duration = 1.5
        group.repeatDuration = 5
        group.animations = [start, end]
        try stage.layer.add(group, forKey: nil)
        let r = try #require(stage.layer.animationRecords.first)
        #expect(r.kind == .group)
        #expect(r.key == nil && r.keyPath == nil)
        #expect(r.repeatDuration == 5 && r.activeDuration == 5)
        #expect(r.children.map(\.keyPath) == ["strokeStart", "strokeEnd"])
        // The first child takes the group's duration; the second keeps its own.
        #expect(r.children[0].duration == 1.5 && r.children[1].duration == 0.5)
        #expect(r.children.allSatisfy { $0.id == r.id })
        // 1.5 + 0.75 s: the second cycle's 0.75 s — the first child half-way, the second
        // child half-way through its 0.5…1 s.
        let samples = r.childSamples(atLocalTime: 2.25)
        #expect(close(try #require(samples[0]?.normalizedValue), 0.5))
        #expect(close(try #require(samples[1]?.normalizedValue), 0.5))
        // At 0.25 s the second child has not begun.
        #expect(r.childSamples(atLocalTime: 0.25)[1] == nil)
        // After 5 s the group is gone: no fill.
        #expect(r.sample(atLocalTime: 5.1) == nil)
        #expect(r.sample(atLocalTime: 1)?.normalizedValue == nil)
    }

    @Test("a keyframe path: paced is the fraction, linear mode gives each segment equal time")
    func pathRecord() throws {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 30, y: 0))
        path.addLine(to: Point(x: 30, y: 10))
        let stage = Stage(time: 0)
        let linear = KeyframeAnimation(keyPath: "position")
        linear.path = path
        linear.duration = 1
        try stage.layer.add(linear, forKey: "linear")
        let paced = KeyframeAnimation(keyPath: "position")
        paced.path = path
        paced.calculationMode = .paced
        paced.duration = 1
        paced.isAdditive = true
        try stage.layer.add(paced, forKey: "paced")
        let records = stage.layer.animationRecords
        #expect(records.map(\.key) == ["linear", "paced"])
        // Linear: half the time on each 30- and 10-point line; a quarter in is 15 of 40 points.
        #expect(close(try #require(records[0].sample(atLocalTime: 0.25)?.normalizedValue), 15.0 / 40))
        #expect(close(try #require(records[0].sample(atLocalTime: 0.75)?.normalizedValue), 35.0 / 40))
        #expect(records[0].keyframeTimes == [0, 0.5, 1])
        // Paced: the distance is the fraction of the length; keyframes at 30/40.
        #expect(close(try #require(records[1].sample(atLocalTime: 0.4)?.normalizedValue), 0.4))
        #expect(records[1].keyframeTimes == [0, 0.75, 1])
        #expect(records[1].isAdditive && records[1].path == path)
    }

    @Test("fill modes: before, active, after")
    func phases() throws {
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 2
        a.beginTime = 1
        a.fillMode = .both
        a.autoreverses = true
        a.timingFunction = .linear
        try stage.layer.add(a, forKey: "fade")
        let r = try #require(stage.layer.animationRecords.first)
        #expect(r.cycleDuration == 4 && r.activeDuration == 4 && r.endTime == 5)
        #expect(r.sample(atLocalTime: 0)?.phase == .before)
        #expect(r.sample(atLocalTime: 0)?.normalizedValue == 0)
        #expect(r.sample(atLocalTime: 2)?.phase == .active)
        #expect(close(try #require(r.sample(atLocalTime: 2)?.normalizedValue), 0.5))
        // Autoreversing: 3 s after its begin it is half-way back.
        #expect(close(try #require(r.sample(atLocalTime: 4)?.normalizedValue), 0.5))
        #expect(r.sample(atLocalTime: 6)?.phase == .after)
        #expect(r.sample(atLocalTime: 6)?.normalizedValue == 0)
    }

    @Test("implicit and view animations are marked; their timing is the action's")
    func origins() throws {
        let stage = Stage(time: 0)
        stage.go(0.5)
        stage.scene.perform { stage.layer.opacity = 0.2 }
        let implicit = try #require(stage.layer.animationRecords.first)
        #expect(implicit.origin == .implicit)
        #expect(implicit.key == "opacity" && implicit.keyPath == "opacity")
        #expect(implicit.duration == 0.25 && implicit.beginTime == 0.5)
        #expect(implicit.timingFunction == TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
        #expect(implicit.fromValue == .number(1) && implicit.toValue == .number(0.2))

        let view = Layer()
        view.isViewBacking = true
        stage.scene.perform {
            Transaction.performWithoutActions { stage.root.addSublayer(view) }
        }
        stage.go(1)
        stage.scene.perform {
            ViewAnimation.animate(withDuration: 0.4) { view.position = Point(x: 50, y: 0) }
        }
        let animated = try #require(view.animationRecords.first)
        #expect(animated.origin == .viewAnimation)
        #expect(animated.duration == 0.4)
        #expect(animated.isAdditive)
    }

    @Test("animatedLayers: index paths in sublayer order and each layer's time against the root's")
    func animatedLayers() throws {
        let stage = Stage(time: 0)
        let inner = Layer()
        inner.name = "inner"
        inner.speed = 2
        inner.timeOffset = 1
        let still = Layer()
        stage.scene.perform {
            Transaction.performWithoutActions {
                stage.root.insertSublayer(still, at: 0)
                stage.layer.addSublayer(inner)
            }
        }
        let a = BasicAnimation(keyPath: "opacity")
        a.duration = 10
        try inner.add(a, forKey: "fade")
        stage.go(0.5)
        let layers = stage.root.animatedLayers()
        #expect(layers.count == 1)
        let found = try #require(layers.first)
        #expect(found.name == "inner")
        // root → sublayers[1] (stage.layer, after `still`) → sublayers[0].
        #expect(found.indexPath == [1, 0])
        // inner's local time = (t − 0)·2 + 1.
        #expect(found.timeRate == 2 && found.timeOffset == 1)
        #expect(found.localTime(atRootTime: 3) == 7)
        #expect(found.rootTime(atLocalTime: 7) == 3)
        #expect(found.records.map(\.key) == ["fade"])
        // Records taken twice of the same animation are equal; the id identifies it.
        #expect(stage.root.animatedLayers() == layers)
        #expect(stage.layer.animatedLayers().first?.indexPath == [0])
    }
}
