import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// A ring in the shape of progress-ring libraries, previewed end to end: its layer writes a
/// gradient pixel by pixel into memory of its own, wraps it in a `CGContext(data:…)`, makes an
/// image of it and draws that image clipped to the ring.
@Suite("A ring of pixels written into memory", .tags(.compiler, .subprocess), .serialized)
struct PixelRingPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    /// A 100-point ring (outer radius 45, inner 25) around (50, 50), filled with a horizontal
    /// gradient from red at the image's first column to blue at its last, written as UIKit's
    /// 32-bit BGRA words (`premultipliedFirst` with `byteOrder32Little`).
    static let ringSource = """
        import UIKit

        struct BGRA {
            var b: UInt8, g: UInt8, r: UInt8, a: UInt8
        }

        final class GradientImage {
            private var cached: CGImage?

            func image(width w: Int, height h: Int) -> CGImage? {
                if let cached = cached { return cached }
                var pixels = [BGRA]()
                pixels.reserveCapacity(w * h)
                for _ in 0 ..< h {
                    for x in 0 ..< w {
                        let t = Double(x) / Double(w - 1)
                        let red = UInt8((255 * (1 - t)).rounded())
                        let blue = UInt8((255 * t).rounded())
                        pixels.append(BGRA(b: blue, g: 0, r: red, a: 255))
                    }
                }
                let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
                cached = pixels.withUnsafeMutableBytes { raw -> CGImage? in
                    guard let ctx = CGContext(
                        data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8,
                        bytesPerRow: w * 4, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info
                    ) else { return nil }
                    ctx.interpolationQuality = .none
                    return ctx.makeImage()
                }
                return cached
            }
        }

        final class RingLayer: CALayer {
            let gradient = GradientImage()
            var ringWidth: CGFloat = 20

            override func draw(in ctx: CGContext) {
                let w = Int(bounds.width * contentsScale)
                let h = Int(bounds.height * contentsScale)
                guard let image = gradient.image(width: w, height: h) else { return }
                let outer = bounds.insetBy(dx: 5, dy: 5)
                ctx.addEllipse(in: outer)
                ctx.addEllipse(in: outer.insetBy(dx: ringWidth, dy: ringWidth))
                ctx.clip(using: .evenOdd)
                ctx.draw(image, in: bounds)
            }
        }

        struct RingPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("ring", size: CGSize(width: 100, height: 100), background: .black) { layer in
                        let ring = RingLayer()
                        ring.frame = layer.bounds
                        ring.setNeedsDisplay()
                        layer.addSublayer(ring)
                    }
                ]
            }
        }
        """

    @Test("the gradient written into a CGContext's memory is drawn in the ring, and nothing else")
    func ringShowsTheWrittenGradient() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Ring", Self.ringSource, in: scratch)
        let out = scratch.path + "/ring.png"
        let r = try clock.loaderlab(
            ["preview", source, "--render", "ring", "--scale", "1", "--out", out], scratch)
        #expect(r.status == 0, "\(r.err)")
        guard r.status == 0 else { return }
        let image = try Pillow.decode(out)
        let frame = try #require(image.frames.first)
        // Column x of a 100-pixel gradient: red 255·(1 − x/99), blue 255·x/99.
        func expected(_ x: Int) -> [Int] {
            let t = Double(x) / 99
            return [Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded())]
        }
        for (x, y) in [(10, 50), (90, 50), (50, 10), (50, 90), (25, 30)] {
            let got = clock.rgb(frame, width: image.width, x, y)
            let want = expected(x)
            #expect(
                zip(got, want).allSatisfy { abs($0 - $1) <= 2 }, "at (\(x), \(y)): \(got), expected \(want)")
        }
        // The hole and the corners show the black background.
        for (x, y) in [(50, 50), (2, 2), (97, 97)] {
            #expect(clock.rgb(frame, width: image.width, x, y) == [0, 0, 0], "at (\(x), \(y))")
        }
    }
}
