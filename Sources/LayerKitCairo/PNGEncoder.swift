import CCairo
import Foundation

/// Encodes an `ImageSurface` as a PNG quickly: 8-bit RGBA, not interlaced, every row with the
/// Sub filter, deflated by zlib at level 1.
///
/// `cairo_surface_write_to_png` goes through libpng's defaults: zlib level 6 and, per row, a
/// trial of all five filters; for an 800×600 frame that is ~28 ms, 20× the cost of drawing it.
/// Sub alone captures what these images have (flat colours and smooth anti-aliased edges) and
/// level 1 keeps most of the compression at a fraction of the time. The pixels are
/// un-premultiplied exactly as Cairo does it (`(c·255 + a/2) / a`, transparent → all zero), so
/// a decoder reads the same values from either encoder.
enum PNGEncoder {
    /// zlib's compression level: 1 is its fastest that still compresses.
    static let compressionLevel: Int32 = 1
    /// zlib's defaults: a 32 KiB window, 128 KiB of state.
    static let maxWindowBits: Int32 = 15
    static let memoryLevel: Int32 = 8
    static let strategy: Int32 = Z_RLE
    /// PNG's "Sub" filter type: each byte minus the same channel of the pixel to its left.
    static let subFilter: UInt8 = 1

    /// The first eight bytes of every PNG file.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file's bytes, or nil when zlib fails (out of memory).
    static func encode(_ surface: ImageSurface) -> [UInt8]? {
        surface.flush()
        let compressed = deflateRows(width: surface.width, height: surface.height) { y in
            UnsafePointer(surface.data.advanced(by: y * surface.stride).assumingMemoryBound(to: UInt32.self))
        }
        guard let compressed else { return nil }
        var file = signature
        file.reserveCapacity(compressed.count + 64)
        appendChunk("IHDR", header(width: surface.width, height: surface.height)[...], to: &file)
        appendChunk("IDAT", compressed[...], to: &file)
        appendChunk("IEND", [][...], to: &file)
        return file
    }

    /// IHDR's data: the size, bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering,
    /// no interlace.
    static func header(width: Int, height: Int) -> [UInt8] {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]
        return header
    }

    /// The zlib stream of the filtered rows of a `width`×`height` image whose row `y` is
    /// `row(y)`: Cairo's ARGB32 words, alpha premultiplied. One row is filtered at a time into
    /// a small buffer and fed to the deflater, so a large image costs no image-sized scratch
    /// memory. `level` and `strategy` are zlib's.
    static func deflateRows(
        width: Int, height: Int, level: Int32 = compressionLevel, strategy: Int32 = strategy,
        row pixelRow: (Int) -> UnsafePointer<UInt32>
    ) -> [UInt8]? {
        let rowBytes = 1 + 4 * width
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, maxWindowBits, memoryLevel, strategy, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }

        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { row.deallocate() }
        let chunkSize = 64 * 1024
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var output: [UInt8] = []

        for y in 0...height {
            let last = y == height
            if !last {
                filterRow(pixelRow(y), width: width, into: row)
                stream.next_in = row
                stream.avail_in = uInt(rowBytes)
            }
            // Drain until zlib has taken the whole row (or, at the end, written everything).
            repeat {
                stream.next_out = chunk
                stream.avail_out = uInt(chunkSize)
                let status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
                output.append(
                    contentsOf: UnsafeBufferPointer(start: chunk, count: chunkSize - Int(stream.avail_out)))
                if last && status == Z_STREAM_END { return output }
            } while stream.avail_out == 0 || (last && stream.avail_in == 0)
        }
        return nil
    }

    /// One row: the filter type byte, then RGBA bytes un-premultiplied and Sub-filtered.
    @inline(__always)
    private static func filterRow(
        _ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        out[0] = subFilter
        var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var o = out + 1
        for x in 0..<width {
            let pixel = row[x]
            let a = UInt8(truncatingIfNeeded: pixel >> 24)
            let (r, g, b) = Unpremultiplied.rgb(pixel, alpha: a)
            o[0] = r &- previous.0
            o[1] = g &- previous.1
            o[2] = b &- previous.2
            o[3] = a &- previous.3
            previous = (r, g, b, a)
            o += 4
        }
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ]
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        if !data.isEmpty {
            // Not for empty data: zlib answers a null buffer with its initial value, not `crc`.
            crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &file)
    }
}

/// Cairo's premultiplied ARGB32 words as straight (not premultiplied) colour, exactly as Cairo
/// un-premultiplies them (`(c·255 + a/2) / a`, transparent → all zero): every encoder writes
/// the same values for the same pixel, so a PNG and a frame of an animation compare exactly.
enum Unpremultiplied {
    /// Red, green and blue of `pixel` (whose alpha is `alpha`), not premultiplied.
    @inline(__always)
    static func rgb(_ pixel: UInt32, alpha a: UInt8) -> (UInt8, UInt8, UInt8) {
        switch a {
        case 0:
            return (0, 0, 0)
        case 255:
            return (
                UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8),
                UInt8(truncatingIfNeeded: pixel)
            )
        default:
            return (channel(pixel >> 16, a), channel(pixel >> 8, a), channel(pixel, a))
        }
    }

    /// `pixel` as a straight ARGB word (alpha in the top byte), as libwebp's ARGB pictures take.
    @inline(__always)
    static func argb(_ pixel: UInt32) -> UInt32 {
        let a = UInt8(truncatingIfNeeded: pixel >> 24)
        if a == 255 { return pixel }
        let (r, g, b) = rgb(pixel, alpha: a)
        return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    @inline(__always)
    private static func channel(_ channel: UInt32, _ alpha: UInt8) -> UInt8 {
        let c = channel & 0xFF
        let a = UInt32(alpha)
        return UInt8(min(255, (c * 255 + a / 2) / a))
    }
}
