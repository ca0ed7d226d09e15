import LayerKit
import Testing

@testable import LayerKitCairo

/// A rounded `masksToBounds` puts back the pixels of its corners after its sublayers draw
/// (`LayerRenderer+Corners`); a corner that nothing clipped can reach (`clippedReach`) is
/// left alone, and the pixels must be those the full backup gives.
@Suite struct CornerReachTests {
    static let scale = 2.0

    /// A rounded card at a fractional place, clipping `sublayers`, over a background with a
    /// different colour in every pixel row and column near its corners.
    func card(_ sublayers: [PresentationLayer]) -> PresentationLayer {
        var card = PresentationLayer(name: "card")
        card.properties.bounds = Rect(x: 0, y: 0, width: 60.3, height: 44.7)
        card.properties.position = Point(x: 40.35, y: 30.2)
        card.properties.cornerRadius = 11
        card.properties.masksToBounds = true
        card.properties.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.9, alpha: 0.8)
        card.sublayers = sublayers
        return card
    }

    func dot(at centre: Point, side: Double, colour: Color) -> PresentationLayer {
        var dot = PresentationLayer()
        dot.properties.bounds = Rect(x: 0, y: 0, width: side, height: side)
        dot.properties.position = centre
        dot.shape = ShapeProperties()
        dot.shape!.path = .oval(in: Rect(x: 0, y: 0, width: side, height: side))
        dot.shape!.fillColor = colour
        return dot
    }

    func render(_ tree: PresentationLayer) throws -> ImageSurface {
        // Stripes, so a corner put back from the wrong place would show.
        let (surface, canvas) = try Fixture.stripes(width: 170, height: 130)
        canvas.scale(Self.scale, Self.scale)
        // Drawn directly: the empty card, a leaf, would otherwise come from a backing store at
        // its phase rounded to 1/16 pixel, while the cards with sublayers are drawn through
        // their exact place.
        let renderer = LayerRenderer()
        renderer.backingStores.isEnabled = false
        renderer.draw(tree, on: canvas)
        surface.flush()
        return surface
    }

    /// Empty sublayers, which draw nothing, one more than `clippedReach` measures: every corner
    /// is then backed up and put back.
    var fillers: [PresentationLayer] {
        Array(repeating: PresentationLayer(), count: LayerRenderer.maximumReachSublayers + 1)
    }

    /// A dot in the middle of the card reaches no corner: outside the dot every pixel is the
    /// card's own, exactly (as a rounded clip leaves what it keeps out). Putting the corners
    /// back instead gives them within a level (the blend of a pixel over itself rounds).
    @Test func aCornerNothingReachesKeepsItsPixels() throws {
        let inside = [dot(at: Point(x: 30, y: 22), side: 14, colour: Color(red: 0.9, green: 0.2, blue: 0.1))]
        let skipped = try render(card(inside))
        let empty = try render(card([]))
        let putBack = try render(card(inside + fillers))
        // The dot: centred at the card's origin (10.2, 7.85) + (30, 22), 7 across, at 2×.
        let dot = (x: 60..<101, y: 40..<81)
        var changed = 0
        var worst = 0
        for y in 0..<130 {
            for x in 0..<170 {
                let (a, b, c) = (
                    skipped.pixel(x: x, y: y)!, empty.pixel(x: x, y: y)!, putBack.pixel(x: x, y: y)!
                )
                if !(dot.x.contains(x) && dot.y.contains(y)), a != b { changed += 1 }
                worst = max(
                    worst, abs(Int(a.red) - Int(c.red)), abs(Int(a.green) - Int(c.green)),
                    abs(Int(a.blue) - Int(c.blue)),
                    abs(Int(a.alpha) - Int(c.alpha)))
            }
        }
        #expect(changed == 0, "\(changed) pixels outside the dot changed")
        #expect(worst <= 1, "put back: \(worst) levels off")
    }

    /// Which corners are copied: none for a dot in the middle, the one a dot reaches, all four
    /// when the reach is unknown.
    @Test func onlyTheCornersTheClippedDrawingReachesAreCopied() throws {
        let canvas = try Canvas(surface: try ImageSurface(width: 170, height: 130))
        canvas.scale(Self.scale, Self.scale)
        func squares(_ sublayers: [PresentationLayer]) throws -> Int {
            let layer = card(sublayers)
            let toRoot = layer.transformToSuperlayer(nil).concatenating(canvas.matrix)
            _ = canvas.setMatrix(toRoot)
            let backup = renderer.backUpCorners(
                of: layer.properties.bounds, radius: 11, corners: .all,
                reach: { LayerRenderer.clippedReach(of: layer, toRoot: toRoot) }, canvas)
            return try #require(backup).squares.count
        }
        #expect(try squares([dot(at: Point(x: 30, y: 22), side: 14, colour: .white)]) == 0)
        // A dot hanging over the top-left corner.
        #expect(try squares([dot(at: Point(x: 2, y: 3), side: 10, colour: .white)]) == 1)
        #expect(try squares(fillers) == 4)
    }
    let renderer = LayerRenderer()

    /// A sublayer that reaches a corner is still cut by the rounded clip there: the corner's
    /// outermost pixel keeps the background.
    @Test func whatReachesACornerIsStillClipped() throws {
        let over = dot(at: Point(x: 30, y: 22), side: 120, colour: Color(red: 1, green: 0, blue: 0))
        var square = over
        square.shape!.path = .rect(Rect(x: 0, y: 0, width: 120, height: 120))
        let image = try render(card([square]))
        let background = try render(card([]))
        // The card's top-left corner in pixels: (40.35 − 30.15, 30.2 − 22.35) × 2.
        let (x, y) = (
            Int(((40.35 - 60.3 / 2) * Self.scale).rounded(.up)),
            Int(((30.2 - 44.7 / 2) * Self.scale).rounded(.up))
        )
        #expect(image.pixel(x: x, y: y) == background.pixel(x: x, y: y))
        // Well inside, the red square shows.
        #expect(image.pixel(x: 80, y: 60) != background.pixel(x: 80, y: 60))
    }

    @Test func theReachIsUnknownForContentsAndForManySublayers() {
        var withContents = card([])
        withContents.properties.contents = ImageReference(path: "/nonexistent.png", scale: 1)
        #expect(LayerRenderer.clippedReach(of: withContents, toRoot: .identity) == nil)
        #expect(
            LayerRenderer.clippedReach(of: card(fillers + [PresentationLayer()]), toRoot: .identity) == nil)
        #expect(LayerRenderer.clippedReach(of: card([]), toRoot: .identity)?.isNull == true)
        // A shape's reach: its path's box widened by a pixel, mapped.
        var shaped = card([])
        shaped.shape = ShapeProperties()
        shaped.shape!.path = .rect(Rect(x: 10, y: 10, width: 5, height: 5))
        shaped.shape!.fillColor = .white
        let doubled = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(
            LayerRenderer.clippedReach(of: shaped, toRoot: doubled)
                == Rect(x: 18, y: 18, width: 14, height: 14))
    }
}
