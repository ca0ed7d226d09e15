import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The drawing examples through `loaderlab preview`, rendered headless and checked at pixels
/// worked out from their geometry: the progress ring (`draw(_:)` and a layer redrawn for its
/// animated `progress`), the spoke spinner (`UIBezierPath.stroke()` in `draw(_:)`) and the dots
/// made from one `UIGraphicsImageRenderer` image.
@Suite("Previews of the drawing examples", .tags(.compiler, .subprocess), .serialized)
struct DrawingExampleTests {
    static let examples = ExamplePreviewTests.examples

    /// A render's pixels, straight RGBA.
    struct Picture {
        let width: Int
        let bytes: [UInt8]

        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let i = (y * width + x) * 4
            return [Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2])]
        }

        /// True when the pixel is `expected` to within `tolerance` in every channel.
        func isNear(_ x: Int, _ y: Int, _ expected: [Double], _ tolerance: Int = 3) -> Bool {
            zip(rgb(x, y), expected).allSatisfy { abs($0 - Int($1.rounded())) <= tolerance }
        }
    }

    func render(_ folder: String, _ name: String, time: Double, scratch: ExamplePreviewTests.Scratch) throws
        -> Picture
    {
        let png = scratch.path + "/\(name)-\(time).png"
        let r = try ExamplePreviewTests().loaderlab(
            [
                "preview", Self.examples + "/" + folder, "--render", name, "--time", "\(time)", "--scale",
                "1",
                "--out", png,
            ], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let image = try Pillow.decode(png)
        return Picture(width: image.width, bytes: try #require(image.frames.first))
    }

    /// The dark preview background, rgb(28, 30, 40), under white at `alpha`.
    static func overBackground(white alpha: Double) -> [Double] {
        [28 + (255 - 28) * alpha, 30 + (255 - 30) * alpha, 40 + (255 - 40) * alpha]
    }

    static let background = overBackground(white: 0)
    static let systemGreen: [Double] = [52, 199, 89]

    /// The point at `angle` on a circle about (100, 100).
    static func onCircle(_ radius: Double, _ angle: Double) -> (Int, Int) {
        (Int((100 + radius * cos(angle)).rounded(.down)), Int((100 + radius * sin(angle)).rounded(.down)))
    }

    @Test("the progress ring's arc is drawn for each frame's progress, from the top, clockwise")
    func progressRing() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        // The ring: centre (100, 100), radius 60 − 5 − 3 = 52, 10 wide; progress t / 2.
        let track = Self.overBackground(white: 0.2)
        let quarter = try render("ProgressRing", "progress-ring", time: 0.5, scratch: scratch)
        // At 0.5 s the arc runs a quarter turn from −π/2 (the top) clockwise to 0 (the right).
        let at: (Double) -> (Int, Int) = { Self.onCircle(52, $0) }
        for angle in [-Double.pi / 2 + 0.1, -Double.pi / 4, -0.1] {
            let (x, y) = at(angle)
            #expect(quarter.isNear(x, y, Self.systemGreen), "\(angle): \(quarter.rgb(x, y))")
        }
        // The round cap reaches 5 past the end (0.096 rad at radius 52): 2.6 past is green,
        // 15.6 past is the track.
        let (capX, capY) = at(0.05)
        #expect(quarter.isNear(capX, capY, Self.systemGreen), "\(quarter.rgb(capX, capY))")
        for angle in [0.3, Double.pi / 4, Double.pi, -3 * Double.pi / 4] {
            let (x, y) = at(angle)
            #expect(quarter.isNear(x, y, track), "\(angle): \(quarter.rgb(x, y))")
        }
        // At 1.5 s, three quarters: to π (the left), through the bottom.
        let threeQuarters = try render("ProgressRing", "progress-ring", time: 1.5, scratch: scratch)
        for angle in [Double.pi / 2, 3 * Double.pi / 4, Double.pi - 0.1] {
            let (x, y) = at(angle)
            #expect(threeQuarters.isNear(x, y, Self.systemGreen), "\(angle): \(threeQuarters.rgb(x, y))")
        }
        for angle in [-3 * Double.pi / 4, -Double.pi / 2 - 0.3] {
            let (x, y) = at(angle)
            #expect(threeQuarters.isNear(x, y, track), "\(angle): \(threeQuarters.rgb(x, y))")
        }
        // The percentage in the middle changed with it ("25%", "75%"): white text in both.
        var bright = [0, 0]
        var differing = 0
        for y in 90..<110 {
            for x in 80..<120 {
                if quarter.rgb(x, y)[0] > 200 { bright[0] += 1 }
                if threeQuarters.rgb(x, y)[0] > 200 { bright[1] += 1 }
                if quarter.rgb(x, y) != threeQuarters.rgb(x, y) { differing += 1 }
            }
        }
        #expect(bright[0] > 10 && bright[1] > 10 && differing > 10, "\(bright) \(differing)")
    }

    @Test("a recording of the ring draws the frames a render draws")
    func recordingMatchesRenders() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let apng = scratch.path + "/ring.png"
        let r = try ExamplePreviewTests().loaderlab(
            [
                "preview", Self.examples + "/ProgressRing", "--record", "progress-ring", "--fps", "4",
                "--duration", "1", "--scale", "1", "--out", apng,
            ], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let recording = try Pillow.decode(apng)
        try #require(recording.frames.count == 4)
        // Frame 2 is the ring at 0.5 s.
        let still = try render("ProgressRing", "progress-ring", time: 0.5, scratch: scratch)
        let difference = ImageDifference(recording.frames[2], still.bytes)
        #expect(difference.maximum == 0, "\(difference)")
    }

    @Test("the spoke spinner's spokes fade round the circle and turn a spoke at a time")
    func spokeSpinner() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        // Spoke k points at −90° + 30°·k (12 o'clock, then clockwise), white at (k + 1) / 12
        // over the background; its middle is 22.125 from (100, 100) (spokes run from 14.75 to
        // 29.5, 5 wide).
        func spoke(_ k: Int, turnedBy turn: Double) -> (Int, Int) {
            Self.onCircle(22.125, (-90 + 30 * Double(k) + turn) * .pi / 180)
        }
        let still = try render("DrawnSpinner", "spoke-spinner", time: 0, scratch: scratch)
        for k in [0, 3, 6, 11] {
            let (x, y) = spoke(k, turnedBy: 0)
            let expected = Self.overBackground(white: Double(k + 1) / 12)
            #expect(still.isNear(x, y, expected), "spoke \(k): \(still.rgb(x, y)) ≠ \(expected)")
        }
        // At 0.2 s the view has turned two steps of 30° clockwise.
        let turned = try render("DrawnSpinner", "spoke-spinner", time: 0.2, scratch: scratch)
        for k in [0, 3, 9, 11] {
            let (x, y) = spoke(k, turnedBy: 60)
            let expected = Self.overBackground(white: Double(k + 1) / 12)
            #expect(turned.isNear(x, y, expected), "spoke \(k): \(turned.rgb(x, y)) ≠ \(expected)")
        }
        // Between two spokes, nothing.
        let (gapX, gapY) = Self.onCircle(26, -75 * .pi / 180)
        #expect(still.isNear(gapX, gapY, Self.background), "\(still.rgb(gapX, gapY))")
    }

    @Test("the rendered dot image is each dot's contents, gradient and highlight in place")
    func renderedDots() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        // The middle dot's layer spans (88, 88)–(112, 112); the image is 24 px at scale 1. Its
        // gradient runs from orange (1, 0.6, 0) at the top to pink (1, 0.2, 0.6) at the bottom.
        func gradient(atRow row: Int) -> [Double] {
            let t = (Double(row) + 0.5) / 24
            return [255, (0.6 - 0.4 * t) * 255, 0.6 * t * 255]
        }
        let rest = try render("RenderedDots", "rendered-dots", time: 0, scratch: scratch)
        for dotX in [52, 100, 148] {
            #expect(rest.isNear(dotX, 99, gradient(atRow: 11)), "\(dotX): \(rest.rgb(dotX, 99))")
            #expect(rest.isNear(dotX, 89, gradient(atRow: 1)), "\(dotX): \(rest.rgb(dotX, 89))")
        }
        // The image's corner lies outside the disc.
        #expect(rest.isNear(89, 89, Self.background), "\(rest.rgb(89, 89))")
        // The highlight, white at 0.8 over the gradient, about the image's (9, 7.2).
        let under = gradient(atRow: 7)
        let highlight = under.map { 0.8 * 255 + 0.2 * $0 }
        #expect(rest.isNear(97, 95, highlight, 4), "\(rest.rgb(97, 95))")
        // At 0.3 s the first dot is at the top of its 16-point jump.
        let jumped = try render("RenderedDots", "rendered-dots", time: 0.3, scratch: scratch)
        #expect(jumped.isNear(52, 83, gradient(atRow: 11)), "\(jumped.rgb(52, 83))")
        #expect(jumped.isNear(52, 108, Self.background), "\(jumped.rgb(52, 108))")
    }
}
