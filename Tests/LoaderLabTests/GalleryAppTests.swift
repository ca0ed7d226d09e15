import Foundation
import HostSeam
import LayerKit
import Loaders
import Testing

@testable import LoaderLab

/// A block of memory shaped like the host's back buffer.
final class TestBuffer {
    let buffer: PixelBuffer
    init(width: Int, height: Int) {
        let data = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
        buffer = PixelBuffer(data: data, width: width, height: height, stride: width * 4)
    }
    deinit { buffer.data.deallocate() }

    /// The pixel at (x, y) as (r, g, b) (opaque pixels: premultiplication changes nothing).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let word = buffer.data.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }
}

@MainActor
@Suite("Gallery app")
struct GalleryAppTests {
    let clock = ManualClock(time: 100)
    let app: GalleryApp
    let pixels = TestBuffer(width: 1000, height: 600)

    init() {
        app = GalleryApp(clock: clock)
        app.resize(to: Size(width: 1000, height: 600), scale: 1)
    }

    /// Advances the clock one 60 Hz frame and renders it, as the host's timer does.
    @discardableResult
    func frame(_ dt: Double = 1.0 / 60) throws -> [PixelRect] {
        clock.advance(by: dt)
        return try app.renderFrame(into: pixels.buffer, fullRedraw: false)
    }

    @Test("every catalog loader gets a tile in order; headers rest, standalone loaders run")
    func initialState() {
        #expect(app.sessions.map(\.info.id) == Catalog.all.map(\.id))
        #expect(app.sessions.prefix(3).allSatisfy { $0.status == .idle })
        #expect(app.sessions.suffix(2).allSatisfy { $0.status == .running })
        #expect(app.focusedIndex == 0)
        #expect(!app.wantsQuit)
        #expect(app.needsFrames)
    }

    @Test("a frame target the host has released is refused with a message, not drawn into")
    func releasedTarget() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        pixels.buffer.invalidate()
        #expect(throws: RenderFailure.self) { try app.renderFrame(into: pixels.buffer, fullRedraw: false) }
        // A new target (the host's buffer after a resize) is drawn in full.
        let next = TestBuffer(width: 1000, height: 600)
        #expect(try app.renderFrame(into: next.buffer, fullRedraw: false) == [next.buffer.bounds])
    }

    @Test("the first frame draws everything; the gallery background shows between tiles")
    func firstFrame() throws {
        let damage = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        #expect(damage == [pixels.buffer.bounds])
        let bg = GalleryApp.backgroundColor
        let (r, g, b) = pixels.rgb(3, 3)
        #expect(r == Int((bg.red * 255).rounded()) && g == Int((bg.green * 255).rounded()))
        #expect(b == Int((bg.blue * 255).rounded()))
    }

    @Test("a drag on a header's screen past its threshold pulls, and the release refreshes")
    func dragToRefresh() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        let session = app.sessions[0]
        let screen = app.layout.tiles[0].screenInWindow
        let threshold = try #require(session.refreshThreshold)
        let travel = session.fingerDistance(forOffset: threshold + 10)
        let start = Point(x: screen.midX, y: screen.minY + 10)
        app.pointer(.down(start))
        #expect(app.needsFrames)
        for i in 1...30 {
            app.pointer(.moved(Point(x: start.x, y: start.y + travel * Double(i) / 30)))
            try frame()
        }
        // Held still past the threshold, finger down.
        for _ in 0..<10 { try frame() }
        #expect(session.status == .pulling)
        app.pointer(.up(Point(x: start.x, y: start.y + travel)))
        try frame()
        #expect(session.status == .refreshing)
        #expect(app.sessions[1].status == .idle)
    }

    @Test("a short drag bounces back without refreshing")
    func shortDrag() throws {
        let session = app.sessions[1]
        let screen = app.layout.tiles[1].screenInWindow
        let start = Point(x: screen.midX, y: screen.minY + 10)
        app.pointer(.down(start))
        app.pointer(.moved(Point(x: start.x, y: start.y + 20)))
        try frame()
        app.pointer(.up(Point(x: start.x, y: start.y + 20)))
        for _ in 0..<120 { try frame() }
        #expect(session.status == .idle)
        #expect(app.focusedIndex == 1)
    }

    @Test("clicks outside header screens focus the tile but start no drag")
    func clicksElsewhere() {
        let card = app.layout.tiles[3].frame
        app.pointer(.down(Point(x: card.midX, y: card.midY)))
        #expect(app.focusedIndex == 3)
        app.pointer(.up(Point(x: card.midX, y: card.midY)))
        app.pointer(.down(Point(x: 2, y: 2)))
        #expect(app.focusedIndex == 3)
        #expect(app.tileIndex(at: Point(x: 2, y: 2)) == nil)
    }

    @Test("keys 1–5 toggle loader N and focus it")
    func numberKeys() {
        app.key(.character("1"))
        #expect(app.sessions[0].status == .refreshing)
        #expect(app.focusedIndex == 0)
        app.key(.character("4"))
        #expect(app.sessions[3].status == .stopped)
        #expect(app.focusedIndex == 3)
        app.key(.character("4"))
        #expect(app.sessions[3].status == .running)
        app.key(.character("9"))
        #expect(app.focusedIndex == 3)
    }

    @Test("Tab and Shift+Tab move the focus and wrap around")
    func focus() {
        app.key(.tab)
        #expect(app.focusedIndex == 1)
        app.key(.backTab)
        app.key(.backTab)
        #expect(app.focusedIndex == 4)
        app.key(.tab)
        #expect(app.focusedIndex == 0)
    }

    @Test("Space pauses the root (speed 0), S slows it to 0.1, arrows step only while paused")
    func playbackKeys() {
        app.key(.character(" "))
        #expect(app.playback.isPaused && app.scene.root.speed == 0)
        let offset = app.scene.root.timeOffset
        app.key(.right)
        #expect(abs(app.scene.root.timeOffset - (offset + 1.0 / 60)) < 1e-12)
        app.key(.left)
        app.key(.left)
        #expect(abs(app.scene.root.timeOffset - (offset - 1.0 / 60)) < 1e-12)
        app.key(.character(" "))
        app.key(.character("s"))
        #expect(app.scene.root.speed == 0.1)
        let running = app.scene.root.timeOffset
        app.key(.right)
        #expect(app.scene.root.timeOffset == running)
        #expect(app.frameSummary.contains("speed=0.1"))
    }

    @Test("D and H toggle the overlays and redraw everything; Q and Esc ask to quit")
    func overlaysAndQuit() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        app.key(.character("d"))
        #expect(app.showsDebugOverlay)
        #expect(try frame(0) == [pixels.buffer.bounds])
        app.key(.character("h"))
        #expect(app.showsHelp)
        #expect(try frame(0) == [pixels.buffer.bounds])
        app.key(.character("q"))
        #expect(app.wantsQuit)
        let other = GalleryApp(clock: clock)
        other.key(.escape)
        #expect(other.wantsQuit)
    }

    @Test("only changed tiles are redrawn: running standalone loaders, not resting headers")
    func damageIsLocal() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        let damage = try frame(0.1)
        #expect(!damage.isEmpty)
        let headers = app.layout.tiles.prefix(3).map { PixelRect(covering: $0.frame, scale: 1) }
        for rect in damage {
            for header in headers { #expect(rect.intersection(header).isEmpty) }
        }
    }

    @Test("with every loader stopped or resting the app needs no frames and redraws nothing")
    func idle() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        app.key(.character("4"))
        app.key(.character("5"))
        var frames = 0
        while app.needsFrames, frames < 600 {
            try frame()
            frames += 1
        }
        #expect(!app.needsFrames)
        // A frame drawn now (after input, say) finds the HUD's numbers gone idle, then nothing.
        try frame(1)
        #expect(try frame(1) == [])
    }

    @Test("the HUD is redrawn only when its text changes: numbers at 4 Hz, a status at once")
    func hudRedrawnOnlyWhenItsTextChanges() throws {
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        let hud = PixelRect(covering: app.layout.hud, scale: 1)
        var lastText = app.hudText
        var redraws = 0
        // About two seconds of frames with the standalone loaders running, unevenly spaced
        // (15 and 18 ms) so that a per-frame rate would read differently every frame.
        for i in 0..<120 {
            let damage = try frame(i % 2 == 0 ? 0.015 : 0.018)
            let text = app.hudText
            let hudDamaged = damage.contains { !$0.intersection(hud).isEmpty }
            #expect(hudDamaged == (text != lastText))
            if hudDamaged { redraws += 1 }
            lastText = text
        }
        // "idle" gives way to the first interval's numbers; after that they can change at
        // most once per 0.25 s interval (8 in 1.98 s) however often frames come.
        #expect(lastText.performance.hasPrefix("fps "))
        #expect(redraws >= 1 && redraws <= 8)
        // A status change shows on the very next frame: key 4 stops the orbit loader and
        // focuses it.
        app.key(.character("4"))
        let damage = try frame()
        #expect(app.hudText.loader.hasSuffix(": stopped"))
        #expect(damage.contains { !$0.intersection(hud).isEmpty })
        // And the frame after, with nothing new to say, leaves the bar alone.
        #expect(try !frame().contains { !$0.intersection(hud).isEmpty })
    }

    @Test("paused, running loaders need no frames")
    func pausedIsIdle() throws {
        try frame()
        app.key(.character(" "))
        try frame()
        #expect(!app.needsFrames)
    }

    @Test("tiny, empty and non-finite window sizes draw without trouble")
    func absurdSizes() throws {
        let tiny = TestBuffer(width: 1, height: 1)
        for size in [
            Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: .nan, height: .infinity),
        ] {
            app.resize(to: size, scale: 1)
            clock.advance(by: 0.05)
            #expect(try app.renderFrame(into: tiny.buffer, fullRedraw: true) == [tiny.buffer.bounds])
        }
        app.resize(to: Size(width: 500, height: 300), scale: 2)
        let hidpi = TestBuffer(width: 1000, height: 600)
        #expect(try app.renderFrame(into: hidpi.buffer, fullRedraw: true) == [hidpi.buffer.bounds])
        #expect(app.layout.size == Size(width: 500, height: 300))
    }

    @Test("--loader shows one loader filling the window; only its own number key works")
    func single() {
        let one = GalleryApp(loaderID: "orbit", clock: clock)
        #expect(one.isSingle && one.sessions.map(\.info.id) == ["orbit"])
        #expect(one.preferredSize == Size(width: 200, height: 200 + GalleryLayout.hudHeight))
        one.key(.character("1"))
        #expect(one.sessions[0].status == .running)
        one.key(.character("4"))
        #expect(one.sessions[0].status == .stopped)
    }
}

@Suite("HUD")
struct HUDTests {
    @Test("fps over a run of frames and their mean cost; isolated frames read idle")
    func frameStats() {
        var stats = FrameStats()
        #expect(stats.description == "idle")
        // 31 frames 1/50 s apart costing 2 ms: 30 intervals over 0.6 s = 50 fps.
        for i in 0...30 { stats.record(time: Double(i) / 50, cost: 0.002) }
        #expect(stats.description == "fps 50.0  frame 2.0 ms")
        stats.record(time: 10, cost: 0.001)
        #expect(stats.description == "idle")
    }

    @Test("the numbers are the average over the last 0.25 s interval and hold until the next")
    func frameStatsIntervals() {
        var stats = FrameStats()
        stats.record(time: 0, cost: 0.005)
        stats.record(time: 0.1, cost: 0.001)
        stats.record(time: 0.15, cost: 0.002)
        // The first interval is not complete yet.
        #expect(stats.description == "idle")
        // It closes at 0.3: three frames after its start in 0.3 s = 10 fps, costs 1, 2, 3 ms.
        stats.record(time: 0.3, cost: 0.003)
        #expect(stats.description == "fps 10.0  frame 2.0 ms")
        // Frames inside the next interval do not change what is shown.
        stats.record(time: 0.35, cost: 0.010)
        #expect(stats.description == "fps 10.0  frame 2.0 ms")
        // It closes at 0.65: three frames in 0.35 s = 8.6 fps, mean of 10, 4 and 4 ms.
        stats.record(time: 0.5, cost: 0.004)
        #expect(stats.description == "fps 10.0  frame 2.0 ms")
        stats.record(time: 0.65, cost: 0.004)
        #expect(stats.description == "fps 8.6  frame 6.0 ms")
        // Non-finite input is ignored; time going backwards starts afresh.
        stats.record(time: .nan, cost: 0.001)
        stats.record(time: 0.7, cost: .infinity)
        #expect(stats.description == "fps 8.6  frame 6.0 ms")
        stats.record(time: 0.1, cost: 0.001)
        #expect(stats.description == "idle")
    }

    @Test("merged damage regions cover their inputs and do not overlap")
    func merge() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 5, y: 5, width: 10, height: 10)
        let c = PixelRect(x: 100, y: 100, width: 5, height: 5)
        let m = GalleryDamage.merged([a, b, c])
        #expect(m.count == 2)
        #expect(m.contains(PixelRect(x: 0, y: 0, width: 15, height: 15)))
        #expect(m.contains(c))
    }

    @Test("a tile's damage is joined into its bounding box only when that is at most twice its area")
    func coalescedTileDamage() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 12, y: 0, width: 10, height: 10)
        // Bounding box 22×10 = 220 px ≤ 2 × 200: one rectangle.
        #expect(GalleryDamage.coalesced([a, b]) == [PixelRect(x: 0, y: 0, width: 22, height: 10)])
        // Far apart: 110×110 = 12100 px > 2 × 200, kept apart.
        let far = PixelRect(x: 100, y: 100, width: 10, height: 10)
        #expect(GalleryDamage.coalesced([a, far]) == [a, far])
        #expect(GalleryDamage.coalesced([a]) == [a])
        #expect(GalleryDamage.coalesced([]) == [])
    }

    @Test("titles that do not fit lose their origin in parentheses, then are cut short")
    func fittedTitles() {
        // A monospaced stand-in: every character 10 wide.
        let measure = { (s: String) in Double(s.count) * 10 }
        let same = { (s: String) in s }
        let title = "4  Orbit ring (CPMatchingView)"
        #expect(GalleryApp.fitted(title, width: 400, measure: measure, displayable: same) == title)
        #expect(GalleryApp.fitted(title, width: 200, measure: measure, displayable: same) == "4  Orbit ring")
        #expect(GalleryApp.fitted(title, width: 100, measure: measure, displayable: same) == "4  Orbi...")
        #expect(GalleryApp.fitted(title, width: 20, measure: measure, displayable: same) == "")
    }
}
