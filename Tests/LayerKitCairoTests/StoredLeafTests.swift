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

    /// The worst channel difference and the pixels that differ at all.
    func compare(_ a: ImageSurface, _ b: ImageSurface) -> (worst: Int, differing: Int) {
        var worst = 0
        var differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)!
                let q = b.pixel(x: x, y: y)!
                let d = max(
                    abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                    abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                worst = max(worst, d)
                if d > 0 { differing += 1 }
            }
        }
        return (worst, differing)
    }

    func identical(_ a: ImageSurface, _ b: ImageSurface) -> Bool {
        a.width == b.width && a.height == b.height && memcmp(a.data, b.data, a.stride * a.height) == 0
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
                let (worst, _) = compare(second, reference)
                #expect(worst <= Self.phaseBound, "step \(step), opacity \(opacity): \(worst) levels off")
                // Blending the store's premultiplied pixels (and, at an opacity, blending them
                // again) rounds a level or two differently from Cairo's own spans here and
                // there, nothing more.
                let (change, _) = compare(first, second)
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
            #expect(identical(a, b), "offset \(offset)")
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

    /// Turned and scaled layers rasterize through their transforms; nothing is stored.
    @Test func turnedAndScaledLayersAreDrawnDirectly() throws {
        for transform in [
            Transform3D(rotationZ: 0.3), Transform3D(scaleX: 1.2, y: 1.2), Transform3D(scaleX: -1, y: 1),
        ] {
            var t = tree()
            for i in t.sublayers.indices { t.sublayers[i].properties.transform = transform }
            let renderer = LayerRenderer()
            _ = try draw(t, renderer, scale: 1)
            _ = try draw(t, renderer, scale: 1)
            #expect(renderer.backingStores.count == 0)
            #expect(renderer.backingStores.unkept == 0)
            #expect(renderer.backingStores.hits == 0)
        }
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
            var card = tree().sublayers[2]
            card.properties.bounds.size = Size(width: 40, height: 30)
            card.properties.backgroundColor = Color(red: Double(i) / 200, green: 0.5, blue: 0.5)
            _ = try draw(card, renderer, scale: 3)
            _ = try draw(card, renderer, scale: 3)
            #expect(renderer.backingStores.cachedBytes <= BackingStores.maximumBytes)
        }
        #expect(renderer.backingStores.count < 200)
    }
}
