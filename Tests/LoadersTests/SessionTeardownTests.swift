import Foundation
import LayerKit
import Testing

@testable import Loaders

/// A session that ends frees its layers, even while its animations run with delegates that
/// hold the layers (the running copy holds its delegate, as in Core Animation).
@Suite struct SessionTeardownTests {
    struct WeakLayer {
        weak var layer: Layer?
    }

    /// Runs a loader for `seconds` (a header refreshing) and returns how many of its layers
    /// are still alive, and its scene, after everything that held them is gone.
    private func runAndDrop(_ id: String, seconds: Double) -> (alive: Int, scene: Scene?, running: Bool) {
        var layers: [WeakLayer] = []
        weak var scene: Scene?
        var running = false
        do {
            let h = Harness(id)
            scene = h.scene
            if h.session.info.kind == .header { h.session.start() }
            h.run(to: seconds)
            // Something animates at that moment: the cycle under test exists.
            running = h.scene.needsFrames
            func collect(_ l: Layer) {
                layers.append(WeakLayer(layer: l))
                l.sublayers.forEach(collect)
            }
            collect(h.session.layer)
        }
        return (layers.filter { $0.layer != nil }.count, scene, running)
    }

    @Test(arguments: ["four-dots", "three-dots", "airplane", "orbit", "balls"])
    func endedSessionFreesItsTree(id: String) {
        let (alive, scene, running) = runAndDrop(id, seconds: 1.0)
        #expect(running, "\(id) had nothing running at 1 s")
        #expect(alive == 0, "\(alive) of \(id)'s layers outlived its session")
        #expect(scene == nil, "\(id)'s scene outlived its session")
    }

    /// The headless commands take a snapshot per call: a thousand of them hold no more than one.
    @Test func snapshotsDoNotAccumulate() throws {
        weak var ball: Layer?
        for _ in 0..<3 {
            let h = Harness("balls")
            h.run(to: 0.5)
            ball = h.layer("ball.3")
        }
        #expect(ball == nil)
    }
}
