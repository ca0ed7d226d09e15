import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The preview window under Xvfb when the previews' code fails: the window stays, keeps its
/// last frame dimmed under the reason, R starts the previews again with the view as it was, a
/// recording in progress is written, and nothing is left running after Q.
@Suite("Preview window isolation under Xvfb", .tags(.xvfb, .compiler), .serialized)
struct PreviewWindowIsolationTests {
    /// The failure panel's colour over the dimmed window (as the compile-error test sees it).
    static let panel = Screenshot.RGB(r: 41, g: 12, b: 15)

    func launch(
        _ x: XvfbSession, _ f: PreviewFaultFixture, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> AppProcess {
        var env = environment
        env["TMPDIR"] = f.folder + "/tmp"
        let (app, _) = try x.launchApp(
            ["preview", f.folder] + arguments + ["--size", "400x300"], environment: env,
            workingDirectory: f.folder)
        // Keys go to the window under the pointer (no window manager here).
        try x.xdotool("mousemove", "10", "10")
        return app
    }

    @Test("a trap in a delegate callback: the window stays and says so; R starts the previews again")
    func crash() throws {
        let f = try PreviewFaultFixture(trapAfter: 1.0)
        defer { f.remove() }
        let x = try XvfbSession()
        let app = try launch(x, f, ["--loader", "traps-later"])
        #expect(app.lastFrame["starts"] == "1")
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" }, "\(app.standardError)")
        #expect(app.waitForExit(timeout: 0.5) == nil, "the window process ended")
        #expect(app.standardError.contains("“traps-later” crashed: Fatal error: Index out of range"))
        #expect(app.standardError.contains("at " + PreviewFaultFixture.location("MARK-DELEGATE")))
        #expect(!app.standardError.contains("*** Signal"), "\(app.standardError)")
        let shot = try x.screenshot(savingTo: f.folder + "/crashed.png")
        #expect(shot.count(Self.panel, in: (x: 0, y: 0, w: 300, h: 60), tolerance: 10) > 3000)
        // No preview process is left: the failed one was reaped.
        #expect(f.processes().filter { $0.contains("loaderlab-preview-process") }.isEmpty)

        try x.xdotool("key", "r")
        #expect(eventually(timeout: 10) { app.lastFrame["starts"] == "2" && app.lastFrame["failed"] == nil })
        // The new process runs the same code: it traps again at its time.
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" })

        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
        #expect(eventually(timeout: 5) { f.processes().isEmpty }, "\(f.processes())")
    }

    @Test("a trap in set-up in the gallery names the preview whose set-up it was")
    func setUpCrashInGallery() throws {
        let f = try PreviewFaultFixture(trapAfter: 30)
        defer { f.remove() }
        let x = try XvfbSession()
        let app = try launch(x, f, [])
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" }, "\(app.standardError)")
        #expect(app.standardError.contains("“traps-at-setup” crashed"), "\(app.standardError)")
        #expect(app.standardError.contains("at " + PreviewFaultFixture.location("MARK-SETUP")))
        try x.xdotool("key", "Escape")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("a preview that never answers is stopped after the deadline; the window says where it was")
    func hang() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let x = try XvfbSession()
        let app = try launch(
            x, f, ["--loader", "spins-forever"], environment: ["LOADERLAB_PREVIEW_DEADLINE": "1"])
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" }, "\(app.standardError)")
        #expect(app.standardError.contains("“spins-forever” is not responding (no answer in 1 s)"))
        #expect(app.standardError.contains("at Faults.swift"), "\(app.standardError)")
        #expect(f.processes().filter { $0.contains("loaderlab-preview-process") }.isEmpty)
        let shot = try x.screenshot(savingTo: f.folder + "/hung.png")
        #expect(shot.count(Self.panel, in: (x: 0, y: 0, w: 300, h: 60), tolerance: 10) > 3000)
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
        #expect(eventually(timeout: 5) { f.processes().isEmpty }, "\(f.processes())")
    }

    @Test("a crash with the timeline open and slow motion on: R brings both back")
    func crashKeepsTheView() throws {
        let f = try PreviewFaultFixture(trapAfter: 0.8)
        defer { f.remove() }
        let x = try XvfbSession()
        let app = try launch(x, f, ["--loader", "traps-later"])
        try x.xdotool("key", "t")
        #expect(eventually(timeout: 5) { app.lastFrame["timeline"] == "1" })
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" }, "\(app.standardError)")
        try x.xdotool("key", "r")
        #expect(
            eventually(timeout: 10) { app.lastFrame["starts"] == "2" && app.lastFrame["timeline"] == "1" })
        // Slow motion now, then a crash again (ten times later), then R: still slow.
        try x.xdotool("key", "s")
        #expect(eventually(timeout: 5) { app.lastFrame["slow"] == "1" })
        #expect(eventually(timeout: 30) { app.lastFrame["failed"] == "1" })
        try x.xdotool("key", "r")
        #expect(
            eventually(timeout: 10) {
                app.lastFrame["starts"] == "3" && app.lastFrame["slow"] == "1"
                    && app.lastFrame["timeline"] == "1"
            }, "\(app.lastFrame)")
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("a crash while recording with V: the recording so far is written")
    func crashWhileRecording() throws {
        let f = try PreviewFaultFixture(trapAfter: 1.5)
        defer { f.remove() }
        let x = try XvfbSession()
        let app = try launch(x, f, ["--loader", "traps-later"])
        try x.xdotool("key", "v")
        #expect(eventually(timeout: 5) { app.lastFrame["recording"] == "1" })
        #expect(eventually(timeout: 15) { app.lastFrame["failed"] == "1" }, "\(app.standardError)")
        let written = try #require(
            app.standardOutput.split(separator: "\n").map(String.init).first { $0.hasSuffix(".webp") },
            "no recording's path on standard output: \(app.standardError)")
        #expect(written.hasPrefix(f.folder), "\(written)")
        let movie = try Pillow.decode(written)
        // Frames at 30 a second from the key to the trap (about a second and a half; at least a
        // second of it however late the key came).
        #expect(movie.frames.count >= 25, "\(movie)")
        #expect(movie.frames.count <= 50, "\(movie)")
        #expect(app.standardError.contains("the recording so far"), "\(app.standardError)")
        // No spool is left in the build folder.
        let leftovers = FileManager.default.enumerator(atPath: f.folder + "/tmp")?.compactMap {
            $0 as? String
        }
        .filter { $0.hasSuffix(".spool") }
        #expect(leftovers?.isEmpty ?? true, "\(leftovers ?? [])")
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }
}
