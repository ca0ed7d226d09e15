import Foundation
import LayerKit
import Testing

@testable import LayerKit
@testable import Loaders

/// Delivering a frame's animation events costs in proportion to what is animated and what is
/// due, not to their product: many synchronized loaders, whose events fall on the same frames,
/// used to make the engine rescan the whole tree once per event (O(events × animations)).
@Suite struct EngineScalingTests {
    /// The engine's steps per second of animation for `count` balls loaders (the one with the
    /// most callbacks) started together in one scene, over 4 s of 60 Hz frames.
    static func work(loaders count: Int) -> Double {
        let clock = ManualClock(time: 0)
        let root = Layer()
        var sessions: [LoaderSession] = []
        for _ in 0..<count {
            let session = Catalog.makeSession(id: "balls", size: Size(width: 200, height: 200))!
            root.addSublayer(session.layer)
            sessions.append(session)
        }
        let scene = Scene(root: root, clock: clock)
        scene.update()
        let before = scene.eventWork
        for frame in 1...240 {
            clock.set(Double(frame) / 60)
            scene.update()
        }
        let work = Double(scene.eventWork - before)
        root.removeAllAnimationsInSubtree()
        return work / 4
    }

    @Test func eventWorkGrowsLinearlyWithTheLoaders() {
        let six = Self.work(loaders: 6)
        let ninetySix = Self.work(loaders: 96)
        // 16 times the loaders: 16 times the work, give or take the fixed part of each update
        // (a rescan per event would make it about 16² = 256 times).
        let ratio = ninetySix / six
        #expect(ratio > 8 && ratio < 20, "96 loaders cost \(ratio)× what 6 do")
    }
}
