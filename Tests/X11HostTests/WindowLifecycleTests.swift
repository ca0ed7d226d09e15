import CX11
import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The window's life under a real (virtual) X server: appearing, quitting every way a user
/// can, surviving resizes, and failing cleanly without a display.
@Suite(
    "Window lifecycle under Xvfb", .tags(.xvfb), .serialized,
    .enabled(if: XvfbSession.isInstalled, "Xvfb is not installed (make deps-test installs it)"))
struct WindowLifecycleTests {
    @Test("without DISPLAY: one line naming DISPLAY and suggesting sheet, exit 2")
    func noDisplay() throws {
        let app = try AppProcess(display: nil)
        #expect(app.waitForExit(timeout: 10) == 2)
        let lines = app.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(app.standardError.contains("DISPLAY"))
        #expect(app.standardError.contains("loaderlab sheet"))
    }

    @Test("a display that cannot be opened: exit 2 with the display's name")
    func unreachableDisplay() throws {
        let app = try AppProcess(display: ":4093")
        #expect(app.waitForExit(timeout: 10) == 2)
        #expect(app.standardError.contains("DISPLAY=:4093"))
        #expect(app.standardError.contains("loaderlab sheet"))
    }

    @Test("the window is titled LoaderLab (WM_NAME and _NET_WM_NAME) with WM_CLASS and WM_DELETE_WINDOW")
    func windowProperties() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        let props = try x.run("xprop", ["-id", window])
        #expect(props.contains("WM_NAME(STRING) = \"LoaderLab\""))
        #expect(props.contains("_NET_WM_NAME(UTF8_STRING) = \"LoaderLab\""))
        #expect(props.contains("WM_CLASS(STRING) = \"loaderlab\", \"LoaderLab\""))
        #expect(props.contains("WM_DELETE_WINDOW"))
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("Q and Esc quit with status 0", arguments: ["q", "Escape"])
    func quitKeys(key: String) throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        try x.xdotool("key", "--window", window, key)
        // Promptly: the key is handled as soon as it arrives (a loaded CI machine gets 5 s).
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    @Test("SIGINT and SIGTERM exit cleanly with status 0", arguments: [SIGINT, SIGTERM])
    func signals(number: Int32) throws {
        let x = try XvfbSession()
        let (app, _) = try x.launchApp()
        kill(app.process.processIdentifier, number)
        #expect(app.waitForExit(timeout: 10) == 0)
        #expect(app.process.terminationReason == .exit)
    }

    @Test("the window manager's close (WM_DELETE_WINDOW) exits with status 0")
    func wmDeleteWindow() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        try sendDeleteWindow(display: x.display, window: Window(window) ?? 0)
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    /// What a window manager sends when the user clicks the close button.
    private func sendDeleteWindow(display name: String, window: Window) throws {
        guard let display = XOpenDisplay(name) else { throw HarnessError("cannot open \(name)") }
        defer { XCloseDisplay(display) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XSync(display, 0)
    }

    @Test("a lost X connection prints one line and exits non-zero")
    func lostConnection() throws {
        let x = try XvfbSession()
        let (app, _) = try x.launchApp()
        x.stop()
        let status = app.waitForExit(timeout: 10)
        #expect(status != nil && status != 0)
        #expect(app.standardError.contains("lost the connection"))
        #expect(app.standardError.split(separator: "\n").count == 1)
    }

    @Test("a resize storm and a 1×1 window leave it alive and drawing")
    func resizeStorm() throws {
        let x = try XvfbSession()
        let (app, window) = try x.launchApp()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            let w = Int.random(in: 1...1000, using: &generator)
            let h = Int.random(in: 1...740, using: &generator)
            try x.xdotool("windowsize", window, "\(w)", "\(h)")
        }
        try x.xdotool("windowsize", window, "1", "1")
        #expect(eventually(timeout: 10) { app.lastFrame["size"] == "1x1" })
        #expect(app.process.isRunning)
        try x.xdotool("windowsize", window, "700", "500")
        #expect(eventually(timeout: 10) { app.lastFrame["size"] == "700x500" })
        #expect(app.process.isRunning)
        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("frames go through MIT-SHM when offered, and through XPutImage when not")
    func sharedMemoryAndFallback() throws {
        let x = try XvfbSession()
        // Xvfb offers MIT-SHM; shared memory itself may be missing in a locked-down container,
        // and then the app must fall back on its own.
        let sharedMemory = systemVSharedMemoryWorks ? "1" : "0"
        for (environment, expected) in [([:], sharedMemory), (["LOADERLAB_NO_SHM": "1"], "0")] {
            let (app, window) = try x.launchApp(environment: environment)
            #expect(app.lastFrame["shm"] == expected)
            let shot = try x.screenshot(savingTo: NSTemporaryDirectory() + "loaderlab-shm\(expected).png")
            // Whatever the app draws, the window is no longer the server's black root.
            let black = shot.count(.init(r: 0, g: 0, b: 0), in: (0, 0, 200, 200), tolerance: 2)
            #expect(black < 200 * 200 / 2)
            try x.xdotool("key", "--window", window, "q")
            #expect(app.waitForExit(timeout: 10) == 0)
        }
    }

    /// True when this process can create a System V shared-memory segment (as the app does).
    private var systemVSharedMemoryWorks: Bool {
        let id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0o600)
        guard id >= 0 else { return false }
        shmctl(id, IPC_RMID, nil)
        return true
    }
}
