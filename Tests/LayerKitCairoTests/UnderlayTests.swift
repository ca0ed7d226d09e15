import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

/// Trees drawn over an underlay of their unchanged leading layers
/// (`LayerRenderer.draw(_:on:over:slot:)`, `UnderlayPlan`).
@Suite struct UnderlayTests {
    static let backdrop = Color(red: 0.16, green: 0.17, blue: 0.2)
    static let width = 150
    static let height = 110

    static func ring(
        _ name: String, inset: Double, width: Double, end: Double = 1, dash: [Double] = [],
        color: Color? = nil
    ) -> PresentationLayer {
        var layer = PresentationLayer(name: name)
        layer.properties.bounds = Rect(x: 0, y: 0, width: 90, height: 90)
        layer.properties.anchorPoint = .zero
        layer.shape = ShapeProperties()
        layer.shape!.path = .oval(in: Rect(x: inset, y: inset, width: 90 - 2 * inset, height: 90 - 2 * inset))
        layer.shape!.fillColor = nil
        layer.shape!.strokeColor = color ?? Color(red: 0.2, green: 0.45, blue: 0.9)
        layer.shape!.lineWidth = width
        layer.shape!.strokeEnd = end
        layer.shape!.lineDashPattern = dash
        return layer
    }

    // The static layers, built once and shared by every frame's tree, as the engine reuses a
    // subtree that did not change (the same node: `UnderlayPlan` compares by identity).
    static let outer = ring("outer", inset: 0.5, width: 1)
    static let dashes = ring("dashes", inset: 12, width: 0.5, dash: [1, 1])
    static let redDashes = ring(
        "dashes", inset: 12, width: 0.5, dash: [1, 1], color: Color(red: 0.9, green: 0.1, blue: 0.1))
    static let row: PresentationLayer = {
        var row = PresentationLayer(name: "row")
        row.properties.bounds = Rect(x: 0, y: 0, width: 70, height: 8)
        row.properties.position = Point(x: 45, y: 92.3)
        row.properties.cornerRadius = 3
        row.properties.backgroundColor = Color(red: 0.85, green: 0.86, blue: 0.9)
        return row
    }()

    /// A card masking to its rounded bounds, like a gallery tile: a static outer ring and a
    /// dashed ring, a ring being drawn on, a turning arm with a ball, and a static row after
    /// them, at time `t`.
    static func tile(_ t: Double, x: Double = 8.5, cardColor: Color = .white, redDashes red: Bool = false)
        -> PresentationLayer
    {
        var card = PresentationLayer(name: "card")
        card.properties.bounds = Rect(x: 0, y: 0, width: 90, height: 96)
        card.properties.anchorPoint = .zero
        card.properties.position = Point(x: x, y: 6.25)
        card.properties.cornerRadius = 14
        card.properties.masksToBounds = true
        card.properties.backgroundColor = cardColor
        card.properties.borderWidth = 1.5
        card.properties.borderColor = Color(red: 0.5, green: 0.5, blue: 0.55)
        var view = PresentationLayer(name: "view")
        view.properties.bounds = Rect(x: 0, y: 0, width: 90, height: 90)
        view.properties.anchorPoint = .zero
        view.properties.backgroundColor = Color(white: 0.96)
        var arm = PresentationLayer(name: "arm")
        arm.properties.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        arm.properties.position = Point(x: 45, y: 45)
        arm.properties.transform = Transform3D(rotationZ: t * 2.1)
        var ball = PresentationLayer(name: "ball")
        ball.properties.bounds = Rect(x: 0, y: 0, width: 9, height: 9)
        ball.properties.position = Point(x: 30, y: 0)
        ball.properties.cornerRadius = 4.5
        ball.properties.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.2)
        arm.sublayers = [ball]
        view.sublayers = [
            outer, red ? redDashes : dashes,
            ring("progress", inset: 20, width: 1, end: 0.1 + 0.8 * (t - t.rounded(.down))), arm,
        ]
        card.sublayers = [view, Self.row]
        return card
    }

    /// Draws each frame's trees (one per slot) into one canvas, only where `regions` says (all
    /// of it the first time), the backdrop filled first, as the gallery draws its tiles.
    static func drawFrames(
        _ frames: [[PresentationLayer]], regions: (Int) -> [Rect], scale: Int, underlays: Bool
    ) throws -> [ImageSurface] {
        let s = Double(scale)
        let image = try ImageSurface(width: width * scale, height: height * scale)
        let canvas = try Canvas(surface: image)
        canvas.scale(s, s)
        let renderer = LayerRenderer()
        renderer.usesUnderlays = underlays
        var drawn: [ImageSurface] = []
        for (n, trees) in frames.enumerated() {
            let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            for region in n == 0 ? [whole] : regions(n) {
                canvas.save()
                canvas.clip(to: region)
                canvas.fill(region, color: backdrop)
                for (slot, tree) in trees.enumerated() {
                    renderer.draw(tree, on: canvas, over: backdrop, slot: slot)
                }
                canvas.restore()
            }
            image.flush()
            let copy = try ImageSurface(width: image.width, height: image.height)
            memcpy(copy.data, image.data, image.stride * image.height)
            copy.markDirty()
            drawn.append(copy)
        }
        return drawn
    }

    @Test(arguments: [1, 2]) func framesOverAnUnderlayAreTheFramesDrawnWhole(scale: Int) throws {
        // From frame 14 on, the dashed ring, one of the leading layers, is red: a new underlay.
        let frames = (0..<24).map { [Self.tile(Double($0) / 10, redDashes: $0 >= 14)] }
        // The whole view every frame (the ring being drawn on damages all of it), and now and
        // then a small region beside it, as another tile's damage would reach in.
        let regions: (Int) -> [Rect] = { n in
            var r = [Rect(x: 8, y: 6, width: 92, height: 92)]
            if n % 5 == 0 { r.append(Rect(x: 30, y: 95, width: 20, height: 9)) }
            return r
        }
        let over = try Self.drawFrames(frames, regions: regions, scale: scale, underlays: true)
        let whole = try Self.drawFrames(frames, regions: regions, scale: scale, underlays: false)
        for (n, (a, b)) in zip(over, whole).enumerated() {
            // Where a fractional clip edge (the card's top at 6.25 points) crosses a shape's
            // edge, Cairo composites the two through the region's clip in one drawing and the
            // underlay's surface edge in the other: a level off here and there, as in the
            // damage oracle. Stale or missing layers would differ in bulk.
            let (worst, differing) = Fixture.difference(a, b)
            #expect(
                worst <= 1 && differing <= 16 * scale * scale,
                "frame \(n): \(differing) pixels, up to \(worst)")
        }
        // And the underlay was made and used: the renderer keeps one for the slot.
        let renderer = LayerRenderer()
        let image = try ImageSurface(width: Self.width, height: Self.height)
        let canvas = try Canvas(surface: image)
        for t in 0..<3 { renderer.draw(Self.tile(Double(t) / 10), on: canvas, over: Self.backdrop, slot: 0) }
        let kept = try #require(renderer.underlays.underlay(in: 0))
        #expect(kept.plan.path.map(\.name) == ["card", "view"])
        #expect(kept.plan.prefixes.map { $0.map(\.name) } == [[], ["outer", "dashes"]])
        #expect(kept.plan.split?.name == "progress")
    }

    /// A region across two tiles: the second tile's underlay is copied only where its leading
    /// layers draw, never over the first tile.
    @Test func anUnderlayCoversOnlyWhereItsLayersDraw() throws {
        let frames = (0..<12).map { t in
            [
                Self.tile(Double(t) / 10, x: 4),
                Self.tile(Double(t) / 10 + 0.35, x: 100, cardColor: Color(white: 0.9)),
            ]
        }
        // One region over both cards and the gap between them.
        let regions: (Int) -> [Rect] = { _ in [Rect(x: 0, y: 0, width: 150, height: 110)] }
        let over = try Self.drawFrames(frames, regions: regions, scale: 1, underlays: true)
        let whole = try Self.drawFrames(frames, regions: regions, scale: 1, underlays: false)
        for (n, (a, b)) in zip(over, whole).enumerated() {
            #expect(Fixture.identical(a, b), "frame \(n)")
        }
    }

    @Test func aPlanFollowsTheUnchangedLayersDownToTheFirstChange() throws {
        let plan = try #require(UnderlayPlan(from: Self.tile(0.1), to: Self.tile(0.2)))
        #expect(plan.path.map(\.name) == ["card", "view"])
        #expect(plan.prefixes.map { $0.map(\.name) } == [[], ["outer", "dashes"]])
        #expect(plan.split?.name == "progress")
        // The same tree: nothing changed, nothing to plan.
        let same = Self.tile(0.1)
        #expect(UnderlayPlan(from: same, to: same)?.path == nil)
        // The card itself moved: it draws anew.
        #expect(UnderlayPlan(from: Self.tile(0.1), to: Self.tile(0.2, x: 9))?.path == nil)
    }

    @Test func anAncestorWhoseDrawingDependsOnItsSublayersEndsThePath() throws {
        // A shadow follows what the sublayers draw: the view is where the change begins.
        func shadowed(_ t: Double) -> PresentationLayer {
            var tile = Self.tile(t)
            tile.sublayers[0].properties.shadowOpacity = 0.5
            return tile
        }
        let plan = try #require(UnderlayPlan(from: shadowed(0.1), to: shadowed(0.2)))
        #expect(plan.path.map(\.name) == ["card"])
        #expect(plan.split?.name == "view")
        // Translucent: drawn as a group, the same.
        func faded(_ t: Double) -> PresentationLayer {
            var tile = Self.tile(t)
            tile.sublayers[0].properties.opacity = 0.8
            return tile
        }
        #expect(try #require(UnderlayPlan(from: faded(0.1), to: faded(0.2))).split?.name == "view")
    }

    @Test func aPlanHoldsWhileTheSameLayersLead() throws {
        let a = try #require(UnderlayPlan(from: Self.tile(0.1), to: Self.tile(0.2)))
        let b = try #require(UnderlayPlan(from: Self.tile(0.2), to: Self.tile(0.3)))
        #expect(a.holds(for: b))
        // Another card colour: the ancestor draws differently.
        let c = try #require(
            UnderlayPlan(from: Self.tile(0.2, cardColor: .black), to: Self.tile(0.3, cardColor: .black)))
        #expect(!a.holds(for: c))
    }
}
