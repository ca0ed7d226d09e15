import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// `writePNG` on every kind of thing a path can name: it never replaces what the path is.
@Suite struct WritePNGTargetTests {
    /// A small image to write.
    func image() throws -> ImageSurface {
        let surface = try ImageSurface(width: 4, height: 3)
        try Canvas(surface: surface).clear(color: Color(red: 1, green: 0, blue: 0, alpha: 1))
        return surface
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    func names(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    /// The message of the CairoError `body` throws, or nil (recorded as an issue) if it succeeds.
    func failure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            try body()
            Issue.record("expected a failure", sourceLocation: sourceLocation)
            return nil
        } catch let error as CairoError {
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// A character device node in `dir` with the given Linux device number (1, 3 is the null
    /// device, 1, 7 the full one), made there rather than using /dev's so that the writer under
    /// test could only ever replace a scratch node. Without the privilege to make one, the
    /// system's own node: then the process cannot replace it either.
    func characterDevice(minor: UInt32, in dir: String, systemPath: String) throws -> String? {
        let path = dir + "/device-\(minor)"
        if mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 {
            let fd = open(path, O_WRONLY)
            if fd >= 0 {
                close(fd)
                return path
            }
            unlink(path)  // a file system mounted nodev
        }
        return getuid() == 0 ? nil : systemPath
    }

    @Test func characterDeviceIsWrittenThroughNotReplaced() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let null = try characterDevice(minor: 3, in: dir, systemPath: "/dev/null") else { return }
        try image().writePNG(to: null)
        #expect(fileType(null) == S_IFCHR)
        #expect(try names(dir) == (null.hasPrefix(dir) ? ["device-3"] : []))
    }

    /// The full device takes no byte: the write fails with ENOSPC and says so.
    @Test func fullDeviceSaysNoSpaceLeft() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard let full = try characterDevice(minor: 7, in: dir, systemPath: "/dev/full") else { return }
        let message = failure { try image().writePNG(to: full) }
        #expect(message == "cannot write \(full): no space left on device")
        #expect(fileType(full) == S_IFCHR)
    }

    /// With no reader, opening a FIFO for writing would wait for one: it is refused at once.
    @Test func fifoWithoutAReaderIsRefused() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let message = failure { try image().writePNG(to: fifo) }
        #expect(message?.contains("reading") == true, "\(message ?? "")")
        #expect(fileType(fifo) == S_IFIFO)
        #expect(try names(dir) == ["pipe"])
    }

    @Test func fifoWithAReaderReceivesThePNG() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        // A 4×3 PNG is far smaller than a pipe's buffer: the write completes before the read.
        try image().writePNG(to: fifo)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(reader, &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[..<n]
        }
        #expect(Array(received.prefix(8)) == Self.pngSignature)
        let copy = dir + "/copy.png"
        #expect(FileManager.default.createFile(atPath: copy, contents: Data(received)))
        let back = try ImageSurface.load(png: copy)
        #expect(back.width == 4 && back.height == 3)
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func socketIsRefused() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/socket"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.enumerated() { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        let message = failure { try image().writePNG(to: path) }
        #expect(message == "cannot write \(path): is a socket")
        #expect(fileType(path) == S_IFSOCK)
        #expect(try names(dir) == ["socket"])
    }

    /// A link is followed: its target is replaced (or created), the link itself stays.
    @Test func symbolicLinkTargetIsReplacedNotTheLink() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        // An existing target, reached through a chain of two relative links across directories.
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        #expect(fm.createFile(atPath: dir + "/sub/target.png", contents: Data("old".utf8)))
        try fm.createSymbolicLink(atPath: dir + "/sub/link.png", withDestinationPath: "target.png")
        try fm.createSymbolicLink(atPath: dir + "/chain.png", withDestinationPath: "sub/link.png")
        try image().writePNG(to: dir + "/chain.png")
        #expect(fileType(dir + "/chain.png") == S_IFLNK)
        #expect(fileType(dir + "/sub/link.png") == S_IFLNK)
        #expect(try ImageSurface.load(png: dir + "/sub/target.png").width == 4)
        // A dangling link: the file it names is created.
        try fm.createSymbolicLink(atPath: dir + "/dangling.png", withDestinationPath: "sub/new.png")
        try image().writePNG(to: dir + "/dangling.png")
        #expect(fileType(dir + "/dangling.png") == S_IFLNK)
        #expect(try ImageSurface.load(png: dir + "/sub/new.png").height == 3)
        #expect(try names(dir) == ["chain.png", "dangling.png", "sub"])
        #expect(try names(dir + "/sub") == ["link.png", "new.png", "target.png"])
    }

    @Test func directoryIsReportedAsOne() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: false)
        for path in [dir + "/adir", dir + "/adir/", dir + "/adir/."] {
            #expect(failure { try image().writePNG(to: path) } == "cannot write \(path): is a directory")
        }
        #expect(try names(dir) == ["adir"])
        #expect(try names(dir + "/adir") == [])
    }

    /// NAME_MAX is 255 bytes: a 255-byte name is written (its temporary name must fit too);
    /// a 256-byte one is refused for what it is.
    @Test func longestNameFits() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let longest = String(repeating: "n", count: 251) + ".png"
        try image().writePNG(to: dir + "/" + longest)
        #expect(try names(dir) == [longest])
        let tooLong = dir + "/" + String(repeating: "n", count: 252) + ".png"
        #expect(failure { try image().writePNG(to: tooLong) }?.hasSuffix(": file name too long") == true)
        #expect(try names(dir) == [longest])
    }

    /// /proc takes no new file (ENOENT for root, EACCES for others): the message says the
    /// place is not writable, not that a stream failed.
    @Test func unwritablePlaceSaysSo() throws {
        let before = try String(contentsOfFile: "/proc/version", encoding: .utf8)
        let message = failure { try image().writePNG(to: "/proc/version") }
        #expect(message?.hasPrefix("cannot write /proc/version: ") == true)
        #expect(message?.contains("not writable") == true, "\(message ?? "")")
        #expect(try String(contentsOfFile: "/proc/version", encoding: .utf8) == before)
    }

    /// A missing directory, or a file where a directory should be, is named.
    @Test func missingDirectoryIsNamed() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data()))
        #expect(
            failure { try image().writePNG(to: dir + "/file/x.png") }
                == "cannot write \(dir)/file/x.png: no such directory \(dir)/file")
        #expect(
            failure { try image().writePNG(to: dir + "/none/x.png") }
                == "cannot write \(dir)/none/x.png: no such directory \(dir)/none")
        #expect(try names(dir) == ["file"])
    }

    /// The check a recording makes before its work says what the write would say, and leaves
    /// nothing behind; it does not open a FIFO (its reader would see its input end).
    @Test func checkBeforeWritingAgreesWithTheWrite() throws {
        let dir = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: false)
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        func check(_ path: String) throws { try AnimationOutput.check(path: Array(path.utf8)) }
        #expect(failure { try check(dir + "/adir") } == "cannot write \(dir)/adir: is a directory")
        #expect(
            failure { try check(dir + "/none/x.gif") }
                == "cannot write \(dir)/none/x.gif: no such directory \(dir)/none")
        #expect(failure { try check("/proc/version") }?.contains("not writable") == true)
        try check(dir + "/new.webp")
        try check(dir + "/fifo")
        try check("/dev/null")
        #expect(try names(dir) == ["adir", "fifo"])
    }
}
