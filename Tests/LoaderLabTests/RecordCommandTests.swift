import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

/// `loaderlab record`, read back by an independent decoder (Pillow): frame counts, the timing
/// each format stores, the loop, and frame k against `render --time k/F` decoded the same way.
@Suite(
    .tags(.pillow),
    .enabled(if: Pillow.isInstalled, "python3-pil is not installed (make deps-test installs it)"))
struct RecordCommandTests {
    let dir: String

    init() throws {
        dir = try temporaryDirectory()
    }

    func run(_ arguments: [String], source: any SceneSource = CatalogSceneSource()) -> (
        status: Int32?, capture: Capture
    ) {
        let r = runCommand(arguments, source: source)
        return (r.status, r.capture)
    }

    /// `render ARGUMENTS` decoded: the picture `record` must show at that moment.
    func rendered(_ arguments: [String], source: any SceneSource = CatalogSceneSource()) throws -> [UInt8] {
        let out = dir + "/render-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, capture) = run(["render"] + arguments + ["--out", out], source: source)
        #expect(status == 0, "\(capture.err)")
        let decoded = try Pillow.decode(out)
        return try #require(decoded.frames.first)
    }

    /// Records and decodes; expects success.
    func record(_ arguments: [String], to name: String, source: any SceneSource = CatalogSceneSource()) throws
        -> DecodedAnimation
    {
        let out = dir + "/" + name
        let (status, capture) = run(["record"] + arguments + ["--out", out], source: source)
        #expect(status == 0, "\(capture.err)")
        #expect(capture.err.isEmpty && capture.out.isEmpty)
        return try Pillow.decode(out)
    }

    /// A number as the command line gives it: the shortest text that reads back as the same
    /// double, so `render --time` asks for exactly the time `record` computes.
    func text(_ t: Double) -> String { "\(t)" }

    /// Every frame of a 1 s orbit recording at 10 fps is `render --time k/10`: exactly for
    /// lossless WebP and APNG, within the palette's error for GIF. Each format stores 100 ms a
    /// frame: WebP in milliseconds, APNG as 1/10, GIF as 10 hundredths.
    @Test(arguments: ["orbit.webp", "orbit.png", "orbit.gif"])
    func framesAreTheRendersAtTheirTimes(name: String) throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let decoded = try record(
            ["--loader", "orbit", "--fps", "10", "--duration", "1", "--size", "120x120"], to: name)
        #expect(decoded.width == 120 && decoded.height == 120)
        #expect(decoded.loop == 0)
        #expect(decoded.frames.count == 10)
        #expect(decoded.durations.allSatisfy { abs($0 - 100) < 1e-9 }, "\(decoded.durations)")
        for k in 0..<10 {
            let expected = try rendered([
                "--loader", "orbit", "--size", "120x120", "--time", text(Double(k) / 10),
            ])
            let difference = ImageDifference(decoded.frames[k], expected)
            if name.hasSuffix(".gif") {
                // 256 colours for a ring's anti-aliased greys over one ground.
                #expect(difference.mean < 1, "frame \(k): \(difference)")
            } else {
                #expect(difference.maximum == 0, "frame \(k): \(difference)")
            }
        }
    }

    /// Without --duration a standalone loader records one loop of its original's animation (orbit:
    /// 3 s, balls: 1.6 s) and the frame after the last is the first again.
    @Test func standaloneLoadersRecordOneLoop() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (id, seconds) in [("orbit", 3.0), ("balls", 1.6)] {
            let fps = 20
            let decoded = try record(
                ["--loader", id, "--fps", "\(fps)", "--size", "100x100"], to: "\(id).png")
            let frames = Int((seconds * Double(fps)).rounded())
            // A frame that looks like the one before it lengthens that one instead (the balls
            // can rest within a sixteenth of a pixel between two frames at their ends), so
            // the frames are counted by their durations: each a whole number of frames.
            let period = 1000 / Double(fps)
            let slots = decoded.durations.map { ($0 / period).rounded() }
            #expect(zip(slots, decoded.durations).allSatisfy { abs($0 * period - $1) < 1e-6 }, "\(id)")
            #expect(Int(slots.reduce(0, +)) == frames, "\(id)")
            #expect(decoded.frames.count <= frames, "\(id)")
            #expect(abs(decoded.durations.reduce(0, +) - seconds * 1000) < 1e-6, "\(id)")
            let next = try rendered(["--loader", id, "--size", "100x100", "--time", text(seconds)])
            #expect(ImageDifference(decoded.frames[0], next).maximum == 0, "\(id) loops seamlessly")
        }
    }

    /// A header at rest is pulled, let go at 0.75 s, and refreshes until it comes back to
    /// rest: frames after the release are `render --refreshing --time (k/F − 0.75)`. At 16 fps
    /// both times are exact binary fractions. Its refresh ends after the simulated load (3 s)
    /// and the end animation (0.5 s): the recording lasts at least 0.75 + 3.5 s and ends at
    /// rest, as it began.
    @Test func aHeaderRecordsItsPullAndRefresh() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fps = 16.0
        let decoded = try record(["--loader", "four-dots", "--fps", "16"], to: "four-dots.webp")
        let total = decoded.durations.reduce(0, +)
        #expect(total >= (0.75 + 3.5) * 1000 && total <= (0.75 + 4.5) * 1000, "\(total) ms")
        let rest = try rendered(["--loader", "four-dots"])
        #expect(ImageDifference(decoded.frames[0], rest).maximum == 0)
        #expect(ImageDifference(decoded.frames[decoded.frames.count - 1], rest).maximum == 0)
        for k in stride(from: 12, to: Int(total / 1000 * fps), by: 7) {
            let t = Double(k) / fps
            let shown = try #require(decoded.frame(at: t * 1000 + 1))
            let expected = try rendered(["--loader", "four-dots", "--refreshing", "--time", text(t - 0.75)])
            #expect(ImageDifference(shown, expected).maximum == 0, "at \(t) s")
        }
    }

    /// A source with snapshots only records with a given length, one snapshot per frame.
    @Test func snapshotSourcesNeedADuration() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, capture) = run(
            ["record", "--loader", "demo", "--out", dir + "/demo.webp"], source: DemoSceneSource())
        #expect(status == 2)
        #expect(capture.err.count == 1 && capture.err[0].contains("--duration"), "\(capture.err)")
        let decoded = try record(
            ["--loader", "demo", "--duration", "0.5", "--fps", "10"], to: "demo.webp",
            source: DemoSceneSource())
        #expect(decoded.frames.count == 5)
        for k in 0..<5 {
            let expected = try rendered(
                ["--loader", "demo", "--time", text(Double(k) / 10)], source: DemoSceneSource())
            #expect(ImageDifference(decoded.frames[k], expected).maximum == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["demo.webp"])
    }

    @Test func helpDescribesRecord() {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for arguments in [["help", "record"], ["record", "--help"]] {
            let (status, capture) = run(arguments)
            #expect(status == 0)
            #expect(capture.out.hasPrefix("usage: loaderlab record --loader ID"))
        }
        #expect(run(["--help"]).capture.out.contains("loaderlab record  --loader ID"))
    }

    @Test func badArgumentsSayWhichInOneLine() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/x.webp"
        let cases: [([String], String)] = [
            (
                ["--loader", "orbit", "--out", dir + "/x.jpg"],
                "--out: the name must end in .webp, .gif or .png"
            ),
            (["--loader", "orbit", "--out", dir + "/x.gif", "--fps", "60"], "--fps: a GIF"),
            (
                ["--loader", "orbit", "--out", out, "--fps", "0"],
                "--fps: expected a whole number from 1 to 120"
            ),
            (["--loader", "orbit", "--out", out, "--fps", "2.5"], "--fps: expected a whole number"),
            (["--loader", "orbit", "--out", dir + "/x.gif", "--quality", "50"], "--quality: only WebP"),
            (["--loader", "orbit", "--out", out, "--quality", "101"], "--quality: out of range"),
            (["--loader", "orbit", "--out", out, "--palette", "global"], "--palette: only a GIF"),
            (
                ["--loader", "orbit", "--out", dir + "/x.gif", "--palette", "nice"],
                "--palette: expected global or frame"
            ),
            (["--loader", "orbit", "--out", out, "--duration", "0"], "--duration: must be greater than 0"),
            (
                ["--loader", "orbit", "--out", out, "--duration", "600", "--fps", "60"],
                "a recording holds at most 6000"
            ),
            (["--loader", "orbit", "--out", out, "--pull", "20"], "--pull: 'orbit' is a standalone loader"),
            (["--loader", "orbit", "--out", out, "--format", "bmp"], "--format: expected webp, gif or png"),
            (["--loader", "orbit"], "missing --out FILE"),
        ]
        for (arguments, message) in cases {
            let (status, capture) = run(["record"] + arguments)
            #expect(status == 2, "\(arguments)")
            #expect(
                capture.err.count == 1 && capture.err.first?.contains(message) == true,
                "\(arguments): \(capture.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// An output that cannot be written fails with status 1 before any frame is drawn, and
    /// leaves nothing.
    @Test func unwritableOutputsFailCleanly() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/adir.gif", withIntermediateDirectories: false)
        for out in [dir + "/none/x.webp", dir + "/adir.gif", "/proc/x.png"] {
            let (status, capture) = run(["record", "--loader", "orbit", "--out", out])
            #expect(status == 1, "\(out)")
            #expect(
                capture.err.count == 1 && capture.err[0].hasPrefix("loaderlab: cannot write "),
                "\(capture.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["adir.gif"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/adir.gif").isEmpty)
    }

    /// A device named without an extension takes --format: the bytes go through to it.
    @Test func formatNamesTheFormatForADevice() throws {
        let (status, capture) = run([
            "record", "--loader", "balls", "--duration", "0.1", "--format", "gif", "--out", "/dev/null",
        ])
        #expect(status == 0, "\(capture.err)")
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// The progress bar appears on the progress line of a recording that takes more than half
    /// a second, says how far it is, and is taken away at the end; `--quiet` shows none.
    @Test func progressIsShownUnlessQuiet() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var lines: [String] = []
            func add(_ s: String) { lock.withLock { lines.append(s) } }
        }
        for quiet in [false, true] {
            let lines = Lines()
            let capture = Capture()
            var io = capture.io
            io.progress = { lines.add($0) }
            // Two passes over balls' 1.6 s at 30 fps (the global palette): long enough to show.
            let arguments = ["record", "--loader", "balls", "--palette", "global", "--out", dir + "/p.gif"]
            let outcome = Commands(source: CatalogSceneSource(), io: io).run(
                arguments + (quiet ? ["--quiet"] : []))
            #expect(outcome == .finished(0), "\(capture.err)")
            #expect(capture.err.isEmpty)
            if quiet {
                #expect(lines.lines.isEmpty)
            } else {
                let shown = lines.lines.dropLast()
                #expect(!shown.isEmpty, "the recording took less than half a second")
                #expect(shown.allSatisfy { $0.hasPrefix("recording balls [") && $0.contains("/96 frames") })
                #expect(lines.lines.last == "")
            }
        }
    }
}
