import CCairo
import LayerKit
import Testing

@testable import LayerKitCairo

/// The masks that put rounded corners back: their coverage against the rounded rectangle's
/// exact area, and how they are kept.
@Suite struct CornerMasksTests {
    /// A card 60.3 × 44.7 points rounded by 11 at scale 2, its top-left corner 0.35 and 0.6
    /// pixel into its top-left square (23 × 23 pixels: the radius, 22 pixels, and the part of
    /// a pixel it starts in).
    static let key = CornerMasks.Key(
        width: 23, height: 23, xx: 2, yy: 2, x0: 0.35, y0: 0.6,
        bounds: Rect(x: 0, y: 0, width: 60.3, height: 44.7), radius: 11, corners: CornerMask.all.rawValue)

    /// Subsamples per pixel side for the exact area.
    static let samples = 32
    /// Cairo's scan converter samples a pixel in 15 sub-rows: an edge's coverage is exact to
    /// within half a sub-row, 1/30 of the pixel (8.5 levels); the sampled area here is within
    /// 1/32 of a pixel per edge crossing (8 levels) and the quarter circle is a cubic within
    /// 0.03 % of the radius. Their sum, rounded up.
    static let tolerance = 17

    /// The fraction of the pixel (`px`, `py`) of `key`'s square lying outside the rounded
    /// rectangle, by point sampling its true geometry (quarter circles).
    static func exactOutside(_ key: CornerMasks.Key, _ px: Int, _ py: Int) -> Double {
        let r = key.radius
        let b = key.bounds
        var outside = 0
        for sy in 0..<samples {
            for sx in 0..<samples {
                let dx = Double(px) + (Double(sx) + 0.5) / Double(samples)
                let dy = Double(py) + (Double(sy) + 0.5) / Double(samples)
                // Device pixels to the layer's points.
                let x = (dx - key.x0) / key.xx
                let y = (dy - key.y0) / key.yy
                var inside = x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY
                if inside {
                    let cx = min(max(x, b.minX + r), b.maxX - r)
                    let cy = min(max(y, b.minY + r), b.maxY - r)
                    inside = (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
                }
                if !inside { outside += 1 }
            }
        }
        return Double(outside) / Double(samples * samples)
    }

    static func coverage(_ mask: CornerMasks.Mask, _ x: Int, _ y: Int) -> Int {
        let data = cairo_image_surface_get_data(mask.surface)!
        let stride = Int(cairo_image_surface_get_stride(mask.surface))
        return Int(data[y * stride + x])
    }

    @Test func aMaskIsTheCoverageOutsideTheRoundedRectangle() throws {
        let masks = CornerMasks()
        let key = Self.key
        let mask = try #require(masks.mask(for: key))
        #expect(cairo_image_surface_get_format(mask.surface) == CAIRO_FORMAT_A8)
        #expect(Int(cairo_image_surface_get_width(mask.surface)) == key.width)
        #expect(Int(cairo_image_surface_get_height(mask.surface)) == key.height)
        var worst = 0
        var partial = 0
        for y in 0..<key.height {
            for x in 0..<key.width {
                let exact = Self.exactOutside(key, x, y) * 255
                let got = Self.coverage(mask, x, y)
                worst = max(worst, Int(abs(Double(got) - exact).rounded(.up)))
                if got > 0 && got < 255 { partial += 1 }
            }
        }
        #expect(worst <= Self.tolerance, "a pixel is \(worst) levels from the exact area")
        // The pixel the card starts in is partly outside; the ones beyond the arc wholly; the
        // square's far corner, well inside the card, not at all.
        #expect(Self.coverage(mask, 0, 0) == 255)
        #expect(Self.coverage(mask, 3, 3) == 255)
        #expect(Self.coverage(mask, 22, 22) == 0)
        // The arc crosses about 22 · π / 2 ≈ 35 pixels, and the edges' first pixels.
        #expect(partial >= 30)
    }

    @Test func theSameSquareGetsTheSameMask() throws {
        let masks = CornerMasks()
        let first = try #require(masks.mask(for: Self.key))
        #expect(masks.mask(for: Self.key) === first)
        var moved = Self.key
        moved.x0 += 0.25
        let other = try #require(masks.mask(for: moved))
        #expect(other !== first)
        #expect(masks.count == 2)
        // Moved by a quarter pixel, the edge pixels' coverage differs.
        var differs = false
        for y in 0..<moved.height {
            for x in 0..<moved.width where Self.coverage(first, x, y) != Self.coverage(other, x, y) {
                differs = true
            }
        }
        #expect(differs)
    }

    @Test func aMaskUnusedForItsIdleDrawsIsDropped() {
        let masks = CornerMasks()
        var unused = Self.key
        unused.y0 = 0.1
        _ = masks.mask(for: Self.key)
        _ = masks.mask(for: unused)
        for _ in 0..<CornerMasks.maximumIdleDraws {
            _ = masks.mask(for: Self.key)
            masks.endDraw()
        }
        #expect(masks.count == 2)
        _ = masks.mask(for: Self.key)
        masks.endDraw()
        #expect(masks.count == 1)
        for _ in 0...CornerMasks.maximumIdleDraws { masks.endDraw() }
        #expect(masks.count == 0)
    }

    @Test func pastTheBoundAMaskIsMadeButNotKept() throws {
        let masks = CornerMasks()
        var key = Self.key
        for i in 0..<CornerMasks.maximumCount {
            key.x0 = Double(i) / 1024
            _ = masks.mask(for: key)
        }
        #expect(masks.count == CornerMasks.maximumCount)
        key.x0 = 0.9
        let made = try #require(masks.mask(for: key))
        #expect(Self.coverage(made, 0, 0) == 255)
        #expect(masks.count == CornerMasks.maximumCount)
        #expect(masks.mask(for: key) !== made)
    }
}

/// Putting corners back by blending pixels directly, against Cairo's own compositing.
@Suite struct CornerBlendTests {
    @Test func theBlendIsEachChannelsRoundedInterpolation() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let s = UInt32.random(in: 0...UInt32.max, using: &generator)
            let d = UInt32.random(in: 0...UInt32.max, using: &generator)
            let m = UInt32.random(in: 0...255, using: &generator)
            let got = PixelTarget.lerp(s, d, m)
            for shift: UInt32 in [0, 8, 16, 24] {
                let a = Double((s >> shift) & 0xff)
                let b = Double((d >> shift) & 0xff)
                let exact = (a * Double(m) + b * Double(255 - m)) / 255
                let channel = Double((got >> shift) & 0xff)
                #expect(abs(channel - exact) <= 0.5 + 1e-9, "s \(s) d \(d) m \(m) channel at \(shift)")
            }
        }
        #expect(PixelTarget.lerp(0x1234_5678, 0x9abc_def0, 255) == 0x1234_5678)
        #expect(PixelTarget.lerp(0x1234_5678, 0x9abc_def0, 0) == 0x9abc_def0)
    }

    /// A rounded card clipping a child that covers it, over stripes, drawn within `clip` (a
    /// device rectangle): whole pixels put the corners back by the blend here, a clip with an
    /// anti-aliased edge by Cairo's `SOURCE` through the mask.
    func render(clip: Rect) throws -> ImageSurface {
        let (surface, canvas) = try Fixture.stripes(width: 120, height: 90)
        canvas.clip(to: clip)
        canvas.scale(2, 2)
        let child = Fixture.layer(
            size: Size(70, 50), center: Point(30, 22),
            background: Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.7))
        let card = Fixture.layer(size: Size(50.3, 36.7), center: Point(30.15, 22.35), sublayers: [child]) {
            p in
            p.cornerRadius = 9
            p.masksToBounds = true
            p.backgroundColor = Color(red: 0.95, green: 0.9, blue: 0.8, alpha: 0.9)
        }
        let renderer = LayerRenderer()
        renderer.draw(card, on: canvas)
        surface.flush()
        return surface
    }

    @Test func blendingHereMatchesCairosCompositing() throws {
        let whole = try render(clip: Rect(x: 0, y: 0, width: 120, height: 90))
        let antiAliased = try render(clip: Rect(x: 0.5, y: 0.5, width: 119, height: 89))
        // Inside the anti-aliased clip's edge pixels the two must agree within the rounding of
        // one blend; the edge pixels themselves differ by the clip's coverage.
        var worst = 0
        for y in 1..<89 {
            for x in 1..<119 {
                let p = whole.pixel(x: x, y: y)!
                let q = antiAliased.pixel(x: x, y: y)!
                worst = max(
                    worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        #expect(worst <= 1)
        // The corners were put back: the stripes show outside the rounded corner, not the
        // child (blue) nor the card.
        let corner = whole.pixel(x: 12, y: 10)!
        let stripes = try render(clip: Rect(x: 0, y: 0, width: 1, height: 1)).pixel(x: 12, y: 10)!
        #expect(corner == stripes)
    }
}
