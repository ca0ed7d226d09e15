import Foundation
import Testing

@testable import LayerKit

/// A scene on a manual clock with one plain layer in it.
struct Stage {
    let clock: ManualClock
    let root: Layer
    let layer: Layer
    let scene: Scene

    init(time: Double = 0, layer: Layer = Layer()) {
        clock = ManualClock(time: time)
        root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        self.layer = layer
        root.addSublayer(layer)
        scene = Scene(root: root, clock: clock)
        scene.update()
    }

    /// Moves the clock to `t` and updates the scene there.
    func go(_ t: Double) {
        clock.set(t)
        scene.update()
    }

    /// The presentation value of `layer` at the last update.
    var shown: LayerProperties { scene.presentation(of: layer)! }
}

/// Records delegate callbacks with the scene time at which each arrived.
final class Recorder: AnimationDelegate {
    var log: [String] = []
    var times: [Double] = []
    weak var scene: Scene?
    var onStop: ((Animation, Bool) -> Void)?
    var onStart: ((Animation) -> Void)?
    let name: String

    init(_ name: String = "a", scene: Scene? = nil) {
        self.name = name
        self.scene = scene
    }

    func animationDidStart(_ anim: Animation) {
        log.append("start \(name)")
        times.append(scene?.currentTime ?? .nan)
        onStart?(anim)
    }

    func animationDidStop(_ anim: Animation, finished: Bool) {
        log.append("stop \(name) \(finished)")
        times.append(scene?.currentTime ?? .nan)
        onStop?(anim, finished)
    }
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool {
    abs(a - b) <= tol
}

func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
}
