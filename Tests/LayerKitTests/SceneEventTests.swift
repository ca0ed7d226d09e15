import Foundation
import Testing

@testable import LayerKit

/// Delegate callbacks, their order and times, and `needsFrames`.
@Suite struct SceneEventTests {
    func opacity(_ duration: Double, begin: Double = 0, delegate: AnimationDelegate? = nil)
        -> BasicAnimation
    {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = duration
        a.beginTime = begin
        a.delegate = delegate
        return a
    }

    @Test func callbacksArriveInTimeOrderAcrossOneBigJump() throws {
        let stage = Stage(time: 0)
        let a = Recorder("a", scene: stage.scene)
        let b = Recorder("b", scene: stage.scene)
        let log = Recorder("log", scene: stage.scene)
        // One shared log: both delegates append to it.
        for (recorder, name) in [(a, "a"), (b, "b")] {
            recorder.onStart = { _ in
                log.log.append("start \(name)")
                log.times.append(stage.scene.currentTime)
            }
            recorder.onStop = { _, f in
                log.log.append("stop \(name) \(f)")
                log.times.append(stage.scene.currentTime)
            }
        }
        try stage.layer.add(opacity(2, delegate: b), forKey: "b")  // 0 … 2
        let other = Layer()
        stage.root.addSublayer(other)
        try other.add(opacity(0.5, begin: 0.75, delegate: a), forKey: "a")  // 0.75 … 1.25
        stage.go(10)
        #expect(log.log == ["start b", "start a", "stop a true", "stop b true"])
        #expect(log.times == [0, 0.75, 1.25, 2])
        #expect(stage.scene.currentTime == 10)
        #expect(stage.layer.animationKeys().isEmpty && other.animationKeys().isEmpty)
        #expect(!stage.scene.needsFrames)
    }

    /// The balls loader: ball 3's animation restarts the cycle from `animationDidStop`.
    final class Restarter: AnimationDelegate {
        let layer: Layer
        let scene: Scene
        var starts: [Double] = []
        var stops: [Double] = []
        var stopped = false

        init(layer: Layer, scene: Scene) {
            self.layer = layer
            self.scene = scene
        }

        func start() {
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 160
            a.duration = 1.6
            a.delegate = self
            try! layer.add(a, forKey: "animation1")
        }

        func animationDidStart(_ anim: Animation) { starts.append(scene.currentTime) }

        func animationDidStop(_ anim: Animation, finished: Bool) {
            stops.append(scene.currentTime)
            if stopped { return }
            start()
        }
    }

    @Test(arguments: [0.3, 1.0 / 60, 7.0])
    func restartFromDidStopDoesNotDrift(step: Double) {
        let stage = Stage(time: 0)
        let r = Restarter(layer: stage.layer, scene: stage.scene)
        r.start()
        var t = 0.0
        while t < 100 {
            t = min(t + step, 100)
            stage.go(t)
        }
        // 100 / 1.6 = 62.5: 62 full cycles ended at 1.6·k; the 63rd is half-way.
        #expect(r.stops.count == 62)
        for (k, s) in r.stops.enumerated() {
            #expect(close(s, 1.6 * Double(k + 1), 1e-9))
        }
        #expect(r.starts.count == 63)
        #expect(close(r.starts.last!, 1.6 * 62, 1e-9))
        #expect(close(stage.shown.position.x, 80, 1e-6))
        #expect(stage.scene.needsFrames)
        // The user stops it: the removal is reported as unfinished, and nothing restarts.
        r.stopped = true
        stage.layer.removeAllAnimations()
        stage.go(100)
        #expect(r.stops.count == 63)
        #expect(stage.layer.animationKeys().isEmpty)
        #expect(!stage.scene.needsFrames)
    }

    @Test func removalReportsUnfinishedAtTheNextUpdate() throws {
        let stage = Stage(time: 0)
        let rec = Recorder("a", scene: stage.scene)
        try stage.layer.add(opacity(1, delegate: rec), forKey: "a")
        stage.go(0.5)
        #expect(rec.log == ["start a"])
        stage.layer.removeAnimation(forKey: "a")
        #expect(stage.layer.animation(forKey: "a") == nil)
        stage.go(0.6)
        #expect(rec.log == ["start a", "stop a false"])
        #expect(close(rec.times[1], 0.5))
        #expect(stage.shown.opacity == 1)
        stage.go(2)
        #expect(rec.log.count == 2)
    }

    @Test func replacingByKeyStopsTheOldOne() throws {
        let stage = Stage(time: 0)
        let old = Recorder("old", scene: stage.scene)
        try stage.layer.add(opacity(1, delegate: old), forKey: "k")
        stage.go(0.2)
        try stage.layer.add(opacity(1), forKey: "k")
        stage.go(0.3)
        #expect(old.log == ["start old", "stop old false"])
        #expect(stage.layer.animationKeys() == ["k"])
    }

    @Test func callbacksMayAddAndRemoveAnimations() throws {
        let stage = Stage(time: 0)
        let second = Layer()
        stage.root.addSublayer(second)
        let victim = Recorder("victim", scene: stage.scene)
        try second.add(opacity(5, delegate: victim), forKey: "victim")
        let chained = Recorder("chained", scene: stage.scene)
        let first = Recorder("first", scene: stage.scene)
        first.onStart = { _ in second.removeAnimation(forKey: "victim") }
        first.onStop = { _, _ in
            stage.layer.removeAllAnimations()
            try! stage.layer.add(self.opacity(1, delegate: chained), forKey: "next")
        }
        try stage.layer.add(opacity(1, begin: 0.5, delegate: first), forKey: "first")
        stage.go(4)
        #expect(first.log == ["start first", "stop first true"])
        #expect(victim.log == ["start victim", "stop victim false"])
        #expect(victim.times == [0, 0.5])
        #expect(chained.log == ["start chained", "stop chained true"])
        #expect(chained.times == [1.5, 2.5])
    }

    @Test func needsFramesFollowsActivity() throws {
        let stage = Stage(time: 0)
        try stage.scene.perform {
            #expect(!stage.scene.needsFrames)
            // Scheduled in the future: frames are needed (to start it on time).
            let a = opacity(1, begin: 5)
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            try stage.layer.add(a, forKey: "a")
            #expect(stage.scene.needsFrames)
            stage.go(1)
            #expect(stage.scene.needsFrames)
            stage.go(5.5)
            #expect(stage.scene.needsFrames)
            // Finished and filling forwards: static.
            stage.go(6.5)
            #expect(!stage.scene.needsFrames)
            #expect(stage.shown.opacity == 1)
            // A model change needs one frame.
            Transaction.performWithoutActions { stage.layer.backgroundColor = .red }
            #expect(stage.scene.needsFrames)
            stage.go(6.6)
            #expect(!stage.scene.needsFrames)
        }
    }

    @Test func animationAddedBeforeTheLayerJoinsASceneStartsWhenItJoins() throws {
        let clock = ManualClock(time: 3)
        let root = Layer()
        let loose = Layer()
        try loose.add(opacity(1), forKey: "o")
        let scene = Scene(root: root, clock: clock)
        scene.update()
        clock.set(4)
        root.addSublayer(loose)
        #expect(loose.animation(forKey: "o")?.beginTime == 4)
        clock.set(4.25)
        scene.update()
        #expect(close(scene.presentation(of: loose)!.opacity, 0.25))
        // A tree built before its scene exists starts when the scene is made.
        let root2 = Layer()
        let child = Layer()
        root2.addSublayer(child)
        try child.add(opacity(1), forKey: "o")
        clock.set(7)
        let scene2 = Scene(root: root2, clock: clock)
        clock.set(7.5)
        scene2.update()
        #expect(close(scene2.presentation(of: child)!.opacity, 0.5))
    }

    @Test func eventTimesFollowARetimedRoot() throws {
        let stage = Stage(time: 0)
        let rec = Recorder("a", scene: stage.scene)
        try stage.layer.add(opacity(1, delegate: rec), forKey: "a")
        stage.go(0.5)
        // Slow motion from 0.5 s, re-based as a player does: the remaining half second of
        // local time takes 5 s of scene time.
        let root = stage.root
        let local = root.convertTime(0.5, from: nil)
        root.beginTime = 0.5
        root.timeOffset = local
        root.speed = 0.1
        stage.go(3)
        #expect(close(stage.shown.opacity, 0.5 + 2.5 * 0.1, 1e-12))
        // Paused at 3 (local 0.75): no stop while paused, however long.
        let frozen = root.convertTime(3, from: nil)
        root.beginTime = 3
        root.timeOffset = frozen
        root.speed = 0
        stage.go(100)
        #expect(rec.log == ["start a"])
        #expect(!stage.scene.needsFrames)
        // Resumed at normal speed at 100: the last quarter second ends at 100.25.
        root.beginTime = 100
        root.timeOffset = frozen
        root.speed = 1
        stage.go(200)
        #expect(rec.log == ["start a", "stop a true"])
        #expect(close(rec.times[1], 100.25, 1e-9))
    }

    @Test func updatingFromACallbackIsIgnored() throws {
        let stage = Stage(time: 0)
        let rec = Recorder("a", scene: stage.scene)
        rec.onStop = { _, _ in stage.scene.update(to: 50) }
        let a = BasicAnimation(keyPath: "opacity")
        a.duration = 1
        a.delegate = rec
        try stage.layer.add(a, forKey: nil)
        stage.go(2)
        #expect(rec.log == ["start a", "stop a true"])
        #expect(stage.scene.lastUpdate == 2)
    }

    @Test func presentationBeforeTheFirstUpdateShowsTheModel() {
        let root = Layer()
        root.opacity = 0.5
        let child = ShapeLayer()
        child.name = "c"
        root.addSublayer(child)
        let scene = Scene(root: root, clock: ManualClock(time: 2))
        let tree = scene.presentation()
        #expect(tree.properties.opacity == 0.5 && tree.sublayers.first?.name == "c")
        #expect(scene.lastUpdate == nil && scene.needsFrames)
    }

    @Test func presentationIsAValueAndLeavesTheModelAlone() throws {
        let stage = Stage(time: 0)
        stage.layer.name = "dot"
        stage.layer.opacity = 0.3
        try stage.layer.add(opacity(1), forKey: nil)
        stage.go(0.5)
        let tree = stage.scene.presentation()
        #expect(tree.sublayers.count == 1)
        #expect(tree.sublayers[0].name == "dot")
        #expect(close(tree.sublayers[0].properties.opacity, 0.5))
        #expect(stage.layer.opacity == 0.3)
        stage.go(0.75)
        #expect(close(tree.sublayers[0].properties.opacity, 0.5))  // the old value is unchanged
        #expect(close(stage.scene.presentation().sublayers[0].properties.opacity, 0.75))
    }
}
