import Foundation
import Testing

@testable import LayerKit

/// `ContentsLayout`: the nine-part source → destination rectangles, worked out by hand from
/// Apple's header.
@Suite struct ContentsLayoutTests {
    /// `.resize`: the part fills the bounds.
    static func fill(_ bounds: Rect, _ size: Size) -> Rect { bounds }
    /// `.center`: the part at its own size, centred.
    static func centre(_ b: Rect, _ s: Size) -> Rect {
        Rect(x: b.midX - s.width / 2, y: b.midY - s.height / 2, width: s.width, height: s.height)
    }

    static func properties(_ configure: (inout LayerProperties) -> Void) -> LayerProperties {
        var p = LayerProperties()
        configure(&p)
        return p
    }

    static func piece(_ s: (Double, Double, Double, Double), _ d: (Double, Double, Double, Double))
        -> ContentsLayout.Piece
    {
        ContentsLayout.Piece(
            source: Rect(x: s.0, y: s.1, width: s.2, height: s.3),
            destination: Rect(x: d.0, y: d.1, width: d.2, height: d.3))
    }

    @Test func theDefaultIsOnePieceScaledWhole() {
        let p = Self.properties { $0.bounds = Rect(x: 0, y: 0, width: 40, height: 20) }
        let pieces = ContentsLayout.pieces(
            pixels: Size(20, 10), imageScale: 1, properties: p, place: Self.fill)
        #expect(pieces == [Self.piece((0, 0, 20, 10), (0, 0, 40, 20))])
    }

    @Test func nineParts() {
        // A 30×30-pixel image with its middle third stretchable, drawn into 90×60 points: the
        // 10-pixel corners stay 10 points, the middle column takes 90 − 20 = 70, the middle row
        // 60 − 20 = 40.
        let p = Self.properties {
            $0.bounds = Rect(x: 0, y: 0, width: 90, height: 60)
            $0.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(30, 30), imageScale: 1, properties: p, place: Self.fill)
        let columns = [(0.0, 10.0, 0.0, 10.0), (10, 10, 10, 70), (20, 10, 80, 10)]  // source x, w → dest x, w
        let rows = [(0.0, 10.0, 0.0, 10.0), (10, 10, 10, 40), (20, 10, 50, 10)]
        var expected: [ContentsLayout.Piece] = []
        for r in rows {
            for c in columns { expected.append(Self.piece((c.0, r.0, c.1, r.1), (c.2, r.2, c.3, r.3))) }
        }
        #expect(pieces.count == 9)
        for (a, b) in zip(pieces, expected) {
            for (x, y) in [
                (a.source.minX, b.source.minX), (a.source.width, b.source.width),
                (a.source.minY, b.source.minY), (a.source.height, b.source.height),
                (a.destination.minX, b.destination.minX), (a.destination.width, b.destination.width),
                (a.destination.minY, b.destination.minY), (a.destination.height, b.destination.height),
            ] {
                #expect(abs(x - y) < 1e-9)
            }
        }
    }

    @Test func aZeroWidthCentreIsOneSourcePixel() {
        // Centre (0.5, 0, 0, 1) of 30 pixels: the middle column is the pixel at 14.5…15.5; the
        // fixed parts are 14.5 pixels each, at 2 pixels per point 7.25 points.
        let p = Self.properties {
            $0.bounds = Rect(x: 0, y: 0, width: 50, height: 10)
            $0.contentsCenter = Rect(x: 0.5, y: 0, width: 0, height: 1)
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(30, 20), imageScale: 2, properties: p, place: Self.fill)
        #expect(pieces.map(\.source.minX) == [0, 14.5, 15.5])
        #expect(pieces.map(\.source.width) == [14.5, 1, 14.5])
        #expect(pieces.map(\.destination.width) == [7.25, 35.5, 7.25])
    }

    @Test func fixedPartsShrinkTogetherWhenTheyDoNotFit() {
        // 10-pixel ends into 15 points: each 7.5, no middle.
        let p = Self.properties {
            $0.bounds = Rect(x: 0, y: 0, width: 15, height: 30)
            $0.contentsCenter = Rect(x: 1.0 / 3, y: 0, width: 1.0 / 3, height: 1)
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(30, 30), imageScale: 1, properties: p, place: Self.fill)
        #expect(pieces.map(\.destination.width) == [7.5, 7.5])
        #expect(pieces.map(\.source.minX) == [0, 20])
    }

    @Test func contentsRectPicksThePartTheGravityPlaces() {
        // The right half of a 40×20-pixel image at contentsScale 2 and image scale 1: the part is
        // 20×20 pixels, 10×10 points, centred in 30×30.
        let p = Self.properties {
            $0.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
            $0.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
            $0.contentsScale = 2
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(40, 20), imageScale: 1, properties: p, place: Self.centre)
        #expect(pieces == [Self.piece((20, 0, 20, 20), (10, 10, 10, 10))])
        // The image's own scale multiplies in: at scale 2 too the part is 5×5 points.
        let both = ContentsLayout.pieces(
            pixels: Size(40, 20), imageScale: 2, properties: p, place: Self.centre)
        #expect(both.map(\.destination) == [Rect(x: 12.5, y: 12.5, width: 5, height: 5)])
        // Outside the unit square: the source reaches past the image (the renderer pads).
        var past = p
        past.contentsRect = Rect(x: -0.5, y: 0, width: 1, height: 1)
        let padded = ContentsLayout.pieces(
            pixels: Size(40, 20), imageScale: 1, properties: past, place: Self.fill)
        #expect(padded.map(\.source) == [Rect(x: -20, y: 0, width: 40, height: 20)])
    }

    @Test func badValues() {
        func pieces(_ configure: (inout LayerProperties) -> Void) -> [ContentsLayout.Piece] {
            let p = Self.properties {
                $0.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
                configure(&$0)
            }
            return ContentsLayout.pieces(pixels: Size(10, 10), imageScale: 1, properties: p, place: Self.fill)
        }
        #expect(pieces { $0.contentsRect = Rect(x: .nan, y: 0, width: 1, height: 1) }.isEmpty)
        #expect(pieces { $0.contentsRect = Rect(x: 0, y: 0, width: 0, height: 1) }.isEmpty)
        #expect(
            pieces { $0.contentsRect = Rect(x: 1, y: 0, width: -1, height: 1) }.map(\.source) == [
                Rect(x: 0, y: 0, width: 10, height: 10)
            ])
        #expect(pieces { $0.contentsCenter = Rect(x: .infinity, y: 0, width: 1, height: 1) }.count == 1)
        #expect(pieces { $0.contentsCenter = Rect(x: -3, y: 0.2, width: 9, height: 0.6) }.count == 3)
        #expect(pieces { $0.contentsScale = .nan } == pieces { $0.contentsScale = 1 })
        #expect(pieces { $0.bounds = .zero }.isEmpty)
        #expect(
            ContentsLayout.pieces(
                pixels: Size(0, 10), imageScale: 1, properties: LayerProperties(), place: Self.fill
            )
            .isEmpty)
    }

    @Test func contentsRectCentreAndScaleAnimate() throws {
        let stage = Stage(time: 0)
        stage.scene.perform { stage.layer.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1) }
        #expect(stage.layer.animationKeys() == ["contentsRect"])
        stage.go(0.25)
        #expect(stage.shown.contentsRect == Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        let center = BasicAnimation(keyPath: "contentsCenter")
        center.toValue = .rect(Rect(x: 0.5, y: 0.5, width: 0, height: 0))
        center.duration = 1
        try stage.layer.add(center, forKey: nil)
        stage.go(0.75)
        #expect(stage.shown.contentsCenter == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }
}
