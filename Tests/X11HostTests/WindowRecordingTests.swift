import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// Key V in the real window under Xvfb: a red dot in the HUD while recording, a WebP in the
/// app's current directory afterwards, its path on standard output; quitting while recording
/// still writes the file.
@Suite(
    "Window recording under Xvfb", .tags(.xvfb, .pillow), .serialized,
    .enabled(if: XvfbSession.isInstalled, "Xvfb is not installed (make deps-test installs it)"),
    .enabled(if: Pillow.isInstalled, "python3-pil is not installed (make deps-test installs it)"))
struct WindowRecordingTests {
    static let red = Screenshot.RGB(r: 235, g: 40, b: 40)
    /// One loader filling the window: its default 200×200 viewport above the 26-point HUD.
    static let hud = (x: 0, y: 200, w: 200, h: 26)
    let shots = NSTemporaryDirectory() + "loaderlab-window-tests"

    init() throws {
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
    }

    /// The recordings in `dir` (and nothing else may be there).
    func recordings(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    @Test("V starts and stops a recording of the focused tile")
    func recordAndStop() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let x = try XvfbSession()
        let (app, window) = try x.launchApp(["--loader", "balls", "--scale", "1"], workingDirectory: dir)
        let idle = try x.screenshot(savingTo: "\(shots)/record-0-idle.png")
        #expect(idle.count(Self.red, in: Self.hud) == 0)

        try x.xdotool("key", "--window", window, "v")
        #expect(eventually(timeout: 10) { app.lastFrame["recording"] == "1" })
        // About a second of recording (the frame log counts the window's frames, 60 a second).
        let started = app.frameCount
        #expect(eventually(timeout: 20) { app.frameCount >= started + 60 })
        let recording = try x.screenshot(savingTo: "\(shots)/record-1-recording.png")
        // The dot: a disc of radius 4.5 in the HUD.
        #expect(recording.count(Self.red, in: Self.hud) >= 30, "no red dot in the HUD")

        try x.xdotool("key", "--window", window, "v")
        #expect(eventually(timeout: 20) { app.standardOutput.hasSuffix(".webp\n") })
        let path = app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let names = try recordings(in: dir)
        #expect(names.count == 1 && path == dir + "/" + names[0], "\(path) \(names)")
        #expect(names.first?.hasPrefix("loaderlab-balls-") == true)
        #expect(eventually(timeout: 10) { app.lastFrame["recording"] == "0" })
        let after = try x.screenshot(savingTo: "\(shots)/record-2-saved.png")
        #expect(after.count(Self.red, in: Self.hud) == 0)

        let decoded = try Pillow.decode(path)
        #expect(decoded.width == 200 && decoded.height == 200)
        #expect(decoded.loop == 0)
        let total = decoded.durations.reduce(0, +)
        #expect(total >= 900, "\(total) ms recorded")
        // Thirtieths of a second, in milliseconds: 33 or 34 each (or a multiple, where the
        // picture did not change).
        #expect(decoded.durations.allSatisfy { $0 >= 33 }, "\(decoded.durations)")

        try x.xdotool("key", "--window", window, "q")
        #expect(app.waitForExit(timeout: 10) == 0)
        #expect(app.standardError.isEmpty, "\(app.standardError)")
        #expect(try recordings(in: dir) == names)
    }

    @Test("quitting while recording writes the file")
    func quitWhileRecording() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let x = try XvfbSession()
        let (app, window) = try x.launchApp(["--loader", "orbit", "--scale", "1"], workingDirectory: dir)
        try x.xdotool("key", "--window", window, "v")
        #expect(eventually(timeout: 10) { app.lastFrame["recording"] == "1" })
        let started = app.frameCount
        #expect(eventually(timeout: 20) { app.frameCount >= started + 20 })
        try x.xdotool("key", "--window", window, "Escape")
        #expect(app.waitForExit(timeout: 20) == 0)
        let names = try recordings(in: dir)
        #expect(names.count == 1 && names.first?.hasPrefix("loaderlab-orbit-") == true, "\(names)")
        #expect(app.standardOutput == dir + "/" + (names.first ?? "") + "\n")
        #expect(try Pillow.decode(dir + "/" + names[0]).frames.count >= 5)
    }
}

/// A fresh directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let dir = NSTemporaryDirectory() + "loaderlab-window-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
