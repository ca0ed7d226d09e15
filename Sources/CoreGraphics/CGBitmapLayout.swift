import Foundation
import LayerKit

/// How a bitmap's bytes hold its pixels — CoreGraphics' `bitsPerComponent`, `bitsPerPixel`,
/// `bytesPerRow`, colour space and `bitmapInfo` — and the conversions between such bytes and the
/// engine's `PixelImage` (premultiplied ARGB32).
///
/// The layouts read and written, as CoreGraphics lays them out:
/// - RGB, 8 bits a component, 32 bits a pixel, with alpha first or last, premultiplied
///   (`premultipliedFirst`/`Last`), straight (`first`/`last`, images only) or skipped
///   (`noneSkipFirst`/`Last`); components in the order named by default and with
///   `byteOrder32Big`, reversed with `byteOrder32Little` (so `premultipliedFirst` with
///   `byteOrder32Little` is B, G, R, A in memory: UIKit's own);
/// - RGB, 8 bits a component, 24 bits a pixel, no alpha (images only);
/// - 8-bit alpha only (`alphaOnly`, any colour space): black at that alpha;
/// - 8-bit gray, no alpha (a monochrome colour space);
/// - image masks (`CGImage(maskWidth:…)`): 1 or 8 bits a sample, the sample the first
///   component of each pixel when a pixel has more bits (as a mask made from an RGB image's
///   bytes reads them), 0 painting and 1 masking out (`decode` `[1, 0]` reverses that). A mask
///   is kept as black whose alpha is the coverage.
///
/// Any other layout is refused with a message naming it (`unsupportedReason`): CoreGraphics
/// reads more (16-bit and float components, CMYK, indexed colour), and drawing its bytes as
/// one of these would be garbage.
package struct CGBitmapLayout: Hashable, Sendable {
    package var bitsPerComponent: Int
    package var bitsPerPixel: Int
    package var bytesPerRow: Int
    package var bitmapInfo: CGBitmapInfo
    package var isGray: Bool
    package var isMask: Bool = false
    /// For a mask: samples reversed (`decode: [1, 0]`).
    package var decodesInverted: Bool = false

    package var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }

    /// What UIKit's contexts and images have: 8-bit BGRA, premultiplied (`premultipliedFirst`
    /// with `byteOrder32Little`), 4 bytes a pixel.
    package static func uikit(width: Int) -> CGBitmapLayout {
        CGBitmapLayout(
            bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(
                .byteOrder32Little),
            isGray: false)
    }

    /// Why these bytes cannot be read or written here; nil when they can.
    package func unsupportedReason(width: Int, forContext: Bool) -> String? {
        let describe =
            "\(bitsPerComponent) bits a component, \(bitsPerPixel) a pixel, alpha \(alphaInfo), bitmapInfo 0x\(String(bitmapInfo.rawValue, radix: 16))"
        if isMask {
            guard bitsPerComponent == 1 || bitsPerComponent == 8, bitsPerPixel >= bitsPerComponent,
                bitsPerPixel % bitsPerComponent == 0
            else { return "an image mask of \(bitsPerComponent) bits a sample, \(bitsPerPixel) a pixel" }
        } else if bitmapInfo.contains(.floatComponents) || bitsPerComponent != 8 {
            return describe
        } else if alphaInfo == .alphaOnly || isGray {
            guard bitsPerPixel == 8, alphaInfo == .alphaOnly || alphaInfo == .none else { return describe }
        } else if bitsPerPixel == 24 {
            guard alphaInfo == .none, !forContext else { return describe }
        } else {
            guard bitsPerPixel == 32, alphaInfo != .none,
                !(forContext && [.first, .last].contains(alphaInfo))
            else { return describe }
            let order = bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue
            guard
                [0, CGBitmapInfo.byteOrder32Little.rawValue, CGBitmapInfo.byteOrder32Big.rawValue].contains(
                    order)
            else { return describe }
        }
        guard bytesPerRow >= minimumBytesPerRow(width: width) else {
            return "\(bytesPerRow) bytes a row for \(width) pixels of \(bitsPerPixel) bits"
        }
        return nil
    }

    /// The fewest bytes a row of `width` pixels takes.
    package func minimumBytesPerRow(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// The bytes `width`×`height` pixels take (the last row need not be padded).
    package func byteCount(width: Int, height: Int) -> Int {
        height > 0 ? bytesPerRow * (height - 1) + minimumBytesPerRow(width: width) : 0
    }

    /// True when alpha (or the skipped byte) comes before the colour, in the components' order.
    private var isAlphaFirst: Bool {
        let info = alphaInfo
        return info == .premultipliedFirst || info == .first || info == .noneSkipFirst
    }

    /// True when the components are stored in reverse order (`byteOrder32Little`).
    private var isReversed: Bool {
        bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
    }

    /// The pixels of `bytes`, which hold at least `byteCount(width:height:)` bytes in this
    /// layout (checked by `unsupportedReason` first).
    package func decode(_ bytes: UnsafeRawPointer, width: Int, height: Int) -> PixelImage? {
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = bytes.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                out[y * width + x] = decodePixel(row, x)
            }
        }
        return PixelImage(width: width, height: height, pixels: out)
    }

    private func decodePixel(_ row: UnsafePointer<UInt8>, _ x: Int) -> UInt32 {
        if isMask {
            let sample: UInt8
            if bitsPerComponent == 1 {
                let bit = x * bitsPerPixel
                sample = (row[bit / 8] >> (7 - UInt8(bit % 8))) & 1 == 1 ? 255 : 0
            } else {
                sample = row[x * bitsPerPixel / 8]
            }
            let coverage = decodesInverted ? sample : 255 - sample
            return UInt32(coverage) << 24
        }
        if alphaInfo == .alphaOnly { return UInt32(row[x]) << 24 }
        if isGray { return PixelImage.premultiplied(alpha: 255, red: row[x], green: row[x], blue: row[x]) }
        if bitsPerPixel == 24 {
            let p = row + x * 3
            return PixelImage.premultiplied(alpha: 255, red: p[0], green: p[1], blue: p[2])
        }
        let p = row + x * 4
        // Components in memory order, made big-endian (as named).
        let c = isReversed ? (p[3], p[2], p[1], p[0]) : (p[0], p[1], p[2], p[3])
        let (a, r, g, b) = isAlphaFirst ? (c.0, c.1, c.2, c.3) : (c.3, c.0, c.1, c.2)
        switch alphaInfo {
        case .noneSkipFirst, .noneSkipLast:
            return PixelImage.premultiplied(alpha: 255, red: r, green: g, blue: b)
        case .first, .last:
            return PixelImage.premultiplied(alpha: a, red: r, green: g, blue: b)
        default:
            // Premultiplied already; a component above its alpha is clamped by `PixelImage`.
            return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// Writes `image` into `bytes` in this layout (a context's memory): only the pixels' own
    /// bytes, leaving the padding of each row alone.
    package func encode(_ image: PixelImage, into bytes: UnsafeMutableRawPointer) {
        for y in 0..<image.height {
            let row = bytes.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<image.width {
                encodePixel(image.pixels[y * image.width + x], row, x)
            }
        }
    }

    /// `image`'s bytes in this layout, rows padded to `bytesPerRow` with zeros.
    package func encoded(_ image: PixelImage) -> Data {
        var data = Data(count: byteCount(width: image.width, height: image.height))
        data.withUnsafeMutableBytes { encode(image, into: $0.baseAddress!) }
        return data
    }

    private func encodePixel(_ word: UInt32, _ row: UnsafeMutablePointer<UInt8>, _ x: Int) {
        let a = UInt8(word >> 24)
        if isMask {
            let sample = decodesInverted ? a : 255 - a
            if bitsPerComponent == 1 {
                let bit = x * bitsPerPixel
                let mask = UInt8(1) << (7 - UInt8(bit % 8))
                if sample >= 128 { row[bit / 8] |= mask } else { row[bit / 8] &= ~mask }
            } else {
                row[x * bitsPerPixel / 8] = sample
            }
            return
        }
        if alphaInfo == .alphaOnly {
            row[x] = a
            return
        }
        if isGray {
            // Rec. 601 luma of the colour over black (no alpha to keep).
            let r = Double(word >> 16 & 0xFF)
            let g = Double(word >> 8 & 0xFF)
            let b = Double(word & 0xFF)
            row[x] = UInt8(min(255, (0.299 * r + 0.587 * g + 0.114 * b).rounded()))
            return
        }
        if bitsPerPixel == 24 {
            let p = row + x * 3
            (p[0], p[1], p[2]) = (UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF))
            return
        }
        let (r, g, b): (UInt8, UInt8, UInt8)
        switch alphaInfo {
        case .first, .last:
            let straight = PixelImage.straight(word)
            (r, g, b) = (straight.red, straight.green, straight.blue)
        default: (r, g, b) = (UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF))
        }
        let alpha: UInt8 = alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast ? 255 : a
        let c = isAlphaFirst ? (alpha, r, g, b) : (r, g, b, alpha)
        let p = row + x * 4
        if isReversed {
            (p[0], p[1], p[2], p[3]) = (c.3, c.2, c.1, c.0)
        } else {
            (p[0], p[1], p[2], p[3]) = (c.0, c.1, c.2, c.3)
        }
    }
}
