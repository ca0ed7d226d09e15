import Foundation
import Testing

@testable import PreviewHost

@Suite("Preview sources")
struct PreviewSourcesTests {
    @Test("providers are found by their declarations, qualified when nested")
    func providers() {
        let source = """
            import UIKit
            struct A: LoaderPreviewProvider { static var previews: [LoaderPreview] { [] } }
            final class B: NSObject, LoaderPreviewProvider {}
            enum Outer {
                struct Inner: LoaderPreviewProvider {}
                class var layerClass: AnyClass { CALayer.self }
            }
            extension C: LoaderPreviewProvider {}
            struct NotAProvider: LoaderPreviewProviderLike {}
            // struct InComment: LoaderPreviewProvider {}
            /* struct InBlock: LoaderPreviewProvider { /* nested */ } */
            let s = "struct InString: LoaderPreviewProvider {"
            func f() { struct Local: LoaderPreviewProvider {} }
            """
        let found = PreviewSources.providerTypes(in: source)
        // `Local` is not visible outside its function: it is reported by its bare name, which
        // the build then explains.
        #expect(found == ["A", "B", "Outer.Inner", "C", "Local"])
    }

    @Test("folders are searched for .swift files, skipping hidden folders and manifests")
    func collect() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("preview-sources-\(UUID().uuidString)").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/Sub/.hidden", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: dir) }
        try "struct P: LoaderPreviewProvider {}".write(
            toFile: dir + "/Sub/P.swift", atomically: true, encoding: .utf8)
        try "struct Q: LoaderPreviewProvider {}".write(
            toFile: dir + "/Sub/.hidden/Q.swift", atomically: true, encoding: .utf8)
        try "let x = 1".write(toFile: dir + "/Package.swift", atomically: true, encoding: .utf8)
        try "not swift".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let sources = try PreviewSources.collect([dir])
        #expect(sources.files == [dir + "/Sub/P.swift"])
        #expect(sources.providers == ["P"])
        #expect(sources.folders == [dir + "/Sub"])

        #expect(throws: PreviewSources.Problem.missing(dir + "/nope")) {
            try PreviewSources.collect([dir + "/nope"])
        }
        #expect(throws: PreviewSources.Problem.notSwift(dir + "/notes.txt")) {
            try PreviewSources.collect([dir + "/notes.txt"])
        }
        try fm.removeItem(atPath: dir + "/Sub/P.swift")
        try "struct NoPreviews {}".write(toFile: dir + "/Sub/N.swift", atomically: true, encoding: .utf8)
        #expect(throws: PreviewSources.Problem.noProviders([dir])) { try PreviewSources.collect([dir]) }
    }

    @Test("compiler diagnostics are read as file:line:column: severity: message")
    func diagnostics() {
        let output = """
            /tmp/a b/Spin:ner.swift:12:7: error: cannot find 'x' in scope
             10 |
             12 |   x = 1
                |   `- error: cannot find 'x' in scope
            /tmp/S.swift:3:1: warning: var never mutated
            /tmp/S.swift:4:2: note: did you mean 'y'?
            error: fatal error encountered during compilation
            """
        let found = PreviewDiagnostic.parse(output)
        #expect(
            found == [
                PreviewDiagnostic(
                    file: "/tmp/a b/Spin:ner.swift", line: 12, column: 7, severity: .error,
                    message: "cannot find 'x' in scope"),
                PreviewDiagnostic(
                    file: "/tmp/S.swift", line: 3, column: 1, severity: .warning, message: "var never mutated"
                ),
                PreviewDiagnostic(
                    file: "/tmp/S.swift", line: 4, column: 2, severity: .note, message: "did you mean 'y'?"),
            ])
    }

    @Test("a cancelled child is killed with every process of its group, and reaped")
    func cancelKillsTheGroup() throws {
        let child = ChildProcess()
        let pidFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { child.cancel() }
        // A grandchild that would outlive its parent by far.
        let result = try child.run("/bin/sh", ["-c", "sleep 60 & echo $! > \(pidFile); wait"])
        #expect(result.wasCancelled)
        let grandchild = try #require(
            Int32(
                try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)
            ))
        // Give the kernel a moment to take it down; kill(pid, 0) fails once it is gone (or a
        // zombie reaped by init).
        var alive = true
        for _ in 0..<50 where alive {
            alive = kill(grandchild, 0) == 0 && !isZombie(grandchild)
            if alive { usleep(20_000) }
        }
        #expect(!alive)
    }

    @Test("a finished child reports its status and output")
    func status() throws {
        let result = try ChildProcess().run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3 && !result.wasCancelled)
        #expect(result.output.contains("out") && result.output.contains("err"))
    }

    private func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return true
        }
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }
}
