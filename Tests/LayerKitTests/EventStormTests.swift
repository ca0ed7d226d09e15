import Foundation
import Testing

@testable import LayerKit

/// Random start, stop, replace, pause and resume sequences applied within single frames, with
/// delegates that misbehave the way real loader code does: the scene keeps advancing, and no
/// frame delivers more than `Scene.maxEventsPerUpdate` events.
@Suite struct EventStormTests {
    /// A delegate that restarts its animation whenever any animation of its stops, finished or
    /// not — the original balls loader's `animationDidStop`. Each restart replaces the running
    /// animation under the same key, whose own (unfinished) stop then restarts it again.
    final class NaiveRestarter: AnimationDelegate {
        let layer: Layer
        let duration: Double
        var restarts = 0

        init(layer: Layer, duration: Double) {
            self.layer = layer
            self.duration = duration
        }

        func start() {
            let a = BasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = duration
            a.delegate = self
            try? layer.add(a, forKey: "cycle")
        }

        func animationDidStart(_ anim: Animation) {}

        func animationDidStop(_ anim: Animation, finished: Bool) {
            restarts += 1
            start()
        }
    }

    /// SplitMix64: small and deterministic.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// A layer whose one linear animation nobody touches: its presented value proves that the
    /// scene reached each frame's time.
    static func sentinel(in root: Layer) throws -> Layer {
        let layer = Layer()
        root.addSublayer(layer)
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 1000
        a.duration = 1000
        a.timingFunction = .linear
        try layer.add(a, forKey: "sentinel")
        return layer
    }

    @Test(.tags(.exhaustive), arguments: [1 as UInt64, 2])
    func randomStormsKeepTheSceneAdvancing(seed: UInt64) throws {
        var random = Generator(state: seed)
        let clock = ManualClock(time: 0)
        let root = Layer()
        let scene = Scene(root: root, clock: clock)
        let sentinel = try Self.sentinel(in: root)
        // A paused or slowed subtree holds the stormy layers, so pausing moves their times.
        let group = Layer()
        root.addSublayer(group)
        let durations = [1e-9, 0.016, 0.05, 0.3, 1.6]
        let restarters = durations.map { d -> NaiveRestarter in
            let layer = Layer()
            group.addSublayer(layer)
            return NaiveRestarter(layer: layer, duration: d)
        }
        scene.update()
        var t = 0.0
        for frame in 0..<90 {
            // 0–6 operations, all at the same instant (one frame's input).
            for _ in 0..<random.below(7) {
                let r = restarters[random.below(restarters.count)]
                switch random.below(6) {
                case 0, 1: r.start()
                case 2: r.layer.removeAllAnimations()
                case 3: r.layer.removeAnimation(forKey: "cycle")
                case 4:
                    // Pause or resume the group the way the app pauses a tree.
                    let local = group.convertTime(t, from: nil)
                    group.speed = group.speed == 0 ? 1 : 0
                    group.timeOffset = local
                    group.beginTime = 0
                default:
                    r.start()
                    r.layer.removeAllAnimations()
                    r.start()
                }
            }
            t += 1.0 / 60
            clock.set(t)
            scene.update()
            #expect(scene.eventsDeliveredInLastUpdate <= Scene.maxEventsPerUpdate, "frame \(frame)")
            #expect(scene.lastUpdate == t)
            let x = try #require(scene.presentation(of: sentinel)).position.x
            #expect(abs(x - t) < 1e-9, "frame \(frame): the sentinel shows \(x) at \(t)")
        }
        // The restarters' running animations hold them (and their layers): let go.
        root.removeAllAnimationsInSubtree()
    }

    /// A picosecond animation restarted from its own stop makes ~10^10 events per frame: each
    /// update delivers exactly the bound, and time still moves on for everything else. (A
    /// duration of 0 would mean the default 0.25 s, as in Core Animation.)
    @Test func zeroDurationRestartLoopIsBoundedPerUpdate() throws {
        let clock = ManualClock(time: 0)
        let root = Layer()
        let scene = Scene(root: root, clock: clock)
        let sentinel = try Self.sentinel(in: root)
        let layer = Layer()
        root.addSublayer(layer)
        let looping = NaiveRestarter(layer: layer, duration: 1e-12)
        looping.start()
        for frame in 1...5 {
            let t = Double(frame) / 60
            clock.set(t)
            scene.update()
            #expect(scene.eventsDeliveredInLastUpdate == Scene.maxEventsPerUpdate)
            #expect(scene.hasOverdueEvents)
            #expect(scene.needsFrames)
            #expect(try #require(scene.presentation(of: sentinel)).position.x == t)
        }
        // Two events (start, stop) make one restart; the sentinel's start took one event.
        #expect(looping.restarts == (5 * Scene.maxEventsPerUpdate - 1) / 2)
        root.removeAllAnimationsInSubtree()
    }

    /// Stopped and restarted within one frame, the naive restarter's stale report restarts it
    /// at that instant, replacing what runs; each replacement's report does the same. The
    /// bound turns that into a fixed amount of work per frame rather than a hang.
    @Test func staleStopReportsCannotStallAFrame() throws {
        let clock = ManualClock(time: 0)
        let root = Layer()
        let scene = Scene(root: root, clock: clock)
        let sentinel = try Self.sentinel(in: root)
        let layer = Layer()
        root.addSublayer(layer)
        let r = NaiveRestarter(layer: layer, duration: 1.6)
        r.start()
        scene.update()
        clock.set(0.5)
        scene.update()
        r.layer.removeAllAnimations()
        r.start()
        for frame in 1...3 {
            let t = 0.5 + Double(frame) / 60
            clock.set(t)
            scene.update()
            #expect(scene.eventsDeliveredInLastUpdate <= Scene.maxEventsPerUpdate)
            #expect(try #require(scene.presentation(of: sentinel)).position.x == t)
        }
        root.removeAllAnimationsInSubtree()
    }
}
