import Foundation
import LayerKit
import LoaderLab
import Testing

/// Where the commands' output goes when it cannot take it, and the bytes of `--out`.
@Suite struct CommandOutputTests {
    /// `list`, `help` and `inspect` writing to the full device: status 1 and one line on
    /// standard error saying why.
    @Test func outputThatCannotBeWrittenFailsTheCommand() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let full = StandardStream(fileDescriptor: fd, name: "standard output")
        for arguments in [
            ["list"], ["help"], ["--help"], ["help", "render"], ["inspect", "--loader", "demo"],
        ] {
            let capture = Capture()
            let io = CommandIO(out: { try full.write($0 + "\n") }, err: capture.io.err)
            let outcome = Commands(source: DemoSceneSource(), io: io).run(arguments)
            #expect(outcome == .finished(1), "\(arguments)")
            #expect(capture.err == ["loaderlab: cannot write to standard output: no space left on device"])
        }
    }

    /// A stream that is not open for writing fails with EBADF, said in words.
    @Test func closedStreamIsAnError() throws {
        let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        do {
            try StandardStream(fileDescriptor: fd, name: "standard output").write("x\n")
            Issue.record("writing to a read-only descriptor succeeded")
        } catch {
            #expect(error.error.code == EBADF)
            #expect("\(error)" == "cannot write to standard output: it is closed")
        }
    }

    /// `--out` keeps the bytes given, in both spellings, and render writes the file under them.
    @Test func outputNameKeepsItsBytes() throws {
        let name: [UInt8] = [0xFF, 0xFE] + Array("x.png".utf8)
        let words = ["render", "--loader", "demo"].map { Array($0.utf8) }
        for spelling in [[Array("--out".utf8), name], [Array("--out=".utf8) + name]] {
            let invocation = try ArgumentParser.parse(rawArguments: words + spelling, loaderIDs: ["demo"])
            guard case .render(let options) = invocation else {
                Issue.record("parsed as \(invocation)")
                continue
            }
            #expect(options.output.bytes == name)
        }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let capture = Capture()
        let outcome = Commands(source: DemoSceneSource(), io: capture.io).run(
            rawArguments: words + [Array("--out".utf8), Array((dir + "/").utf8) + name])
        #expect(outcome == .finished(0), "\(capture.err)")
        #expect(ExecutableTests().rawNames(dir) == [name])
    }
}
