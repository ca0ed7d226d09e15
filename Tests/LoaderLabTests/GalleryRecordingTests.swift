import Foundation
import LayerKit
import Loaders
import SnapshotTesting
import Testing

@testable import LoaderLab

/// Key V in the gallery, on a manual clock: frames at a steady 30 per second of scene time,
/// whatever times the window draws at, each the tile's viewport as `render` draws it then.
@MainActor
@Suite("Gallery recording", .tags(.pillow), .enabled(if: Pillow.isInstalled, "python3-pil is not installed"))
struct GalleryRecordingTests {
    /// From 0, so that scene time is the loader's own time and `render --time` asks for the
    /// same numbers.
    let clock = ManualClock(time: 0)
    let app: GalleryApp
    let pixels = TestBuffer(width: 200, height: 226)
    let dir: String
    let printed = Lines()
    let failures = Lines()

    final class Lines {
        var lines: [String] = []
    }

    init() throws {
        // One loader filling a 200×226 window: a 200×200 viewport above the 26-point HUD.
        app = GalleryApp(loaderID: "balls", clock: clock)
        app.resize(to: Size(width: 200, height: 226), scale: 1)
        dir = try temporaryDirectory()
        app.recorder.directory = dir
        app.recorder.printPath = { [printed] in printed.lines.append($0) }
        app.recorder.reportFailure = { [failures] in failures.lines.append($0) }
    }

    /// Window frames at uneven times (as a busy window draws) until `end`.
    func frames(until end: Double) throws {
        var rng = SystemRandomNumberGenerator()
        while clock.now() < end {
            clock.set(min(end, clock.now() + Double.random(in: 0.004...0.03, using: &rng)))
            _ = try app.renderFrame(into: pixels.buffer, fullRedraw: false)
        }
    }

    @Test("frames every 1/30 s of scene time are the renders at those times")
    func framesAreRendersAtSteadyTimes() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: true)
        try frames(until: 0.5)
        app.key(.character("v"))
        #expect(app.recorder.isRecording && app.needsFrames)
        #expect(app.hudText.recording == "REC 0.0 s" && app.hudText.isRecording)
        try frames(until: 1.5)
        #expect(app.hudText.recording == "REC 1.0 s")
        app.key(.character("V"))
        #expect(!app.recorder.isRecording)
        app.waitForRecordings()
        _ = try app.renderFrame(into: pixels.buffer, fullRedraw: false)

        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.count == 1)
        let name = try #require(names.first)
        #expect(name.hasPrefix("loaderlab-balls-") && name.hasSuffix(".webp"))
        #expect(printed.lines == [dir + "/" + name])
        #expect(app.hudText.recording == "saved \(name)" && !app.hudText.isRecording)
        #expect(failures.lines.isEmpty)
        // The news stays until the next key.
        app.key(.tab)
        #expect(app.hudText.recording == nil)

        // 0.5 s … 1.5 s inclusive: 31 frames, 1/30 s each (WebP: 33, 33, 34 ms).
        let decoded = try Pillow.decode(dir + "/" + name)
        #expect(decoded.width == 200 && decoded.height == 200)
        #expect(decoded.frames.count == 31)
        #expect(abs(decoded.durations.reduce(0, +) - 1033) < 1e-9, "\(decoded.durations)")
        let render = dir + "/render.png"
        for k in stride(from: 0, to: 31, by: 5) {
            let t = 0.5 + Double(k) / 30
            let outcome = Commands(source: CatalogSceneSource(), io: Capture().io).run([
                "render", "--loader", "balls", "--size", "200x200", "--time", "\(t)", "--out", render,
            ])
            #expect(outcome == .finished(0))
            let expected = try #require(try Pillow.decode(render).frames.first)
            #expect(ImageDifference(decoded.frames[k], expected).maximum == 0, "frame \(k) at \(t) s")
        }
    }

    @Test("a place that cannot be written is said at once; nothing is recorded")
    func unwritableDirectory() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        app.recorder.directory = dir + "/missing"
        app.key(.character("v"))
        #expect(!app.recorder.isRecording)
        #expect(failures.lines.count == 1)
        #expect(
            failures.lines.first?.hasPrefix("recording failed: cannot write \(dir)/missing/loaderlab-balls-")
                == true)
        #expect(app.hudText.recording?.hasPrefix("recording failed") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("quitting while recording finishes the file")
    func quittingFinishesTheFile() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        app.key(.character("v"))
        try frames(until: 0.2)
        app.willQuit()
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.count == 1 && printed.lines == [dir + "/" + names[0]])
        // Frames at 0, 1/30, …, 6/30 s: 7 frames, 233 ms (the first ones may be the same picture,
        // stored once for longer).
        #expect(try Pillow.decode(dir + "/" + names[0]).durations.reduce(0, +) == 233)
    }

    @Test("names: the loader and the local time; a taken name gets a number")
    func names() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let date = Date(timeIntervalSince1970: 1_796_170_500)
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let stem = String(
            format: "loaderlab-orbit-%04d%02d%02d-%02d%02d%02d", c.year!, c.month!, c.day!, c.hour!,
            c.minute!,
            c.second!)
        #expect(GalleryApp.recordingName(id: "orbit", in: dir, date: date) == stem + ".webp")
        #expect(FileManager.default.createFile(atPath: dir + "/" + stem + ".webp", contents: Data()))
        #expect(GalleryApp.recordingName(id: "orbit", in: dir, date: date) == stem + "-2.webp")
        #expect(
            GalleryApp.recordingName(id: "orbit", in: dir, date: date, taken: [stem + "-2.webp"]) == stem
                + "-3.webp")
    }
}
