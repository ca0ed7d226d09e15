import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

/// Leaf layers composited from backing stores (`BackingStores`, `LayerRenderer.drawStored`).
@Suite struct StoredLeafTests {
    /// A leaf is drawn within 1/(2 × `phaseSteps`) pixel of where it lies on each axis: the
    /// shift sweeps at most 1/`phaseSteps` of a pixel's area, so an anti-aliased edge pixel
    /// changes by at most that fraction of 255 levels, plus a level for rounding the
    /// premultiplied store.
    static let phaseBound = Int((255 / Double(BackingStores.phaseSteps)).rounded(.up)) + 1

    /// A shape with fill and stroke, a small rounded background, a bordered card and one with
    /// a shadow, at fractional places.
    func tree(offset: Point = .zero, strokeEnd: Double = 1, opacity: Double = 1) -> PresentationLayer {
        var root = PresentationLayer()
        root.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 90)
        root.properties.position = Point(x: 60, y: 45)
        var shape = PresentationLayer()
        shape.properties.bounds = Rect(x: 0, y: 0, width: 24, height: 24)
        shape.properties.position = Point(x: 20.37 + offset.x, y: 21.81 + offset.y)
        shape.properties.opacity = opacity
        shape.shape = ShapeProperties()
        shape.shape!.path = .oval(in: Rect(x: 2, y: 2, width: 20, height: 20))
        shape.shape!.fillColor = Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.8)
        shape.shape!.strokeColor = Color(red: 0.1, green: 0.2, blue: 0.7)
        shape.shape!.lineWidth = 1.5
        shape.shape!.strokeEnd = strokeEnd
        var ball = PresentationLayer()
        ball.properties.bounds = Rect(x: 0, y: 0, width: 13, height: 13)
        ball.properties.position = Point(x: 58.6 + offset.x, y: 19.12 + offset.y)
        ball.properties.cornerRadius = 6.5
        ball.properties.backgroundColor = Color(red: 0.2, green: 0.7, blue: 0.4)
        var card = PresentationLayer()
        card.properties.bounds = Rect(x: 0, y: 0, width: 40, height: 26)
        card.properties.position = Point(x: 36.45 + offset.x, y: 62.7 + offset.y)
        card.properties.cornerRadius = 7
        card.properties.backgroundColor = .white
        card.properties.borderWidth = 1.25
        card.properties.borderColor = Color(red: 0.3, green: 0.3, blue: 0.3)
        var shadowed = card
        shadowed.properties.position = Point(x: 88.2 + offset.x, y: 58.33 + offset.y)
        shadowed.properties.borderWidth = 0
        shadowed.properties.shadowOpacity = 0.6
        shadowed.properties.shadowRadius = 2.5
        shadowed.properties.shadowOffset = Size(width: 1, height: 2)
        root.sublayers = [shape, ball, card, shadowed]
        return root
    }

    func draw(_ tree: PresentationLayer, _ renderer: LayerRenderer, scale: Double) throws -> ImageSurface {
        let image = try ImageSurface(width: Int(120 * scale), height: Int(90 * scale))
        let canvas = try Canvas(surface: image)
        canvas.clear(color: Color(red: 0.95, green: 0.9, blue: 0.8))
        canvas.scale(scale, scale)
        renderer.draw(tree, on: canvas)
        image.flush()
        return image
    }

    func direct() -> LayerRenderer {
        let renderer = LayerRenderer()
        renderer.backingStores.isEnabled = false
        return renderer
    }

    @Test(arguments: [1.0, 2.0])
    func storedLeavesAreWithinTheirPhaseOfTheDirectDrawing(scale: Double) throws {
        for step in 0..<8 {
            let offset = Point(x: Double(step) * 0.093, y: Double(step) * -0.061)
            for opacity in [1.0, 0.55] {
                let t = tree(offset: offset, opacity: opacity)
                let renderer = LayerRenderer()
                // The first draw is direct at the stores' phase, the second makes the stores.
                let first = try draw(t, renderer, scale: scale)
                let second = try draw(t, renderer, scale: scale)
                let reference = try draw(t, direct(), scale: scale)
                #expect(renderer.backingStores.count == 4)
                let (worst, _) = Fixture.difference(second, reference)
                #expect(worst <= Self.phaseBound, "step \(step), opacity \(opacity): \(worst) levels off")
                // Blending the store's premultiplied pixels (and, at an opacity, blending them
                // again) rounds a level or two differently from Cairo's own spans here and
                // there, nothing more.
                let (change, _) = Fixture.difference(first, second)
                #expect(change <= 2, "step \(step): the store is \(change) levels off the first drawing")
            }
        }
    }

    /// What a layer looks like depends only on its content and its place, whatever the renderer
    /// drew before: a renderer that has drawn the tree elsewhere and with other content gives
    /// the pixels of one that has drawn it once before, exactly (so incremental and full
    /// redraws agree).
    @Test(arguments: [1.0, 2.0])
    func pixelsDependOnlyOnContentAndPlace(scale: Double) throws {
        let warm = LayerRenderer()
        for i in 0..<12 {
            _ = try draw(
                tree(offset: Point(x: Double(i) * 0.37, y: Double(i % 3)), strokeEnd: i % 2 == 0 ? 1 : 0.6),
                warm, scale: scale)
        }
        for offset in [Point(x: 0, y: 0), Point(x: 1.11, y: 0.74), Point(x: 3, y: 2)] {
            let a = try draw(tree(offset: offset), warm, scale: scale)
            let fresh = LayerRenderer()
            _ = try draw(tree(offset: offset), fresh, scale: scale)
            let b = try draw(tree(offset: offset), fresh, scale: scale)
            #expect(Fixture.identical(a, b), "offset \(offset)")
        }
    }

    /// A layer that moves by whole pixels is copied from the store it already has.
    @Test func wholePixelMovesCopyTheSameStores() throws {
        let renderer = LayerRenderer()
        _ = try draw(tree(), renderer, scale: 2)
        _ = try draw(tree(), renderer, scale: 2)
        let made = renderer.backingStores.misses
        let hits = renderer.backingStores.hits
        for i in 1...5 {
            _ = try draw(tree(offset: Point(x: Double(i) * 0.5, y: Double(-i))), renderer, scale: 2)
        }
        #expect(renderer.backingStores.misses == made)
        #expect(renderer.backingStores.hits == hits + 5 * 4)
    }

    /// Turned and scaled layers rasterize through their transforms; nothing is stored (the
    /// cards: discs look the same turned, `TurnedDiscTests`).
    @Test func turnedAndScaledLayersAreDrawnDirectly() throws {
        for transform in [
            Transform3D(rotationZ: 0.3), Transform3D(scaleX: 1.2, y: 1.2), Transform3D(scaleX: -1, y: 1),
        ] {
            var t = tree()
            t.sublayers.removeFirst(2)
            for i in t.sublayers.indices { t.sublayers[i].properties.transform = transform }
            let renderer = LayerRenderer()
            _ = try draw(t, renderer, scale: 1)
            _ = try draw(t, renderer, scale: 1)
            #expect(renderer.backingStores.count == 0)
            #expect(renderer.backingStores.unkept == 0)
            #expect(renderer.backingStores.hits == 0)
        }
        // Scaled, the discs are drawn directly too.
        var t = tree()
        for i in t.sublayers.indices {
            t.sublayers[i].properties.transform = Transform3D(scaleX: 1.2, y: 1.2)
        }
        let renderer = LayerRenderer()
        _ = try draw(t, renderer, scale: 1)
        _ = try draw(t, renderer, scale: 1)
        #expect(
            renderer.backingStores.hits + renderer.backingStores.misses + renderer.backingStores.unkept == 0)
    }

    /// Content that changes every draw (a stroke end animating) is drawn without keeping a
    /// store; when it stops changing, a store is made.
    @Test func contentThatChangesEveryDrawIsNotKept() throws {
        let renderer = LayerRenderer()
        for i in 0..<10 {
            var t = tree(strokeEnd: 0.5 + Double(i) * 0.05)
            t.sublayers.removeLast(3)
            _ = try draw(t, renderer, scale: 1)
        }
        #expect(renderer.backingStores.count == 0)
        #expect(renderer.backingStores.unkept == 10)
        var t = tree(strokeEnd: 0.95)
        t.sublayers.removeLast(3)
        _ = try draw(t, renderer, scale: 1)
        #expect(renderer.backingStores.count == 1)
    }

    /// A large plain background is filled directly; with a border it is stored.
    @Test func largePlainBackgroundsAreFilledDirectly() throws {
        var plain = PresentationLayer()
        plain.properties.bounds = Rect(x: 0, y: 0, width: 100, height: 70)
        plain.properties.position = Point(x: 60, y: 45)
        plain.properties.cornerRadius = 8
        plain.properties.backgroundColor = .white
        var bordered = plain
        bordered.properties.borderWidth = 1
        for (layer, stored) in [(plain, false), (bordered, true)] {
            let renderer = LayerRenderer()
            _ = try draw(layer, renderer, scale: 1)
            _ = try draw(layer, renderer, scale: 1)
            #expect((renderer.backingStores.count == 1) == stored)
        }
    }

    /// Stores unused for `maximumIdleDraws` draws are dropped, and the bytes held stay within
    /// `maximumBytes` however many contents are drawn.
    /// A leaf is remembered by its presentation node, with its content's entry; when that
    /// entry is dropped (unused too long, or for room), the leaf met again with the same node
    /// is looked up afresh: its new store is one a lookup finds, counted once, and its pixels
    /// are a fresh renderer's.
    /// A 40 × 30-point card of its own colour (`shade` of red) drawn twice at scale 3, so that
    /// its 120 × 90-pixel store is made.
    func drawCardTwice(shade: Double, _ renderer: LayerRenderer) throws {
        var card = tree().sublayers[2]
        card.properties.bounds.size = Size(width: 40, height: 30)
        card.properties.backgroundColor = Color(red: shade, green: 0.5, blue: 0.5)
        _ = try draw(card, renderer, scale: 3)
        _ = try draw(card, renderer, scale: 3)
    }

    @Test func rememberedLeavesOutliveTheirDroppedEntries() throws {
        let renderer = LayerRenderer()
        let kept = tree()
        _ = try draw(kept, renderer, scale: 1)
        _ = try draw(kept, renderer, scale: 1)
        #expect(renderer.backingStores.count == 4)
        // Other cards crowd the stores out, while the same leaf nodes are met again off the
        // canvas (their memos stay, their stores are not used, and their entries go).
        var away = PresentationLayer()
        away.properties.bounds = kept.properties.bounds
        away.properties.position = Point(x: 1000, y: 1000)
        away.sublayers = [kept]
        for i in 0..<120 {
            try drawCardTwice(shade: Double(i) / 120, renderer)
            if i % 4 == 0 { _ = try draw(away, renderer, scale: 1) }
            #expect(renderer.backingStores.cachedBytes == renderer.backingStores.reachableBytes, "card \(i)")
        }
        let again = try draw(kept, renderer, scale: 1)
        _ = try draw(kept, renderer, scale: 1)
        #expect(renderer.backingStores.cachedBytes == renderer.backingStores.reachableBytes)
        let fresh = LayerRenderer()
        _ = try draw(kept, fresh, scale: 1)
        #expect(Fixture.identical(again, try draw(kept, fresh, scale: 1)))
    }

    @Test func storesAreDroppedAndBounded() throws {
        let renderer = LayerRenderer()
        _ = try draw(tree(), renderer, scale: 1)
        _ = try draw(tree(), renderer, scale: 1)
        #expect(renderer.backingStores.count == 4)
        for _ in 0..<(BackingStores.maximumIdleDraws + 8) {
            _ = try draw(PresentationLayer(), renderer, scale: 1)
        }
        #expect(renderer.backingStores.count == 0)
        #expect(renderer.backingStores.cachedBytes == 0)

        // 200 cards of 120 × 90 pixels at scale 3, each drawn twice: 8.6 MB of stores.
        for i in 0..<200 {
            try drawCardTwice(shade: Double(i) / 200, renderer)
            #expect(renderer.backingStores.cachedBytes <= BackingStores.maximumBytes)
        }
        #expect(renderer.backingStores.count < 200)
    }
}

/// Discs, balls and rings look the same turned: a turned one is drawn from its store, moved to
/// where the turn puts its centre.
@Suite struct TurnedDiscTests {
    func spinner(angle: Double, dots: [PresentationLayer]) -> PresentationLayer {
        var root = PresentationLayer()
        root.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 90)
        root.properties.position = Point(x: 60, y: 45)
        var spinner = PresentationLayer()
        spinner.properties.bounds = Rect(x: 0, y: 0, width: 70, height: 70)
        spinner.properties.position = Point(x: 60.3, y: 44.8)
        spinner.properties.transform = Transform3D(rotationZ: angle)
        spinner.sublayers = dots
        root.sublayers = [spinner]
        return root
    }

    /// A filled and stroked circle shape, a ball (background rounded to a circle) with a border.
    var discs: [PresentationLayer] {
        var dot = PresentationLayer()
        dot.properties.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.properties.position = Point(x: 12.4, y: 35)
        dot.shape = ShapeProperties()
        dot.shape!.path = .arc(
            center: Point(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        dot.shape!.fillColor = Color(red: 0.9, green: 0.3, blue: 0.2)
        dot.shape!.strokeColor = Color(red: 0.1, green: 0.1, blue: 0.5)
        var ball = PresentationLayer()
        ball.properties.bounds = Rect(x: 0, y: 0, width: 14, height: 14)
        ball.properties.position = Point(x: 52.7, y: 20.2)
        ball.properties.cornerRadius = 7
        ball.properties.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3)
        ball.properties.borderWidth = 1.5
        ball.properties.borderColor = .white
        return [dot, ball]
    }

    /// A disc drawn unturned differs from the same disc rasterized turned by the phase's
    /// rounding and by Cairo's own sampling: its scan converter samples 15 sub-rows a pixel, so
    /// an edge turned can land a sub-row away, up to 1/15 of a pixel's coverage (17 levels).
    static let turnBound = StoredLeafTests.phaseBound + Int((255.0 / 15).rounded(.up))

    @Test(arguments: [1.0, 2.0])
    func turnedDiscsAreStoredAndWithinTheirPhaseOfTheTurnedDrawing(scale: Double) throws {
        let support = StoredLeafTests()
        let renderer = LayerRenderer()
        for step in 0..<24 {
            let tree = spinner(angle: Double(step) * 0.37, dots: discs)
            let stored = try support.draw(tree, renderer, scale: scale)
            let direct = try support.draw(tree, support.direct(), scale: scale)
            let (worst, _) = Fixture.difference(stored, direct)
            #expect(worst <= Self.turnBound, "step \(step): \(worst) levels off")
        }
        // Two contents, each kept at the phases it was drawn at more than once.
        #expect(
            renderer.backingStores.hits + renderer.backingStores.misses + renderer.backingStores.unkept == 48)
        #expect(renderer.backingStores.count > 0)
    }

    /// What does not look the same turned is drawn through its turn: a square, a rounded
    /// rectangle, a dashed or trimmed ring, half a circle, a circle off the centre, a shadow.
    @Test func whatChangesWhenTurnedIsDrawnDirectly() throws {
        let base = discs[0]
        var variants: [PresentationLayer] = []
        var square = base
        square.shape = nil
        square.properties.backgroundColor = .black
        variants.append(square)
        var rounded = square
        rounded.properties.cornerRadius = 3
        variants.append(rounded)
        var dashed = base
        dashed.shape!.lineDashPattern = [2, 1]
        variants.append(dashed)
        var trimmed = base
        trimmed.shape!.strokeEnd = 0.7
        variants.append(trimmed)
        var half = base
        half.shape!.path = .arc(
            center: Point(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
        variants.append(half)
        var offCentre = base
        offCentre.shape!.path = .oval(in: Rect(x: 1, y: 0, width: 8, height: 8))
        variants.append(offCentre)
        var shadowed = base
        shadowed.properties.shadowOpacity = 0.5
        variants.append(shadowed)
        for (i, layer) in variants.enumerated() {
            #expect(LayerRenderer.turnInvariantCentre(of: layer.ownContent) == nil, "variant \(i)")
        }
        #expect(LayerRenderer.turnInvariantCentre(of: discs[0].ownContent) == Point(x: 5, y: 5))
        #expect(LayerRenderer.turnInvariantCentre(of: discs[1].ownContent) == Point(x: 7, y: 7))
        let renderer = LayerRenderer()
        for step in 0..<3 {
            // Not the shadowed one: its shadow's body is drawn apart, and that body is a disc.
            _ = try StoredLeafTests().draw(
                spinner(angle: 0.5 + Double(step), dots: variants.dropLast()), renderer, scale: 1)
        }
        #expect(
            renderer.backingStores.hits + renderer.backingStores.misses + renderer.backingStores.unkept == 0)
    }

    /// A turn at the canvas's scale, within rounding; not a skew or a scale.
    @Test func turnsAreRecognised() {
        for angle in [0.1, 1, 2.5, -3] {
            let turn = AffineTransform(
                a: cos(angle) * 2, b: sin(angle) * 2, c: -sin(angle) * 2, d: cos(angle) * 2, tx: 3, ty: 4)
            #expect(LayerRenderer.isTurnAtScale(turn, 2))
            #expect(!LayerRenderer.isTurnAtScale(turn, 1))
            let mirrored = AffineTransform(a: turn.a, b: turn.b, c: -turn.c, d: -turn.d, tx: 0, ty: 0)
            #expect(LayerRenderer.isTurnAtScale(mirrored, 2))
        }
        #expect(!LayerRenderer.isTurnAtScale(AffineTransform(a: 2, b: 0, c: 0.3, d: 2, tx: 0, ty: 0), 2))
        #expect(!LayerRenderer.isTurnAtScale(AffineTransform(a: 2, b: 0, c: 0, d: 2.2, tx: 0, ty: 0), 2))
    }
}
