import Foundation
import PreviewHost
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a preview process's end: the reason, the user's line picked out of the backtracer's
/// report, and the kinds (crash, hang, exit). The reports here are written by hand in the form
/// the Swift runtime's backtracer writes with `format=json`.
@Suite("Preview failures")
struct PreviewFailureTests {
    /// A report of the crashed thread with `frames`: (description, image, file, line).
    static func report(
        _ frames: [(String, String, String?, Int?)], description: String = "Illegal instruction"
    )
        -> String
    {
        let items = frames.map { d, image, file, line in
            var fields = [
                "\"kind\": \"returnAddress\"", "\"address\": \"0x1\"", "\"description\": \"\(d)\"",
                "\"image\": \"\(image)\"",
            ]
            if let file, let line {
                fields.append("\"sourceLocation\": {\"file\": \"\(file)\", \"line\": \(line), \"column\": 3}")
            }
            return "{ " + fields.joined(separator: ", ") + " }"
        }
        return """

            { "timestamp": "2026-12-03T22:00:00Z", "kind": "crashReport", "description": "\(description)", \
            "threads": [ { "name": "other", "crashed": false, "frames": [] }, \
            { "name": "main", "crashed": true, "frames": [ \(items.joined(separator: ", ")) ] } ] }

            """
    }

    /// A wait status for a process killed by `signal`, and one for `exit(code)`.
    static func killed(_ signal: Int32) -> Int32 { signal }
    static func exited(_ code: Int32) -> Int32 { code << 8 }

    static let sources = ["/work/app/Spinner.swift", "/work/app/Other.swift"]

    @Test("a trap: the runtime's message without its own file, and the first frame in the user's files")
    func trap() {
        let crash = CrashText(
            message: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
            report: Self.report([
                ("closure #1 in _assertionFailure(_:_:file:line:flags:) + 623", "libswiftCore.so", nil, nil),
                (
                    "specialized Array.subscript.getter + 84", "libswiftSwiftOnoneSupport.so",
                    "/src/Array.swift", 10
                ),
                (
                    "Spinner.animationDidStop(_:finished:) + 47", "libLoaderLabPreview1.so",
                    "/work/app/Spinner.swift", 42
                ),
                ("Other.helper() + 3", "libLoaderLabPreview1.so", "/work/app/Other.swift", 7),
            ]))
        let f = PreviewFailure(
            status: Self.killed(SIGILL), crash: crash, preview: "spinner", sources: Self.sources)
        #expect(f.kind == .crashed)
        #expect(f.isPreviewsFault)
        #expect(f.reason == "Fatal error: Index out of range")
        #expect(f.location == "Spinner.swift:42")
        #expect(f.function == "Spinner.animationDidStop(_:finished:)")
        #expect(f.title == "“spinner” crashed")
        #expect(
            f.details == [
                "Fatal error: Index out of range",
                "at Spinner.swift:42 in Spinner.animationDidStop(_:finished:)",
            ])
    }

    @Test("with no frame in the user's files, the nearest code with a line outside the runtime")
    func notTheUsers() {
        let crash = CrashText(
            message: nil,
            report: Self.report(
                [
                    ("swift_retain + 1", "libswiftCore.so", "/runtime/HeapObject.cpp", 300),
                    (
                        "LayerRenderer.draw(_:on:) + 9", "loaderlab-preview-process",
                        "/lab/LayerRenderer.swift", 12
                    ),
                ], description: "Bad pointer dereference"))
        let f = PreviewFailure(
            status: Self.killed(SIGSEGV), crash: crash, preview: nil, sources: Self.sources)
        #expect(f.reason == "Bad pointer dereference")
        #expect(f.location == "LayerRenderer.swift:12")
        #expect(f.title == "A preview crashed")
    }

    @Test("the user's frame at line 0 (compiler-made code) still names the file and function")
    func lineZero() {
        let crash = CrashText(
            message: nil,
            report: Self.report([
                (
                    "closure #3 in static P.previews.getter + 5", "libLoaderLabPreview2.so",
                    "/work/app/Spinner.swift", 0
                ),
                (
                    "StandalonePreviewContent.runSetUp() + 80", "loaderlab-preview-process",
                    "/lab/Catalog.swift", 148
                ),
            ]))
        let f = PreviewFailure(
            status: Self.killed(SIGKILL), crash: crash, preview: "p", sources: Self.sources, hungAfter: 2)
        #expect(f.kind == .hung(seconds: 2))
        #expect(f.location == "Spinner.swift")
        #expect(f.function == "closure #3 in static P.previews.getter")
        #expect(f.title == "“p” is not responding (no answer in 2 s)")
    }

    @Test("a deep stack of one function is a stack overflow in it")
    func overflow() {
        let frames = (0..<20).map { _ in
            ("deeper(_:) + 12", "libLoaderLabPreview1.so", "/work/app/Other.swift", 13)
                as (String, String, String?, Int?)
        }
        let crash = CrashText(
            message: nil, report: Self.report(frames, description: "Bad pointer dereference"))
        let f = PreviewFailure(
            status: Self.killed(SIGSEGV), crash: crash, preview: "o", sources: Self.sources)
        #expect(f.reason == "Stack overflow: endless recursion in deeper(_:)")
        #expect(f.location == "Other.swift:13")
    }

    @Test("a signal with no report is named; an exit is the preview's only when it said where it called exit")
    func signalsAndExits() {
        let bare = PreviewFailure(
            status: Self.killed(SIGBUS), crash: CrashText(), preview: nil, sources: Self.sources)
        #expect(bare.reason == "Bus error")
        #expect(bare.location == nil)

        let own = PreviewFailure(
            status: Self.exited(2), crash: CrashText(), preview: nil, sources: Self.sources)
        #expect(own.kind == .exited(2))
        #expect(!own.isPreviewsFault)

        var sites = CrashText()
        sites.exitSites = ("/tmp/lib.so", [0x1234])
        let users = PreviewFailure(status: Self.exited(7), crash: sites, preview: "q", sources: Self.sources)
        #expect(users.kind == .exited(7))
        #expect(users.isPreviewsFault)
        #expect(users.reason == "a preview called exit(7)")
        // No symbolizer given: no line to name.
        #expect(users.location == nil)
    }
}
