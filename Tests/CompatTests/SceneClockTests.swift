import Dispatch
import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
import UIKit

// What `loaderlab preview` declares in the previewed module (see `LoaderLabTimer`).
private typealias Timer = LoaderLabTimer

/// The user's time is the scene's: `DispatchQueue.main.async`/`asyncAfter`, `Timer` and
/// `CADisplayLink`, written as iOS code writes them (this file imports Foundation and Dispatch
/// itself, as many do), run on the stage's root timeline at their own times, in order, and
/// stop, slow and step with the root's timing as the previewer's playback sets it.
@Suite(.serialized) struct SceneClockTests {
    /// Times seen by callbacks, in the order they ran.
    final class Log {
        var entries: [(String, Double)] = []
        func add(_ name: String) { entries.append((name, CACurrentMediaTime())) }
        var names: [String] { entries.map(\.0) }
        var times: [Double] { entries.map(\.1) }
    }

    /// Re-bases the root's timing at scene time `t` and sets its speed, as `Playback` does for
    /// pause (0), slow motion and the rates.
    private func setSpeed(_ speed: Float, of stage: Stage, at t: Double) {
        stage.clock.set(t)
        let local = stage.root.convertTime(t, from: nil)
        stage.root.beginTime = t
        stage.root.timeOffset = local
        stage.root.speed = speed
    }

    @Test func asyncAfterRunsAtItsSceneTime() {
        let stage = Stage()
        let log = Log()
        stage.perform {
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { log.add("after 2") }
            DispatchQueue.main.asyncAfter(wallDeadline: .now() + 1.5) { log.add("wall 1.5") }
            DispatchQueue.main.asyncAfter(
                deadline: .now() + .milliseconds(250), execute: { log.add("250 ms") })
            DispatchQueue.main.asyncAfter(deadline: .distantFuture) { log.add("never") }
        }
        stage.at(0.249)
        #expect(log.entries.isEmpty)
        stage.at(1.4999)
        #expect(log.names == ["250 ms"])
        stage.at(1.9999)
        #expect(log.names == ["250 ms", "wall 1.5"])
        stage.at(2)
        #expect(log.names == ["250 ms", "wall 1.5", "after 2"])
        // Each ran at its own time, not at the update's: the deadline read to the millisecond.
        #expect(log.times == [0.25, 1.5, 2])
        stage.at(1000)
        #expect(log.entries.count == 3)
    }

    /// Older iOS code spells a delay in nanoseconds with Darwin's constants; a second is
    /// 10⁹ of them, so the blocks run 0.5 s and 1.25 s in.
    @Test func delaysSpelledWithDarwinsNanosecondConstants() {
        #expect(NSEC_PER_SEC == 1_000 * NSEC_PER_MSEC && NSEC_PER_MSEC == 1_000 * NSEC_PER_USEC)
        #expect(USEC_PER_SEC * NSEC_PER_USEC == NSEC_PER_SEC)
        let stage = Stage()
        let log = Log()
        stage.perform {
            let half = DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
            DispatchQueue.main.asyncAfter(deadline: half) { log.add("half") }
            let later = DispatchTime.now() + .nanoseconds(Int(1_250 * NSEC_PER_MSEC))
            DispatchQueue.main.asyncAfter(deadline: later) { log.add("later") }
        }
        stage.at(2)
        #expect(log.names == ["half", "later"])
        #expect(log.times == [0.5, 1.25])
    }

    @Test func workFromACallbackCountsFromTheCallbacksTime() {
        let stage = Stage()
        let log = Log()
        stage.perform {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                log.add("first")
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { log.add("half a second later") }
                DispatchQueue.main.async { log.add("async") }
            }
        }
        // One update from 0 to 3 runs all three, each at its time.
        stage.at(3)
        #expect(log.names == ["first", "async", "half a second later"])
        #expect(log.times == [1, 1, 1.5])
    }

    @Test func asyncRunsAtTheNextUpdateAtTheSceneTime() {
        let stage = Stage()
        let log = Log()
        stage.at(0.7)
        stage.perform { DispatchQueue.main.async { log.add("async") } }
        #expect(log.entries.isEmpty)
        stage.at(0.9)
        #expect(log.names == ["async"])
        #expect(log.times == [0.7])
    }

    @Test func workDueAtOneTimeRunsInTheOrderItWasAskedFor() {
        let stage = Stage()
        let log = Log()
        let layer = CALayer()
        stage.perform {
            stage.root.addSublayer(layer)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.delegate = StopLogger(log: log)
            layer.add(fade, forKey: "fade")
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.add("a") }
            Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in log.add("b") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { log.add("c") }
            let link = CADisplayLink(action: { _ in log.add("link") })
            link.preferredFramesPerSecond = 1
            link.add(to: .main, forMode: .common)
        }
        stage.at(5)
        // The animation's stop first (animation events come before timers at one instant), then
        // the timers in the order they were made; the link, once a second, made last.
        #expect(log.names.prefix(5) == ["stop", "a", "b", "c", "link"])
        #expect(log.times.prefix(5).allSatisfy { $0 == 1 })
    }

    final class StopLogger: NSObject, CAAnimationDelegate {
        let log: Log
        init(log: Log) { self.log = log }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.add("stop") }
    }

    @Test func pausingTheRootStopsThemAndResumingRunsThemOnAtTheirRootTimes() {
        let stage = Stage()
        let log = Log()
        var ticks = 0
        let link = CADisplayLink(action: { _ in ticks += 1 })
        stage.perform {
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { log.add("after 2") }
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in log.add("timer") }
            link.add(to: .main, forMode: .common)
        }
        stage.at(1.01)
        #expect(log.names == ["timer", "timer"])
        #expect(ticks == 60)
        // Paused at 1.01 (root time 1.01): nothing runs while the scene's time goes on.
        setSpeed(0, of: stage, at: 1.01)
        stage.at(4)
        stage.at(9)
        #expect(log.names == ["timer", "timer"])
        #expect(ticks == 60)
        // Stepped one 60 Hz frame at a time, as ← and → do: one display-link call each.
        for step in 1...3 {
            stage.root.timeOffset += 1.0 / 60
            stage.scene.update()
            #expect(ticks == 60 + step)
        }
        // Resumed at 10 (root time 1.06): the timer's next fire at root 1.5 is scene 10.44, the
        // asyncAfter's at root 2 is 10.94.
        setSpeed(1, of: stage, at: 10)
        stage.at(10.43)
        #expect(log.names == ["timer", "timer"])
        stage.at(10.45)
        #expect(log.names == ["timer", "timer", "timer"])
        stage.at(10.95)
        #expect(log.names == ["timer", "timer", "timer", "after 2", "timer"])
        // Slowed to a tenth at 11 (root 2.06): the next fire, root 2.5, comes 4.4 s later.
        setSpeed(0.1, of: stage, at: 11)
        stage.at(15.39)
        #expect(log.names.count == 5)
        stage.at(15.41)
        #expect(log.names.count == 6)
        #expect(near(log.times.last!, 2.5, 1e-9))
        link.invalidate()
    }

    @Test func aDisplayLinkCallsOncePerSixtiethOfSceneTimeFromWhenItWasAdded() {
        let stage = Stage()
        stage.at(0.3)
        var calls: [(timestamp: Double, target: Double, now: Double)] = []
        let link = CADisplayLink(action: { link in
            calls.append((link.timestamp, link.targetTimestamp, CACurrentMediaTime()))
        })
        #expect(link.timestamp == 0 && link.duration == 1.0 / 60)
        stage.perform { link.add(to: .main, forMode: .common) }
        // Frames at 0.3 + k/60: by 0.81, k = 1…30.
        stage.at(0.81)
        #expect(calls.count == 30)
        for (i, call) in calls.enumerated() {
            let k = Double(i + 1)
            #expect(near(call.timestamp, 0.3 + k / 60, 1e-12))
            #expect(near(call.target, 0.3 + (k + 1) / 60, 1e-12))
            #expect(near(call.now, call.timestamp, 1e-9))
        }
        // Every second frame at 30 frames a second: frames 32, 34, … by 1.3 (frame 60).
        link.preferredFramesPerSecond = 30
        stage.at(1.3 + 1e-9)
        #expect(calls.count == 30 + 15)
        #expect(near(calls.last!.timestamp, 1.3, 1e-9))
        #expect(near(calls.last!.target, 1.3 + 2.0 / 60, 1e-9))
        link.preferredFramesPerSecond = 0
        // Paused, no calls; resumed at 2.005, the next of its frames is frame 103 (2.01667).
        link.isPaused = true
        stage.at(2.005)
        #expect(calls.count == 45)
        link.isPaused = false
        stage.at(2.0166)
        #expect(calls.count == 45)
        stage.at(2.0167)
        #expect(calls.count == 46)
        #expect(near(calls.last!.timestamp, 0.3 + 103.0 / 60, 1e-9))
        link.invalidate()
        stage.at(5)
        #expect(calls.count == 46)
    }

    /// The wave a display link drives moves by a step per call: a render at time T (one jump)
    /// has the same phase as a window that drew irregular frames up to T, and as a recording
    /// at 30 frames a second.
    @Test func aDisplayLinkWavesPhaseDependsOnlyOnTheTime() {
        func phase(frames: [Double]) -> (phase: Double, calls: Int) {
            let stage = Stage()
            var phase = 0.0
            var calls = 0
            let link = CADisplayLink(action: { _ in
                phase += 0.07
                calls += 1
            })
            stage.perform { link.add(to: .main, forMode: .common) }
            for t in frames { stage.at(t) }
            link.invalidate()
            return (phase, calls)
        }
        let t = 1.234
        let render = phase(frames: [t])
        var irregular: [Double] = []
        var s = 0.0
        var i = 0
        while s < t {
            s = min(t, s + [0.004, 0.0167, 0.021, 0.033, 0.0083][i % 5])
            irregular.append(s)
            i += 1
        }
        let window = phase(frames: irregular)
        let recording = phase(frames: (1...37).map { Double($0) / 30 } + [t])
        // floor(60 · 1.234) = 74 calls.
        #expect(render.calls == 74)
        #expect(window.calls == 74 && recording.calls == 74)
        #expect(render.phase == window.phase && render.phase == recording.phase)
    }

    @Test func aDisplayLinkHoldsItsTargetUntilInvalidated() {
        final class Wave {
            var calls = 0
            func step(_ link: CADisplayLink) { calls += 1 }
        }
        let stage = Stage()
        weak var released: Wave?
        var link: CADisplayLink?
        do {
            let wave = Wave()
            released = wave
            link = CADisplayLink(target: wave) { wave, link in wave.step(link) }
            stage.perform { link?.add(to: .main, forMode: .default) }
        }
        stage.at(0.1)
        #expect(released?.calls == 6)
        link?.invalidate()
        link = nil
        #expect(released == nil)
    }

    @Test func timersRepeatStopAndFireAsFoundationsDo() {
        let stage = Stage()
        let log = Log()
        var repeating: Timer?
        var once: Timer?
        var count = 0
        stage.perform {
            repeating = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { timer in
                count += 1
                log.add("repeat \(count)")
                if count == 3 { timer.invalidate() }
            }
            once = Timer.scheduledTimer(withTimeInterval: 0.6, repeats: false) { _ in log.add("once") }
        }
        #expect(repeating?.timeInterval == 0.25 && once?.timeInterval == 0)
        #expect(repeating?.isValid == true)
        stage.at(5)
        #expect(log.names == ["repeat 1", "repeat 2", "once", "repeat 3"])
        #expect(log.times == [0.25, 0.5, 0.6, 0.75])
        #expect(repeating?.isValid == false && once?.isValid == false)
    }

    @Test func aTimerMadeAndAddedToARunLoopLaterFiresFromWhenItWasMade() {
        let stage = Stage()
        let log = Log()
        var timer: Timer?
        stage.perform {
            timer = Timer(timeInterval: 0.5, repeats: true) { _ in log.add("fire") }
        }
        timer?.tolerance = 0.1
        #expect(timer?.tolerance == 0.1)
        stage.at(0.2)
        #expect(log.entries.isEmpty)
        stage.perform { RunLoop.main.add(timer!, forMode: .common) }
        stage.at(1.1)
        #expect(log.times == [0.5, 1.0])
        // fire() calls it now and leaves its schedule alone.
        stage.perform { timer?.fire() }
        #expect(log.times == [0.5, 1.0, 1.1])
        stage.at(1.6)
        #expect(log.times == [0.5, 1.0, 1.1, 1.5])
        // A new fire date moves the fires to come: 0.3 s from 1.6, every 0.5 s after.
        stage.perform { timer?.fireDate = Date(timeIntervalSinceNow: 0.3) }
        stage.at(2.2)
        #expect(log.times.count == 5)
        #expect(near(log.times[4], 1.9, 0.002))
        stage.at(2.41)
        #expect(log.times.count == 6)
        #expect(near(log.times[5], 2.4, 0.002))
        timer?.invalidate()
        stage.at(10)
        #expect(log.times.count == 6)
    }

    @Test func aTimerThatIsNeverAddedNeverFires() {
        let stage = Stage()
        var fired = false
        var timer: Timer?
        stage.perform { timer = Timer(timeInterval: 0.1, repeats: false) { _ in fired = true } }
        stage.at(3)
        #expect(!fired)
        #expect(timer?.isValid == true)
        // fire() on a timer that does not repeat runs it and invalidates it.
        timer?.fire()
        #expect(fired && timer?.isValid == false)
    }

    @Test func otherQueuesAndThreadsKeepTheirPlainMeaning() async {
        let stage = Stage()
        let ran = DispatchSemaphore(value: 0)
        let started = DispatchTime.now()
        stage.perform {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { ran.signal() }
            DispatchQueue(label: "serial").async { ran.signal() }
        }
        // They run on Dispatch's own threads at wall-clock times, with the scene never updated.
        #expect(ran.wait(timeout: .now() + 5) == .success)
        #expect(ran.wait(timeout: .now() + 5) == .success)
        #expect(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds >= 50_000_000)
        #expect(!stage.scene.needsFrames)
        // Another thread has no scene to schedule on (the main queue's work stays Dispatch's).
        let thread = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Scene.scheduling == nil) }
        }
        #expect(thread)
        stage.perform { #expect(Scene.scheduling === stage.scene) }
    }
}
