import Foundation
import SnapshotTesting
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

    @Test("the folders watched hold the sources and the resources, inside asset catalogues too")
    func watchedFolders() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/Sources/P.swift")
        try write("png", to: dir + "/Art/logo.png")
        let catalogue = dir + "/Sources/Assets.xcassets"
        try write("{}", to: catalogue + "/Contents.json")
        try write("{}", to: catalogue + "/spinner.imageset/Contents.json")
        try write("png", to: catalogue + "/spinner.imageset/spinner.png")
        let sources = try PreviewSources.collect([dir])
        #expect(sources.folders == [dir + "/Sources"])
        #expect(
            sources.watchedFolders == [
                dir + "/Art", dir + "/Sources", catalogue, catalogue + "/spinner.imageset",
            ])
    }

    @Test("a Swift file or a resource, of any case, makes a new build; other files do not")
    func relevantNames() {
        for name in ["P.swift", "logo.PNG", "photo.jpg", "anim.json", "Font.ttf", "Localizable.strings"] {
            #expect(SourceWatcher.isRelevant(name), "\(name)")
        }
        for name in ["Assets.xcassets", "Art.bundle", "en.lproj"] {
            #expect(SourceWatcher.isRelevant(name), "\(name)")
        }
        for name in ["notes.txt", "P.swift.swp", "4913", ".P.swift.un~", "Makefile"] {
            #expect(!SourceWatcher.isRelevant(name), "\(name)")
        }
    }

    @Test("folders are searched for .swift files, skipping hidden folders and manifests")
    func collect() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/Sub/P.swift")
        try write("struct Q: LoaderPreviewProvider {}", to: dir + "/Sub/.hidden/Q.swift")
        try write("struct H: LoaderPreviewProvider {}", to: dir + "/Sub/.H.swift")
        try write("let x = 1", to: dir + "/Package.swift")
        try write("not swift", to: dir + "/notes.txt")
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
        // A dangling link is a missing path when named, and passed over when walked.
        try fm.createSymbolicLink(
            atPath: dir + "/Sub/Gone.swift", withDestinationPath: dir + "/nowhere.swift")
        #expect(throws: PreviewSources.Problem.missing(dir + "/Sub/Gone.swift")) {
            try PreviewSources.collect([dir + "/Sub/Gone.swift"])
        }
        #expect(try PreviewSources.collect([dir]).files == [dir + "/Sub/P.swift"])
        try fm.removeItem(atPath: dir + "/Sub/P.swift")
        #expect(throws: PreviewSources.Problem.noSources([dir])) { try PreviewSources.collect([dir]) }
        try write("struct NoPreviews {}", to: dir + "/Sub/N.swift")
        #expect(throws: PreviewSources.Problem.noProviders([dir])) { try PreviewSources.collect([dir]) }
    }

    @Test("a folder holding a link to itself, or to its parent, is walked once")
    func linkLoops() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/P.swift")
        try write("struct S {}", to: dir + "/Sub/S.swift")
        try fm.createSymbolicLink(atPath: dir + "/again", withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: dir + "/Sub/up", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir + "/Sub/self", withDestinationPath: dir + "/Sub")
        let sources = try PreviewSources.collect([dir])
        #expect(sources.files == [dir + "/P.swift", dir + "/Sub/S.swift"])
        #expect(sources.folders == [dir, dir + "/Sub"])
        #expect(sources.providers == ["P"])
        // Named through the loop, and twice: still each file once.
        let twice = try PreviewSources.collect([dir + "/Sub/up", dir, dir + "/again/Sub"])
        #expect(twice.files == [dir + "/P.swift", dir + "/Sub/S.swift"])
    }

    @Test("files reached through two links, or named and linked, are taken once by their real path")
    func linksToTheSameFiles() throws {
        let root = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: root) }
        let project = root + "/Project"
        let outside = root + "/Outside"
        try write("struct P: LoaderPreviewProvider {}", to: project + "/P.swift")
        try write("struct X {}", to: outside + "/Shared/X.swift")
        try write("struct Y {}", to: outside + "/Y.swift")
        try fm.createSymbolicLink(atPath: project + "/A", withDestinationPath: "../Outside/Shared")
        try fm.createSymbolicLink(atPath: project + "/B", withDestinationPath: outside + "/Shared")
        try fm.createSymbolicLink(atPath: project + "/Y.swift", withDestinationPath: "../Outside/Y.swift")
        try fm.createSymbolicLink(atPath: project + "/Y2.swift", withDestinationPath: outside + "/Y.swift")
        let expected = [outside + "/Shared/X.swift", outside + "/Y.swift", project + "/P.swift"]
        let sources = try PreviewSources.collect([project])
        #expect(sources.files == expected)
        #expect(sources.folders == [outside, outside + "/Shared", project])
        // The file named outright as well as linked, and a linked folder named by its link.
        let named = try PreviewSources.collect([outside + "/Y.swift", project, project + "/A"])
        #expect(named.files == expected)
        #expect(named.summary == "3 Swift files in 3 folders")
    }

    @Test("build products, dependencies and hidden folders are skipped while walking")
    func skippedFolders() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/App/P.swift")
        let skipped = [".build", ".git", "Pods", "Carthage", "DerivedData", "node_modules", ".hidden"]
        for (i, folder) in skipped.enumerated() {
            try write("struct S\(i): LoaderPreviewProvider {}", to: dir + "/\(folder)/Lib/S\(i).swift")
            try write("struct N\(i): LoaderPreviewProvider {}", to: dir + "/App/\(folder)/N\(i).swift")
        }
        #expect(
            PreviewSources.skippedFolders == [
                ".build", ".git", "Pods", "Carthage", "DerivedData", "node_modules",
            ])
        // A link by a skipped name is skipped too; under another name it is followed.
        try write("struct V: LoaderPreviewProvider {}", to: dir + "/Vendor/V.swift")
        try fm.createDirectory(atPath: dir + "/App/Links", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir + "/App/Links/Pods2", withDestinationPath: dir + "/Pods")
        try fm.createSymbolicLink(atPath: dir + "/App/Links/Carthage", withDestinationPath: dir + "/Vendor")
        let sources = try PreviewSources.collect([dir + "/App"])
        #expect(sources.files == [dir + "/App/P.swift", dir + "/Pods/Lib/S2.swift"])
        #expect(sources.providers == ["P", "S2"])
        // From above, Pods is skipped by its name but still reached through the link.
        let all = try PreviewSources.collect([dir])
        #expect(all.files == [dir + "/App/P.swift", dir + "/Pods/Lib/S2.swift", dir + "/Vendor/V.swift"])
    }

    @Test("a skipped or hidden folder named as a path is walked")
    func namedSkippedFolder() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/P.swift")
        try write("struct S: LoaderPreviewProvider {}", to: dir + "/Pods/Lib/S.swift")
        try write("struct T {}", to: dir + "/Pods/Lib/node_modules/T.swift")
        try write("struct H: LoaderPreviewProvider {}", to: dir + "/.hidden/H.swift")
        // Named itself, Pods is walked; a skipped folder below it still is not.
        let pods = try PreviewSources.collect([dir + "/Pods"])
        #expect(pods.files == [dir + "/Pods/Lib/S.swift"])
        #expect(pods.providers == ["S"])
        // Named beside the folder that holds it: walked once, in either order.
        let both = try PreviewSources.collect([dir, dir + "/Pods"])
        #expect(both.files == [dir + "/P.swift", dir + "/Pods/Lib/S.swift"])
        #expect(try PreviewSources.collect([dir + "/Pods", dir]).files == both.files)
        let hidden = try PreviewSources.collect([dir + "/.hidden"])
        #expect(hidden.files == [dir + "/.hidden/H.swift"])
        #expect(hidden.providers == ["H"])
    }

    @Test("the walk stops, with a problem asking for a narrower path, just past maxFiles files")
    func fileLimit() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        let limit = PreviewSources.maxFiles
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/A/P.swift")
        try fm.createDirectory(atPath: dir + "/B", withIntermediateDirectories: true)
        for i in 1..<limit { try write("", to: dir + "/A/F\(i).swift") }
        // Exactly at the limit: built from.
        let atLimit = try PreviewSources.collect([dir])
        #expect(atLimit.files.count == limit)
        #expect(atLimit.summary == "\(limit) Swift files in 1 folder")
        // One more, and more still elsewhere: the walk stops at the first past the limit.
        try write("", to: dir + "/A/Last.swift")
        for i in 0..<20 { try write("", to: dir + "/B/G\(i).swift") }
        let problem = PreviewSources.Problem.tooManyFiles([dir], seen: limit + 1, limit: limit)
        #expect(throws: problem) { try PreviewSources.collect([dir]) }
        #expect(problem.description.contains("\(limit + 1) Swift files"))
        #expect(problem.description.contains("\(limit) a preview is built from"))
        #expect(problem.description.contains("narrower folder"))
        // Files named outright count toward the same limit.
        try fm.removeItem(atPath: dir + "/A/Last.swift")
        let paths = [dir + "/A", dir + "/B/G0.swift"]
        #expect(throws: PreviewSources.Problem.tooManyFiles(paths, seen: limit + 1, limit: limit)) {
            try PreviewSources.collect(paths)
        }
    }

    @Test("the walk stops past maxFolders folders, however few Swift files they hold", .tags(.exhaustive))
    func folderLimit() throws {
        let dir = try temporaryFolder()
        let fm = FileManager.default
        defer { try? fm.removeItem(atPath: dir) }
        let limit = PreviewSources.maxFolders
        try write("struct P: LoaderPreviewProvider {}", to: dir + "/P.swift")
        // With `dir` itself, limit folders: walked.
        for i in 1..<limit {
            try fm.createDirectory(atPath: dir + "/D\(i)", withIntermediateDirectories: false)
        }
        #expect(try PreviewSources.collect([dir]).summary == "1 Swift file in 1 folder")
        try fm.createDirectory(atPath: dir + "/D\(limit)", withIntermediateDirectories: false)
        let problem = PreviewSources.Problem.tooManyFolders([dir], seen: limit + 1, limit: limit)
        #expect(throws: problem) { try PreviewSources.collect([dir]) }
        #expect(problem.description.contains("\(limit + 1) folders"))
        #expect(problem.description.contains("narrower folder"))
    }

    @Test("the summary counts files and folders, singular or plural")
    func summary() {
        let one = PreviewSources(files: ["/a/A.swift"], providers: ["A"], folders: ["/a"])
        #expect(one.summary == "1 Swift file in 1 folder")
        let many = PreviewSources(
            files: ["/a/A.swift", "/a/B.swift", "/b/C.swift"], providers: ["A"], folders: ["/a", "/b"])
        #expect(many.summary == "3 Swift files in 2 folders")
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

    /// A new empty folder by its real path (the temporary folder may be reached through a link).
    private func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("preview-sources-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let real = try #require(realpath(path, nil))
        defer { free(real) }
        return String(cString: real)
    }

    /// Writes `text` at `path`, making the folders it needs.
    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    private func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return true
        }
        return stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true
    }
}
