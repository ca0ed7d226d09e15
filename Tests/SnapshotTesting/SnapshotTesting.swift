import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Draws `tree` on a `width`×`height`-point canvas cleared to `background`, at `scale` pixels
/// per point, and expects the canvas to report no error.
public func renderForTesting(
    _ tree: PresentationLayer, width: Int, height: Int, scale: Int = 1,
    background: Color = .white, images: ImageCache = .shared,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ImageSurface {
    let surface = try ImageSurface(width: width * scale, height: height * scale)
    let canvas = try Canvas(surface: surface)
    canvas.clear(color: background)
    canvas.scale(Double(scale), Double(scale))
    LayerRenderer(images: images).draw(tree, on: canvas)
    #expect(canvas.error == nil, sourceLocation: sourceLocation)
    surface.flush()
    return surface
}

/// The `Snapshots` folder beside the source file `filePath` (pass the caller's `#filePath`).
public func snapshotsDirectory(beside filePath: String) -> String {
    URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").path
}

/// Compares `surface` with the committed `<directory>/<name>.png`.
///
/// Every channel of every pixel may differ by `tolerance` (antialiasing noise) on at most
/// `allowedMismatches` pixels. On a mismatch the test writes `<name>.actual.png` and
/// `<name>.diff.png` (differences in red over a faded copy of the reference) beside the
/// snapshot and names them; a passing comparison removes stale ones. With
/// `LOADERLAB_RECORD_SNAPSHOTS=1` in the environment the reference is (re)written instead;
/// look at it before committing it.
public func expectSnapshot(
    _ surface: ImageSurface, named name: String, in directory: String, tolerance: Int,
    allowedMismatches: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let referencePath = "\(directory)/\(name).png"
    let actualPath = "\(directory)/\(name).actual.png"
    let diffPath = "\(directory)/\(name).diff.png"
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
                delta = max(delta, abs(Int((a >> shift) & 0xff) - Int((r >> shift) & 0xff)))
            }
            worst = max(worst, delta)
            if delta > tolerance { mismatches += 1 }
            // Differences in red over a faded copy of the reference.
            let faded = UInt32(0xff00_0000) | ((r & 0x00fe_fefe) >> 1) | 0x0040_4040
            let out: UInt32 = delta > tolerance ? 0xffff_0000 : faded
            diff.data.storeBytes(of: out, toByteOffset: y * diff.stride + x * 4, as: UInt32.self)
        }
    }
    if mismatches > allowedMismatches {
        diff.markDirty()
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
