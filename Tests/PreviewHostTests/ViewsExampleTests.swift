import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The `LoadingStatus` example through `loaderlab preview`: a label and a system spinner laid
/// out by hand, drawn headless.
@Suite("The loading-status example", .tags(.compiler, .subprocess), .serialized)
struct ViewsExampleTests {
    static let folder = ExamplePreviewTests.examples + "/LoadingStatus"

    /// Renders `name` at `time` (2 pixels a point); the RGBA pixels, the width, and what the
    /// command printed on standard error.
    func render(_ name: String, time: Double, scratch: ExamplePreviewTests.Scratch) throws -> (
        pixels: [UInt8], width: Int, err: String
    ) {
        let out = scratch.path + "/\(name)-\(time).png"
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", Self.folder, "--render", name, "--time", "\(time)", "--scale", "2", "--out", out],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let image = try Pillow.decode(out)
        return (try #require(image.frames.first), image.width, r.err)
    }

    @Test("the status line: spinner, gap, text, centred as one; the spinner steps discretely")
    func statusLine() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let first = try render("loading-status", time: 0.3, scratch: scratch)
        // Only system fonts: nothing reported.
        #expect(!first.err.contains("UIKit"), "\(first.err)")
        let width = first.width
        let height = first.pixels.count / 4 / width
        // Columns holding anything darker than the white background.
        func inked(_ x: Int) -> Bool {
            (0..<height).contains { y in
                let i = (y * width + x) * 4
                return Int(first.pixels[i]) + Int(first.pixels[i + 1]) + Int(first.pixels[i + 2]) < 3 * 235
            }
        }
        var runs: [ClosedRange<Int>] = []
        for x in 0..<width where inked(x) {
            if let last = runs.last, last.upperBound >= x - 4 {
                runs[runs.count - 1] = last.lowerBound...x
            } else {
                runs.append(x...x)
            }
        }
        try #require(runs.count >= 2, "\(runs)")
        // The spinner: 20 points (40 pixels) at most, then the 8-point gap (16 pixels, less
        // the spokes' rounding and the first letter's side bearing, more at most 4 points).
        let spinner = runs[0]
        #expect(spinner.count <= 40 && spinner.count >= 34, "\(runs)")
        let gap = runs[1].lowerBound - spinner.upperBound - 1
        #expect(gap >= 16 && gap <= 24, "\(runs)")
        // The whole group centred: the margins agree to within the text's side bearings.
        let left = spinner.lowerBound
        let right = width - 1 - runs[runs.count - 1].upperBound
        #expect(abs(left - right) <= 8, "\(left) vs \(right)")

        // Discrete steps: the same picture within one eighth of a second, another in the next.
        let within = try render("loading-status", time: 0.36, scratch: scratch)
        #expect(within.pixels == first.pixels)
        let next = try render("loading-status", time: 0.45, scratch: scratch)
        #expect(next.pixels != first.pixels)
    }

    @Test("the HUD: a white spinner and caption on the dark card")
    func hud() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let r = try render("loading-hud", time: 0.3, scratch: scratch)
        let width = r.width
        func isWhite(_ x: Int, _ y: Int) -> Bool {
            let i = (y * width + x) * 4
            return r.pixels[i] > 235 && r.pixels[i + 1] > 235 && r.pixels[i + 2] > 235
        }
        // The 200-point preview at 2×: the spinner (37 points) above the caption, both on the
        // centre line. At 0.3 s the brightest spoke is the one at 1:30, drawn pure white; its
        // middle is 2r/3 = 12.3 points out from the spinner's centre.
        let height = r.pixels.count / 4 / width
        let whiteRows = (0..<height).filter { y in (0..<width).contains { isWhite($0, y) } }
        try #require(!whiteRows.isEmpty)
        // Two groups of white rows: the spoke, and the text below it.
        var bands = 0
        for (i, y) in whiteRows.enumerated() where i == 0 || whiteRows[i - 1] != y - 1 { bands += 1 }
        #expect(bands == 2, "\(whiteRows)")
    }
}
