import CoreGraphics
import Foundation
import LayerKit
import LayerKitCairo
import QuartzCore
import Testing
import UIKit

/// Images backed by bytes, as iOS code makes them: pixels written into memory and read back
/// through `CGContext(data:…)` and `makeImage()`, images from data providers, image masks, and
/// layer trees rendered into contexts. Every expectation is worked out from the bytes written.
@Suite("CoreGraphics images of bytes")
struct CGImagePixelTests {
    /// Drawing into a caller's memory needs the rasteriser registered, as the preview process
    /// registers it at start-up; without this the suite passed only when another test had
    /// registered it first.
    init() { CairoDrawingBackend.install() }

    /// A `width`×`height` RGB context over `bytes` (4 a pixel) in `info`'s layout.
    private func context(
        _ bytes: UnsafeMutableRawPointer, width: Int, height: Int, info: UInt32
    ) -> CGContext? {
        CGContext(
            data: bytes, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
    }

    private func pixels(_ image: CGImage) -> ImagePixels {
        ImagePixels(UIImage(cgImage: image))
    }

    @Test func bytesWrittenFirstAreTheImagesPixelsInEachLayout() throws {
        // One pixel of half-transparent red (premultiplied: 128, 0, 0 at 128) and one of opaque
        // blue, in the four orders of the common layouts.
        let layouts: [(UInt32, [UInt8])] = [
            (CGImageAlphaInfo.premultipliedFirst.rawValue, [128, 128, 0, 0, 255, 0, 0, 255]),
            (CGImageAlphaInfo.premultipliedLast.rawValue, [128, 0, 0, 128, 0, 0, 255, 255]),
            (
                CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue,
                [0, 0, 128, 128, 255, 0, 0, 255]
            ),
            (
                CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue,
                [128, 0, 0, 128, 255, 255, 0, 0]
            ),
        ]
        for (info, written) in layouts {
            var bytes = written
            let image = try #require(
                bytes.withUnsafeMutableBytes {
                    context($0.baseAddress!, width: 2, height: 1, info: info)?.makeImage()
                })
            let p = pixels(image)
            #expect(p.words == [0x8080_0000, 0xFF00_00FF], "bitmapInfo \(info)")
            #expect(image.bitsPerPixel == 32 && image.bytesPerRow == 8 && image.bitmapInfo.rawValue == info)
        }
    }

    @Test func skippedAlphaIsOpaqueAndStraightAlphaIsPremultiplied() throws {
        var skipped: [UInt8] = [10, 20, 30, 0]
        let opaque = try #require(
            skipped.withUnsafeMutableBytes {
                context($0.baseAddress!, width: 1, height: 1, info: CGImageAlphaInfo.noneSkipLast.rawValue)?
                    .makeImage()
            })
        #expect(pixels(opaque).words == [0xFF0A_141E])
        // Straight 200, 100, 50 at alpha 128 is 100, 50, 25 premultiplied (rounded to nearest).
        let provider = try #require(CGDataProvider(data: Data([200, 100, 50, 128]) as CFData))
        let straight = try #require(
            CGImage(
                width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        #expect(pixels(straight).words == [0x8064_3219])
        #expect(straight.dataProvider === provider)
    }

    @Test func drawingIntoACallersMemoryWritesItThere() throws {
        // 4×4 RGBA, all opaque green written first; red filled over the bottom half of the
        // y-up user space, which is the last two rows of memory.
        var bytes = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) { (bytes[i + 1], bytes[i + 3]) = (255, 255) }
        let image = try #require(
            bytes.withUnsafeMutableBytes { raw -> CGImage? in
                let ctx = context(
                    raw.baseAddress!, width: 4, height: 4, info: CGImageAlphaInfo.premultipliedLast.rawValue)
                ctx?.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
                ctx?.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
                return ctx?.makeImage()
            })
        for row in 0..<4 {
            let expected: [UInt8] = row < 2 ? [0, 255, 0, 255] : [255, 0, 0, 255]
            #expect(Array(bytes[row * 16..<row * 16 + 4]) == expected, "row \(row)")
        }
        let p = pixels(image)
        #expect(p(1, 0) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(p(1, 3) == opaqueRed)
    }

    @Test func grayAndAlphaOnlyContexts() throws {
        var gray: [UInt8] = [0, 255]
        let grayImage = try #require(
            gray.withUnsafeMutableBytes {
                CGContext(
                    data: $0.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2,
                    space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)?
                    .makeImage()
            })
        #expect(pixels(grayImage).words == [0xFF00_0000, 0xFFFF_FFFF])
        var alpha: [UInt8] = [0, 0]
        let alphaImage = try #require(
            alpha.withUnsafeMutableBytes { raw -> CGImage? in
                let ctx = CGContext(
                    data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)
                ctx?.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
                ctx?.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
                return ctx?.makeImage()
            })
        #expect(alpha == [0, 255])
        #expect(pixels(alphaImage).words == [0, 0xFF00_0000])
    }

    @Test func layoutsNotReadAreRefused() {
        let provider = CGDataProvider(data: Data(count: 16) as CFData)!
        let sixteenBit = CGImage(
            width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 8,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
            provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        #expect(sixteenBit == nil)
        let tooFewBytes = CGImage(
            width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        #expect(tooFewBytes == nil)
    }

    @Test func imageMasksHideWhereTheirSamplesAreOne() throws {
        // A 2×1 opaque blue image; a mask of 32-bit pixels read by their first byte: 0 shows,
        // 255 hides, 0x80 half (alpha 127, premultiplied 127).
        let blue = render(CGSize(width: 2, height: 1)) {
            $0.setFillColor(UIColor.blue.cgColor)
            $0.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
        for (samples, expected) in [([0, 255], [0xFF00_00FF, 0]), ([128, 0], [0x7F00_007F, 0xFF00_00FF])] {
            let bytes = Data(samples.flatMap { [UInt8($0), 9, 9, 9] })
            let mask = try #require(
                CGImage(
                    maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                    provider: CGDataProvider(data: bytes as CFData)!, decode: nil, shouldInterpolate: false))
            #expect(mask.isMask)
            let masked = try #require(blue.cgImage?.masking(mask))
            #expect(pixels(masked).words == expected.map(UInt32.init), "samples \(samples)")
        }
        // An image with alpha is no mask.
        #expect(blue.cgImage?.masking(blue.cgImage!) == nil)
    }

    @Test func aDrawnImagesBytesAreUIKitsBGRA() throws {
        let image = render(CGSize(width: 2, height: 1)) {
            $0.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            $0.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        let cg = try #require(image.cgImage)
        #expect(cg.bitsPerComponent == 8 && cg.bitsPerPixel == 32 && cg.bytesPerRow == 8)
        #expect(cg.alphaInfo == .premultipliedFirst && cg.bitmapInfo.contains(.byteOrder32Little))
        let data = try #require(cg.dataProvider?.data) as Data
        // Orange (255, 128 after Cairo's rounding of 0.5, 0) then transparent, as B, G, R, A.
        #expect(
            Array(data) == [0, 128, 255, 255, 0, 0, 0, 0] || Array(data) == [0, 127, 255, 255, 0, 0, 0, 0])
    }

    @Test func renderInDrawsTheLayerTreeInItsOwnCoordinates() {
        let root = CALayer()
        root.frame = CGRect(x: 50, y: 50, width: 20, height: 10)
        root.backgroundColor = UIColor.red.cgColor
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 0, width: 10, height: 10)
        child.backgroundColor = UIColor.blue.cgColor
        root.addSublayer(child)
        let image = render(CGSize(width: 30, height: 10)) { root.render(in: $0) }
        let p = ImagePixels(image)
        // The root's own position (50, 50) is left out: its bounds are the context's origin.
        #expect(p(5, 5) == opaqueRed)
        #expect(p(15, 5) == opaqueBlue)
        #expect(p(25, 5) == transparent)
    }

    @Test func equalPixelsAreEqualImagesWithoutSharingStorage() throws {
        let words: [UInt32] = [0xFF00_00FF, 0x8080_0000]
        let a = try #require(PixelImage(width: 2, height: 1, pixels: words))
        let b = try #require(PixelImage(width: 2, height: 1, pixels: words.map { $0 }))
        let c = try #require(PixelImage(width: 1, height: 2, pixels: words))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Bitmap(pixels: a) == Bitmap(pixels: b))
        #expect(Bitmap(pixels: a).pixels == words)
        // A word whose colour exceeds its alpha is not premultiplied: clamped.
        #expect(PixelImage(width: 1, height: 1, pixels: [0x80FF_0000])?.pixels == [0x8080_0000])
    }
}
