import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The `LayoutSpinner` example through `loaderlab preview`: a ring whose path is built in
/// `layoutSubviews()` from the bounds, in two spinners sized after set-up (one resized by its
/// container's autoresizing, one by `sizeToFit()`), checked at pixels worked out from the sizes
/// they end with and from the rotation's angle at each time.
@Suite("The layout spinner example", .tags(.compiler, .subprocess), .serialized)
struct LayoutSpinnerExampleTests {
    static let folder = ExamplePreviewTests.examples + "/LayoutSpinner"
    static let name = "layout-spinner"
    static let background: [Double] = [28, 30, 40]

    /// One spinner as the preview ends up laying it out.
    struct Ring {
        var center: (x: Double, y: Double)
        var radius: Double
        var lineWidth: Double
        var color: [Double]
    }

    /// The large spinner: made 80×80 at (10, 10) in a 100×100 container, which then becomes
    /// 120×120 at (10, 40); flexible width and height give the spinner all 20 points of growth:
    /// 100×100 at (10, 10), so its centre is at (10 + 10 + 50, 40 + 10 + 50) and its radius
    /// 100/2 − 8/2. Blue, rgb(0, 122, 255).
    static let large = Ring(center: (70, 100), radius: 46, lineWidth: 8, color: [0, 122, 255])
    /// The small one: `sizeToFit()` gives its intrinsic 40×40, centred at (160, 100); radius
    /// 40/2 − 4/2. Orange, rgb(255, 149, 0).
    static let small = Ring(center: (160, 100), radius: 18, lineWidth: 4, color: [255, 149, 0])
    /// One turn takes 1.2 s.
    static let duration = 1.2

    func render(time: Double, scratch: ExamplePreviewTests.Scratch) throws -> DrawingExampleTests.Picture {
        let out = scratch.path + "/layout-\(time).png"
        let r = try ExamplePreviewTests().loaderlab(
            [
                "preview", Self.folder, "--render", Self.name, "--time", "\(time)", "--scale", "2", "--out",
                out,
            ],
            tmp: scratch.path + "/tmp")
        try #require(r.status == 0, "\(r.err)")
        let image = try Pillow.decode(out)
        return DrawingExampleTests.Picture(width: image.width, bytes: try #require(image.frames.first))
    }

    /// The pixel (2 a point) at `distance` from the ring's centre, `angle` clockwise from 3
    /// o'clock on screen.
    static func pixel(_ ring: Ring, distance: Double, angle: Double) -> (Int, Int) {
        (
            Int((2 * (ring.center.x + distance * cos(angle))).rounded(.down)),
            Int((2 * (ring.center.y + distance * sin(angle))).rounded(.down))
        )
    }

    @Test("the arc fits the bounds each spinner ends with, and its gap turns at 2π·T/1.2")
    func arcAtTimes() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        for time in [0, 0.3, 0.5, 1.1] {
            let picture = try render(time: time, scratch: scratch)
            // The arc runs from the rotation's angle clockwise for three quarters of a turn;
            // the gap is the last quarter. The round caps reach lineWidth/2 past the ends, an
            // angle of at most 0.11 here: the points below keep clear of them.
            let turn = 2 * .pi * time / Self.duration
            for ring in [Self.large, Self.small] {
                for fraction in [0.2, 0.5, 0.8, 1.1, 1.3] {
                    let (x, y) = Self.pixel(ring, distance: ring.radius, angle: turn + fraction * .pi)
                    #expect(
                        picture.isNear(x, y, ring.color),
                        "\(time) s, arc at \(fraction)π: \(picture.rgb(x, y))")
                }
                // The gap's middle, on the circle.
                let (gx, gy) = Self.pixel(ring, distance: ring.radius, angle: turn + 1.75 * .pi)
                #expect(picture.isNear(gx, gy, Self.background), "\(time) s, gap: \(picture.rgb(gx, gy))")
                // Just inside and outside the stroke, on the arc: the background (the radius is
                // that of the final bounds, not of the first ones).
                for distance in [
                    ring.radius - ring.lineWidth / 2 - 1.5, ring.radius + ring.lineWidth / 2 + 1.5,
                ] {
                    let (x, y) = Self.pixel(ring, distance: distance, angle: turn + 0.5 * .pi)
                    #expect(
                        picture.isNear(x, y, Self.background),
                        "\(time) s, at \(distance): \(picture.rgb(x, y))")
                }
            }
        }
    }

    @Test("--inspect: the views' final frames, and each arc's path bounds from its radius")
    func layout() throws {
        let scratch = try ExamplePreviewTests.Scratch()
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", Self.folder, "--inspect", Self.name, "--time", "0.3"], tmp: scratch.path + "/tmp")
        try #require(r.status == 0, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        typealias Layer = ClassicRefreshExampleTests.Layer
        let root = Layer(json: try #require(json["root"] as? [String: Any]))
        let preview = try #require(root.sublayers.first { $0.name == "preview" })
        try #require(preview.sublayers.count == 2)
        let container = preview.sublayers[0]
        #expect(container.bounds == [0, 0, 120, 120] && container.position == [70, 100])
        let large = try #require(container.sublayers.first)
        #expect(large.bounds == [0, 0, 100, 100] && large.position == [60, 60])
        let small = preview.sublayers[1]
        #expect(small.bounds == [0, 0, 40, 40] && small.position == [160, 100])
        // Each arc layer fills its view; the three-quarter arc from 3 o'clock passes through
        // all four extremes of its circle, so its path's bounds are the circle's square:
        // centre ± radius.
        for (view, ring) in [(large, Self.large), (small, Self.small)] {
            let arc = try #require(view.sublayers.first)
            let side = 2 * (ring.radius + ring.lineWidth / 2)
            #expect(arc.bounds == [0, 0, side, side])
            let c = side / 2
            let pathBounds = arc.json["pathBounds"] as? [Double] ?? []
            #expect(pathBounds == [c - ring.radius, c - ring.radius, 2 * ring.radius, 2 * ring.radius])
            // 0.3 s is a quarter of a turn: rotation by π/2, cos 0 and sin 1.
            let t = arc.transform
            #expect(t.count == 6 && abs(t[0]) < 1e-9 && abs(t[1] - 1) < 1e-9 && abs(t[2] + 1) < 1e-9, "\(t)")
        }
    }
}
