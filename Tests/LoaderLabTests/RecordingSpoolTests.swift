import Foundation
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

/// A recording's spool: frames appended as they are taken, read back into an animated WebP by
/// another process (here, the same one after the spool's writer is gone), a frame cut short
/// dropped, and the spool deleted.
@Suite("Recording spool", .tags(.pillow))
struct RecordingSpoolTests {
    func folder() throws -> String {
        let f = NSTemporaryDirectory() + "spool-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }

    /// A frame of one opaque colour (premultiplied ARGB words).
    func frame(_ argb: UInt32, width: Int = 6, height: Int = 4) -> AnimationFrame {
        AnimationFrame(width: width, height: height, pixels: Array(repeating: argb, count: width * height))
    }

    @Test("frames written to the spool come back, in order, in the recording's file")
    func recover() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.spool"
        let colours: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
        do {
            let spool = try RecordingSpool(path: path, width: 6, height: 4, framesPerSecond: 30)
            for c in colours { try spool.append(frame(c)) }
        }  // The writer is gone, as after a crash: only the file is left.
        let out = dir + "/r.webp"
        #expect(try RecordingSpool.recover(path, to: out) == 3)
        #expect(!FileManager.default.fileExists(atPath: path))
        let movie = try Pillow.decode(out)
        #expect(movie.width == 6 && movie.height == 4)
        #expect(movie.frames.count == 3)
        // RGBA of each frame's first pixel: red, green, blue.
        let expected: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
        for (i, f) in movie.frames.enumerated() { #expect(Array(f.prefix(4)) == expected[i], "frame \(i)") }
        #expect(movie.durations.allSatisfy { abs($0 - 1000.0 / 30) < 2 }, "\(movie.durations)")
    }

    @Test("a frame cut short by the crash is dropped; a spool of none is an error and still deleted")
    func cutShort() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/cut.spool"
        do {
            let spool = try RecordingSpool(path: path, width: 6, height: 4, framesPerSecond: 30)
            try spool.append(frame(0xFFFF_FFFF))
            try spool.append(frame(0xFF00_0000))
        }
        // Cut the second frame in half.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size - 6 * 4 * 4 / 2)) == 0)
        #expect(try RecordingSpool.recover(path, to: dir + "/cut.webp") == 1)

        let empty = dir + "/empty.spool"
        _ = try RecordingSpool(path: empty, width: 6, height: 4, framesPerSecond: 30)
        #expect(throws: RecordingSpool.Failure.self) {
            try RecordingSpool.recover(empty, to: dir + "/e.webp")
        }
        #expect(!FileManager.default.fileExists(atPath: empty))
        #expect(!FileManager.default.fileExists(atPath: dir + "/e.webp"))
    }

    @Test("what is not a spool is refused; a frame of another size is refused")
    func refused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/not.spool"
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: RecordingSpool.Failure.self) { try RecordingSpool.recover(path, to: dir + "/n.webp") }
        let spool = try RecordingSpool(path: dir + "/s.spool", width: 6, height: 4, framesPerSecond: 30)
        #expect(throws: RecordingSpool.Failure.self) { try spool.append(frame(0xFF00_0000, width: 5)) }
        spool.remove()
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.spool"))
    }
}
