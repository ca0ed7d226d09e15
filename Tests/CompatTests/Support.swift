import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing

/// A layer tree in a scene on a manual clock: what the app runs, with time under the test's
/// control.
final class Stage {
    let clock = ManualClock(time: 0)
    let root: CALayer
    let scene: Scene

    init(width: CGFloat = 200, height: CGFloat = 200) {
        root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        root.position = CGPoint(x: width / 2, y: height / 2)
        scene = Scene(root: root.engineLayer, clock: clock)
        scene.update()
    }

    /// Moves the clock to `t` and updates the scene (delivering callbacks).
    func at(_ t: Double) {
        clock.set(t)
        scene.update()
    }

    /// Runs `body` with the scene active, as the app runs input and set-up.
    func perform(_ body: () -> Void) {
        scene.perform(body)
    }
}

func near(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
func near(_ p: CGPoint, _ q: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    near(p.x, q.x, tolerance) && near(p.y, q.y, tolerance)
}

/// The cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1) at progress `x`,
/// solved by bisection on the curve parameter (independent of the engine's solver).
func bezierTiming(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
}

/// Serializes `reportedErrors`: the reporter is one for the whole process, and two tests
/// swapping it at once in parallel each collected the other's messages.
private let reporterLock = NSRecursiveLock()

/// Collects what `CALayer.errorReporter` receives while `body` runs.
func reportedErrors(_ body: () -> Void) -> [String] {
    reporterLock.lock()
    defer { reporterLock.unlock() }
    let saved = CALayer.errorReporter
    let box = MessageBox()
    CALayer.errorReporter = { box.messages.append($0) }
    defer { CALayer.errorReporter = saved }
    body()
    return box.messages
}

final class MessageBox: @unchecked Sendable {
    var messages: [String] = []
}
