import CX11
import Foundation
import LayerKit
import LoaderLab
import Loaders
import SnapshotTesting
import Testing
import XvfbHarness

/// The previewer driven like a person would: drags with the mouse, keys, and what the screen
/// shows afterwards. Positions come from the gallery's own layout at the window's size; the
/// loaders' states and the frame count come from the frame log ($LOADERLAB_FRAME_LOG).
@Suite(
    "Gallery window under Xvfb", .tags(.xvfb), .serialized,
    .enabled(if: XvfbSession.isInstalled, "Xvfb is not installed (make deps-test installs it)"))
struct GalleryWindowTests {
    static let teal = Screenshot.RGB(r: 90, g: 200, b: 200)
    let shots = NSTemporaryDirectory() + "loaderlab-window-tests"

    init() throws {
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
    }

    private func launch(_ x: XvfbSession, _ arguments: [String] = []) throws -> (AppProcess, String) {
        let (app, window) = try x.launchApp(arguments)
        // Without a window manager the window sits at the screen's top-left corner.
        let geometry = try x.run("xdotool", ["getwindowgeometry", window])
        guard geometry.contains("Position: 0,0") else {
            throw HarnessError("unexpected window placement: \(geometry)")
        }
        return (app, window)
    }

    /// The gallery's layout at the default window size (the log names the size).
    private func layout(_ app: AppProcess) throws -> GalleryLayout {
        let size = try #require(app.lastFrame["size"]).split(separator: "x").compactMap { Double($0) }
        return GalleryLayout.gallery(
            kinds: Catalog.all.map(\.kind), size: Size(width: size[0], height: size[1]))
    }

    private func status(_ app: AppProcess, _ id: String) -> String? {
        guard let all = app.lastFrame["statuses"] else { return nil }
        for entry in all.split(separator: ",") {
            let kv = entry.split(separator: ":")
            if kv.count == 2, kv[0] == id { return String(kv[1]) }
        }
        return nil
    }

    private func box(_ r: Rect) -> (x: Int, y: Int, w: Int, h: Int) {
        (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height))
    }

    /// Presses the left button at `from`, moves down by `distance` in small steps, and leaves
    /// the button down.
    private func press(_ x: XvfbSession, at from: Point, dragDown distance: Int) throws {
        try x.xdotool("mousemove", "\(Int(from.x))", "\(Int(from.y))")
        try x.xdotool("mousedown", "1")
        var moved = 0
        while moved < distance {
            moved = Swift.min(distance, moved + 12)
            try x.xdotool("mousemove", "\(Int(from.x))", "\(Int(from.y) + moved)")
        }
    }

    @Test("dragging a header's list reveals the header; releasing past the threshold refreshes")
    func dragToRefresh() throws {
        let x = try XvfbSession()
        let (app, _) = try launch(x)
        let screen = try layout(app).tiles[0].screenInWindow
        // The top of the screen, where the header appears when the list is pulled down.
        let top = box(Rect(x: screen.minX, y: screen.minY, width: screen.width, height: 110))

        let before = try x.screenshot(savingTo: "\(shots)/drag-0-before.png")
        #expect(before.count(Self.teal, in: top) == 0)

        // Far enough past four-dots' 85 pt threshold even through the rubber band.
        try press(x, at: Point(x: screen.midX, y: screen.minY + 10), dragDown: 320)
        #expect(eventually(timeout: 10) { status(app, "four-dots") == "pulling" })
        // The header's dots (the top one teal) came into view above the list — on screen once
        // the server has shown the frame, which on a loaded machine can trail the frame log.
        #expect(
            eventually(timeout: 5) {
                let pulled = try? x.screenshot(savingTo: "\(shots)/drag-1-pulled.png")
                return (pulled?.count(Self.teal, in: top) ?? 0) > 20
            })

        try x.xdotool("mouseup", "1")
        #expect(eventually(timeout: 10) { status(app, "four-dots") == "refreshing" })
        let framesNow = app.frameCount
        #expect(eventually(timeout: 10) { app.frameCount > framesNow + 30 })
        let refreshingA = try x.screenshot(savingTo: "\(shots)/drag-2-refreshing.png")
        let framesA = app.frameCount
        #expect(eventually(timeout: 10) { app.frameCount > framesA + 10 })
        let refreshingB = try x.screenshot(savingTo: "\(shots)/drag-3-refreshing.png")
        // Held in view by the refresh inset (a bounce back would have hidden it by now)…
        #expect(refreshingA.count(Self.teal, in: top) > 20)
        // …and spinning.
        #expect(refreshingB.differences(from: refreshingA, in: top) > 20)
    }

    @Test("a short drag bounces back: the header hides again and no refresh starts")
    func shortDragBouncesBack() throws {
        let x = try XvfbSession()
        let (app, _) = try launch(x)
        let screen = try layout(app).tiles[1].screenInWindow
        let top = box(Rect(x: screen.minX, y: screen.minY, width: screen.width, height: 60))
        try press(x, at: Point(x: screen.midX, y: screen.minY + 10), dragDown: 36)
        let frames = app.frameCount
        #expect(eventually(timeout: 10) { app.frameCount > frames + 5 })
        let pulled = try x.screenshot(savingTo: "\(shots)/short-1-pulled.png")
        #expect(pulled.count(Self.teal, in: top) > 10)
        try x.xdotool("mouseup", "1")
        // The list bounces back over the header; three-dots never refreshed.
        let path = "\(shots)/short-2-after.png"
        #expect(
            eventually(timeout: 10) {
                (try? x.screenshot(savingTo: path).count(Self.teal, in: top)) == 0
            })
        #expect(status(app, "three-dots") == "idle")
    }

    /// True when no frame was logged for half a second.
    private func quiet(_ app: AppProcess) -> Bool {
        let n = app.frameCount
        usleep(500_000)
        return app.frameCount == n
    }

    /// Every context switch of the process's threads so far (voluntary and not), from
    /// `/proc/PID/task/*/status`: a thread that wakes adds to it.
    private func contextSwitches(_ app: AppProcess) throws -> Int {
        let tasks = "/proc/\(app.process.processIdentifier)/task"
        return try FileManager.default.contentsOfDirectory(atPath: tasks).reduce(0) { sum, task in
            let status = (try? String(contentsOfFile: "\(tasks)/\(task)/status", encoding: .utf8)) ?? ""
            return sum
                + status.split(separator: "\n")
                .filter {
                    $0.hasPrefix("voluntary_ctxt_switches:") || $0.hasPrefix("nonvoluntary_ctxt_switches:")
                }
                .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                .reduce(0, +)
        }
    }

    @Test("with every loader stopped or resting the window renders no frames and no thread wakes for 2 s")
    func idleIsIdle() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        #expect(status(app, "orbit") == "running")
        try x.xdotool("key", "--window", window, "4", "5")
        #expect(
            eventually(timeout: 10) { status(app, "orbit") == "stopped" && status(app, "balls") == "stopped" }
        )
        #expect(eventually(timeout: 10) { quiet(app) })
        let frames = app.frameCount
        let switches = try contextSwitches(app)
        sleep(2)
        #expect(app.frameCount == frames)
        #expect(try contextSwitches(app) == switches)
        #expect(app.process.isRunning)
    }

    @Test("keys: 1–5 toggle, Tab focuses, Space pauses (no frames), → steps, S slows, D and H overlay")
    func keys() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        let tiles = try layout(app).tiles
        func key(_ k: String) throws { try x.xdotool("key", "--window", window, k) }

        try key("2")
        #expect(eventually(timeout: 10) { status(app, "three-dots") == "refreshing" })
        #expect(app.lastFrame["focus"] == "three-dots")
        try key("Tab")
        #expect(eventually(timeout: 10) { app.lastFrame["focus"] == "airplane" })

        // Paused: the balls stand still and nothing is drawn until a step.
        try key("space")
        #expect(eventually(timeout: 10) { app.lastFrame["paused"] == "1" && quiet(app) })
        let balls = box(tiles[4].frame)
        let paused0 = try x.screenshot(savingTo: "\(shots)/keys-1-paused.png")
        usleep(400_000)
        let paused1 = try x.screenshot(savingTo: "\(shots)/keys-2-paused.png")
        #expect(paused1.differences(from: paused0, in: balls) == 0)
        let frames = app.frameCount
        for _ in 0..<12 { try key("Right") }
        #expect(eventually(timeout: 10) { app.frameCount >= frames + 12 })
        let stepped = try x.screenshot(savingTo: "\(shots)/keys-3-stepped.png")
        #expect(stepped.differences(from: paused1, in: balls) > 0)

        try key("s")
        #expect(eventually(timeout: 10) { app.lastFrame["slow"] == "1" })
        try key("space")
        #expect(eventually(timeout: 10) { app.lastFrame["speed"] == "0.1" })

        let magenta = Screenshot.RGB(r: 230, g: 60, b: 200)
        let plain = try x.screenshot(savingTo: "\(shots)/keys-4-plain.png")
        let whole = (0, 0, 1000, 454)
        try key("d")
        #expect(eventually(timeout: 10) { app.lastFrame["debug"] == "1" })
        let debug = try x.screenshot(savingTo: "\(shots)/keys-5-debug.png")
        #expect(
            debug.count(magenta, in: whole, tolerance: 40) > plain.count(magenta, in: whole, tolerance: 40)
                + 200)
        try key("d")
        try key("h")
        #expect(eventually(timeout: 10) { app.lastFrame["help"] == "1" && app.lastFrame["debug"] == "0" })
        let help = try x.screenshot(savingTo: "\(shots)/keys-6-help.png")
        // The panel darkens most of the middle of the gallery.
        let middle = (300, 150, 400, 120)
        #expect(help.differences(from: plain, in: middle) > 400 * 120 * 2 / 3)

        try key("q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("--loader shows one loader filling the window; --size and --scale size it")
    func singleLoader() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x, ["--loader", "orbit", "--size", "300x250", "--scale", "2"])
        #expect(app.lastFrame["size"] == "600x500")
        #expect(app.lastFrame["scale"] == "2.0")
        #expect(app.lastFrame["statuses"] == "orbit:running")
        let shot = try x.screenshot(savingTo: "\(shots)/single-orbit.png")
        // The orbit's dark background fills the window above the HUD.
        let background = Screenshot.RGB(r: 28, g: 30, b: 40)
        #expect(shot.count(background, in: (0, 0, 600, 440), tolerance: 6) > 600 * 440 / 2)
        try x.xdotool("key", "--window", window, "Escape")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("an uncovered window is repainted from the back buffer, without rendering a frame")
    func exposeRepaintsFromBuffer() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        try x.xdotool("key", "--window", window, "4", "5")
        #expect(eventually(timeout: 10) { status(app, "balls") == "stopped" && quiet(app) })
        let before = try x.screenshot(savingTo: "\(shots)/expose-0-before.png")
        let frames = app.frameCount
        // Unmapping clears the screen to the root's black; mapping again sends Expose.
        try x.xdotool("windowunmap", window)
        let gone = try x.screenshot(savingTo: "\(shots)/expose-1-unmapped.png")
        #expect(gone.differences(from: before, in: (0, 0, 1000, 480)) > 100_000)
        try x.xdotool("windowmap", window)
        let path = "\(shots)/expose-2-mapped.png"
        #expect(
            eventually(timeout: 10) {
                (try? x.screenshot(savingTo: path).differences(from: before, in: (0, 0, 1000, 480))) == 0
            })
        #expect(app.frameCount == frames)
    }

    @Test("a window hidden mid-drag lets go of the list and goes idle")
    func unmappedMidDrag() throws {
        let x = try XvfbSession()
        let (app, window) = try launch(x)
        try x.xdotool("key", "--window", window, "4", "5")
        let screen = try layout(app).tiles[0].screenInWindow
        try press(x, at: Point(x: screen.midX, y: screen.minY + 10), dragDown: 60)
        #expect(eventually(timeout: 10) { status(app, "balls") == "stopped" })
        try x.xdotool("windowunmap", window)
        // No release reaches the window, yet the bounce ends and the frames stop.
        #expect(eventually(timeout: 10) { quiet(app) })
        #expect(status(app, "four-dots") == "idle")
        try x.xdotool("mouseup", "1")
        #expect(app.process.isRunning)
    }

    @Test("Xft.dpi 192 doubles the pixels per point")
    func xftDPI() throws {
        let x = try XvfbSession()
        try setResources("Xft.dpi:\t192\n", display: x.display)
        let (app, window) = try launch(x, ["--size", "400x300"])
        #expect(app.lastFrame["scale"] == "2.0")
        #expect(app.lastFrame["size"] == "800x600")
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    /// What `xrdb` does: the root window's RESOURCE_MANAGER string.
    private func setResources(_ text: String, display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw HarnessError("cannot open \(name)") }
        defer { XCloseDisplay(display) }
        let bytes = Array(text.utf8)
        XChangeProperty(
            display, XDefaultRootWindow(display), XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace,
            bytes, Int32(bytes.count))
        XSync(display, 0)
    }
}
