import HostSeam

/// How a TrueColor visual lays out a pixel, and the conversion of Cairo's ARGB32 frames into
/// it for screens that do not take ARGB32 words as they are (depth 16, depth 30).
///
/// Each channel's 8 bits are scaled to the mask's width with rounding (`v · (2ⁿ − 1) / 255`),
/// so white stays white and black black at every depth; alpha is dropped (the window is
/// opaque). Tables of 256 entries per channel make a pixel three loads and two ORs.
struct PixelFormat: Equatable {
    let bitsPerPixel: Int
    let redMask: UInt32
    let greenMask: UInt32
    let blueMask: UInt32

    /// True for 32-bit pixels with red, green and blue in Cairo's ARGB32 places: frames are
    /// shown without conversion.
    var isARGB32: Bool {
        bitsPerPixel == 32 && redMask == 0xFF_0000 && greenMask == 0xFF00 && blueMask == 0xFF
    }

    /// True when the format can be converted to: 16 or 32 bits, three contiguous, non-empty,
    /// non-overlapping masks that fit the pixel.
    var isValid: Bool {
        guard bitsPerPixel == 16 || bitsPerPixel == 32 else { return false }
        let masks = [redMask, greenMask, blueMask]
        let limit: UInt64 = bitsPerPixel == 16 ? 0xFFFF : 0xFFFF_FFFF
        for m in masks {
            guard m != 0, UInt64(m) <= limit else { return false }
            // Contiguous: shifted down to bit 0 it is all ones.
            let shifted = m >> UInt32(m.trailingZeroBitCount)
            guard shifted & (shifted &+ 1) == 0 else { return false }
        }
        return redMask & greenMask == 0 && redMask & blueMask == 0 && greenMask & blueMask == 0
    }

    /// The table that turns an 8-bit channel value into its bits under `mask`.
    static func table(for mask: UInt32) -> [UInt32] {
        let shift = UInt32(mask.trailingZeroBitCount)
        let maximum = UInt32((UInt64(mask) >> UInt64(shift)))
        return (0...255).map { v in
            ((UInt32(v) * maximum + 127) / 255) << shift
        }
    }

    /// A converter for this format (built once per buffer).
    func converter() -> PixelConverter { PixelConverter(format: self) }
}

/// Converts rectangles of an ARGB32 frame into a visual's pixel layout.
struct PixelConverter {
    let format: PixelFormat
    private let red: [UInt32]
    private let green: [UInt32]
    private let blue: [UInt32]

    init(format: PixelFormat) {
        self.format = format
        red = PixelFormat.table(for: format.redMask)
        green = PixelFormat.table(for: format.greenMask)
        blue = PixelFormat.table(for: format.blueMask)
    }

    /// One pixel: an ARGB32 word (premultiplied; the window is opaque, so it is shown as is).
    func convert(_ argb: UInt32) -> UInt32 {
        red[Int((argb >> 16) & 0xFF)] | green[Int((argb >> 8) & 0xFF)] | blue[Int(argb & 0xFF)]
    }

    /// Converts `rect` (clipped to both buffers) from `source` into `destination`, whose rows
    /// are `destinationStride` bytes apart, in native byte order.
    func convert(
        _ rect: PixelRect, from source: PixelBuffer, to destination: UnsafeMutableRawPointer,
        destinationStride: Int
    ) {
        let r = rect.intersection(source.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<(r.y + r.height) {
            let src = source.data.advanced(by: y * source.stride)
            let dst = destination.advanced(by: y * destinationStride)
            if format.bitsPerPixel == 16 {
                for x in r.x..<(r.x + r.width) {
                    let word = src.load(fromByteOffset: x * 4, as: UInt32.self)
                    dst.storeBytes(
                        of: UInt16(truncatingIfNeeded: convert(word)), toByteOffset: x * 2, as: UInt16.self)
                }
            } else {
                for x in r.x..<(r.x + r.width) {
                    let word = src.load(fromByteOffset: x * 4, as: UInt32.self)
                    dst.storeBytes(of: convert(word), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }
}
