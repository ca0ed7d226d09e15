import Foundation
import Testing

@testable import LayerKit

/// `Layer.animationCycles()` and the loop a recorder takes from them, worked out from
/// `CAMediaTiming`'s rules: a cycle is the duration (twice it when autoreversing), the active
/// time is `repeatDuration`, else `repeatCount` cycles, else one; speeds divide both.
@Suite struct AnimationCycleTests {
    func basic(_ key: String, duration: Double) -> BasicAnimation {
        let a = BasicAnimation(keyPath: key)
        a.fromValue = 0
        a.toValue = 1
        a.duration = duration
        return a
    }

    @Test func aMasksAnimationsCountInItsLayersTime() throws {
        // A mask runs in its layer's time: at the layer's speed 2, a 3 s cycle lasts 1.5 s.
        let stage = Stage(time: 0)
        let mask = Layer()
        mask.name = "mask"
        stage.layer.mask = mask
        stage.layer.speed = 2
        let forever = basic("opacity", duration: 3)
        forever.repeatCount = .infinity
        try mask.add(forever, forKey: "pulse")
        stage.go(0.1)
        let cycles = stage.layer.animationCycles()
        #expect(cycles.map(\.layerName) == ["mask"])
        #expect(AnimationCycle.loopDuration(of: cycles) == 1.5)
    }

    @Test func cyclesInSceneSeconds() throws {
        let stage = Stage(time: 0)
        stage.layer.name = "a"
        let child = Layer()
        child.name = "b"
        stage.layer.addSublayer(child)

        // Forever, 3 s: cycle 3, active ∞.
        let forever = basic("opacity", duration: 3)
        forever.repeatCount = .infinity
        try stage.layer.add(forever, forKey: "forever")
        // Autoreversing 0.5 s, 2 repeats: cycle 1, active 2.
        let reversing = basic("position.x", duration: 0.5)
        reversing.autoreverses = true
        reversing.repeatCount = 2
        try stage.layer.add(reversing, forKey: "reversing")
        // Its own speed 2 on a layer at speed 4: 8 times faster, a 4 s cycle lasts 0.5 s and
        // its 10 s repeatDuration 1.25 s.
        child.speed = 4
        let fast = basic("opacity", duration: 4)
        fast.speed = 2
        fast.repeatDuration = 10
        try child.add(fast, forKey: "fast")
        stage.go(0.1)

        let cycles = stage.root.animationCycles()
        #expect(
            cycles == [
                AnimationCycle(layerName: "a", key: "forever", cycle: 3, activeDuration: .infinity),
                AnimationCycle(layerName: "a", key: "reversing", cycle: 1, activeDuration: 2),
                AnimationCycle(layerName: "b", key: "fast", cycle: 0.5, activeDuration: 1.25),
            ])
        #expect(cycles.map(\.repeats) == [true, true, true])
        // The longest repeating cycle: the 3 s one.
        #expect(AnimationCycle.loopDuration(of: cycles) == 3)
    }

    @Test func pausedAndStoppedAnimationsAreLeftOut() throws {
        let stage = Stage(time: 0)
        let paused = Layer()
        stage.layer.addSublayer(paused)
        paused.speed = 0
        try paused.add(basic("opacity", duration: 5), forKey: "frozen")
        let once = basic("opacity", duration: 0.5)
        try stage.layer.add(once, forKey: "once")
        stage.go(0.1)
        #expect(stage.root.animationCycles().map(\.key) == ["once"])
        // Past its end it stops and is removed: nothing runs.
        stage.go(1)
        #expect(stage.root.animationCycles().isEmpty)
        #expect(AnimationCycle.loopDuration(of: []) == nil)
    }

    /// Without a repeating animation the loop is the longest active time: a cycle that the
    /// delegate starts again when it stops (the balls loader's 1.6 s).
    @Test func withoutRepeatsTheLongestActiveTime() {
        let cycles = [
            AnimationCycle(layerName: "ball", key: "path", cycle: 1.6, activeDuration: 1.6),
            AnimationCycle(layerName: "ball", key: "scale", cycle: 0.5, activeDuration: 0.5),
        ]
        #expect(AnimationCycle.loopDuration(of: cycles) == 1.6)
        // A repeating animation wins over a longer one that does not repeat.
        let mixed = cycles + [AnimationCycle(layerName: "x", key: "spin", cycle: 0.8, activeDuration: 8)]
        #expect(AnimationCycle.loopDuration(of: mixed) == 0.8)
    }
}
