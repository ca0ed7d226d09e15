import CCairo
import Foundation

/// A bitmap in Cairo's ARGB32 format: 32-bit native-endian pixels, alpha premultiplied.
///
/// Owns one `cairo_surface_t`; its status is checked when the surface is made and the surface
/// is released in `deinit`. A surface that wraps caller memory (a shared-memory XImage) never
/// frees that memory; the caller keeps it alive for the surface's lifetime.
public final class ImageSurface {
    /// Cairo's limit on either side of an image surface.
    public static let maximumSide = 32767

    let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int

    /// The first byte of the pixels. Call `flush()` before reading them and `markDirty()`
    /// after writing them directly, so Cairo's caches stay right.
    public var data: UnsafeMutableRawPointer {
        // Non-nil: the surface was checked when made and always has at least one pixel.
        UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!)
    }

    /// A new surface of `width`×`height` pixels, all transparent.
    public init(width: Int, height: Int) throws {
        try Self.checkSize(width: width, height: height)
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(s)
        guard status.isSuccess else {
            cairo_surface_destroy(s)
            throw CairoError("cannot create a \(width)×\(height) image: \(status.text)")
        }
        pointer = s
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(s))
    }

    /// A surface drawing straight into `data` (ARGB32, premultiplied), which must hold
    /// `height` rows of `stride` bytes; `stride` must be at least Cairo's stride for `width`.
    public init(wrapping data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws {
        try Self.checkSize(width: width, height: height)
        let minimum = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard minimum > 0, stride >= minimum, stride % 4 == 0, stride <= Int(Int32.max) else {
            throw CairoError("invalid stride \(stride) for an image \(width) pixels wide")
        }
        let s = cairo_image_surface_create_for_data(
            data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(stride))!
        let status = cairo_surface_status(s)
        guard status.isSuccess else {
            cairo_surface_destroy(s)
            throw CairoError("cannot wrap a \(width)×\(height) image: \(status.text)")
        }
        pointer = s
        self.width = width
        self.height = height
        self.stride = stride
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    private static func checkSize(width: Int, height: Int) throws {
        guard width >= 1, height >= 1, width <= maximumSide, height <= maximumSide else {
            throw CairoError(
                "invalid image size \(width)×\(height) (each side must be 1…\(maximumSide) pixels)")
        }
    }

    /// Finishes pending drawing so `data` holds the current pixels.
    public func flush() {
        cairo_surface_flush(pointer)
    }

    /// Tells Cairo the pixels in `data` were changed from outside.
    public func markDirty() {
        cairo_surface_mark_dirty(pointer)
        drawing = nil
    }

    /// What drawing the image as layer contents derives from its pixels
    /// (`LayerRenderer+NinePart.swift`), made when first needed; `markDirty()` forgets it.
    var drawing: ImageDrawingCache?

    /// The pixel at (`x`, `y`), un-premultiplied, or nil outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        flush()
        let word = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return Pixel(premultipliedARGB: word)
    }

    /// The image as a PNG file's bytes. Throws a `CairoError` when memory runs out.
    public func pngBytes() throws -> [UInt8] {
        guard let bytes = PNGEncoder.encode(self) else {
            throw CairoError("cannot encode a PNG: out of memory")
        }
        return bytes
    }

    /// Writes the image as a PNG file at `path`; see `writePNG(toPath:)`.
    public func writePNG(to path: String) throws {
        try writePNG(toPath: Array(path.utf8))
    }

    /// Writes the image as a PNG to the file named by the bytes `path` (a Linux file name
    /// need not be UTF-8). A regular file, or a new name, appears complete or not at all: the
    /// PNG goes to a temporary file in the same directory, which is renamed over the name on
    /// success and removed on failure. A symbolic link is followed and its target replaced;
    /// a device or a FIFO (with a reader) is written to; a directory, socket or terminal is
    /// refused. Throws a `CairoError` "cannot write PATH: REASON".
    public func writePNG(toPath path: [UInt8]) throws {
        guard let bytes = PNGEncoder.encode(self) else {
            throw CairoError("cannot write \(OutputFile.display(path)): out of memory")
        }
        do {
            try OutputFile.write(bytes, toPath: path)
        } catch {
            throw CairoError("cannot write \(OutputFile.display(path)): \(error.reason)")
        }
    }

    /// Reads a PNG file into a new ARGB32 surface. Throws an error naming the file when it is
    /// missing, unreadable or not a valid PNG.
    public static func load(png path: String) throws -> ImageSurface {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CairoError("image \(path) not found")
        }
        let s = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(s)
        guard status.isSuccess else {
            cairo_surface_destroy(s)
            let reason =
                status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_PNG_ERROR
                ? "not a valid PNG file" : status.text
            throw CairoError("cannot load image \(path): \(reason)")
        }
        defer { cairo_surface_destroy(s) }
        let w = Int(cairo_image_surface_get_width(s))
        let h = Int(cairo_image_surface_get_height(s))
        guard w >= 1, h >= 1 else { throw CairoError("cannot load image \(path): it is empty") }
        // Cairo decodes to RGB24, A8 or ARGB32 depending on the file; copy into ARGB32 so
        // every ImageSurface has one pixel layout.
        let out = try ImageSurface(width: w, height: h)
        let cr = cairo_create(out.pointer)!
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, s, 0, 0)
        cairo_paint(cr)
        let drawStatus = cairo_status(cr)
        guard drawStatus.isSuccess else {
            throw CairoError("cannot load image \(path): \(drawStatus.text)")
        }
        out.flush()
        return out
    }
}

/// One pixel's colour, 0…255 per channel, not premultiplied.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Decodes one ARGB32 word (alpha premultiplied), as Cairo stores it.
    public init(premultipliedARGB word: UInt32) {
        let a = UInt8(truncatingIfNeeded: word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let v = UInt32(UInt8(truncatingIfNeeded: word >> shift))
            guard a != 0 else { return 0 }
            return UInt8(min(255, (v * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: a)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
