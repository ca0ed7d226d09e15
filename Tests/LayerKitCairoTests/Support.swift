import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing

/// Builders and pixel checks shared by the renderer's tests.
enum Fixture {
    /// The worst channel difference (alpha included) between `a` and `b`, of the same size, and
    /// how many pixels differ at all.
    static func difference(_ a: ImageSurface, _ b: ImageSurface) -> (worst: Int, differing: Int) {
        var worst = 0
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)!
                let q = b.pixel(x: x, y: y)!
                let d = max(
                    abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        return (worst, differing)
    }

    /// A `width` × `height` image cleared to dark grey with coloured stripes 2.1 pixels wide
    /// every 4.3 pixels, and a canvas on it: a backdrop where a pixel put back from the wrong
    /// place, or not put back, shows.
    static func stripes(width: Int, height: Int) throws -> (ImageSurface, Canvas) {
        let surface = try ImageSurface(width: width, height: height)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: Color(white: 0.2))
        for i in 0..<Int((Double(width) / 4.3).rounded(.up)) {
            canvas.fill(
                Rect(x: Double(i) * 4.3, y: 0, width: 2.1, height: Double(height)),
                color: Color(red: Double(i % 7) / 7, green: 0.4, blue: Double(i % 3) / 3))
        }
        return (surface, canvas)
    }

    /// True when both images have the same size and the same bytes.
    static func identical(_ a: ImageSurface, _ b: ImageSurface) -> Bool {
        a.width == b.width && a.height == b.height && a.stride == b.stride
            && memcmp(a.data, b.data, a.stride * a.height) == 0
    }

    /// A layer whose bounds start at the origin, placed by its centre (anchor 0.5, 0.5).
    static func layer(
        _ name: String? = nil, size: Size, center: Point, background: Color? = nil,
        sublayers: [PresentationLayer] = [], configure: (inout LayerProperties) -> Void = { _ in }
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = center
        p.backgroundColor = background
        configure(&p)
        return PresentationLayer(name: name, properties: p, sublayers: sublayers)
    }

    static func shape(
        _ name: String? = nil, size: Size, center: Point, path: Path,
        configure: (inout ShapeProperties) -> Void = { _ in }
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = center
        var s = ShapeProperties()
        s.path = path
        configure(&s)
        return PresentationLayer(name: name, properties: p, shape: s)
    }

    /// Draws `tree` on a `width`×`height`-point white canvas at `scale` pixels per point.
    static func render(
        _ tree: PresentationLayer, width: Int, height: Int, scale: Int = 1,
        background: Color = .white, images: ImageCache = .shared
    ) throws -> ImageSurface {
        try renderForTesting(
            tree, width: width, height: height, scale: scale, background: background, images: images)
    }

    /// A fresh directory under the system's temporary directory.
    static func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("LayerKitCairoTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// Expects the pixel at (`x`, `y`) to be `expected` (0…255 components) within `tolerance`.
func expectPixel(
    _ surface: ImageSurface, _ x: Int, _ y: Int, _ expected: (Double, Double, Double, Double),
    tolerance: Double = 3, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let p = surface.pixel(x: x, y: y) else {
        Issue.record("(\(x), \(y)) is outside the image", sourceLocation: sourceLocation)
        return
    }
    let actual = [Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha)]
    let want = [expected.0, expected.1, expected.2, expected.3]
    let ok = zip(actual, want).allSatisfy { abs($0 - $1) <= tolerance }
    #expect(ok, "pixel (\(x), \(y)) is \(p), expected \(want)", sourceLocation: sourceLocation)
}

/// Compares `surface` with the committed `Snapshots/<name>.png` beside these tests; every
/// channel of every pixel may differ by `tolerance` (antialiasing noise). See
/// `SnapshotTesting.expectSnapshot` for what a mismatch writes and how to record.
func expectSnapshot(
    _ surface: ImageSurface, named name: String, tolerance: Int = 4,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try SnapshotTesting.expectSnapshot(
        surface, named: name, in: snapshotsDirectory(beside: #filePath), tolerance: tolerance,
        sourceLocation: sourceLocation)
}
