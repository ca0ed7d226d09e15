import Foundation
import Testing

@testable import LayerKit

/// Timers and update handlers: the scene as the one timeline.
@Suite struct SceneTimerTests {
    /// A linear position.x animation 0 → 100 over 1 s, as a timer's action adds it.
    static func slide() -> BasicAnimation {
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        a.timingFunction = .linear
        return a
    }

    @Test func aTimerFiresAtItsOwnTimeEvenInOneJump() throws {
        let stage = Stage(time: 0)
        var fired: [Double] = []
        stage.scene.schedule(at: 0.3337, on: stage.layer) {
            fired.append(stage.scene.currentTime)
            try? stage.layer.add(Self.slide(), forKey: "slide")
        }
        #expect(stage.scene.needsFrames)
        stage.go(0.9)
        #expect(fired == [0.3337])
        // The animation began at the timer's time, not at the update's: x = 100 · (0.9 − 0.3337).
        let x = stage.shown.position.x
        #expect(abs(x - 100 * (0.9 - 0.3337)) < 1e-9, "x = \(x)")
        stage.go(5)
        #expect(fired.count == 1)
        #expect(!stage.scene.needsFrames)
    }

    @Test func aTimerFollowsItsLayersTime() {
        let stage = Stage(time: 0)
        let slow = Layer()
        stage.root.addSublayer(slow)
        slow.speed = 0.5
        var fired: [Double] = []
        // The half-speed layer's local time is t / 2: local 1 is scene time 2.
        stage.scene.schedule(at: 1, on: slow) { fired.append(stage.scene.currentTime) }
        stage.go(1.5)
        #expect(fired.isEmpty)
        // Paused at local 0.75 (Apple's recipe, QA1673): it waits, and the scene goes idle.
        slow.speed = 0
        slow.timeOffset = 0.75
        stage.go(1.6)
        stage.go(10)
        #expect(fired.isEmpty)
        #expect(!stage.scene.needsFrames)
        // Resumed at 10 at full speed: local = t − (10 − 0.75), which reaches 1 at 10.25.
        slow.speed = 1
        slow.timeOffset = 0
        slow.beginTime = 10 - 0.75
        stage.go(30)
        #expect(fired.count == 1)
        if let t = fired.first { #expect(abs(t - 10.25) < 1e-9, "fired at \(t)") }
    }

    @Test func timersKeepTheirOrderAndComeAfterStopsAtTheSameInstant() throws {
        let stage = Stage(time: 0)
        var log: [String] = []
        let recorder = Recorder("anim", scene: stage.scene)
        recorder.onStop = { _, _ in log.append("stop") }
        let a = Self.slide()
        a.delegate = recorder
        try stage.layer.add(a, forKey: "slide")  // stops at 1
        stage.scene.schedule(at: 1, on: stage.layer) { log.append("timer 1") }
        stage.scene.schedule(at: 1, on: stage.layer) { log.append("timer 2") }
        stage.scene.schedule(at: 0.5, on: stage.layer) { log.append("timer 0.5") }
        stage.go(2)
        #expect(log == ["timer 0.5", "stop", "timer 1", "timer 2"])
    }

    @Test func aCancelledTimerNeverFires() {
        let stage = Stage(time: 0)
        var fired = false
        let timer = stage.scene.schedule(at: 1, on: stage.layer) { fired = true }
        #expect(timer.isPending)
        timer.cancel()
        #expect(!timer.isPending)
        stage.go(2)
        #expect(!fired)
        #expect(!stage.scene.needsFrames)
        // A timer for a non-finite time is never pending.
        #expect(!stage.scene.schedule(at: .nan, on: stage.layer) {}.isPending)
    }

    @Test func updateHandlersRunAfterTheEventsAtTheUpdatesTime() throws {
        let stage = Stage(time: 0)
        var log: [String] = []
        stage.scene.schedule(at: 0.25, on: stage.layer) { log.append("timer") }
        // Weak: the scene keeps its handlers, and a handler holding the scene would keep both.
        stage.scene.addUpdateHandler { [weak scene = stage.scene, weak layer = stage.layer] in
            guard let scene, let layer else { return }
            log.append("handler \(scene.currentTime)")
            // Something the handler starts now shows in this update's presentation.
            if scene.currentTime == 0.5 { try? layer.add(Self.slide(), forKey: "slide") }
        }
        stage.go(0.5)
        #expect(log == ["timer", "handler 0.5"])
        #expect(stage.layer.animationKeys() == ["slide"])
        #expect(stage.shown.position.x == 0)
        stage.go(0.75)
        #expect(abs(stage.shown.position.x - 25) < 1e-9)
    }
}
