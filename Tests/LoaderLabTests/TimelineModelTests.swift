import LayerKit
import Loaders
import Testing

@testable import LoaderLab

/// The timeline's axis and layout rules, and the gallery layout with the panel docked.
@Suite struct TimelineModelTests {
    let kinds: [LoaderKind] = [.header, .header, .header, .standalone, .standalone]

    @Test("the panel takes its height above the status bar; the tiles are laid out in what is left")
    func layoutWithPanel() {
        let size = Size(width: 1000, height: 600)
        let layout = GalleryLayout.gallery(kinds: kinds, size: size, timelineHeight: 150)
        #expect(layout.timeline == Rect(x: 0, y: 600 - 26 - 150, width: 1000, height: 150))
        #expect(layout.hud == Rect(x: 0, y: 574, width: 1000, height: 26))
        // Five columns as without the panel, in a window 150 points shorter.
        let cellHeight = 600.0 - 26 - 150 - 2 * 16 - 20
        let cellWidth = (1000.0 - 6 * 16) / 5
        let phoneHeight = min(cellHeight, cellWidth / 0.5)
        #expect(abs(layout.tiles[0].frame.height - phoneHeight) < 1e-9)
        #expect(layout.tiles.allSatisfy { $0.region.maxY <= 424 })
        // Too tall a panel gets what the status bar leaves; none at all is no panel.
        let tall = GalleryLayout.gallery(kinds: kinds, size: size, timelineHeight: 5000)
        #expect(tall.timeline == Rect(x: 0, y: 0, width: 1000, height: 574))
        #expect(GalleryLayout.gallery(kinds: kinds, size: size, timelineHeight: 0).timeline == nil)
        let single = GalleryLayout.single(size: size, timelineHeight: 100)
        #expect(single.timeline == Rect(x: 0, y: 474, width: 1000, height: 100))
        #expect(single.tiles[0].frame == Rect(x: 0, y: 0, width: 1000, height: 474))
    }

    @Test("ticks: the smallest usual step at least 56 points apart; labels count from the origin")
    func ticks() {
        let axis = TimelineAxis(start: 9.8, span: 3, origin: 10)
        // 600 points for 3 s: 0.25 s is 50 points (too close), 0.5 s is 100.
        #expect(axis.tickStep(width: 600) == 0.5)
        #expect(axis.tickStep(width: 6000) == 0.05)
        #expect(axis.label(10, step: 0.5) == "0")
        #expect(axis.label(11.5, step: 0.5) == "1.5 s")
        #expect(axis.label(10.25, step: 0.25) == "0.25 s")
        #expect(axis.label(9.5, step: 0.5) == "-0.5 s")
        let expectedX = 100 + 1.5 / 3 * 600.0
        #expect(abs(axis.x(for: 11.3, minX: 100, maxX: 700) - expectedX) < 1e-9)
        #expect(abs(axis.time(atX: 400, minX: 100, maxX: 700) - 11.3) < 1e-12)
    }

    @Test("an axis fits the animations, shows forever-repeating ones for two cycles, and pages on")
    func fitting() throws {
        let stage = Layer()
        let scene = Scene(root: stage, clock: ManualClock(time: 4))
        let fade = BasicAnimation(keyPath: "opacity")
        fade.duration = 1
        fade.repeatCount = .infinity
        try stage.add(fade, forKey: "fade")
        let once = BasicAnimation(keyPath: "opacity")
        once.duration = 0.5
        once.beginTime = 5
        try stage.add(once, forKey: "once")
        scene.update()
        let rows = TimelineRow.rows(from: stage.animatedLayers())
        #expect(rows.map(\.interval.begin) == [4, 5])
        #expect(rows[0].repeatsForever && !rows[1].repeatsForever)
        // From 4 to 4 + 2 cycles (past 5.5), 5 % margins either side.
        let axis = TimelineAxis.fitting(rows, playhead: 4.2)
        #expect(abs(axis.start - (4 - 0.1)) < 1e-12 && abs(axis.span - 2.2) < 1e-12 && axis.origin == 4)
        // A playhead past the end moves the axis on by whole spans.
        let paged = axis.paging(to: axis.end + 0.1)
        #expect(abs(paged.start - (axis.start + axis.span)) < 1e-12 && paged.span == axis.span)
        #expect(paged.origin == axis.origin)
        #expect(axis.paging(to: 4.5) == axis)
        // With an origin given (a snapshot's moment 0), it starts no later.
        #expect(TimelineAxis.fitting(rows, playhead: 4.2, origin: 3).origin == 3)
    }
}
