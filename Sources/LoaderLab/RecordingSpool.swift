import Foundation
import LayerKit
import LayerKitCairo

/// A recording's frames, appended to a file as they are taken, so that they outlive the process
/// taking them: when a preview process crashes in the middle of a V recording, the side that
/// owns the window encodes what the spool holds into the recording's file.
///
/// The file: the 8 bytes `LLSPOOL1`, then width, height and frames per second as 32-bit
/// little-endian numbers, then each frame's premultiplied ARGB32 pixels (width × height words
/// in this machine's order, rows top to bottom, no padding). A frame cut short by the crash is
/// dropped on recovery. Writes go straight to the file (no buffer of this process's), so a
/// frame whose `append` returned is in the kernel's hands and survives the process.
public final class RecordingSpool {
    public let path: String
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    private var descriptor: Int32

    static let magic = Array("LLSPOOL1".utf8)
    static let headerSize = 8 + 3 * 4

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new spool at `path` (replacing any file there).
    public init(path: String, width: Int, height: Int, framesPerSecond: Int) throws {
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(
                description: "cannot make the recording spool \(path): \(String(cString: strerror(errno)))")
        }
        var header = Self.magic
        for v in [width, height, framesPerSecond] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { header += $0 }
        }
        try write(header)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends `frame` (of the spool's size).
    public func append(_ frame: AnimationFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw Failure(description: "a \(frame.width)x\(frame.height) frame in a \(width)x\(height) spool")
        }
        try frame.pixels.withUnsafeBytes { try write($0) }
    }

    /// Closes and deletes the file (the recording was written, or failed, by its own process).
    public func remove() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try StandardStream.writeAll(bytes, to: descriptor)
        } catch {
            throw Failure(description: "cannot write the recording spool \(path): \(error)")
        }
    }

    /// Encodes what the spool at `path` holds as an animated WebP at `output` and deletes the
    /// spool; the number of frames written. Throws when the spool is unreadable or holds no
    /// whole frame (it is deleted all the same), or the output cannot be written.
    public static func recover(_ path: String, to output: String) throws -> Int {
        defer { unlink(path) }
        guard let data = FileManager.default.contents(atPath: path), data.count >= headerSize,
            Array(data.prefix(8)) == magic
        else { throw Failure(description: "\(path) is not a recording spool") }
        func number(at offset: Int) -> Int {
            var v: UInt32 = 0
            for i in 0..<4 { v |= UInt32(data[data.startIndex + offset + i]) << (8 * UInt32(i)) }
            return Int(UInt32(littleEndian: v))
        }
        let width = number(at: 8)
        let height = number(at: 12)
        let fps = number(at: 16)
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, fps > 0 else {
            throw Failure(description: "\(path): a spool of \(width)x\(height) at \(fps) frames a second")
        }
        let frameBytes = width * height * 4
        let count = (data.count - headerSize) / frameBytes
        guard count > 0 else { throw Failure(description: "\(path) holds no whole frame") }
        let encoder = try AnimationEncoders.make(
            width: width, height: height, settings: AnimationSettings(format: .webp, framesPerSecond: fps))
        for k in 0..<count {
            let start = data.startIndex + headerSize + k * frameBytes
            var pixels = [UInt32](repeating: 0, count: width * height)
            _ = pixels.withUnsafeMutableBytes { dst in
                data.copyBytes(to: dst, from: start..<(start + frameBytes))
            }
            try encoder.add(AnimationFrame(width: width, height: height, pixels: pixels))
        }
        try AnimationOutput.write(try encoder.finish(), toPath: Array(output.utf8))
        return count
    }
}
