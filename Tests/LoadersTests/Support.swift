import Foundation
import LayerKit
import LayerKitCairo
import RefreshKit
import SnapshotTesting
import Testing

@testable import Loaders

/// A loader session in its own scene on a manual clock, stepped the way a window steps it
/// (`SessionStepper`), with the pulls, lookups and geometry the tests need.
final class Harness {
    let stepper: SessionStepper
    var session: LoaderSession { stepper.session }
    var scene: Scene { stepper.scene }
    var now: Double { stepper.now }
    /// Frame length; fine enough that callbacks and scroll physics land where a window's would.
    var step: Double { stepper.step }

    init(_ id: String, size: Size? = nil) {
        let info = Catalog.info(id: id)!
        let session = Catalog.makeSession(id: id, size: size ?? info.defaultSize)!
        stepper = SessionStepper(session: session, step: 1.0 / 120)
    }

    /// Steps frame by frame until `time`, calling `each` with every frame's time first.
    func run(to time: Double, _ each: ((Double) -> Void)? = nil) { stepper.run(to: time, each) }

    func run(for seconds: Double) { run(to: now + seconds) }

    /// The header content (scroll view, control) of a header session.
    var header: HeaderContent { session.content as! HeaderContent }

    /// Drags the list down over 0.25 s until `contentOffset.y = −offset`, then holds still for
    /// `hold` seconds with the finger down (the implicit 0.25 s animations settle).
    func pull(to offset: Double, hold: Double = 0.5) {
        let distance = session.fingerDistance(forOffset: offset)
        let start = Point(x: 100, y: 0)
        let end = Point(x: 100, y: distance)
        session.pointerDown(at: start)
        let begin = now
        run(to: begin + 0.25) { t in
            // The last move lands exactly on the finger distance.
            let f = min(1, (t - begin) / 0.25)
            self.session.pointerMoved(to: t >= begin + 0.25 ? end : Point(x: 100, y: distance * f))
        }
        run(for: hold)
        fingerAt = end
    }

    private var fingerAt: Point?

    /// Lifts the finger where it is (no flick); returns the release time.
    @discardableResult
    func release() -> Double {
        session.pointerUp(at: fingerAt ?? Point(x: 100, y: 100))
        fingerAt = nil
        return now
    }

    /// The model layer named `name` (depth-first).
    func layer(_ name: String) -> Layer {
        func find(_ l: Layer) -> Layer? {
            if l.name == name { return l }
            for s in l.sublayers {
                if let f = find(s) { return f }
            }
            return nil
        }
        guard let l = find(session.layer) else {
            Issue.record("no layer named \(name)")
            return Layer()
        }
        return l
    }

    func shapeLayer(_ name: String) -> ShapeLayer { layer(name) as! ShapeLayer }

    /// Presentation values of the layer named `name` at the last update.
    func presented(_ name: String) -> LayerProperties {
        scene.presentation(of: layer(name)) ?? LayerProperties()
    }

    func presentedShape(_ name: String) -> ShapeProperties {
        scene.shapePresentation(of: shapeLayer(name)) ?? ShapeProperties()
    }

    /// The transform from the layer's own coordinates to the viewport root's, from
    /// presentation values.
    func toRoot(_ name: String) -> Transform3D {
        var l: Layer? = layer(name)
        var m = Transform3D.identity
        while let current = l, current !== session.layer {
            let p = scene.presentation(of: current) ?? current.properties
            m = m.concatenating(p.toSuperlayer)
            l = current.superlayer
        }
        return m
    }

    /// The centre of the layer named `name` (its bounds' middle) in root coordinates.
    func centerInRoot(_ name: String) -> Point {
        let p = presented(name)
        let c = Point(x: p.bounds.midX, y: p.bounds.midY)
        return toRoot(name).apply(to: c)
    }
}

/// `TimingFunction` inverted: the time fraction at which `f` reaches `progress` (bisection;
/// the curves used here are monotonic).
func inverse(_ f: TimingFunction, _ progress: Double) -> Double {
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if f(mid) < progress { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func close(_ a: Color?, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.red, b.red, tolerance) && close(a.green, b.green, tolerance)
        && close(a.blue, b.blue, tolerance) && close(a.alpha, b.alpha, tolerance)
}

/// Angles equal modulo 2π.
func sameAngle(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
    close(cos(a), cos(b), tolerance) && close(sin(a), sin(b), tolerance)
}

// MARK: - Snapshots

enum Snapshot {
    /// Draws a loader snapshot at `scale` pixels per point.
    static func render(_ snapshot: LoaderSnapshot, scale: Int = 1) throws -> ImageSurface {
        try renderForTesting(
            snapshot.tree, width: Int(snapshot.size.width.rounded(.up)),
            height: Int(snapshot.size.height.rounded(.up)), scale: scale)
    }
}

/// Compares `surface` with the committed `Snapshots/<name>.png` beside these tests; every
/// channel of every pixel may differ by `tolerance` (antialiasing noise) on at most
/// `allowedMismatches` pixels. See `SnapshotTesting.expectSnapshot` for what a mismatch
/// writes and how to record.
func expectSnapshot(
    _ surface: ImageSurface, named name: String, tolerance: Int = 8, allowedMismatches: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try SnapshotTesting.expectSnapshot(
        surface, named: name, in: snapshotsDirectory(beside: #filePath), tolerance: tolerance,
        allowedMismatches: allowedMismatches, sourceLocation: sourceLocation)
}
