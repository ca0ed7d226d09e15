import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing

/// A recorded drawing rasterised by Cairo's backend, read pixel by pixel.
struct Raster {
    let bitmap: Bitmap
    let words: [UInt32]

    init(_ commands: [DrawingCommand], width: Int, height: Int, scale: Double = 1, opaque: Bool = false) {
        CairoDrawingBackend.install()
        bitmap = Bitmap(
            drawing: Drawing(commands: commands), width: width, height: height, scale: scale, isOpaque: opaque
        )
        words = bitmap.pixels
    }

    /// The pixel in column `x`, row `y` (device pixels).
    func callAsFunction(_ x: Int, _ y: Int) -> Pixel {
        Pixel(premultipliedARGB: words[y * bitmap.width + x])
    }

    /// Alpha of the pixel, 0…255.
    func alpha(_ x: Int, _ y: Int) -> Int { Int(self(x, y).alpha) }
}

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    Path.rect(Rect(x: x, y: y, width: w, height: h))
}

private func line(_ points: [(Double, Double)]) -> Path {
    var p = Path()
    for (i, q) in points.enumerated() {
        if i == 0 { p.move(to: Point(x: q.0, y: q.1)) } else { p.addLine(to: Point(x: q.0, y: q.1)) }
    }
    return p
}

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let opaqueRed = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
private let opaqueBlue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
private let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

/// Replaying recorded drawings (`DrawingReplay` through `CairoDrawingBackend`): each case's
/// pixels are worked out by hand from the geometry.
@Suite("Drawing replay")
struct DrawingReplayTests {
    @Test func fillsCoverTheirPixelsAtTheBitmapsScale() {
        let r = Raster(
            [.fill(rect(1, 1, 2, 2), rule: .nonZero, color: red, state: DrawingState())], width: 8, height: 8,
            scale: 2)
        // Points 1…3 are pixels 2…6.
        #expect(r(2, 2) == opaqueRed)
        #expect(r(5, 5) == opaqueRed)
        #expect(r(1, 3) == clear)
        #expect(r(6, 3) == clear)
        #expect(r(3, 6) == clear)
    }

    @Test func windingAndEvenOddDifferInTheHole() {
        // Two squares turning the same way: the inner one is inside twice.
        var path = rect(0, 0, 20, 20)
        path.append(rect(5, 5, 10, 10))
        let winding = Raster(
            [.fill(path, rule: .nonZero, color: red, state: DrawingState())], width: 20, height: 20)
        let evenOdd = Raster(
            [.fill(path, rule: .evenOdd, color: red, state: DrawingState())], width: 20, height: 20)
        #expect(winding(10, 10) == opaqueRed)
        #expect(evenOdd(10, 10) == clear)
        #expect(winding(2, 2) == opaqueRed)
        #expect(evenOdd(2, 2) == opaqueRed)
    }

    @Test func capsEndTheLineWhereTheyShould() {
        // A line along y = 10 from x = 4 to 16, 4 wide: rows 8…11.
        func stroke(_ cap: LineCap) -> Raster {
            var style = DrawingStroke()
            style.lineWidth = 4
            style.lineCap = cap
            return Raster(
                [.stroke(line([(4, 10), (16, 10)]), style: style, color: red, state: DrawingState())],
                width: 20,
                height: 20)
        }
        let butt = stroke(.butt)
        let square = stroke(.square)
        let round = stroke(.round)
        #expect(butt(10, 8) == opaqueRed)
        #expect(butt(10, 11) == opaqueRed)
        #expect(butt(10, 12) == clear)
        // Butt: nothing before x = 4; square: 2 more (half the width).
        #expect(butt(3, 10) == clear)
        #expect(square(2, 10) == opaqueRed)
        #expect(square(1, 10) == clear)
        // Round: every corner of the pixel from (3, 10) to (4, 11) lies within the cap's radius 2
        // of the end (4, 10); of the pixel from (2, 8) to (3, 9), about 31 % does.
        #expect(round(3, 10) == opaqueRed)
        #expect(round(2, 8).alpha < 128)
    }

    @Test func dashesStartThePhaseIntoThePattern() {
        // 10 on, 10 off along y = 5: with phase 5 the first dash has 5 left.
        func dashed(phase: Double) -> Raster {
            var style = DrawingStroke()
            style.lineWidth = 2
            style.dash = [10, 10]
            style.dashPhase = phase
            return Raster(
                [.stroke(line([(0, 5), (40, 5)]), style: style, color: red, state: DrawingState())],
                width: 40,
                height: 10)
        }
        let zero = dashed(phase: 0)
        let five = dashed(phase: 5)
        #expect(zero.alpha(2, 5) == 255 && zero.alpha(7, 5) == 255)
        #expect(zero.alpha(12, 5) == 0 && zero.alpha(17, 5) == 0)
        #expect(zero.alpha(22, 5) == 255)
        #expect(five.alpha(2, 5) == 255)
        #expect(five.alpha(7, 5) == 0 && five.alpha(12, 5) == 0)
        #expect(five.alpha(17, 5) == 255 && five.alpha(22, 5) == 255)
        #expect(five.alpha(27, 5) == 0)
    }

    @Test func theMiterLimitIsTheMitersLengthOverTheWidth() {
        // Legs from (10, 50) up to (30, 10) and down to (50, 50): they meet at 53.13°, so the
        // miter is 1/sin(26.57°) = 2.236 widths long. 6 wide, its tip is 6.71 above the apex
        // (y = 3.29); bevelled, the outer corners are at y = 10 − 3·sin(26.57°)·… = 8.66.
        func stroke(limit: Double) -> Raster {
            var style = DrawingStroke()
            style.lineWidth = 6
            style.lineJoin = .miter
            style.miterLimit = limit
            return Raster(
                [
                    .stroke(
                        line([(10, 50), (30, 10), (50, 50)]), style: style, color: red, state: DrawingState())
                ],
                width: 60, height: 60)
        }
        let mitered = stroke(limit: 3)
        let bevelled = stroke(limit: 2)
        // At y = 6.5 the miter is 1.6 wide either side of x = 30.
        #expect(mitered(30, 6) == opaqueRed)
        #expect(bevelled(30, 6) == clear)
        #expect(mitered(30, 2) == clear)
        #expect(bevelled(30, 10) == opaqueRed)
    }

    @Test func thePenIsInTheUserSpaceOfTheTransform() {
        // Scaled 3× across: a 2-wide pen draws a horizontal line 2 tall and a vertical one 6 wide.
        var state = DrawingState()
        state.transform = AffineTransform(scaleX: 3, y: 1)
        var style = DrawingStroke()
        style.lineWidth = 2
        // The path is in canvas space already (as a context records it).
        let r = Raster(
            [
                .stroke(line([(0, 10), (30, 10)]), style: style, color: red, state: state),
                .stroke(line([(40, 0), (40, 30)]), style: style, color: blue, state: state),
            ], width: 50, height: 30)
        #expect(r(15, 9) == opaqueRed && r(15, 10) == opaqueRed)
        #expect(r(15, 8) == clear && r(15, 11) == clear)
        #expect(r(37, 20) == opaqueBlue && r(42, 20) == opaqueBlue)
        #expect(r(36, 20) == clear && r(43, 20) == clear)
    }

    @Test func aZeroWidthIsAOnePixelHairline() {
        var style = DrawingStroke()
        style.lineWidth = 0
        let r = Raster(
            [.stroke(line([(0, 5.25), (10, 5.25)]), style: style, color: red, state: DrawingState())],
            width: 20,
            height: 20, scale: 2)
        // y = 5.25 pt is 10.5 px: row 10's centre, one pixel tall.
        #expect(r(10, 10) == opaqueRed)
        #expect(r(10, 9) == clear && r(10, 11) == clear)
    }

    @Test func clipsIntersect() {
        var state = DrawingState()
        state.clip = [
            DrawingClip(path: rect(0, 0, 10, 20), rule: .nonZero),
            DrawingClip(path: rect(5, 0, 10, 20), rule: .nonZero),
        ]
        let r = Raster(
            [.fill(rect(0, 0, 20, 20), rule: .nonZero, color: red, state: state)], width: 20, height: 20)
        #expect(r(7, 10) == opaqueRed)
        #expect(r(3, 10) == clear && r(12, 10) == clear)
    }

    @Test func linearGradientsExtendAtTheEndsTheyAreAskedTo() {
        // Red at x = 50 to blue at x = 150 on a 200-wide canvas.
        let stops = [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]
        func gradient(before: Bool, after: Bool) -> Raster {
            Raster(
                [
                    .linearGradient(
                        stops, start: Point(x: 50, y: 0), end: Point(x: 150, y: 0), extendsBefore: before,
                        extendsAfter: after, state: DrawingState())
                ], width: 200, height: 4)
        }
        for (before, after) in [(false, false), (true, false), (false, true), (true, true)] {
            let r = gradient(before: before, after: after)
            // Halfway (pixel 99's centre is at 99.5: 49.5 % of the way).
            let mid = r(99, 1)
            #expect(abs(Int(mid.red) - 129) <= 2 && abs(Int(mid.blue) - 126) <= 2, "\(mid)")
            #expect(r(20, 1) == (before ? opaqueRed : clear), "before \(before)")
            #expect(r(190, 1) == (after ? opaqueBlue : clear), "after \(after)")
        }
    }

    @Test func radialGradientsRunBetweenTheirCircles() {
        // White at the centre to black at radius 40.
        let stops = [
            GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .black),
        ]
        func gradient(after: Bool) -> Raster {
            Raster(
                [
                    .radialGradient(
                        stops, startCenter: Point(x: 50, y: 50), startRadius: 0,
                        endCenter: Point(x: 50, y: 50),
                        endRadius: 40, extendsBefore: false, extendsAfter: after, state: DrawingState())
                ], width: 100, height: 100)
        }
        let plain = gradient(after: false)
        let extended = gradient(after: true)
        // The pixel whose centre is 20.5 from the centre: 51 % of the way to black.
        let half = plain(70, 50)
        #expect(abs(Int(half.red) - 125) <= 2 && half.alpha == 255, "\(half)")
        // 45 away: outside the end circle.
        #expect(plain(95, 50) == clear)
        #expect(extended(95, 50) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test func shadowsAreOffsetInCanvasSpaceUnderTheirShape() {
        var state = DrawingState()
        state.shadow = DrawingShadow(offset: Size(width: 10, height: 10), blur: 0, color: blue)
        // Even rotated, the shadow falls 10 right and 10 down (CoreGraphics' base space).
        state.transform = AffineTransform(rotationAngle: .pi / 2)
        let square = rect(10, 10, 20, 20)
        let r = Raster([.fill(square, rule: .nonZero, color: red, state: state)], width: 50, height: 50)
        #expect(r(20, 20) == opaqueRed)
        #expect(r(35, 35) == opaqueBlue)
        #expect(r(15, 35) == clear)
        #expect(r(35, 15) == clear)
    }

    @Test func blurredShadowsFadeAcrossTheEdge() {
        var state = DrawingState()
        // σ = blur / 2 = 2 points; at scale 1, 2 pixels.
        state.shadow = DrawingShadow(offset: Size(width: 0, height: 0), blur: 4, color: .black)
        let r = Raster(
            [.fill(rect(20, 20, 20, 20), rule: .nonZero, color: red, state: state)], width: 60, height: 60)
        // Pixel 40's centre is half a pixel outside the edge: Φ(−0.25) = 0.40 of full.
        let edge = r.alpha(40, 30)
        #expect(abs(edge - 102) <= 4, "\(edge)")
        // 6σ outside, nothing; well inside, full.
        #expect(r.alpha(53, 30) == 0)
        #expect(r.alpha(30, 30) == 255)
    }

    @Test func alphaAndBlendModes() {
        var half = DrawingState()
        half.alpha = 0.5
        let faded = Raster(
            [.fill(rect(0, 0, 4, 4), rule: .nonZero, color: red, state: half)], width: 4, height: 4)
        #expect(faded.alpha(1, 1) == 128)

        var copy = DrawingState()
        copy.blendMode = .copy
        let translucentBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        let copied = Raster(
            [
                .fill(rect(0, 0, 4, 4), rule: .nonZero, color: red, state: DrawingState()),
                .fill(rect(0, 0, 2, 4), rule: .nonZero, color: translucentBlue, state: copy),
            ], width: 4, height: 4)
        // Replaced, not blended; untouched beside it.
        #expect(copied(0, 1) == Pixel(red: 0, green: 0, blue: 255, alpha: 128))
        #expect(copied(3, 1) == opaqueRed)

        let cleared = Raster(
            [
                .fill(rect(0, 0, 4, 4), rule: .nonZero, color: red, state: DrawingState()),
                .clear(Rect(x: 2, y: 0, width: 2, height: 4), state: DrawingState()),
            ], width: 4, height: 4)
        #expect(cleared(0, 0) == opaqueRed && cleared(3, 0) == clear)

        var multiply = DrawingState()
        multiply.blendMode = .multiply
        let multiplied = Raster(
            [
                .fill(
                    rect(0, 0, 4, 4), rule: .nonZero, color: Color(red: 1, green: 1, blue: 0),
                    state: DrawingState()),
                .fill(
                    rect(0, 0, 4, 4), rule: .nonZero, color: Color(red: 0, green: 1, blue: 1), state: multiply
                ),
            ], width: 4, height: 4)
        // Yellow × cyan = green.
        #expect(multiplied(1, 1) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    @Test func aGroupIsCompositedAsOneImage() {
        var half = DrawingState()
        half.alpha = 0.5
        let inner = Drawing(commands: [
            .fill(rect(0, 0, 6, 4), rule: .nonZero, color: red, state: DrawingState()),
            .fill(rect(2, 0, 6, 4), rule: .nonZero, color: red, state: DrawingState()),
        ])
        let r = Raster([.group(inner, state: half)], width: 10, height: 4)
        // Where the two overlap, still half: the group is faded, not each fill.
        #expect(r.alpha(4, 1) == 128)
        #expect(r.alpha(1, 1) == 128)
        #expect(r.alpha(9, 1) == 0)
    }

    @Test func imagesAreDrawnFirstRowAtTheTop() {
        // A 1×2 image: red above, blue below, drawn over 10×20 points without smoothing.
        let picture = Bitmap(
            drawing: Drawing(commands: [
                .fill(rect(0, 0, 1, 1), rule: .nonZero, color: red, state: DrawingState()),
                .fill(rect(0, 1, 1, 1), rule: .nonZero, color: blue, state: DrawingState()),
            ]), width: 1, height: 2, scale: 1)
        var state = DrawingState()
        state.interpolationQuality = .none
        let r = Raster(
            [
                .image(
                    ImageReference(bitmap: picture, scale: 1), rect: Rect(x: 0, y: 0, width: 10, height: 20),
                    state: state)
            ],
            width: 10, height: 20)
        #expect(r(5, 2) == opaqueRed)
        #expect(r(5, 17) == opaqueBlue)
    }

    @Test func anOpaqueBitmapIsBlackWhereNothingIsDrawn() {
        let r = Raster(
            [.fill(rect(0, 0, 2, 2), rule: .nonZero, color: red, state: DrawingState())], width: 4, height: 4,
            opaque: true)
        #expect(r(0, 0) == opaqueRed)
        #expect(r(3, 3) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test func textIsDrawnInsideItsBoxWhenClipped() {
        var text = TextProperties()
        text.string = "MMMMMMMM"
        text.fontSize = 20
        text.foregroundColor = .black
        let r = Raster(
            [
                .text(
                    DrawingText(
                        properties: text, box: Rect(x: 10, y: 10, width: 30, height: 30), clipsToBox: true),
                    state: DrawingState())
            ], width: 100, height: 50)
        var inside = 0
        var outside = 0
        for y in 0..<50 {
            for x in 0..<100 where r.alpha(x, y) > 0 {
                if x >= 10 && x < 40 && y >= 10 && y < 40 { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 50)
        #expect(outside == 0)
    }

    @Test func aBitmapsPixelsAreMadeOnceAndEqualBitmapsCompareByDrawing() {
        CairoDrawingBackend.install()
        let drawing = Drawing(commands: [
            .fill(rect(0, 0, 1, 1), rule: .nonZero, color: red, state: DrawingState())
        ])
        let a = Bitmap(drawing: drawing, width: 2, height: 2, scale: 1)
        let b = Bitmap(drawing: drawing, width: 2, height: 2, scale: 1)
        #expect(a == b)
        #expect(!a.hasPixels)
        #expect(a.pixels == b.pixels)
        #expect(a.hasPixels)
        #expect(a != Bitmap(drawing: Drawing(), width: 2, height: 2, scale: 1))
    }

    @Test func aBitmapAsContentsIsDrawnInItsLayerAndDamagesIt() throws {
        CairoDrawingBackend.install()
        // 20×20 pixels at 2 per point: a red left half, 5 points wide.
        func store(_ color: Color) -> ImageReference {
            let drawing = Drawing(commands: [
                .fill(rect(0, 0, 5, 10), rule: .nonZero, color: color, state: DrawingState())
            ])
            return ImageReference(bitmap: Bitmap(drawing: drawing, width: 20, height: 20, scale: 2), scale: 1)
        }
        func layer(_ contents: ImageReference) -> PresentationLayer {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            p.position = Point(x: 10, y: 10)
            p.contentsScale = 2
            p.contents = contents
            var root = LayerProperties()
            root.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
            root.position = Point(x: 10, y: 10)
            return PresentationLayer(properties: root, sublayers: [PresentationLayer(properties: p)])
        }
        let redTree = layer(store(red))
        let surface = try renderForTesting(redTree, width: 20, height: 20)
        // The layer spans 5…15; its red half 5…10.
        #expect(surface.pixel(x: 7, y: 8) == opaqueRed)
        #expect(surface.pixel(x: 12, y: 8) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        // Another store damages the layer's frame; the same drawing again damages nothing.
        let damage = try #require(LayerRenderer.damage(from: redTree, to: layer(store(blue))))
        #expect(damage.contains { $0.minX <= 5 && $0.minY <= 5 && $0.maxX >= 15 && $0.maxY >= 15 })
        #expect(LayerRenderer.damage(from: redTree, to: layer(store(red))) == [])
    }
}
