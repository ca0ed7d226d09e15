import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The `ClassicRefresh` example through `loaderlab preview`: a header that hears its scroll view
/// through key-value observing (the offset and the pan's state), stored on the scroll view as an
/// associated object. Its text, arrow and spinner are read from `--inspect` and its arrow from
/// the pixels, at places worked out from the example's geometry.
@Suite("The classic pull-to-refresh example", .tags(.compiler, .subprocess), .serialized)
struct ClassicRefreshExampleTests {
    static let folder = ExamplePreviewTests.examples + "/ClassicRefresh"
    static let name = "classic-refresh"

    /// The example's geometry: a 60-point header above the list (its height is the threshold);
    /// in it the arrow (16×24 points) or the spinner centred in a 20-point square, 10 points
    /// left of the text, the two centred together across the 320-point width (the left edge
    /// rounded down to a point) at the header's middle height.
    static let headerHeight = 60.0
    static let texts = (pull: "Pull down to refresh", release: "Release to refresh", loading: "Loading…")

    /// One layer of `--inspect`'s JSON.
    struct Layer {
        let json: [String: Any]
        var sublayers: [Layer] { (json["sublayers"] as? [[String: Any]] ?? []).map(Layer.init) }
        var name: String? { json["name"] as? String }
        var hidden: Bool { json["hidden"] as? Bool ?? false }
        var transform: [Double] { json["transform"] as? [Double] ?? [] }
        var bounds: [Double] { json["bounds"] as? [Double] ?? [] }
        var position: [Double] { json["position"] as? [Double] ?? [] }
        /// Every text layer's string below this layer.
        var strings: [String] {
            (json["kind"] as? String == "text" ? [json["string"] as? String ?? ""] : [])
                + sublayers.flatMap(\.strings)
        }
    }

    /// What `--inspect` says at a moment: the state, the scroll view's layer and the header's
    /// three subviews' layers (added in the order label, arrow, spinner).
    struct Inspected {
        let state: String
        let scrollView: Layer
        let header: Layer
        var label: Layer { header.sublayers[0] }
        var arrow: Layer { header.sublayers[1] }
        var spinner: Layer { header.sublayers[2] }
        /// The content offset's y: the scroll layer's bounds origin.
        var offset: Double { scrollView.bounds[1] }
        /// The label's left and right edges in the header.
        var textEdges: (left: Double, right: Double) {
            (label.position[0] - label.bounds[2] / 2, label.position[0] + label.bounds[2] / 2)
        }
        /// Where the arrow's and the spinner's centre belongs, from the label's frame: half the
        /// 20-point square and the 10-point gap left of the text, half way down the header.
        var indicatorCenter: [Double] { [textEdges.left - 10 - 10, 30] }
    }

    func inspect(_ state: [String], scratch: ExamplePreviewTests.Scratch) throws -> Inspected {
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", Self.folder, "--inspect", Self.name] + state, tmp: scratch.path + "/tmp")
        try #require(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let root = Layer(json: try #require(json["root"] as? [String: Any]))
        let scrollView = try #require(root.sublayers.first { $0.name == "scrollView" })
        // The header is the scroll view's first sublayer (inserted at index 0, behind the list).
        let header = try #require(scrollView.sublayers.first)
        try #require(header.sublayers.count == 3, "\(header.json)")
        return Inspected(state: json["state"] as? String ?? "", scrollView: scrollView, header: header)
    }

    /// A render at 2 pixels a point.
    func render(_ state: [String], scratch: ExamplePreviewTests.Scratch) throws -> DrawingExampleTests.Picture
    {
        let out = scratch.path + "/classic-\(state.joined()).png"
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", Self.folder, "--render", Self.name] + state + ["--scale", "2", "--out", out],
            tmp: scratch.path + "/tmp")
        try #require(r.status == 0, "\(r.err)")
        let image = try Pillow.decode(out)
        return DrawingExampleTests.Picture(width: image.width, bytes: try #require(image.frames.first))
    }

    /// The arrow's ink about its centre (`cx`, `cy`, points): the two arms' middles, 3 points
    /// either side of the shaft. Pointing down (the image as drawn: arms from (2, 15) and
    /// (14, 15) to the tip (8, 21), centre (8, 12)) they are 6 points below the centre and
    /// nothing is 6 points above it, off the shaft; turned 180° the other way round.
    static func arrowPoints(cx: Double, cy: Double, down: Bool) -> (
        ink: [(Double, Double)], clear: [(Double, Double)]
    ) {
        let arms = [(cx - 3, cy + 6), (cx + 3, cy + 6)]
        let mirrored = [(cx - 3, cy - 6), (cx + 3, cy - 6)]
        return down ? (arms, mirrored) : (mirrored, arms)
    }

    /// Checks the arrow in `picture`: the arms' middles in the text grey, rgb(102, 102, 102)
    /// (white 0.4), where the stroke (2 points wide) covers the whole pixel, and the mirrored
    /// places white.
    static func expectArrow(
        _ picture: DrawingExampleTests.Picture, cx: Double, cy: Double, down: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let points = arrowPoints(cx: cx, cy: cy, down: down)
        for (x, y) in points.ink {
            let px = Int(2 * x)
            let py = Int(2 * y)
            #expect(
                picture.isNear(px, py, [102, 102, 102], 6), "ink at (\(x), \(y)): \(picture.rgb(px, py))",
                sourceLocation: sourceLocation)
        }
        for (x, y) in points.clear {
            let px = Int(2 * x)
            let py = Int(2 * y)
            #expect(
                picture.isNear(px, py, [255, 255, 255], 2), "clear at (\(x), \(y)): \(picture.rgb(px, py))",
                sourceLocation: sourceLocation)
        }
    }

    @Test("pulled less than the header's height: the pull text and the arrow pointing down")
    func belowThreshold() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let i = try inspect(["--pull", "50"], scratch: scratch)
        #expect(i.state == "pulling")
        #expect(i.offset == -50)
        // The header hangs above the content: 60 tall, its middle at y = −30.
        #expect(i.header.bounds == [0, 0, 320, 60] && i.header.position == [160, -30])
        #expect(i.label.strings == [Self.texts.pull])
        #expect(!i.arrow.hidden && i.spinner.hidden)
        #expect(i.arrow.transform == [1, 0, 0, 1, 0, 0])
        // The arrow beside the text, the two centred as one.
        #expect(i.arrow.position == i.indicatorCenter && i.spinner.position == i.indicatorCenter)
        let (left, right) = (i.textEdges.left - 30, i.textEdges.right)
        #expect(abs((left + right) / 2 - 160) <= 0.5, "\(left)…\(right)")
        // On screen the header's middle is 50 − 30 = 20 points from the top.
        let picture = try render(["--pull", "50"], scratch: scratch)
        Self.expectArrow(picture, cx: i.indicatorCenter[0], cy: 20, down: true)
    }

    @Test("pulled past it: the release text and the arrow turned over")
    func pastThreshold() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let i = try inspect(["--pull", "80"], scratch: scratch)
        #expect(i.state == "pulling")
        #expect(i.offset == -80)
        #expect(i.label.strings == [Self.texts.release])
        #expect(!i.arrow.hidden && i.spinner.hidden)
        // A half turn: cos π = −1 on the diagonal, sin π ≈ 0 off it.
        let t = i.arrow.transform
        #expect(t.count == 6 && abs(t[0] + 1) < 1e-9 && abs(t[3] + 1) < 1e-9, "\(t)")
        #expect(t.count == 6 && abs(t[1]) < 1e-9 && abs(t[2]) < 1e-9, "\(t)")
        #expect(i.arrow.position == i.indicatorCenter)
        // The header's middle is 80 − 30 = 50 points down.
        let picture = try render(["--pull", "80"], scratch: scratch)
        Self.expectArrow(picture, cx: i.indicatorCenter[0], cy: 50, down: false)
    }

    @Test("released past it: loading for 2 s with the list held open under the header, then back")
    func refreshCycle() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        // A second into the refresh: the inset holds the list 60 points down.
        let loading = try inspect(["--refreshing", "--time", "1"], scratch: scratch)
        #expect(loading.state == "refreshing")
        #expect(loading.offset == -Self.headerHeight)
        #expect(loading.label.strings == [Self.texts.loading])
        #expect(loading.arrow.hidden && !loading.spinner.hidden)
        // The spinner (20 points) beside the shorter text, centred with it; on screen the
        // header spans 0…60, so its centre is at the same place. Its spokes are grey on the
        // white header; just left of its square the header is white.
        let center = loading.indicatorCenter
        #expect(loading.spinner.position == center)
        let (left, right) = (loading.textEdges.left - 30, loading.textEdges.right)
        #expect(abs((left + right) / 2 - 160) <= 0.5, "\(left)…\(right)")
        let picture = try render(["--refreshing", "--time", "1"], scratch: scratch)
        let (cx, cy) = (Int(2 * center[0]), Int(2 * center[1]))
        var inked = 0
        for py in cy - 20..<cy + 20 {
            for px in cx - 20..<cx + 20 where picture.rgb(px, py).allSatisfy({ $0 < 200 }) { inked += 1 }
        }
        #expect(inked > 40, "\(inked) grey pixels in the spinner's square")
        #expect(picture.isNear(cx - 24, cy, [255, 255, 255], 2), "\(picture.rgb(cx - 24, cy))")

        // The load ends at 2 s; the inset closes over 0.3 s on UIView's default ease-in-ease-out,
        // whose curve is symmetric about its middle: at 2.15 s half way, still loading.
        let ending = try inspect(["--refreshing", "--time", "2.15"], scratch: scratch)
        #expect(ending.state == "ending")
        #expect(abs(ending.offset + Self.headerHeight / 2) < 1e-6, "\(ending.offset)")
        #expect(ending.label.strings == [Self.texts.loading])

        // At 3 s at rest: the inset closed, the resting text and arrow, no spinner.
        let idle = try inspect(["--refreshing", "--time", "3"], scratch: scratch)
        #expect(idle.state == "idle")
        #expect(idle.offset == 0)
        #expect(idle.label.strings == [Self.texts.pull])
        #expect(!idle.arrow.hidden && idle.spinner.hidden)
        #expect(idle.arrow.transform == [1, 0, 0, 1, 0, 0])
    }
}
