import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The `Wave` example through `loaderlab preview`: a wave that a `CADisplayLink` moves by a
/// fixed step per call, drawn headless where the calls the window would have made by then put
/// it — ⌊60·T⌋ of them at time T, one per 60 Hz frame of the scene since the link was added at
/// 0 — and recorded frames equal to renders at their times.
@Suite("The display-link wave example", .tags(.compiler, .subprocess), .serialized)
struct WaveExampleTests {
    static let folder = ExamplePreviewTests.examples + "/Wave"
    static let scale = 4
    static let size = (width: 200.0, height: 120.0)

    /// The example's wave: amplitude 12, wavelength 160, middle line at half the height, phase
    /// 0.08 a call, the curve sampled every 2 points and joined by straight lines.
    static func surface(atPoint x: Double, calls: Int) -> Double {
        var phase = 0.0
        for _ in 0..<calls { phase += 0.08 }
        func sample(_ sx: Double) -> Double { size.height / 2 + 12 * sin(2 * .pi * sx / 160 + phase) }
        let left = (x / 2).rounded(.down) * 2
        let f = (x - left) / 2
        return sample(left) * (1 - f) + sample(left + 2) * f
    }

    /// Where the wave's top is in column `px` of a render: the column's height less the rows
    /// the fill covers, read from the blue channel (the background's 40, the wave's 255).
    static func measuredSurface(_ frame: [UInt8], width: Int, column px: Int) -> Double {
        let height = frame.count / 4 / width
        var covered = 0.0
        for y in 0..<height {
            let blue = Double(frame[(y * width + px) * 4 + 2])
            covered += min(1, max(0, (blue - 40) / (255 - 40)))
        }
        return Double(height) - covered
    }

    func render(_ state: [String], scratch: ExamplePreviewTests.Scratch) throws -> (
        frame: [UInt8], width: Int
    )? {
        let out = scratch.path + "/wave-\(state.joined()).png"
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", Self.folder, "--render", "wave"] + state + [
                "--scale", "\(Self.scale)", "--out", out,
            ],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        guard r.status == 0 else { return nil }
        let image = try Pillow.decode(out)
        return (try #require(image.frames.first), image.width)
    }

    /// The largest distance, in pixels, between the wave in `frame` and the wave after `calls`
    /// calls, over columns across the width.
    static func error(_ frame: [UInt8], width: Int, calls: Int) -> Double {
        var worst = 0.0
        for px in stride(from: 6, to: width - 6, by: 37) {
            let x = (Double(px) + 0.5) / Double(scale)
            let expected = surface(atPoint: x, calls: calls) * Double(scale)
            worst = max(worst, abs(measuredSurface(frame, width: width, column: px) - expected))
        }
        return worst
    }

    @Test("at time T the wave has moved by ⌊60·T⌋ display-link calls")
    func phaseAtTimeT() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        for (time, calls) in [(0.0, 0), (0.01, 0), (0.02, 1), (0.51, 30), (1.234, 74), (2.7, 162)] {
            guard let r = try render(["--time", "\(time)"], scratch: scratch) else { continue }
            let error = Self.error(r.frame, width: r.width, calls: calls)
            #expect(error < 0.6, "at \(time) s, \(calls) calls: off by \(error) px")
            // One call more or fewer puts the wave pixels away: the count is told apart.
            if calls > 0 {
                #expect(Self.error(r.frame, width: r.width, calls: calls - 1) > 2, "at \(time) s")
            }
            #expect(Self.error(r.frame, width: r.width, calls: calls + 1) > 2, "at \(time) s")
        }
    }

    @Test("a recording's frames are the renders at their times")
    func recordingMatchesRenders() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let out = scratch.path + "/wave.png"
        let r = try ExamplePreviewTests().loaderlab(
            [
                "preview", Self.folder, "--record", "wave", "--fps", "30", "--duration", "1", "--scale",
                "\(Self.scale)", "--out", out,
            ],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let animation = try Pillow.decode(out)
        #expect(abs(animation.durations.reduce(0, +) - 1000) < 1, "\(animation)")
        for k in [1, 7, 16, 29] {
            let frame = try #require(animation.frame(at: (Double(k) + 0.5) * 1000 / 30))
            // Two calls a frame at 30 frames a second: frame k has made 2k.
            #expect(Self.error(frame, width: animation.width, calls: 2 * k) < 0.6, "frame \(k)")
            guard let rendered = try render(["--time", "\(Double(k) / 30)"], scratch: scratch) else {
                continue
            }
            #expect(rendered.frame == frame, "frame \(k)")
        }
    }
}
