import Foundation
import Testing

@testable import LayerKit

/// Bad input never crashes, hangs or puts a non-finite number into the presentation.
@Suite struct EngineRobustnessTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e308, -1e308]

    func finite(_ p: LayerProperties) -> Bool {
        p.position.isFinite && p.bounds.isFinite && p.transform.isFinite && p.opacity.isFinite
            && p.anchorPoint.isFinite
    }

    @Test func nonFiniteAnimationValuesKeepTheModelValue() throws {
        let stage = Stage(time: 0)
        stage.layer.position = Point(x: 3, y: 4)
        let a = BasicAnimation(keyPath: "position")
        a.fromValue = .point(Point(x: .nan, y: 0))
        a.toValue = .point(Point(x: 1, y: .infinity))
        a.duration = 1
        try stage.layer.add(a, forKey: "p")
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [0, .number(.nan), 1]
        k.calculationMode = .paced
        try stage.layer.add(k, forKey: "o")
        let c = KeyframeAnimation(keyPath: "transform")
        c.values = [.transform(Transform3D(scaleX: 0, y: 0)), .transform(Transform3D(scaleX: .nan, y: 1))]
        c.calculationMode = .cubic
        try stage.layer.add(c, forKey: "t")
        for t in [0.0, 0.25, 0.5, 0.99, 2] {
            stage.go(t)
            #expect(finite(stage.shown))
        }
        stage.go(0.5)
        #expect(stage.shown.position == Point(x: 3, y: 4))
    }

    @Test(arguments: bad)
    func badTimingValues(_ v: Double) throws {
        let stage = Stage(time: 0)
        let setters: [(BasicAnimation) -> Void] = [
            { $0.duration = v }, { $0.speed = v }, { $0.repeatCount = v }, { $0.repeatDuration = v },
            { $0.beginTime = v }, { $0.timeOffset = v },
            {
                $0.repeatCount = v
                $0.autoreverses = true
                $0.fillMode = .both
            },
        ]
        for (i, set) in setters.enumerated() {
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            a.timingFunction = .easeInEaseOut
            a.delegate = Recorder()
            set(a)
            try stage.layer.add(a, forKey: "a\(i)")
        }
        for t in [0.0, 0.1, 1, 1000, 1e12] {
            stage.go(t)
            #expect(finite(stage.shown))
            _ = stage.scene.needsFrames
        }
    }

    @Test(arguments: bad)
    func badLayerTiming(_ v: Double) throws {
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.repeatCount = .infinity
        try stage.layer.add(a, forKey: "a")
        stage.layer.speed = v
        stage.root.beginTime = v
        stage.root.timeOffset = v
        for t in [0.0, 0.5, 100] {
            stage.go(t)
            #expect(finite(stage.shown))
            #expect(stage.layer.convertTime(t, from: nil).isFinite || !v.isFinite || abs(v) > 1e300)
        }
    }

    @Test func nonFiniteUpdateTimesAreIgnored() throws {
        let stage = Stage(time: 1)
        stage.scene.update(to: .nan)
        stage.scene.update(to: .infinity)
        #expect(stage.scene.lastUpdate == 1)
        // Going back in time is allowed (a manual clock reset) and does not replay callbacks.
        let rec = Recorder()
        let a = BasicAnimation(keyPath: "opacity")
        a.delegate = rec
        try stage.layer.add(a, forKey: nil)
        stage.go(5)
        stage.go(0.5)
        stage.go(6)
        #expect(rec.log == ["start a", "stop a true"])
    }

    @Test func singularAndNonFiniteTransformsOnLayers() throws {
        let stage = Stage(time: 0)
        stage.layer.transform = Transform3D(scaleX: 0, y: 0)
        let r = BasicAnimation(keyPath: "transform.rotation.z")
        r.byValue = 1
        try stage.layer.add(r, forKey: nil)
        let s = BasicAnimation(keyPath: "transform.scale.x")
        s.toValue = 2
        try stage.layer.add(s, forKey: nil)
        stage.go(0.1)
        #expect(stage.shown.transform.isFinite)
        stage.layer.frame = Rect(x: .nan, y: 0, width: 1, height: 1)
        #expect(stage.layer.position.isFinite)
        Transaction.performWithoutActions {
            stage.layer.transform = Transform3D(scaleX: .nan, y: 1)
        }
        stage.go(0.2)
        #expect(stage.root.convert(Point(x: 1, y: 1), to: stage.layer).isFinite)
    }

    @Test func aCallbackThatKeepsAddingTinyAnimationsCannotHang() throws {
        let stage = Stage(time: 0)
        final class Spinner: AnimationDelegate {
            let layer: Layer
            var count = 0
            init(_ layer: Layer) { self.layer = layer }
            func animationDidStop(_ anim: Animation, finished: Bool) {
                count += 1
                let a = BasicAnimation(keyPath: "opacity")
                a.duration = 1e-12
                a.delegate = self
                try? layer.add(a, forKey: "spin")
            }
        }
        let spinner = Spinner(stage.layer)
        spinner.animationDidStop(BasicAnimation(), finished: true)
        stage.go(1)
        #expect(spinner.count > 1)
        stage.go(2)
        #expect(stage.scene.needsFrames)
    }

    @Test func emptyAndNestedGroups() throws {
        let stage = Stage(time: 0)
        let empty = AnimationGroup()
        try stage.layer.add(empty, forKey: "e")
        let inner = AnimationGroup()
        let x = BasicAnimation(keyPath: "position.x")
        x.fromValue = 0
        x.toValue = 10
        inner.animations = [x]
        let outer = AnimationGroup()
        outer.duration = 2
        outer.animations = [inner]
        try stage.layer.add(outer, forKey: "o")
        stage.go(1)
        // Inner takes 2 s from the outer group, x takes 2 s from inner: half-way.
        #expect(close(stage.shown.position.x, 5))
        let plain = Animation()
        let rec = Recorder()
        plain.delegate = rec
        try stage.layer.add(plain, forKey: "plain")
        stage.go(5)
        #expect(rec.log == ["start a", "stop a true"])
    }
}
