import Foundation
import LayerKit
import LoaderLab
import Testing

/// Where the commands' output goes when it cannot take it.
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
}
