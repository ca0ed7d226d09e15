import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// Headless commands of previews whose code traps, hangs, overflows its stack or exits: each
/// reported on standard error with the preview's name, the reason and the user's line, exit 1,
/// no trap or register dump of the runtime's, and no process left behind.
@Suite("Preview isolation, headless", .tags(.compiler, .subprocess), .serialized)
struct PreviewIsolationTests {
    /// Everything the runtime's own report would show, and must not.
    func expectNoRuntimeDump(_ err: String) {
        #expect(!err.contains("*** Signal"), "\(err)")
        #expect(!err.contains("Registers"), "\(err)")
        #expect(!err.contains("Thread 0"), "\(err)")
    }

    @Test("a trap in an animation delegate's callback: exit 1, the preview, the reason and the user's line")
    func delegateTrap() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let r = try f.preview(["--render", "traps-later", "--time", "1", "--out", f.folder + "/out.png"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("“traps-later” crashed"), "\(r.err)")
        #expect(r.err.contains("Fatal error: Index out of range"), "\(r.err)")
        #expect(r.err.contains("at " + PreviewFaultFixture.location("MARK-DELEGATE")), "\(r.err)")
        #expect(r.err.contains("LateTrap.animationDidStop"), "\(r.err)")
        expectNoRuntimeDump(r.err)
        #expect(!FileManager.default.fileExists(atPath: f.folder + "/out.png"))
        #expect(f.processes().isEmpty, "\(f.processes())")
    }

    @Test("before the trap's time the same preview renders: the failure is the code's, at its time")
    func beforeTheTrap() throws {
        let f = try PreviewFaultFixture(trapAfter: 2)
        defer { f.remove() }
        let r = try f.preview(["--render", "traps-later", "--time", "0.5", "--out", f.folder + "/out.png"])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: f.folder + "/out.png"))
    }

    @Test(
        "a trap in a display link's call or a timer's block: exit 1 at its scene time, with the user's line")
    func timedWorkTrap() throws {
        let f = try PreviewFaultFixture(source: PreviewFaultFixture.timedSource)
        defer { f.remove() }
        let cases = [
            ("traps-in-tick", "Index out of range", "MARK-TICK", "TickTrap.step"),
            ("traps-in-timer", "Unexpectedly found nil", "MARK-TIMER", "TimedFaultPreviews.previews"),
        ]
        for (name, reason, marker, function) in cases {
            // Before the fault's time (the link's 30th call and the timer's second fire, both
            // at 0.5 s) the preview renders; at 1 s it has crashed.
            let before = try f.preview([
                "--render", name, "--time", "0.45", "--out", f.folder + "/before.png",
            ])
            #expect(before.status == 0, "\(name): \(before.err)")
            let out = f.folder + "/\(name).png"
            let r = try f.preview(["--render", name, "--time", "1", "--out", out])
            #expect(r.status == 1, "\(name): \(r.err)")
            #expect(r.err.contains("“\(name)” crashed"), "\(r.err)")
            #expect(r.err.contains("Fatal error: \(reason)"), "\(r.err)")
            let location = PreviewFaultFixture.location(marker, in: PreviewFaultFixture.timedSource)
            #expect(r.err.contains("at " + location), "\(r.err)")
            #expect(r.err.contains(function), "\(r.err)")
            expectNoRuntimeDump(r.err)
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(f.processes().isEmpty, "\(f.processes())")
    }

    @Test("a trap in set-up (a nil force-unwrapped) is named with its line")
    func setUpTrap() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let r = try f.preview(["--inspect", "traps-at-setup"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("“traps-at-setup” crashed"), "\(r.err)")
        #expect(r.err.contains("Unexpectedly found nil"), "\(r.err)")
        #expect(r.err.contains("at " + PreviewFaultFixture.location("MARK-SETUP")), "\(r.err)")
        expectNoRuntimeDump(r.err)
    }

    @Test("a loop that never ends is stopped at the deadline and said to be where it was")
    func hang() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let started = Date()
        let r = try f.preview(
            ["--render", "spins-forever", "--out", f.folder + "/out.png"],
            environment: ["LOADERLAB_PREVIEW_DEADLINE=1"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("“spins-forever” is not responding (no answer in 1 s)"), "\(r.err)")
        // The stuck thread's place: the user's file (the loop's own instructions may be ones
        // the compiler gives no line).
        #expect(r.err.contains("at Faults.swift"), "\(r.err)")
        #expect(Date().timeIntervalSince(started) < 30)
        expectNoRuntimeDump(r.err)
        #expect(f.processes().isEmpty, "\(f.processes())")
    }

    @Test("a stack overflow is a crash of the preview, not of loaderlab")
    func stackOverflow() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let r = try f.preview(["--render", "overflows", "--out", f.folder + "/out.png"])
        #expect(r.status == 1, "\(r.err)")
        #expect(
            r.err.contains("“overflows” crashed: Stack overflow: endless recursion in deeper(_:)"), "\(r.err)"
        )
        // The fault comes as the next call's frame is made: at the function's line or its body's.
        let body = PreviewFaultFixture.location("MARK-OVERFLOW")
        let line = Int(body.split(separator: ":")[1])!
        #expect(
            r.err.contains("at \(body) in deeper(_:)")
                || r.err.contains("at Faults.swift:\(line - 1) in deeper(_:)"),
            "\(r.err)")
        expectNoRuntimeDump(r.err)
    }

    @Test("a call to exit() is reported with its line and the status, and exits 1")
    func exitCall() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let r = try f.preview(["--render", "exits", "--out", f.folder + "/out.png"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("“exits” ended the preview process (exit(7))"), "\(r.err)")
        #expect(r.err.contains("at " + PreviewFaultFixture.location("MARK-EXIT")), "\(r.err)")
    }

    @Test("--sheet draws every other preview, marks each failed cell with its reason, and exits 1")
    func sheet() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let out = f.folder + "/sheet.png"
        let r = try f.preview(
            ["--sheet", "--time", "1", "--out", out], environment: ["LOADERLAB_PREVIEW_DEADLINE=1"])
        #expect(r.status == 1, "\(r.err)")
        for name in ["traps-later", "traps-at-setup", "spins-forever", "overflows", "exits"] {
            #expect(r.err.contains("“\(name)”"), "\(name): \(r.err)")
        }
        let image = try Pillow.decode(out)
        let pixels = try #require(image.frames.first)
        // Six cells of 80×80 points in rows of three. The failed cells are filled with the
        // failure's dark red; the steady one shows its orange square and no red.
        let failure = (r: 41, g: 10, b: 13)
        let orange = (r: 255, g: 128, b: 0)
        func count(_ c: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Int {
            stride(from: 0, to: pixels.count, by: 4).filter { i in
                abs(Int(pixels[i]) - c.r) <= tolerance && abs(Int(pixels[i + 1]) - c.g) <= tolerance
                    && abs(Int(pixels[i + 2]) - c.b) <= tolerance
            }.count
        }
        // Five failed cells, each mostly failure red (text aside): well over 5 × 3000 pixels.
        #expect(count(failure) > 5 * 3000, "\(count(failure)) failure pixels")
        #expect(count(failure) < 6 * 6400)
        #expect(count(orange, tolerance: 30) > 800)
        #expect(f.processes().isEmpty, "\(f.processes())")
    }

    @Test("a preview that works is untouched by its neighbours' faults")
    func neighbours() throws {
        let f = try PreviewFaultFixture()
        defer { f.remove() }
        let r = try f.preview(["--render", "steady", "--time", "0.25", "--out", f.folder + "/steady.png"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.split(separator: "\n").allSatisfy { $0.contains("Swift file") }, "\(r.err)")
    }
}
