import CoreGraphics
import Foundation
import LayerKit
import LayerKitCairo
import QuartzCore
import Testing
import UIKit

/// An image's pixels (made by Cairo's backend), read as iOS code would see them on screen.
struct ImagePixels {
    let width: Int
    let height: Int
    let words: [UInt32]

    init(_ image: UIImage) {
        CairoDrawingBackend.install()
        let bitmap = image.cgImage!.reference.bitmap!
        width = bitmap.width
        height = bitmap.height
        words = bitmap.pixels
    }

    func callAsFunction(_ x: Int, _ y: Int) -> Pixel {
        Pixel(premultipliedARGB: words[y * width + x])
    }

    func alpha(_ x: Int, _ y: Int) -> Int { Int(self(x, y).alpha) }
}

let opaqueRed = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
let opaqueBlue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
let transparent = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

/// A 1× image of `size` drawn by `body`, as iOS code makes one.
func render(_ size: CGSize, scale: CGFloat = 1, _ body: (CGContext) -> Void) -> UIImage {
    CairoDrawingBackend.install()
    let format = UIGraphicsImageRendererFormat()
    format.scale = scale
    return UIGraphicsImageRenderer(size: size, format: format).image { body($0.cgContext) }
}

/// `CGContext` and UIKit's drawing helpers, written as iOS code writes them, checked at pixels
/// worked out by hand from the geometry.
@Suite("Drawing with CGContext")
struct CGContextDrawingTests {
    @Test func aUIKitContextsCTMIsFlippedAtItsScale() {
        var seen: [CGAffineTransform] = []
        _ = render(CGSize(width: 100, height: 50), scale: 2) { ctx in
            seen.append(ctx.ctm)
            ctx.translateBy(x: 10, y: 0)
            seen.append(ctx.ctm)
            ctx.saveGState()
            ctx.scaleBy(x: 3, y: 3)
            ctx.restoreGState()
            seen.append(ctx.ctm)
        }
        #expect(seen[0] == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 100))
        #expect(seen[1] == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 20, ty: 100))
        #expect(seen[2] == seen[1])
    }

    /// A 6-wide red ring arc of radius 30 about (50, 50), from angle 0 to π/2.
    private func arc(clockwise: Bool) -> (ImagePixels, CGPoint) {
        var end = CGPoint.zero
        let image = render(CGSize(width: 100, height: 100)) { ctx in
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.setLineWidth(6)
            ctx.addArc(
                center: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: .pi / 2,
                clockwise: clockwise)
            end = ctx.currentPointOfPath
            ctx.strokePath()
        }
        return (ImagePixels(image), end)
    }

    @Test func coreGraphicsArcsTurnTheOtherWayOnAFlippedScreen() {
        // Angle 0 is right, π/2 is down in the flipped user space. The pixels at 45° off the
        // axes lie 30 from the centre: (71.5, 71.5) bottom right, (28.5, 28.5) top left …
        let (short, shortEnd) = arc(clockwise: false)
        // clockwise: false runs to increasing angles, a quarter through the bottom right:
        // clockwise on screen.
        #expect(short(71, 71) == opaqueRed)
        #expect(short(28, 28) == transparent)
        #expect(short(71, 28) == transparent)
        #expect(short(28, 71) == transparent)
        let (long, longEnd) = arc(clockwise: true)
        // clockwise: true runs to decreasing angles, three quarters round through the top:
        // counter-clockwise on screen, as Apple documents for flipped contexts.
        #expect(long(71, 71) == transparent)
        #expect(long(71, 28) == opaqueRed)
        #expect(long(28, 28) == opaqueRed)
        #expect(long(28, 71) == opaqueRed)
        // Either way the arc ends at angle π/2: (50, 50 + 30).
        #expect(near(shortEnd, CGPoint(x: 50, y: 80), 1e-9))
        #expect(near(longEnd, CGPoint(x: 50, y: 80), 1e-9))
    }

    @Test func uiBezierPathArcsTurnTheScreensWay() {
        func stroke(clockwise: Bool) -> ImagePixels {
            ImagePixels(
                render(CGSize(width: 100, height: 100)) { _ in
                    let path = UIBezierPath(
                        arcCenter: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: .pi / 2,
                        clockwise: clockwise)
                    path.lineWidth = 6
                    UIColor.red.setStroke()
                    path.stroke()
                })
        }
        let cw = stroke(clockwise: true)
        #expect(cw(71, 71) == opaqueRed)
        #expect(cw(28, 28) == transparent)
        let ccw = stroke(clockwise: false)
        #expect(ccw(71, 71) == transparent)
        #expect(ccw(28, 28) == opaqueRed && ccw(71, 28) == opaqueRed)
    }

    @Test func arcEndPointsFollowTheirAngles() {
        var points: [CGPoint] = []
        _ = render(CGSize(width: 10, height: 10)) { ctx in
            ctx.addArc(
                center: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: .pi / 4, clockwise: false)
            points.append(ctx.currentPointOfPath)
            ctx.beginPath()
            // Tangent to (10, 10)→(50, 10) and (50, 10)→(50, 50): a quarter of radius 20 about
            // (30, 30), from (30, 10) to (50, 30).
            ctx.move(to: CGPoint(x: 10, y: 10))
            ctx.addArc(tangent1End: CGPoint(x: 50, y: 10), tangent2End: CGPoint(x: 50, y: 50), radius: 20)
            points.append(ctx.currentPointOfPath)
            let box = ctx.boundingBoxOfPath
            points.append(CGPoint(x: box.minX, y: box.maxY))
            // Translated, the current point reads back in the new user space.
            ctx.translateBy(x: 5, y: 5)
            points.append(ctx.currentPointOfPath)
        }
        let r = 30 / CGFloat(2).squareRoot()
        #expect(near(points[0], CGPoint(x: 50 + r, y: 50 + r), 1e-9))
        #expect(near(points[1], CGPoint(x: 50, y: 30), 1e-9))
        #expect(near(points[2], CGPoint(x: 10, y: 30), 1e-9))
        #expect(near(points[3], CGPoint(x: 45, y: 25), 1e-9))
    }

    @Test func fillRulesAndDrawingModes() {
        let pixels = ImagePixels(
            render(CGSize(width: 100, height: 100)) { ctx in
                ctx.setFillColor(UIColor.blue.cgColor)
                ctx.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
                ctx.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
                ctx.fillPath(using: .evenOdd)
                ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                ctx.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
                ctx.setLineWidth(4)
                ctx.addRect(CGRect(x: 50, y: 50, width: 40, height: 40))
                ctx.drawPath(using: .fillStroke)
            })
        #expect(pixels(5, 5) == opaqueBlue)
        #expect(pixels(20, 20) == transparent)
        #expect(pixels(70, 70) == opaqueBlue)
        // The stroke straddles the edge x = 50: 48…52.
        #expect(pixels(49, 70) == opaqueRed && pixels(51, 70) == opaqueRed)
        #expect(pixels(47, 70) == transparent)
    }

    @Test func savedStateComesBack() {
        let pixels = ImagePixels(
            render(CGSize(width: 20, height: 20)) { ctx in
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.saveGState()
                ctx.setFillColor(UIColor.blue.cgColor)
                ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
                ctx.translateBy(x: 100, y: 100)
                ctx.restoreGState()
                ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            })
        #expect(pixels(10, 10) == opaqueRed)
        #expect(pixels(0, 0) == opaqueRed && pixels(19, 19) == opaqueRed)
    }

    @Test func cgImagesAreDrawnUpsideDownAndUIImagesUpright() {
        // Red above, blue below.
        let source = render(CGSize(width: 10, height: 20)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 10, width: 10, height: 10))
        }
        let direct = ImagePixels(
            render(CGSize(width: 10, height: 20)) {
                $0.draw(source.cgImage!, in: CGRect(x: 0, y: 0, width: 10, height: 20))
            })
        let upright = ImagePixels(
            render(CGSize(width: 10, height: 20)) { _ in
                source.draw(in: CGRect(x: 0, y: 0, width: 10, height: 20))
            })
        #expect(direct(5, 2) == opaqueBlue && direct(5, 17) == opaqueRed)
        #expect(upright(5, 2) == opaqueRed && upright(5, 17) == opaqueBlue)
    }

    @Test func shadowOffsetsPointDownInUIKit() {
        let pixels = ImagePixels(
            render(CGSize(width: 60, height: 60)) { ctx in
                ctx.setShadow(offset: CGSize(width: 0, height: 10), blur: 0, color: UIColor.blue.cgColor)
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fill(CGRect(x: 20, y: 20, width: 20, height: 20))
            })
        #expect(pixels(30, 30) == opaqueRed)
        // The shadow covers 30…50 below it.
        #expect(pixels(30, 45) == opaqueBlue)
        #expect(pixels(30, 15) == transparent)
    }

    @Test func gradientsFromCGGradient() {
        let colors = [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray
        let locations: [CGFloat] = [0, 1]
        let gradient = CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: locations)!
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let same = CGGradient(
            colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2)!
        for g in [gradient, same] {
            let pixels = ImagePixels(
                render(CGSize(width: 10, height: 100)) { ctx in
                    ctx.drawLinearGradient(
                        g, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: 100), options: [])
                })
            // Row 0's centre is 0.5 % of the way: red but for 1 of 255.
            #expect(Int(pixels(5, 0).red) >= 253 && Int(pixels(5, 0).blue) <= 2)
            #expect(Int(pixels(5, 99).blue) >= 253)
            // Row 49's centre, 49.5 %.
            #expect(abs(Int(pixels(5, 49).red) - 129) <= 2)
        }
    }

    @Test func aBezierPathStrokesWithItsOwnSettings() {
        let pixels = ImagePixels(
            render(CGSize(width: 100, height: 100)) { ctx in
                ctx.setLineWidth(1)
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 0, y: 50))
                path.addLine(to: CGPoint(x: 100, y: 50))
                path.lineWidth = 8
                path.setLineDash([10, 10], count: 2, phase: 0)
                UIColor.red.set()
                path.stroke()
                // The context's own width is untouched.
                ctx.move(to: CGPoint(x: 0, y: 90.5))
                ctx.addLine(to: CGPoint(x: 100, y: 90.5))
                ctx.strokePath()
            })
        // 8 wide about y = 50: rows 46…53; dashes of 10 from x = 0.
        #expect(pixels(5, 46) == opaqueRed && pixels(5, 53) == opaqueRed)
        #expect(pixels(5, 45) == transparent && pixels(5, 54) == transparent)
        #expect(pixels(15, 50) == transparent && pixels(25, 50) == opaqueRed)
        #expect(pixels(50, 90) == opaqueRed && pixels(50, 89) == transparent && pixels(50, 91) == transparent)
    }

    @Test func evenOddBezierPathsAndClips() {
        let pixels = ImagePixels(
            render(CGSize(width: 100, height: 100)) { _ in
                let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
                ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
                ring.usesEvenOddFillRule = true
                ring.addClip()
                UIColor.blue.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 100, height: 100))
            })
        #expect(pixels(50, 50) == transparent)
        #expect(pixels(50, 10) == opaqueBlue)
        #expect(pixels(2, 2) == transparent)
    }

    @Test func imageContextsGiveImagesOfTheirSizeAndScale() throws {
        CairoDrawingBackend.install()
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 3)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        let drawn = try #require(image)
        #expect(drawn.size == CGSize(width: 20, height: 10))
        #expect(drawn.scale == 3)
        #expect(drawn.cgImage?.width == 60 && drawn.cgImage?.height == 30)
        let pixels = ImagePixels(drawn)
        #expect(pixels(29, 15) == opaqueRed && pixels(30, 15) == transparent)
    }

    @Test func aBitmapContextIsYUp() {
        CairoDrawingBackend.install()
        let ctx = CGContext(
            data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        #expect(ctx.ctm == .identity)
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        let pixels = ImagePixels(UIImage(cgImage: ctx.makeImage()!))
        // y = 0…5 is the bottom half.
        #expect(pixels(5, 8) == opaqueRed)
        #expect(pixels(5, 2) == transparent)
    }

    @Test func transparencyLayersFadeAsOne() {
        let pixels = ImagePixels(
            render(CGSize(width: 30, height: 10)) { ctx in
                ctx.setAlpha(0.5)
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
                ctx.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
                ctx.endTransparencyLayer()
            })
        #expect(pixels.alpha(5, 5) == 128 && pixels.alpha(15, 5) == 128 && pixels.alpha(25, 5) == 128)
    }

    @Test func stringsDrawAndMeasure() throws {
        CairoDrawingBackend.install()
        installRenderedText()
        let text = "Hello" as NSString
        let small = text.size(withAttributes: nil)
        let large = text.size(withAttributes: [.font: try #require(UIFont(name: "Helvetica", size: 24))])
        #expect(small.width > 10 && small.height > 10)
        // Twice the size, twice the measure (to a pixel of rounding).
        #expect(abs(large.width - 2 * small.width) < 2 && abs(large.height - 2 * small.height) < 2)
        let pixels = ImagePixels(
            render(CGSize(width: 100, height: 40)) { _ in
                "Hello".draw(at: CGPoint(x: 10, y: 10), withAttributes: [.foregroundColor: UIColor.blue])
            })
        var inside = 0
        var outside = 0
        for y in 0..<40 {
            for x in 0..<100 where pixels.alpha(x, y) > 0 {
                let box = CGRect(x: 9, y: 9, width: small.width + 2, height: small.height + 2)
                if box.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) {
                    inside += 1
                } else {
                    outside += 1
                }
                #expect(pixels(x, y).blue >= pixels(x, y).red)
            }
        }
        #expect(inside > 20)
        #expect(outside == 0)
    }
}
