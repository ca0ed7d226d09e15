import Foundation
import LayerKit
import LoaderLab
import Loaders
import SnapshotTesting
import Testing
import XvfbHarness

/// Inputs and faults that used to break the window, each driven the way a user or another
/// client would cause it.
@Suite(
    "Window reliability under Xvfb", .tags(.xvfb), .serialized,
    .enabled(if: XvfbSession.isInstalled, "Xvfb is not installed (make deps-test installs it)"))
struct WindowReliabilityTests {
    /// A loader's key pressed twice within one frame (stop, then start before the next frame)
    /// used to hang the window at 100 % of a core: the balls loader restarted from the stale
    /// stop report of its removed cycle, at one instant, without end. Frames must go on, and Q
    /// must still quit at once.
    @Test(
        "a loader's key pressed twice within a frame keeps the window drawing and quittable",
        arguments: [["5", "5"], ["space", "5", "5", "space"], ["5", "5", "5", "5", "5", "5"]])
    func doublePress(keys: [String]) throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        _ = try x.run("xdotool", ["key", "--window", window, "--delay", "0"] + keys)
        let before = app.frameCount
        // The window keeps drawing (balls, and orbit, animate; a pause was resumed).
        #expect(eventually(timeout: 10) { app.frameCount > before + 20 })
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    /// The first tile (a header's list at rest: it does not move) in window pixels.
    private func restingTile(_ app: AppProcess) throws -> (x: Int, y: Int, w: Int, h: Int) {
        let size = try #require(app.lastFrame["size"]).split(separator: "x").compactMap { Double($0) }
        let layout = GalleryLayout.gallery(
            kinds: Catalog.all.map(\.kind), size: Size(width: size[0], height: size[1]))
        let r = layout.tiles[0].screenInWindow
        return (Int(r.minX), Int(r.minY), Int(r.width), Int(r.height))
    }

    @Test("another client destroying the window: exit 0 and nothing on stderr")
    func destroyedByAnotherClient() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        try x.xdotool("windowclose", window)
        #expect(app.waitForExit(timeout: 5) == 0)
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
    }

    @Test("an unmapped window draws nothing, and draws again when mapped")
    func unmappedWindowStopsDrawing() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        // The standalone loaders animate: frames come at the screen's rate.
        let start = app.frameCount
        #expect(eventually(timeout: 10) { app.frameCount > start + 10 })
        try x.xdotool("windowunmap", "--sync", window)
        // Let a frame already under way land, then count.
        usleep(300_000)
        let hidden = app.frameCount
        usleep(1_000_000)
        #expect(app.frameCount == hidden, "frames drawn while unmapped: \(app.frameCount - hidden)")
        try x.xdotool("windowmap", "--sync", window)
        #expect(eventually(timeout: 10) { app.frameCount > hidden + 10 })
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    /// Shortcuts by position on layouts whose letters are not Latin or whose digit row needs
    /// Shift: on a Russian layout the key where US has Q types "й"; on AZERTY the key where
    /// US has 1 types "&".
    @Test("shortcuts work on Russian and French layouts")
    func keyboardLayouts() throws {
        guard XvfbSession.which("setxkbmap") != nil else {
            Issue.record("setxkbmap is not installed (make deps-test installs x11-xkb-utils)")
            return
        }
        let x = try XvfbSession()
        _ = try x.run("setxkbmap", ["-display", x.display, "fr"])
        let (app, window) = try x.launchApp()
        #expect(app.lastFrame["statuses"]?.contains("four-dots:idle") == true)
        try x.xdotool("key", "--window", window, "ampersand")
        #expect(
            eventually(timeout: 10) { app.lastFrame["statuses"]?.contains("four-dots:refreshing") == true })
        _ = try x.run("setxkbmap", ["-display", x.display, "ru"])
        try x.xdotool("key", "--window", window, "Cyrillic_yeru")  // US S: slow motion
        #expect(eventually(timeout: 10) { app.lastFrame["slow"] == "1" })
        try x.xdotool("key", "--window", window, "Cyrillic_shorti")  // US Q: quit
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    /// Screens that are not 24-bit (a VNC session at depth 16, a deep-colour monitor at 30)
    /// show the same frame, within what their fewer or more bits per channel can hold.
    @Test(
        "depth 16 and depth 30 screens show the frame a 24-bit screen shows", arguments: [(16, 9), (30, 2)])
    func otherDepths(depth: Int, tolerance: Int) throws {
        let shots = NSTemporaryDirectory() + "loaderlab-window-tests"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let reference: Screenshot
        let tile: (x: Int, y: Int, w: Int, h: Int)
        do {
            let x = try XvfbSession()
            let (app, window) = try x.launchApp()
            tile = try restingTile(app)
            reference = try x.screenshot(savingTo: "\(shots)/depth-24.png")
            try x.xdotool("key", "--window", window, "q")
            _ = app.waitForExit(timeout: 5)
        }
        let x = try XvfbSession(depth: depth)
        let (app, window) = try x.launchApp()
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
        let shot = try x.screenshot(savingTo: "\(shots)/depth-\(depth).png")
        // Something is drawn (not a black window), and it is the same picture.
        #expect(shot.count(Screenshot.RGB(r: 0, g: 0, b: 0), in: tile, tolerance: 4) < tile.w * tile.h / 2)
        #expect(shot.differences(from: reference, in: tile, tolerance: tolerance) == 0)
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    @Test("--scale above 4 is honoured by the window, as by the other commands")
    func largeScale() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp(["--scale", "6", "--size", "200x120"])
        #expect(app.lastFrame["scale"] == "6.0")
        #expect(app.lastFrame["size"] == "1200x720")
        #expect(app.standardError.isEmpty, "stderr: \(app.standardError)")
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    /// Runs `loaderlab` through the shell with standard error closed (`2>&-`) and `environment`
    /// added; its exit status, or nil if it runs on past `timeout`.
    private func runWithStderrClosed(
        environment: [String: String], while running: (Process) throws -> Void = { _ in },
        timeout: Double = 10
    ) throws -> Int32? {
        let binary = try #require(AppProcess.binaryPath)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", #"exec "$0" 2>&-"#, binary]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        for (k, v) in environment { env[k] = v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        try running(p)
        guard eventually(timeout: timeout, { !p.isRunning }) else { return nil }
        return p.terminationStatus
    }

    @Test("with standard error closed: no display exits 2, a lost X server exits 1, neither traps")
    func closedStandardError() throws {
        #expect(try runWithStderrClosed(environment: [:]) == 2)
        let x = try XvfbSession()
        let status = try runWithStderrClosed(environment: ["DISPLAY": x.display]) { _ in
            #expect(eventually(timeout: 20) { x.findWindow(named: "LoaderLab") != nil })
            x.stop()
        }
        #expect(status == 1)
    }
}
