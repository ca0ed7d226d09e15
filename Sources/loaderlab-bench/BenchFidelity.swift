import Foundation
import LayerKit
import LayerKitCairo

/// The `fidelity` section: how far the pixels drawn with backing stores (`BackingStores`: leaf
/// layers composited from pixels kept at a sub-pixel phase rounded to 1/16) are from drawing
/// every layer directly. Each workload is stepped as in the frame section; every frame is
/// drawn by a renderer with stores and by one without, onto erased images of the same size,
/// and compared pixel by pixel.
extension Bench {
    func runFidelity(_ options: Options) throws {
        let io = commands.io
        try io.out("")
        try io.out(
            "fidelity: \(options.fidelityFrames) frames of each workload drawn with backing stores and "
                + "directly; worst channel difference (0…255), pixels differing in the worst frame, mean "
                + "pixels differing per frame, frames identical")
        for scale in options.scales {
            for name in Self.workloadNames where options.only.isEmpty || options.only.contains(name) {
                let workload = Self.makeWorkload(name, size: Self.viewport)
                let width = max(1, Int((workload.size.width * scale).rounded(.up)))
                let height = max(1, Int((workload.size.height * scale).rounded(.up)))
                let stored = try ImageSurface(width: width, height: height)
                let direct = try ImageSurface(width: width, height: height)
                let storedCanvas = try Canvas(surface: stored)
                let directCanvas = try Canvas(surface: direct)
                storedCanvas.scale(scale, scale)
                directCanvas.scale(scale, scale)
                let withStores = LayerRenderer(images: commands.images)
                let without = LayerRenderer(images: commands.images)
                without.usesBackingStores = false
                var worst = 0
                var mostDiffering = 0
                var differing = 0
                var identical = 0
                for _ in 0..<options.fidelityFrames {
                    let tree = workload.nextFrame(dt: 1.0 / 60)
                    storedCanvas.erase()
                    directCanvas.erase()
                    withStores.draw(tree, on: storedCanvas)
                    without.draw(tree, on: directCanvas)
                    stored.flush()
                    direct.flush()
                    let (frameWorst, frameDiffering) = Self.difference(stored, direct)
                    worst = max(worst, frameWorst)
                    mostDiffering = max(mostDiffering, frameDiffering)
                    differing += frameDiffering
                    if frameDiffering == 0 { identical += 1 }
                }
                try io.out(
                    BenchFormat.pad(name, 12) + BenchFormat.pad("\(width)x\(height)", 10)
                        + " worst \(worst), at most \(mostDiffering) px in a frame, mean "
                        + String(format: "%.1f", Double(differing) / Double(options.fidelityFrames))
                        + " px, \(identical)/\(options.fidelityFrames) frames identical")
            }
        }
    }

    /// The worst channel difference between two images of one size, and the pixels that differ.
    static func difference(_ a: ImageSurface, _ b: ImageSurface) -> (worst: Int, differing: Int) {
        var worst = 0
        var differing = 0
        for y in 0..<a.height {
            let p = a.data.advanced(by: y * a.stride).assumingMemoryBound(to: UInt32.self)
            let q = b.data.advanced(by: y * b.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<a.width where p[x] != q[x] {
                differing += 1
                for shift in stride(from: 0, to: 32, by: 8) {
                    let d = abs(Int((p[x] >> UInt32(shift)) & 0xff) - Int((q[x] >> UInt32(shift)) & 0xff))
                    worst = max(worst, d)
                }
            }
        }
        return (worst, differing)
    }
}
