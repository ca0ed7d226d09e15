import LayerKit
import Testing

@testable import LoaderLab

/// Pause, slow motion and stepping as Core Animation does them on a root layer.
@Suite("Playback")
struct PlaybackTests {
    /// A root with one child whose opacity animates 0 → 1 over 1 s, linearly, from t = 10.
    private func makeScene() throws -> (ManualClock, Scene, Layer, Playback) {
        let clock = ManualClock(time: 10)
        let root = Layer()
        let child = Layer()
        root.addSublayer(child)
        let scene = Scene(root: root, clock: clock)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.timingFunction = .linear
        try child.add(fade, forKey: "fade")
        scene.update()
        return (clock, scene, child, Playback(root: root))
    }

    @Test("pause freezes local time where it was; resume continues from there")
    func pause() throws {
        let (clock, scene, child, playback) = try makeScene()
        clock.set(10.25)
        playback.togglePause(at: 10.25)
        #expect(playback.isPaused && playback.root.speed == 0)
        #expect(abs(playback.localTime(at: 15) - 10.25) < 1e-12)
        clock.set(15)
        scene.update()
        #expect(abs((scene.presentation(of: child)?.opacity ?? -1) - 0.25) < 1e-9)
        // Paused: nothing moves, so the scene asks for no frames.
        #expect(!scene.needsFrames)
        playback.togglePause(at: 15)
        #expect(abs(playback.localTime(at: 15.5) - 10.75) < 1e-12)
        clock.set(15.5)
        scene.update()
        #expect(abs((scene.presentation(of: child)?.opacity ?? -1) - 0.75) < 1e-9)
    }

    @Test("slow motion runs local time at a tenth of real time, continuous at the switch")
    func slowMotion() throws {
        let (_, _, _, playback) = try makeScene()
        playback.toggleSlowMotion(at: 12)
        #expect(playback.root.speed == 0.1)
        #expect(abs(playback.localTime(at: 12) - 12) < 1e-12)
        #expect(abs(playback.localTime(at: 22) - 13) < 1e-12)
        playback.toggleSlowMotion(at: 22)
        #expect(playback.root.speed == 1)
        #expect(abs(playback.localTime(at: 23) - 14) < 1e-12)
    }

    @Test("stepping moves a paused tree by 1/60 s per frame, both ways; not while running")
    func step() throws {
        let (clock, scene, child, playback) = try makeScene()
        #expect(!playback.step(frames: 1))
        #expect(playback.root.timeOffset == 0)
        playback.togglePause(at: 10.5)
        #expect(playback.step(frames: 6))
        #expect(abs(playback.localTime(at: 99) - (10.5 + 6.0 / 60)) < 1e-12)
        clock.set(11)
        scene.update()
        #expect(abs((scene.presentation(of: child)?.opacity ?? -1) - 0.6) < 1e-9)
        playback.step(frames: -3)
        #expect(abs(playback.localTime(at: 99) - (10.5 + 3.0 / 60)) < 1e-12)
    }

    @Test("slow motion chosen while paused applies on resume; the HUD names the mode")
    func slowWhilePaused() throws {
        let (_, _, _, playback) = try makeScene()
        #expect(playback.timeScaleDescription == "1x")
        playback.togglePause(at: 11)
        playback.toggleSlowMotion(at: 12)
        #expect(playback.root.speed == 0)
        #expect(playback.timeScaleDescription.hasPrefix("paused"))
        playback.togglePause(at: 13)
        #expect(playback.root.speed == 0.1)
        #expect(abs(playback.localTime(at: 23) - 12) < 1e-12)
        #expect(playback.timeScaleDescription == "0.1x slow motion")
    }
}

/// The playback rates and seeking of the timeline panel.
@Suite("Playback rates")
struct PlaybackRateTests {
    @Test("rates step 1 → 0.5 → 0.25 → 0.1 → 0.01 and back; local time stays continuous")
    func rates() {
        let playback = Playback(root: Layer())
        #expect(Playback.rates == [1, 0.5, 0.25, 0.1, 0.01])
        playback.stepRate(slower: true, at: 10)
        #expect(playback.rate == 0.5 && playback.root.speed == 0.5)
        // Ten seconds at half speed add five.
        #expect(abs(playback.localTime(at: 20) - 15) < 1e-12)
        for _ in 0..<5 { playback.stepRate(slower: true, at: 20) }
        #expect(playback.rate == 0.01)
        #expect(abs(playback.localTime(at: 120) - 16) < 1e-9)
        playback.cycleRate(at: 120)
        #expect(playback.rate == 1)
        playback.stepRate(slower: false, at: 120)
        #expect(playback.rate == 1)
        playback.setRate(0.3, at: 120)
        #expect(playback.rate == 1)
    }

    @Test("slow motion divides the rate by ten; the HUD names both")
    func slowMotionOnARate() {
        let playback = Playback(root: Layer())
        playback.setRate(0.25, at: 0)
        #expect(playback.timeScaleDescription == "0.25x")
        playback.toggleSlowMotion(at: 0)
        #expect(abs(playback.speed - 0.025) < 1e-15)
        #expect(playback.timeScaleDescription == "0.025x (0.25x, slow motion)")
        playback.togglePause(at: 1)
        #expect(playback.timeScaleDescription == "paused (0.25x, slow motion)")
        #expect(Playback.describe(0.01) == "0.01x" && Playback.describe(1) == "1x")
    }

    @Test("seeking sets a paused tree's time; it does nothing while running")
    func seek() {
        let playback = Playback(root: Layer())
        #expect(!playback.seek(toLocalTime: 3))
        playback.pause(at: 5)
        playback.pause(at: 6)
        #expect(playback.isPaused)
        #expect(playback.seek(toLocalTime: 3.5))
        #expect(playback.localTime(at: 50) == 3.5)
        #expect(!playback.seek(toLocalTime: .nan))
    }
}
