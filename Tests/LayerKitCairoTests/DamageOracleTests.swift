import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// `LayerRenderer.damage(from:to:)` for what draws beyond a layer's bounds: redrawing only the
/// damaged rectangles of each frame (as the gallery does) must leave the pixels a full redraw
/// makes.
@Suite struct DamageOracleTests {
    static let background = Color(white: 0.9)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// Draws `frames` one after another into one image, each frame only where `damage` says,
    /// and compares each with a full drawing of it. Returns how many frames were damaged.
    @discardableResult
    static func expectIncrementalMatchesFull(
        _ frames: [PresentationLayer], width: Int, height: Int, scale: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let s = Double(scale)
        let incremental = try ImageSurface(width: width * scale, height: height * scale)
        let canvas = try Canvas(surface: incremental)
        canvas.scale(s, s)
        let renderer = LayerRenderer()
        var previous: PresentationLayer?
        var damagedFrames = 0
        for (n, frame) in frames.enumerated() {
            var regions: [Rect] = [Rect(x: 0, y: 0, width: Double(width), height: Double(height))]
            if let previous {
                guard let rects = LayerRenderer.damage(from: previous, to: frame) else {
                    Issue.record("frame \(n): damage could not be bounded", sourceLocation: sourceLocation)
                    return damagedFrames
                }
                // Whole pixels, a pixel more for antialiasing, as the gallery redraws them.
                regions = rects.map { r in
                    let g = r.insetBy(dx: -1 / s, dy: -1 / s)
                    let x0 = (g.minX * s).rounded(.down) / s
                    let y0 = (g.minY * s).rounded(.down) / s
                    return Rect(
                        x: x0, y: y0, width: (g.maxX * s).rounded(.up) / s - x0,
                        height: (g.maxY * s).rounded(.up) / s - y0)
                }
                if !regions.isEmpty { damagedFrames += 1 }
            }
            for region in regions {
                canvas.save()
                canvas.clip(to: region)
                canvas.fill(region, color: background)
                renderer.draw(frame, on: canvas)
                canvas.restore()
            }
            previous = frame
            incremental.flush()
            let full = try Fixture.render(
                frame, width: width, height: height, scale: scale, background: background)
            var worst = 0
            var differing = 0
            for y in 0..<(height * scale) {
                for x in 0..<(width * scale) {
                    let a = incremental.pixel(x: x, y: y)!
                    let b = full.pixel(x: x, y: y)!
                    let d = max(
                        abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                        abs(Int(a.blue) - Int(b.blue)))
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                }
            }
            // As in the gallery's oracle: a shape cut by a clip edge may differ by a few levels
            // in a few edge pixels; missed damage leaves stale pixels in bulk.
            #expect(worst <= 4, "frame \(n): a pixel differs by \(worst)", sourceLocation: sourceLocation)
            #expect(
                differing <= 16 * scale * scale, "frame \(n): \(differing) pixels differ",
                sourceLocation: sourceLocation)
            if worst > 4 { break }
        }
        return damagedFrames
    }

    /// A static grey square beside `moving`, on a root the size of the canvas.
    static func scene(_ moving: PresentationLayer) -> PresentationLayer {
        let still = Fixture.layer(size: Size(20, 20), center: Point(15, 15), background: Color(white: 0.5))
        return Fixture.layer(size: Size(120, 80), center: Point(60, 40), sublayers: [still, moving])
    }

    static func card(_ configure: (inout LayerProperties) -> Void) -> PresentationLayer {
        Fixture.layer(size: Size(30, 20), center: Point(70, 40), background: red) { p in
            p.shadowOpacity = 0.8
            p.cornerRadius = 4
            configure(&p)
        }
    }

    @Test(arguments: [1, 2])
    func shadowsThatMoveGrowAndFade(scale: Int) throws {
        var frames: [PresentationLayer] = []
        for i in 0..<12 {
            let t = Double(i)
            frames.append(
                Self.scene(
                    Self.card { p in
                        p.shadowOffset = Size(t * 1.3 - 6, 10 - t * 1.7)
                        p.shadowRadius = 1 + t * 0.9
                        p.shadowOpacity = 0.9 - t * 0.05
                    }))
        }
        let damaged = try Self.expectIncrementalMatchesFull(frames, width: 120, height: 80, scale: scale)
        #expect(damaged == 11)
    }

    @Test func aSublayerMovingInsideAShadowedLayerRedrawsTheShadow() throws {
        // The parent has no background: its shadow is its moving child's.
        var frames: [PresentationLayer] = []
        for i in 0..<10 {
            let child = Fixture.layer(
                size: Size(8, 8), center: Point(5 + Double(i) * 2.5, 15), background: Self.blue)
            var parent = Fixture.layer(size: Size(40, 30), center: Point(75, 45), sublayers: [child])
            parent.properties.shadowOpacity = 1
            parent.properties.shadowRadius = 3
            parent.properties.shadowOffset = Size(0, 8)
            frames.append(Self.scene(parent))
        }
        try Self.expectIncrementalMatchesFull(frames, width: 120, height: 80)
    }

    @Test func animatedShadowPathAndGradient() throws {
        var frames: [PresentationLayer] = []
        for i in 0..<10 {
            let t = Double(i) / 9
            var g = GradientProperties()
            g.colors = [Self.red.interpolated(to: Self.blue, fraction: t), Self.blue]
            g.endPoint = Point(1 - t, 1)
            var layer = PresentationLayer(
                properties: Self.card { p in
                    p.shadowPath = .oval(in: Rect(x: -5 + t * 20, y: 15, width: 40, height: 10))
                    p.shadowRadius = 2
                    p.shadowOffset = .zero
                }.properties, gradient: g)
            layer.properties.backgroundColor = nil
            frames.append(Self.scene(layer))
        }
        try Self.expectIncrementalMatchesFull(frames, width: 120, height: 80, scale: 2)
    }

    @Test(arguments: [1, 2])
    func movingMasksAndWhatTheyMask(scale: Int) throws {
        // A striped layer whose circular mask slides across it while a child moves under it;
        // then the mask is taken away.
        var frames: [PresentationLayer] = []
        for i in 0..<12 {
            let t = Double(i)
            let stripe = Fixture.layer(
                size: Size(12, 60), center: Point(10 + t * 4, 30), background: Self.blue)
            var layer = Fixture.layer(
                size: Size(60, 60), center: Point(70, 40), background: Self.red, sublayers: [stripe])
            if i < 11 {
                layer.mask = Fixture.shape(
                    size: Size(30, 30), center: Point(5 + t * 5, 30),
                    path: .oval(in: Rect(x: 0, y: 0, width: 30, height: 30)))
            }
            frames.append(Self.scene(layer))
        }
        let damaged = try Self.expectIncrementalMatchesFull(frames, width: 120, height: 80, scale: scale)
        #expect(damaged == 11)
        // While masked, the damage stays inside the mask's reach, not the whole layer.
        let a = frames[3]
        let b = frames[4]
        let rects = try #require(LayerRenderer.damage(from: a, to: b))
        #expect(rects.allSatisfy { $0.width <= 36 })
    }

    @Test func textThatGrowsRecoloursAndOverflows() throws {
        // Unwrapped text running past its bounds, growing and changing colour and string.
        var frames: [PresentationLayer] = []
        for i in 0..<10 {
            let t = Double(i)
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
            p.position = Point(50, 40)
            var text = TextProperties()
            text.string = i < 6 ? "Loading" : "Done!"
            text.fontSize = 12 + t * 1.5
            text.foregroundColor = Self.red.interpolated(to: Self.blue, fraction: t / 9)
            text.alignmentMode = i % 2 == 0 ? .center : .right
            frames.append(Self.scene(PresentationLayer(properties: p, text: text)))
        }
        try Self.expectIncrementalMatchesFull(frames, width: 120, height: 80, scale: 2)
    }
}
