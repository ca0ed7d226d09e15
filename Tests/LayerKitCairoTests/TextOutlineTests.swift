import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// `LayerRenderer.textOutline`: the glyphs `drawText` draws, as a path hinted for the scale the
/// picture is drawn at (2 here). Filling the outline
/// must ink the pixels that drawing the text inks (the two differ only in hinting and
/// anti-aliasing) in every band of columns, for one line and for wrapped, centred lines whose
/// last glyphs lie far from the origin.
@Suite struct TextOutlineTests {
    func compare(_ configure: (inout TextProperties) -> Void, size: Size) throws {
        var t = TextProperties()
        t.font = "Helvetica"
        t.fontSize = 14.4
        t.foregroundColor = .black
        configure(&t)
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = Point(x: size.width / 2, y: size.height / 2)
        let text = PresentationLayer(properties: p, text: t)
        let outline = try #require(LayerRenderer.textOutline(t, bounds: p.bounds, scale: 2))
        var s = ShapeProperties()
        s.path = outline
        s.fillColor = .black
        let shape = PresentationLayer(properties: p, shape: s)
        let (w, h) = (Int(size.width), Int(size.height))
        let drawn = try Fixture.render(text, width: w, height: h, scale: 2)
        let filled = try Fixture.render(shape, width: w, height: h, scale: 2)
        var inked = 0
        var different = 0
        // Ink per band of ten columns: a glyph left out empties its band.
        var drawnBands = Array(repeating: 0, count: drawn.width / 10 + 1)
        var filledBands = drawnBands
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                let a = drawn.pixel(x: x, y: y)!.red
                let b = filled.pixel(x: x, y: y)!.red
                if a < 128 { inked += 1 }
                if abs(Int(a) - Int(b)) > 128 { different += 1 }
                if a < 128 { drawnBands[x / 10] += 1 }
                if b < 128 { filledBands[x / 10] += 1 }
            }
        }
        #expect(inked > 500, "\(inked) inked pixels")
        // Hinting moves a drawn glyph's edges by a fraction of a pixel: a few pixels in a
        // hundred differ by more than half.
        #expect(different <= inked / 20, "\(different) of \(inked) inked pixels differ by more than half")
        for (band, ink) in drawnBands.enumerated() where ink >= 10 {
            #expect(
                filledBands[band] * 2 >= ink,
                "columns \(band * 10)…: \(ink) drawn, \(filledBands[band]) filled")
        }
    }

    @Test func oneLineIsTheGlyphsDrawn() throws {
        try compare({ $0.string = "Loading…" }, size: Size(width: 120, height: 30))
    }

    @Test func wrappedCentredLinesKeepTheirLastGlyphs() throws {
        try compare(
            {
                $0.string = "Fetching the latest posts for you"
                $0.isWrapped = true
                $0.alignmentMode = .center
            }, size: Size(width: 168, height: 48))
    }
}
