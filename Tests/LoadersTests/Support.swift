import Foundation
import LayerKit
import LayerKitCairo
import RefreshKit
import Testing

@testable import Loaders

/// A loader session in its own scene on a manual clock, stepped the way a window steps it:
/// each frame the clock moves, the session ticks, the scene updates.
final class Harness {
    let clock = ManualClock(time: 0)
    let session: LoaderSession
    let scene: Scene
    private(set) var now = 0.0
    /// Frame length; fine enough that callbacks and scroll physics land where a window's would.
    let step = 1.0 / 120

    init(_ id: String, size: Size? = nil) {
        let info = Catalog.info(id: id)!
        session = Catalog.makeSession(id: id, size: size ?? info.defaultSize)!
        scene = Scene(root: session.layer, clock: clock)
        session.tick()
        scene.update()
    }

    /// Steps frame by frame until `time`, calling `each` with every frame's time first.
    func run(to time: Double, _ each: ((Double) -> Void)? = nil) {
        while now < time {
            // Land exactly on `time` rather than a hair before or after it.
            let next = now + step
            now = next > time - 1e-9 ? time : next
            clock.set(now)
            each?(now)
            session.tick()
            scene.update()
        }
    }

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
        let w = Int(snapshot.size.width.rounded(.up))
        let h = Int(snapshot.size.height.rounded(.up))
        let surface = try ImageSurface(width: w * scale, height: h * scale)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: .white)
        canvas.scale(Double(scale), Double(scale))
        LayerRenderer().draw(snapshot.tree, on: canvas)
        #expect(canvas.error == nil)
        surface.flush()
        return surface
    }
}

/// Compares `surface` with the committed `Snapshots/<name>.png`.
///
/// Every channel of every pixel may differ by `tolerance` (antialiasing noise) on at most
/// `allowedMismatches` pixels. On a mismatch the test writes `<name>.actual.png` and
/// `<name>.diff.png` beside the snapshot and names them. With `LOADERLAB_RECORD_SNAPSHOTS=1`
/// the reference is (re)written instead; look at it before committing it.
func expectSnapshot(
    _ surface: ImageSurface, named name: String, tolerance: Int = 8, allowedMismatches: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").path
    let referencePath = "\(dir)/\(name).png"
    let actualPath = "\(dir)/\(name).actual.png"
    let diffPath = "\(dir)/\(name).diff.png"
    if ProcessInfo.processInfo.environment["LOADERLAB_RECORD_SNAPSHOTS"] == "1" {
        try surface.writePNG(to: referencePath)
        return
    }
    guard FileManager.default.fileExists(atPath: referencePath) else {
        try surface.writePNG(to: actualPath)
        Issue.record(
            "no snapshot \(referencePath); wrote \(actualPath) — check it by eye, then rename it",
            sourceLocation: sourceLocation)
        return
    }
    let reference = try ImageSurface.load(png: referencePath)
    guard reference.width == surface.width, reference.height == surface.height else {
        try surface.writePNG(to: actualPath)
        Issue.record(
            Comment(
                rawValue: "\(name): size \(surface.width)×\(surface.height) differs from the "
                    + "snapshot's \(reference.width)×\(reference.height); wrote \(actualPath)"),
            sourceLocation: sourceLocation)
        return
    }
    let diff = try ImageSurface(width: surface.width, height: surface.height)
    var mismatches = 0
    var worst = 0
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let a = surface.data.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
            let r = reference.data.load(fromByteOffset: y * reference.stride + x * 4, as: UInt32.self)
            var delta = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                delta = max(delta, abs(Int((a >> shift) & 0xff) - Int((r >> shift) & 0xff)))
            }
            worst = max(worst, delta)
            // Differences in red over a faded copy of the reference.
            let faded = UInt32(0xff00_0000) | ((r & 0x00fe_fefe) >> 1) | 0x0040_4040
            let out: UInt32 = delta > tolerance ? 0xffff_0000 : faded
            diff.data.storeBytes(of: out, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
            if delta > tolerance { mismatches += 1 }
        }
    }
    if mismatches > allowedMismatches {
        diff.markDirty()
        try surface.writePNG(to: actualPath)
        try diff.writePNG(to: diffPath)
        Issue.record(
            Comment(
                rawValue: "\(name): \(mismatches) pixels differ by more than \(tolerance) (worst "
                    + "\(worst)); wrote \(actualPath) and \(diffPath)"),
            sourceLocation: sourceLocation)
    }
}
