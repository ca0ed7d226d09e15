import Foundation
import LayerKit
import Testing

@testable import LayerKitCairo

/// Layers wholly outside what the clip lets through are skipped with their subtrees
/// (`LayerRenderer.isCulled`), and skipping them changes no pixel.
@Suite struct CullTests {
    static let visible = Rect(x: 100, y: 100, width: 40, height: 30)

    /// A list row: a plain background with two placeholders.
    static func row(at origin: Point, shadow: Bool = false) -> PresentationLayer {
        var row = PresentationLayer()
        row.properties.bounds = Rect(x: 0, y: 0, width: 60, height: 20)
        row.properties.anchorPoint = .zero
        row.properties.position = origin
        row.properties.backgroundColor = .white
        if shadow {
            row.properties.shadowOpacity = 1
            row.properties.shadowRadius = 4
            row.properties.shadowOffset = Size(width: 0, height: 12)
        }
        var avatar = PresentationLayer()
        avatar.properties.bounds = Rect(x: 0, y: 0, width: 14, height: 14)
        avatar.properties.position = Point(x: 10.3, y: 10.2)
        avatar.properties.cornerRadius = 4
        avatar.properties.backgroundColor = Color(red: 0.8, green: 0.82, blue: 0.86)
        var bar = avatar
        bar.properties.bounds = Rect(x: 0, y: 0, width: 30, height: 5)
        bar.properties.position = Point(x: 38.6, y: 7.4)
        bar.properties.cornerRadius = 2.5
        row.sublayers = [avatar, bar]
        return row
    }

    static func place(_ origin: Point, clip: Rect? = nil) -> PresentationWalk.Place {
        PresentationWalk.Place(
            toRoot: AffineTransform(translationX: origin.x, y: origin.y), clip: clip, depth: 1)
    }

    @Test func aRowBesideTheVisibleAreaIsCulledWithItsPlaceholders() {
        let row = Self.row(at: .zero)
        // Its extent is its bounds: 60 × 20 at the place.
        #expect(LayerRenderer.isCulled(row, at: Self.place(Point(x: 100, y: 60)), visible: Self.visible))
        #expect(LayerRenderer.isCulled(row, at: Self.place(Point(x: 20, y: 100)), visible: Self.visible))
        // Reaching a pixel into it, it is drawn.
        #expect(!LayerRenderer.isCulled(row, at: Self.place(Point(x: 100, y: 81)), visible: Self.visible))
        #expect(!LayerRenderer.isCulled(row, at: Self.place(Point(x: 41, y: 100)), visible: Self.visible))
    }

    @Test func aShadowReachingIntoTheVisibleAreaKeepsItsLayer() {
        // The body ends 10 points above; the shadow is cast 12 points down, blurred by 4.
        let row = Self.row(at: .zero, shadow: true)
        #expect(!LayerRenderer.isCulled(row, at: Self.place(Point(x: 100, y: 70)), visible: Self.visible))
        // Far enough up, the shadow ends above too.
        #expect(LayerRenderer.isCulled(row, at: Self.place(Point(x: 100, y: 40)), visible: Self.visible))
    }

    @Test func anAncestorsClipCullsWhatItCutsAway() {
        let row = Self.row(at: .zero)
        let at = Point(x: 100, y: 100)
        #expect(!LayerRenderer.isCulled(row, at: Self.place(at), visible: Self.visible))
        // A viewport above, masking to a box that ends where the row begins.
        let viewport = Rect(x: 0, y: 0, width: 200, height: 100)
        #expect(LayerRenderer.isCulled(row, at: Self.place(at, clip: viewport), visible: Self.visible))
    }

    @Test func aLayerWithDeeperSublayersIsNotMeasuredAsAWhole() {
        // Bounding it would walk its whole subtree: its sublayers are tested as they are met.
        var list = PresentationLayer()
        list.properties.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
        list.properties.anchorPoint = .zero
        list.sublayers = [Self.row(at: .zero), Self.row(at: Point(x: 0, y: 20))]
        #expect(!LayerRenderer.isCulled(list, at: Self.place(Point(x: 100, y: 0)), visible: Self.visible))
        // Masking to its bounds, it is bounded by them.
        list.properties.masksToBounds = true
        #expect(LayerRenderer.isCulled(list, at: Self.place(Point(x: 100, y: 0)), visible: Self.visible))
    }

    /// A scrolled list in a masking viewport, a shadowed card and a ring, drawn region by
    /// region (as damage is redrawn) with culling and without: the same pixels, byte for byte.
    @Test(arguments: [1, 2]) func drawingInRegionsCullsNoPixel(scale: Int) throws {
        var root = PresentationLayer()
        root.properties.bounds = Rect(x: 0, y: 0, width: 160, height: 120)
        root.properties.anchorPoint = .zero
        var viewport = PresentationLayer()
        viewport.properties.bounds = Rect(x: 0, y: 13.5, width: 70, height: 90)
        viewport.properties.anchorPoint = .zero
        viewport.properties.position = Point(x: 6, y: 8)
        viewport.properties.masksToBounds = true
        viewport.properties.backgroundColor = Color(white: 0.97)
        viewport.sublayers = (0..<8).map { Self.row(at: Point(x: 4.5, y: Double($0) * 21.25)) }
        var card = Self.row(at: Point(x: 90.25, y: 20.5), shadow: true)
        card.properties.cornerRadius = 6
        var ring = PresentationLayer()
        ring.properties.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
        ring.properties.position = Point(x: 120.4, y: 90.7)
        ring.shape = ShapeProperties()
        ring.shape!.path = .oval(in: Rect(x: 2, y: 2, width: 26, height: 26))
        ring.shape!.fillColor = nil
        ring.shape!.strokeColor = Color(red: 0.2, green: 0.4, blue: 0.9)
        ring.shape!.lineWidth = 2
        root.sublayers = [viewport, card, ring]

        func drawn(culling: Bool) throws -> ImageSurface {
            let s = Double(scale)
            let image = try ImageSurface(width: 160 * scale, height: 120 * scale)
            let canvas = try Canvas(surface: image)
            canvas.scale(s, s)
            let renderer = LayerRenderer()
            renderer.cullsByClip = culling
            // Regions of 17 × 13 points, some cutting rows, the card's shadow and the ring.
            for y in stride(from: 0.0, to: 120, by: 13) {
                for x in stride(from: 0.0, to: 160, by: 17) {
                    let region = Rect(x: x, y: y, width: 17, height: 13)
                    canvas.save()
                    canvas.clip(to: region)
                    canvas.fill(region, color: Color(red: 0.9, green: 0.85, blue: 0.7))
                    renderer.draw(root, on: canvas)
                    canvas.restore()
                }
            }
            image.flush()
            return image
        }
        let culled = try drawn(culling: true)
        let whole = try drawn(culling: false)
        #expect(Fixture.identical(culled, whole))
    }
}
