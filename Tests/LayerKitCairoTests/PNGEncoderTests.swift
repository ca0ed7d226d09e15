import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

@Suite struct PNGEncoderTests {
    /// Every alpha 0…255 with colours that exercise the un-premultiply rounding, read back by
    /// Cairo's own decoder (libpng): each pixel decodes to what `pixel(x:y:)` reports.
    @Test func roundTripThroughCairosDecoder() throws {
        let width = 256
        let height = 7
        let image = try ImageSurface(width: width, height: height)
        for y in 0..<height {
            let row = image.data.advanced(by: y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = UInt32(x)
                // Premultiplied channels must not exceed alpha.
                let r = a * UInt32(y) / 6
                let g = a / 2
                let b = a == 0 ? 0 : (a * 37 + UInt32(y)) % (a + 1)
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        image.markDirty()
        let path = FileManager.default.temporaryDirectory.path + "/pngencoder-\(getpid()).png"
        defer { unlink(path) }
        try image.writePNG(to: path)
        let loaded = try ImageSurface.load(png: path)
        #expect(loaded.width == width && loaded.height == height)
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where loaded.pixel(x: x, y: y) != image.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
        // Transparent pixels are stored as all zero, as Cairo writes them.
        #expect(loaded.pixel(x: 0, y: 3) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func fileStartsWithSignatureAndEndsWithIEND() throws {
        let image = try ImageSurface(width: 3, height: 2)
        let bytes = try #require(PNGEncoder.encode(image))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IEND: zero length, its type, and the CRC-32 of "IEND" (0xAE426082, from the PNG spec).
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func largeImageRoundTrips() throws {
        // Larger than zlib's 64 KiB output chunks: several drains per row.
        let image = try ImageSurface(width: 1000, height: 300)
        let canvas = try Canvas(surface: image)
        canvas.fill(
            Rect(x: 10, y: 10, width: 500.5, height: 200.25),
            color: Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.7))
        let path = FileManager.default.temporaryDirectory.path + "/pngencoder-large-\(getpid()).png"
        defer { unlink(path) }
        try image.writePNG(to: path)
        let loaded = try ImageSurface.load(png: path)
        #expect(loaded.pixel(x: 100, y: 100) == image.pixel(x: 100, y: 100))
        #expect(loaded.pixel(x: 510, y: 210) == image.pixel(x: 510, y: 210))
        #expect(loaded.pixel(x: 999, y: 299) == Pixel(red: 0, green: 0, blue: 0, alpha: 0))
    }
}
