import Foundation
import Testing
import XvfbHarness

/// Inputs and faults that used to break the window, each driven the way a user or another
/// client would cause it.
@Suite(
    "Window reliability under Xvfb", .serialized,
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
}
