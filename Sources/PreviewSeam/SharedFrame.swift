import CProcess
import Foundation
import HostSeam

#if canImport(Glibc)
    import Glibc
#endif

/// The pixels a preview process draws and the window side presents: one file in memory
/// (`memfd_create`) mapped by both processes.
///
/// The window side makes it and hands the descriptor to the preview process when it starts it.
/// When the window's size changes, the window side grows the file if needed and says so
/// (`SeamMessage.buffer`); both sides then map it again at the new size. The file never shrinks,
/// so a mapping of the old size stays valid until it is replaced. Only one side touches the
/// pixels at a time: the preview process while it draws a frame it was asked for, the window
/// side after the answer came.
public final class SharedFrame {
    public let descriptor: Int32
    /// The current mapping as the app's frame target (nil before `map`).
    public private(set) var pixels: PixelBuffer?
    private var mapping: UnsafeMutableRawPointer?
    private var mappedLength = 0

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new, empty file (window side).
    public init() throws {
        let fd = loaderlab_memfd("loaderlab-frame")
        guard fd >= 0 else {
            throw Failure(description: "cannot make the shared frame: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
    }

    /// The file a parent made (preview process): takes ownership of `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        unmap()
        close(descriptor)
    }

    /// Bytes per row for `width` pixels (32-bit pixels, as Cairo's ARGB32 wants them).
    public static func stride(width: Int) -> Int { Swift.max(1, width) * 4 }

    /// Makes the file hold at least `width`×`height` pixels (window side).
    public func reserve(width: Int, height: Int) throws {
        let length = Self.stride(width: width) * Swift.max(1, height)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Failure(description: "cannot size the shared frame: \(String(cString: strerror(errno)))")
        }
        if Int(info.st_size) < length, ftruncate(descriptor, off_t(length)) != 0 {
            throw Failure(
                description:
                    "cannot grow the shared frame to \(length) bytes: \(String(cString: strerror(errno)))")
        }
    }

    /// Maps the file as `width`×`height` pixels of `stride` bytes a row; the previous mapping's
    /// target is invalidated. Throws if the file is smaller than that.
    @discardableResult
    public func map(width: Int, height: Int, stride: Int) throws -> PixelBuffer {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, stride >= width * 4,
            stride <= 1 << 17
        else {
            throw Failure(description: "no shared frame of \(width)x\(height) pixels, \(stride) bytes a row")
        }
        let length = stride * height
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= length else {
            throw Failure(description: "the shared frame is smaller than \(width)x\(height) pixels")
        }
        unmap()
        guard let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), p != MAP_FAILED
        else {
            throw Failure(description: "cannot map the shared frame: \(String(cString: strerror(errno)))")
        }
        mapping = p
        mappedLength = length
        let buffer = PixelBuffer(data: p, width: width, height: height, stride: stride)
        pixels = buffer
        return buffer
    }

    private func unmap() {
        pixels?.invalidate()
        pixels = nil
        if let mapping { munmap(mapping, mappedLength) }
        mapping = nil
        mappedLength = 0
    }

    /// Copies `rects` (clipped to both) from this frame into `target`, row by row: the
    /// window side presenting what the preview process drew. Returns the pixels copied.
    @discardableResult
    public func copy(_ rects: [PixelRect], into target: PixelBuffer) -> Int {
        guard let source = pixels else { return 0 }
        var copied = 0
        let bounds = source.bounds.intersection(target.bounds)
        for rect in rects {
            let r = rect.intersection(bounds)
            guard !r.isEmpty else { continue }
            let bytes = r.width * 4
            copied += r.width * r.height
            for y in r.minY..<r.maxY {
                memcpy(
                    target.data + y * target.stride + r.x * 4, source.data + y * source.stride + r.x * 4,
                    bytes)
            }
        }
        return copied
    }
}

extension PixelRect {
    fileprivate var minY: Int { y }
}
