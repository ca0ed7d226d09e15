import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

/// The built `loaderlab` executable, end to end: exit statuses and standard error.
@Suite(.tags(.subprocess)) struct ExecutableTests {
    static var executable: String? {
        var candidates: [String] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        candidates.append(runner.appendingPathComponent("loaderlab").path)
        // Inside an .xctest bundle directory, the products sit beside the bundle.
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("loaderlab").path)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/loaderlab").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let path = try #require(Self.executable, "the loaderlab executable is not built")
        return try runProcess(path, arguments)
    }

    @Test func listAndHelpSucceed() throws {
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(!list.out.isEmpty)
        #expect(list.err.isEmpty)
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("usage"))
    }

    @Test func badArgumentExitsTwoWithOneLine() throws {
        let result = try run(["render", "--scale", "zero", "--out", "/tmp/never.png"])
        #expect(result.status == 2)
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(result.out.isEmpty)
        let unknown = try run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("frobnicate"))
    }

    /// Runs `script` with /bin/sh, the executable as `$0` and `arguments` as `$1`…, so the
    /// script can close or redirect the executable's streams before `exec`ing it.
    func shell(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, err: String) {
        let path = try #require(Self.executable, "the loaderlab executable is not built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, path] + arguments
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    /// Standard output closed or full: status 1 and one line on standard error, never a trap.
    @Test func unwritableStandardOutputExitsOne() throws {
        for (script, reason) in [
            (#"exec "$0" list >&-"#, "closed"),
            (#"exec "$0" help >/dev/full"#, "no space left on device"),
            (#"exec "$0" --help >/dev/full"#, "no space left on device"),
            (#"exec "$0" inspect --loader orbit >/dev/full"#, "no space left on device"),
        ] {
            let result = try shell(script)
            #expect(result.status == 1, "\(script)")
            #expect(result.err.split(separator: "\n").count == 1, "\(script): \(result.err)")
            #expect(result.err.contains("standard output") && result.err.contains(reason), "\(result.err)")
        }
        // Standard error closed too: nothing to say it on, still status 1.
        #expect(try shell(#"exec "$0" list >/dev/full 2>&-"#).status == 1)
    }

    /// Standard error closed: a bad argument still exits 2; a failed render still exits 1.
    @Test func closedStandardErrorKeepsTheStatus() throws {
        #expect(try shell(#"exec "$0" render --loader nope --out x.png 2>&-"#).status == 2)
        #expect(try shell(#"exec "$0" render --loader orbit --out /nonexistent-dir/x.png 2>&-"#).status == 1)
    }

    /// A pipe whose reader has gone: EPIPE (SIGPIPE is ignored), status 1.
    @Test func brokenPipeExitsOne() throws {
        let path = try #require(Self.executable, "the loaderlab executable is not built")
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        close(fds[0])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["help"]
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 1)
        #expect(errText.contains("broken pipe"), "\(errText)")
    }

    /// Over the file-size limit (`ulimit -f`): SIGXFSZ is ignored, the write fails with EFBIG,
    /// the temporary file is removed and the message says why.
    @Test func fileSizeLimitLeavesNoFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // One 512-byte block; orbit at scale 2 (400×400 pixels) is well over that.
        let result = try shell(
            #"ulimit -f 1 && exec "$0" render --loader orbit --scale 2 --out "$1""#, [dir + "/big.png"])
        #expect(result.status == 1)
        #expect(result.err.contains("file too large"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    /// A file name that is not UTF-8 is written under exactly the bytes given.
    @Test func nonUTF8NameIsKept() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try shell(
            #"exec "$0" render --loader orbit --out "$1/$(printf '\377\376')x.png""#, [dir])
        #expect(result.status == 0, "\(result.err)")
        #expect(rawNames(dir) == [[0xFF, 0xFE] + Array("x.png".utf8)])
    }

    /// The names in `dir` as bytes (FileManager decodes them).
    func rawNames(_ dir: String) -> [[UInt8]] {
        guard let stream = opendir(dir) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
        return names
    }

    @Test func unwritableOutputExitsOne() throws {
        let id = try run(["list"]).out.split(separator: "\t").first.map(String.init) ?? "demo"
        let out = "/nonexistent-\(UUID().uuidString)/x.png"
        let result = try run(["render", "--loader", id, "--out", out])
        #expect(result.status == 1)
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(result.err.contains(out))
    }
}
