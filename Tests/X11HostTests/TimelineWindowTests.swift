import Foundation
import LayerKit
import LoaderLab
import Loaders
import SnapshotTesting
import Testing
import XvfbHarness

/// The timeline panel as a person uses it: T on the three-dots header while it refreshes,
/// dragging the scrubber, changing the rate, hovering rows. Geometry comes from the panel's
/// own layout at the rectangle the frame log names; states from the log's `frameSummary`.
@Suite(
    "Timeline panel under Xvfb", .tags(.xvfb), .serialized,
    .enabled(if: XvfbSession.isInstalled, "Xvfb is not installed (make deps-test installs it)"))
struct TimelineWindowTests {
    static let teal = Screenshot.RGB(r: 90, g: 200, b: 200)
    let shots = NSTemporaryDirectory() + "loaderlab-timeline-tests"

    init() throws {
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
    }

    private func launch(_ x: XvfbSession) throws -> (AppProcess, String) {
        try x.launchApp()
    }

    private func number(_ app: AppProcess, _ key: String) -> Double? {
        app.lastFrame[key].flatMap(Double.init)
    }

    private func numbers(_ app: AppProcess, _ key: String) -> [Double]? {
        app.lastFrame[key]?.split(separator: ",").compactMap { Double($0) }
    }

    /// The panel's geometry and axis as the last frame drew them.
    private func panel(_ app: AppProcess) throws -> (TimelineGeometry, TimelineAxis) {
        let p = try #require(numbers(app, "panel"))
        let a = try #require(numbers(app, "axis"))
        let width = try #require(app.lastFrame["size"]?.split(separator: "x").first.flatMap { Double($0) })
        let g = TimelineGeometry(rect: Rect(x: 0, y: p[0], width: width, height: p[1]))
        return (g, TimelineAxis(start: a[0], span: a[1], origin: a[2]))
    }

    /// True when no frame was logged for half a second.
    private func quiet(_ app: AppProcess) -> Bool {
        let n = app.frameCount
        usleep(500_000)
        return app.frameCount == n
    }

    private func box(_ r: Rect) -> (x: Int, y: Int, w: Int, h: Int) {
        (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height))
    }

    @Test("T on the refreshing three-dots header: three opacity rows; scrubbing moves the dots")
    func openAndScrub() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        func key(_ k: String) throws { try x.xdotool("key", "--window", window, k) }
        try key("2")
        #expect(eventually(timeout: 10) { app.lastFrame["status"] == "refreshing" })
        try key("t")
        #expect(eventually(timeout: 10) { app.lastFrame["timeline"] == "1" && app.lastFrame["rows"] == "3" })
        let (g, axis) = try panel(app)
        let open = try x.screenshot(savingTo: "\(shots)/open.png")
        // Each row's bar and keyframe curve in the keyframe colour.
        for i in 0..<3 {
            let bar = box(
                Rect(
                    x: g.barMinX, y: g.rowRect(i).minY, width: g.barMaxX - g.barMinX, height: g.rowHeightValue
                ))
            #expect(open.count(Self.teal, in: bar, tolerance: 30) > 150, "row \(i)")
        }

        // Press on the bars: paused there; drag: the tile's time follows the pointer.
        let y = Int(g.rowRect(1).midY)
        let xs = [g.barMinX + 0.2 * (g.barMaxX - g.barMinX), g.barMinX + 0.45 * (g.barMaxX - g.barMinX)]
        try x.xdotool("mousemove", "\(Int(xs[0]))", "\(y)")
        try x.xdotool("mousedown", "1")
        let t0 = axis.time(atX: Double(Int(xs[0])), minX: g.barMinX, maxX: g.barMaxX)
        #expect(
            eventually(timeout: 10) {
                app.lastFrame["paused"] == "1" && number(app, "playhead").map { abs($0 - t0) < 2e-3 } == true
            })
        let tiles = GalleryLayout.gallery(
            kinds: Catalog.all.map(\.kind), size: Size(width: g.rect.width, height: g.rect.maxY + 26),
            timelineHeight: g.rect.height
        ).tiles
        let dots = box(
            Rect(
                x: tiles[1].screenInWindow.minX, y: tiles[1].screenInWindow.minY,
                width: tiles[1].screenInWindow.width, height: 40))
        let first = try x.screenshot(savingTo: "\(shots)/scrub-0.png")
        try x.xdotool("mousemove", "\(Int(xs[1]))", "\(y)")
        let t1 = axis.time(atX: Double(Int(xs[1])), minX: g.barMinX, maxX: g.barMaxX)
        #expect(eventually(timeout: 10) { number(app, "playhead").map { abs($0 - t1) < 2e-3 } == true })
        let second = try x.screenshot(savingTo: "\(shots)/scrub-1.png")
        #expect(second.differences(from: first, in: dots) > 20)
        try x.xdotool("mouseup", "1")
        #expect(eventually(timeout: 10) { quiet(app) })
        #expect(app.lastFrame["paused"] == "1")
        // Space runs on from there.
        try key("space")
        #expect(eventually(timeout: 10) { app.lastFrame["paused"] == "0" })
        #expect(eventually(timeout: 10) { number(app, "playhead").map { $0 > t1 + 0.1 } == true })
    }

    @Test("[ and ] set the rate; the HUD shows it")
    func rates() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        let before = try x.screenshot(savingTo: "\(shots)/rate-0.png")
        try x.xdotool("key", "--window", window, "bracketleft", "bracketleft")
        #expect(
            eventually(timeout: 10) { app.lastFrame["rate"] == "0.25x" && app.lastFrame["speed"] == "0.25" })
        let after = try x.screenshot(savingTo: "\(shots)/rate-1.png")
        // The HUD's rate text changed ("1x" → "0.25x"), next to the loader's name.
        #expect(after.differences(from: before, in: (150, 454, 100, 26)) > 10)
        try x.xdotool("key", "--window", window, "s")
        #expect(eventually(timeout: 10) { app.lastFrame["speed"] == "0.025" })
        try x.xdotool("key", "--window", window, "s", "bracketright", "bracketright", "bracketright")
        #expect(eventually(timeout: 10) { app.lastFrame["rate"] == "1x" && app.lastFrame["speed"] == "1.0" })
    }

    @Test("hovering a row outlines its layer, drawing only when the hovered row changes")
    func hoverIsCheap() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        func key(_ k: String) throws { try x.xdotool("key", "--window", window, k) }
        // Orbit focused and running, then everything paused: no frames.
        try key("Tab")
        try key("Tab")
        try key("Tab")
        try key("t")
        #expect(eventually(timeout: 10) { app.lastFrame["focus"] == "orbit" && app.lastFrame["rows"] == "2" })
        try key("space")
        #expect(eventually(timeout: 10) { app.lastFrame["paused"] == "1" && quiet(app) })
        let (g, _) = try panel(app)
        let rowY = Int(g.rowRect(1).midY)
        let before = try x.screenshot(savingTo: "\(shots)/hover-0.png")
        try x.xdotool("mousemove", "60", "\(rowY)")
        #expect(eventually(timeout: 10) { app.lastFrame["hover"] == "1" })
        #expect(app.lastFrame["target"] != "-")
        #expect(eventually(timeout: 10) { quiet(app) })
        let outlined = try x.screenshot(savingTo: "\(shots)/hover-1.png")
        let tiles = GalleryLayout.gallery(
            kinds: Catalog.all.map(\.kind), size: Size(width: g.rect.width, height: g.rect.maxY + 26),
            timelineHeight: g.rect.height
        ).tiles
        #expect(outlined.differences(from: before, in: box(tiles[3].frame)) > 100)
        // Moving within the same row changes nothing on screen: no frame.
        let frames = app.frameCount
        for dx in stride(from: 70, to: 200, by: 10) { try x.xdotool("mousemove", "\(dx)", "\(rowY)") }
        usleep(600_000)
        #expect(app.frameCount == frames)
        // Leaving the window lets go of the outline.
        try x.xdotool("mousemove", "1010", "500")
        #expect(eventually(timeout: 10) { app.lastFrame["hover"] == "-" && app.lastFrame["target"] == "-" })
    }
}

extension TimelineGeometry {
    var rowHeightValue: Double { TimelineGeometry.rowHeight }
}
