import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Builders and pixel checks shared by the renderer's tests.
enum Fixture {
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
        let surface = try ImageSurface(width: width * scale, height: height * scale)
        let canvas = try Canvas(surface: surface)
        canvas.clear(color: background)
        canvas.scale(Double(scale), Double(scale))
        LayerRenderer(images: images).draw(tree, on: canvas)
        #expect(canvas.error == nil)
        surface.flush()
        return surface
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

/// Compares `surface` with the committed `Snapshots/<name>.png`.
///
/// Every channel of every pixel may differ by `tolerance` (antialiasing noise). On a mismatch
/// the test writes `<name>.actual.png` and `<name>.diff.png` (differences in red over a faded
/// reference) beside the snapshot and names them. With `LOADERLAB_RECORD_SNAPSHOTS=1` in the
/// environment the reference is (re)written instead; look at it before committing it.
func expectSnapshot(
    _ surface: ImageSurface, named name: String, tolerance: Int = 4,
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
        let message =
            "\(name): size \(surface.width)×\(surface.height) differs from the snapshot's "
            + "\(reference.width)×\(reference.height); wrote \(actualPath)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        return
    }
    let diff = try ImageSurface(width: surface.width, height: surface.height)
    surface.flush()
    var mismatches = 0
    var worst = 0
    for y in 0..<surface.height {
        for x in 0..<surface.width {
            let a = surface.data.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
            let r = reference.data.load(fromByteOffset: y * reference.stride + x * 4, as: UInt32.self)
            var delta = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let ca = Int((a >> shift) & 0xff)
                let cb = Int((r >> shift) & 0xff)
                delta = max(delta, abs(ca - cb))
            }
            worst = max(worst, delta)
            let out: UInt32
            if delta > tolerance {
                mismatches += 1
                out = 0xffff_0000
            } else {
                // The reference's grey level at a quarter strength, opaque.
                let grey = UInt32(((r >> 16) & 0xff + (r >> 8) & 0xff + r & 0xff) / 3) / 4 + 191
                out = 0xff00_0000 | grey << 16 | grey << 8 | grey
            }
            diff.data.storeBytes(of: out, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
        }
    }
    diff.markDirty()
    if mismatches > 0 {
        try surface.writePNG(to: actualPath)
        try diff.writePNG(to: diffPath)
        let message =
            "\(name): \(mismatches) pixels differ from the snapshot by more than \(tolerance) "
            + "(worst \(worst)); see \(actualPath) and \(diffPath)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
        try? FileManager.default.removeItem(atPath: actualPath)
        try? FileManager.default.removeItem(atPath: diffPath)
    }
}
