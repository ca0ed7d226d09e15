import Foundation
import HostSeam
import LayerKit
import Loaders
import SnapshotTesting
import Testing

@testable import LoaderLab

/// The inspector in the gallery, driven as the window drives it on a manual clock: the
/// timeline panel (T), scrubbing, rates, hover, replays (R) and the headers' first-look cues.
@MainActor
@Suite("Gallery timeline")
struct GalleryTimelineTests {
    let clock = ManualClock(time: 100)
    let app: GalleryApp
    let pixels = TestBuffer(width: 1000, height: 600)

    init() throws {
        app = GalleryApp(clock: clock)
        app.resize(to: Size(width: 1000, height: 600), scale: 1)
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
    }

    @discardableResult
    func frame(_ dt: Double = 1.0 / 60) throws -> [PixelRect] {
        clock.advance(by: dt)
        return try app.renderFrame(into: pixels.buffer, fullRedraw: false)
    }

    func frames(seconds: Double) throws {
        for _ in 0..<Int((seconds * 60).rounded()) { try frame() }
    }

    func key(_ c: Character) { app.key(.character(c)) }

    /// The three-dots header refreshing for `seconds`, with the panel open on it.
    func threeDotsInPanel(after seconds: Double = 1) throws {
        key("2")
        try frames(seconds: seconds)
        key("t")
        try frame()
    }

    var panel: TimelineGeometry { TimelineGeometry(rect: app.layout.timeline!) }

    /// Opacity of the original's three-dots keyframes (1, 0, 1, 1 at even key times over 1 s,
    /// forever) `t` seconds after the animation began.
    static func blink(_ t: Double) -> Double {
        let f = (t - t.rounded(.down))
        if f < 1.0 / 3 { return 1 - 3 * f }
        if f < 2.0 / 3 { return 3 * (f - 1.0 / 3) }
        return 1
    }

    /// The opacity the scene shows for the row's layer.
    func shownOpacity(_ row: TimelineRow) throws -> Double {
        let found = try #require(
            app.viewportLayer(tile: app.focusedIndex, path: row.indexPath, tree: app.scene.presentation()))
        return found.0.properties.opacity
    }

    @Test("T docks the panel at the bottom above the status bar; the tiles keep the rest")
    func panelLayout() throws {
        let before = app.layout
        #expect(before.timeline == nil)
        key("t")
        let open = app.layout
        let rect = try #require(open.timeline)
        #expect(rect.maxY == open.hud.minY && rect.minX == 0 && rect.width == 1000)
        #expect(rect.height == TimelineGeometry.height(rows: 5))
        #expect(open.tiles.allSatisfy { $0.region.maxY <= rect.minY })
        #expect(open.hud == before.hud)
        key("t")
        #expect(app.layout == before)
        // Closed, the inspector gathers nothing.
        try frame()
        #expect(app.timeline.content == nil && app.timeline.rows.isEmpty)
    }

    @Test("dragging the panel's top edge resizes it; the tiles follow")
    func resizeByEdge() throws {
        key("t")
        let rect = try #require(app.layout.timeline)
        let grip = Point(x: 500, y: rect.minY + 1)
        app.pointer(.down(grip))
        app.pointer(.moved(Point(x: 500, y: grip.y - 60)))
        app.pointer(.up(Point(x: 500, y: grip.y - 60)))
        let resized = try #require(app.layout.timeline)
        #expect(abs(resized.height - (rect.height + 60)) < 1e-9)
        #expect(app.layout.tiles.allSatisfy { $0.region.maxY <= resized.minY })
        // No drag reached the lists.
        #expect(app.sessions.prefix(3).allSatisfy { $0.status == .idle })
    }

    @Test("three dots while refreshing: three opacity rows 0.25 s apart with 1 s keyframe curves")
    func threeDotsRows() throws {
        try threeDotsInPanel()
        let rows = app.timeline.rows
        #expect(rows.map(\.layerName) == ["dot.1", "dot.2", "dot.3"])
        #expect(rows.allSatisfy { $0.record.keyPath == "opacity" && $0.kindLabel == "keyframe" })
        #expect(rows.allSatisfy { $0.record.duration == 1 && $0.repeatsForever })
        let begins = rows.map(\.interval.begin)
        #expect(abs(begins[1] - begins[0] - 0.25) < 1e-9 && abs(begins[2] - begins[0] - 0.5) < 1e-9)
        let content = try #require(app.timeline.content)
        // The playhead is the tile's time: one second (and a frame) after the first dot began.
        #expect(abs(content.playhead - begins[0] - (1 + 1.0 / 60)) < 1e-6)
        #expect(content.axis.start <= begins[0] && content.axis.end >= content.playhead)
        // The curve the panel draws is the dots' opacity.
        for row in rows {
            let s = try #require(row.sample(at: content.playhead))
            #expect(
                abs(try #require(s.normalizedValue) - Self.blink(content.playhead - row.interval.begin))
                    < 1e-9)
        }
        #expect(app.frameSummary.contains("timeline=1 rows=3"))
    }

    @Test("scrubbing pauses, moves the tile to the time under the pointer, and the dots follow")
    func scrubbing() throws {
        try threeDotsInPanel()
        let axis = try #require(app.timeline.axis)
        let rows = app.timeline.rows
        let g = panel
        let y = g.rowRect(1).midY
        for x in [g.barMinX + 0.3 * (g.barMaxX - g.barMinX), g.barMinX + 0.55 * (g.barMaxX - g.barMinX)] {
            let t = axis.time(atX: x, minX: g.barMinX, maxX: g.barMaxX)
            if app.playback.isPaused {
                app.pointer(.moved(Point(x: x, y: y)))
            } else {
                app.pointer(.down(Point(x: x, y: y)))
            }
            #expect(app.playback.isPaused)
            try frame()
            #expect(abs(app.playback.localTime(at: clock.now()) - t) < 1e-9)
            for row in rows {
                let since = t - row.interval.begin
                let expected = since < 0 ? 1 : Self.blink(since)
                #expect(abs(try shownOpacity(row) - expected) < 1e-9, "\(row.layerName) at \(t)")
            }
        }
        app.pointer(.up(Point(x: g.barMinX, y: y)))
        #expect(app.playback.isPaused)
        // The axis held still while scrubbing.
        #expect(app.timeline.axis == axis)
        // Space, or the running indicator, runs on.
        key(" ")
        #expect(!app.playback.isPaused)
        app.pointer(.down(g.playButton.center))
        app.pointer(.up(g.playButton.center))
        #expect(app.playback.isPaused)
        app.pointer(.down(g.playButton.center))
        #expect(!app.playback.isPaused)
    }

    @Test("rates 1, 0.5, 0.25, 0.1, 0.01 by [ and ] or by clicking; the HUD says so; S still divides by 10")
    func rates() throws {
        #expect(app.playback.rate == 1)
        key("]")
        #expect(app.playback.rate == 1)
        key("[")
        key("[")
        #expect(app.playback.rate == 0.25 && app.playback.root.speed == 0.25)
        #expect(app.hudText.timeScale == "0.25x")
        key("s")
        #expect(abs(app.playback.root.speed - 0.025) < 1e-15)
        #expect(app.hudText.timeScale == "0.025x (0.25x, slow motion)")
        key("s")
        key("[")
        key("[")
        key("[")
        #expect(app.playback.rate == 0.01 && app.hudText.timeScale == "0.01x")
        key("]")
        #expect(app.playback.rate == 0.1)
        key("t")
        try frame()
        let rate = panel.rateButton.center
        for expected in [0.01, 1, 0.5] {
            app.pointer(.down(rate))
            app.pointer(.up(rate))
            #expect(app.playback.rate == expected)
        }
        #expect(app.frameSummary.contains("rate=0.5x"))
        // Local time runs at the rate.
        let start = app.playback.localTime(at: clock.now())
        try frame(1)
        #expect(abs(app.playback.localTime(at: clock.now()) - start - 0.5) < 1e-9)
    }

    @Test("completed animations stay listed greyed for a few seconds, then go; then idle")
    func completedRows() throws {
        key("4")
        key("5")
        try threeDotsInPanel()
        key("2")
        // The refresh ends over 0.5 s; then the dots stop blinking.
        try frames(seconds: 1)
        #expect(app.timeline.rows.isEmpty)
        // The dots' blinking, with the inset's animation back and the dots' return.
        let blinking = app.timeline.completed.filter { $0.record.keyPath == "opacity" }
        #expect(blinking.map(\.layerName) == ["dot.1", "dot.2", "dot.3"])
        #expect(app.timeline.content?.rows.count == app.timeline.completed.count)
        #expect(app.needsFrames)
        try frames(seconds: TimelinePainter.completedLifetime)
        #expect(app.timeline.completed.isEmpty)
        try frames(seconds: 1)
        #expect(!app.needsFrames)
    }

    @Test("hovering a row outlines its layer; a hover that changes nothing asks for no frame")
    func hoverRow() throws {
        try threeDotsInPanel()
        key(" ")
        try frame()
        #expect(!app.needsFrames)
        let g = panel
        app.pointer(.hover(Point(x: g.rect.minX + 40, y: g.rowRect(2).midY)))
        #expect(app.needsFrames)
        let damage = try frame()
        #expect(!damage.isEmpty)
        #expect(app.timeline.hoveredRow == 2)
        let row = app.timeline.rows[2]
        #expect(app.timeline.target == row.indexPath)
        let (layer, toWindow) = try #require(
            app.viewportLayer(tile: app.focusedIndex, path: row.indexPath, tree: app.scene.presentation()))
        #expect(app.timeline.outline == toWindow.apply(to: layer.properties.bounds).insetBy(dx: -3, dy: -3))
        #expect(!app.needsFrames)
        // The same row again: nothing to draw.
        app.pointer(.hover(Point(x: g.rect.minX + 60, y: g.rowRect(2).midY + 2)))
        #expect(!app.needsFrames)
        // Off the panel: the outline goes.
        app.pointer(.hover(Point(x: 5, y: 5)))
        #expect(app.needsFrames)
        try frame()
        #expect(app.timeline.outline == nil && !app.needsFrames)
    }

    @Test("with the debug overlay on, hovering a dot in the tile highlights its rows")
    func hoverLayer() throws {
        try threeDotsInPanel()
        key("d")
        key(" ")
        try frame()
        let row = app.timeline.rows[1]
        let (layer, toWindow) = try #require(
            app.viewportLayer(tile: app.focusedIndex, path: row.indexPath, tree: app.scene.presentation()))
        let b = layer.properties.bounds
        app.pointer(.hover(toWindow.apply(to: Point(x: b.midX, y: b.midY))))
        #expect(app.timeline.target == row.indexPath)
        try frame()
        #expect(app.timeline.content?.highlightedLayer == row.indexPath)
    }

    @Test("R replays a standalone loader from its start")
    func replayStandalone() throws {
        app.setFocus(3)
        try frames(seconds: 1.2)
        let orbit = app.sessions[3]
        let before = orbit.layer.animatedLayers().flatMap(\.records).map(\.beginTime)
        key("r")
        try frame()
        let now = orbit.layer.convertTime(try #require(app.scene.lastUpdate), from: nil)
        let after = orbit.layer.animatedLayers().flatMap(\.records)
        #expect(after.count == 2 && before.count == 2)
        #expect(after.allSatisfy { abs($0.beginTime - (now - 1.0 / 60)) < 1e-9 })
        #expect(zip(after, before).allSatisfy { $0.beginTime > $1 + 1 })
    }

    @Test("at first look each header shows a cue; R on a header pulls and releases it, and its cue fades")
    func replayHeaderAndCue() throws {
        #expect(app.frameSummary.contains("cues=3"))
        app.setFocus(1)
        key(" ")
        // R runs a paused gallery on.
        key("r")
        #expect(!app.playback.isPaused)
        #expect(app.frameSummary.contains("replays=1"))
        try frame()
        #expect(app.sessions[1].status == .idle || app.sessions[1].status == .pulling)
        try frames(seconds: SyntheticPull.pullTime)
        #expect(app.sessions[1].status == .pulling)
        try frames(seconds: SyntheticPull.holdTime + 0.1)
        #expect(app.sessions[1].status == .refreshing)
        #expect(app.frameSummary.contains("replays=0"))
        #expect(app.frameSummary.contains("cues=2"))
        #expect(app.cueAlpha(1, now: clock.now()) == 0 && app.cueAlpha(0, now: clock.now()) == 1)
        // R again while refreshing: the refresh ends first, then the pull comes again.
        key("r")
        try frames(seconds: 0.5 + SyntheticPull.pullTime + SyntheticPull.holdTime + 0.2)
        #expect(app.sessions[1].status == .refreshing)
    }

    @Test("a press on a header's list during a replay lets the scripted finger go where it was")
    func replayCutShort() throws {
        key("r")
        try frames(seconds: SyntheticPull.pullTime / 2)
        #expect(app.frameSummary.contains("replays=1"))
        let screen = app.layout.tiles[0].screenInWindow
        let p = Point(x: screen.midX, y: screen.midY)
        app.pointer(.down(p))
        #expect(app.frameSummary.contains("replays=0"))
        app.pointer(.up(p))
        // Half-way down the pull it was short of the threshold: the list bounces back.
        try frames(seconds: 1.5)
        #expect(app.sessions[0].status == .idle)
    }

    @Test("a press on a header's list is its first use: the cue fades over 0.6 s")
    func cueFades() throws {
        let screen = app.layout.tiles[2].screenInWindow
        app.pointer(.down(Point(x: screen.midX, y: screen.midY)))
        app.pointer(.up(Point(x: screen.midX, y: screen.midY)))
        let used = clock.now()
        try frame(0.3)
        #expect(abs(app.cueAlpha(2, now: clock.now()) - (1 - (clock.now() - used) / 0.6)) < 1e-9)
        try frame(0.31)
        #expect(app.cueAlpha(2, now: clock.now()) == 0)
        #expect(app.frameSummary.contains("cues=2"))
    }

    @Test("a header refreshing without the user (its session started directly) shows no cue")
    func cueOnlyAtRest() throws {
        app.sessions[0].start()
        try frame()
        #expect(app.cueAlpha(0, now: clock.now()) == 0)
        #expect(app.cueAlpha(1, now: clock.now()) == 1)
    }

    @Test(
        "with the panel open, hovering and scrubbing, incremental frames equal full redraws",
        .tags(.exhaustive))
    func damageWithThePanel() throws {
        // Both made and drawn alike: the app of `init` had its first frame at 100.
        let clockB = ManualClock(time: 100)
        let full = GalleryApp(clock: clockB)
        full.resize(to: Size(width: 1000, height: 600), scale: 1)
        let b = TestBuffer(width: 1000, height: 600)
        _ = try full.renderFrame(into: b.buffer, fullRedraw: true)
        for a in [app, full] {
            a.key(.character("2"))
            a.key(.character("t"))
        }
        for n in 0..<150 {
            for a in [app, full] {
                if n == 30, let g = a.layout.timeline.map(TimelineGeometry.init) {
                    a.pointer(.hover(Point(x: g.rect.minX + 30, y: g.rowRect(0).midY)))
                }
                if n == 90, let g = a.layout.timeline.map(TimelineGeometry.init) {
                    a.pointer(.down(Point(x: g.barMinX + 100, y: g.rowRect(1).midY)))
                }
                if n == 100, let g = a.layout.timeline.map(TimelineGeometry.init) {
                    a.pointer(.moved(Point(x: g.barMinX + 180, y: g.rowRect(1).midY)))
                    a.pointer(.up(Point(x: g.barMinX + 180, y: g.rowRect(1).midY)))
                }
            }
            clock.advance(by: 1.0 / 60)
            clockB.advance(by: 1.0 / 60)
            _ = try app.renderFrame(into: pixels.buffer, fullRedraw: false)
            _ = try full.renderFrame(into: b.buffer, fullRedraw: true)
            var differing = 0
            var worst = 0
            var box = (9999, 9999, -1, -1)
            let identical = memcmp(pixels.buffer.data, b.buffer.data, 600 * pixels.buffer.stride) == 0
            for y in 0..<600 where !identical {
                for x in 0..<1000 {
                    let p = pixels.rgb(x, y)
                    let q = b.rgb(x, y)
                    let d = max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2))
                    if d > 0 {
                        differing += 1
                        box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
                    }
                    worst = max(worst, d)
                }
            }
            #expect(
                worst <= 4 && differing <= 64,
                "frame \(n): \(differing) pixels differ, by up to \(worst), within \(box)")
            if worst > 4 || differing > 64 { break }
        }
    }
}

extension Rect {
    var center: Point { Point(x: midX, y: midY) }
}
