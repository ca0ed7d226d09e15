import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Text layers drawn with the system's fonts. Positions are worked out from the font file:
/// "Menlo" resolves to DejaVu Sans Mono (`make deps` installs it), whose every glyph advances
/// 1233/2048 em, and whose full block "█" fills its advance, so a run of blocks covers exactly
/// the width the layout gives it.
@Suite struct TextRenderTests {
    static let advance = 1233.0 / 2048

    static func text(
        _ string: String?, size: Size, center: Point, _ configure: (inout TextProperties) -> Void = { _ in }
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = center
        var t = TextProperties()
        t.string = string
        t.font = "Menlo"
        t.fontSize = 20
        t.foregroundColor = .black
        configure(&t)
        return PresentationLayer(properties: p, text: t)
    }

    /// The columns (x) of the image's row `y` that something drew on (not white).
    static func inkColumns(_ image: ImageSurface, row y: Int) -> [Int] {
        (0..<image.width).filter { x in
            let p = image.pixel(x: x, y: y)!
            return Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 200
        }
    }

    /// The rows with ink anywhere.
    static func inkRows(_ image: ImageSurface) -> [Int] {
        (0..<image.height).filter { !inkColumns(image, row: $0).isEmpty }
    }

    @Test(arguments: [(TextAlignment.left, 0.0), (.natural, 0.0), (.right, 1.0), (.center, 0.5)])
    func alignmentPlacesTheLine(alignment: TextAlignment, free: Double) throws {
        // Four blocks of 20 · 0.602 = 12.04 points: 48.2 points in a 100-point-wide layer at x 0.
        let layer = Self.text("████", size: Size(100, 40), center: Point(50, 20)) {
            $0.alignmentMode = alignment
        }
        let image = try Fixture.render(layer, width: 100, height: 40)
        let width = 4 * 20 * Self.advance
        let left = (100 - width) * free
        let ink = Self.inkColumns(image, row: 15)
        let first = try #require(ink.first)
        let last = try #require(ink.last)
        #expect(abs(Double(first) - left) <= 1, "ink starts at \(first), expected \(left)")
        #expect(
            abs(Double(last + 1) - (left + width)) <= 1, "ink ends at \(last + 1), expected \(left + width)")
    }

    @Test func theForegroundColourFillsTheGlyphs() throws {
        let layer = Self.text("█", size: Size(40, 40), center: Point(20, 20)) { t in
            t.fontSize = 30
            t.foregroundColor = Color(red: 0, green: 0.5, blue: 1)
        }
        let image = try Fixture.render(layer, width: 40, height: 40)
        // The block spans 0…18.06 points across; its middle row is inside it.
        expectPixel(image, 9, 15, (0, 127.5, 255, 255), tolerance: 2)
        expectPixel(image, 30, 15, (255, 255, 255, 255))
    }

    @Test func wrappedLinesStackOneLineHeightApart() throws {
        // 100 points hold 8 characters (96.3): "▄▄▄▄ ▄▄▄▄ ▄▄▄▄" wraps after each word. The lower
        // half block leaves the top of each line blank, so the lines' ink bands stay apart.
        let single = Self.text("▄▄▄▄", size: Size(100, 200), center: Point(50, 100))
        let wrapped = Self.text("▄▄▄▄ ▄▄▄▄ ▄▄▄▄", size: Size(100, 200), center: Point(50, 100)) {
            $0.isWrapped = true
        }
        let rows = Self.inkRows(try Fixture.render(single, width: 100, height: 200))
        let three = try Fixture.render(wrapped, width: 100, height: 200)
        let stacked = Self.inkRows(three)
        // The first row of each band.
        let bands = stacked.indices.filter { $0 == 0 || stacked[$0] != stacked[$0 - 1] + 1 }.map {
            stacked[$0]
        }
        #expect(bands.count == 3)
        #expect(bands.first == rows.first)
        // DejaVu's line height is its ascent + descent, (1901 + 483) / 2048 em.
        let lineHeight = 20 * 2384.0 / 2048
        for (k, start) in bands.enumerated() {
            #expect(abs(Double(start - bands[0]) - Double(k) * lineHeight) <= 1)
            #expect(Self.inkColumns(three, row: start + 1).first == 0)  // each line at the left edge
        }
    }

    @Test func truncationKeepsTheLineInsideTheBounds() throws {
        // 14 blocks (168.6 points) in 100: cut to what fits with "…" at the end.
        let layer = Self.text(String(repeating: "█", count: 14), size: Size(100, 30), center: Point(60, 15)) {
            $0.truncationMode = .end
        }
        let image = try Fixture.render(layer, width: 160, height: 30)
        let ink = Self.inkColumns(image, row: 12)
        #expect(ink.last.map { $0 < 110 } == true)  // inside the bounds (10…110)
        // 7 blocks and the ellipsis fit (8 × 12.04 = 96.3): the blocks end at 10 + 84.3.
        expectPixel(image, 93, 12, (0, 0, 0, 255), tolerance: 40)
        // Without truncation the line runs on past the bounds.
        var long = layer
        long.text?.truncationMode = .none
        let overflow = try Fixture.render(long, width: 200, height: 30)
        #expect(Self.inkColumns(overflow, row: 12).last.map { $0 > 170 } == true)
        // masksToBounds clips it.
        long.properties.masksToBounds = true
        let clipped = try Fixture.render(long, width: 200, height: 30)
        #expect(Self.inkColumns(clipped, row: 12).last.map { $0 < 110 } == true)
    }

    @Test func translucentTextIsNotClippedToItsBounds() throws {
        // Opacity below 1 draws the layer as a group bounded by its extent: the extent must
        // hold the text running past the bounds (10…50 on screen) to x = 10 + 8 · 12.04.
        let layer = Self.text("████████", size: Size(40, 30), center: Point(30, 15)) { _ in }
        var faded = layer
        faded.properties.opacity = 0.5
        let image = try Fixture.render(faded, width: 120, height: 30)
        expectPixel(image, 100, 12, (127.5, 127.5, 127.5, 255), tolerance: 2)
    }

    @Test func badTextValuesNeverBreakTheContext() throws {
        let bad: [(inout TextProperties) -> Void] = [
            { $0.fontSize = .nan },
            { $0.fontSize = -4 },
            { $0.fontSize = 1e9 },
            { $0.foregroundColor = nil },
            { $0.foregroundColor = Color(red: .nan, green: 9, blue: -1) },
            { $0.string = "nul\0inside" },
            { $0.string = "" },
            { $0.font = "" },
            { $0.font = "No Such Font-ExtraBoldItalic" },
            {
                $0.isWrapped = true
                $0.truncationMode = .middle
                $0.string = String(repeating: "wide ", count: 200)
            },
        ]
        var layers: [PresentationLayer] = []
        for (i, f) in bad.enumerated() {
            layers.append(Self.text("abc", size: Size(10, 10), center: Point(Double(i) * 20 + 5, 5), f))
        }
        layers.append(
            Fixture.layer(size: Size(4, 4), center: Point(Double(bad.count) * 20 + 5, 5), background: .black))
        var nanBounds = Self.text("abc", size: Size(10, 10), center: Point(0, 0))
        nanBounds.properties.bounds.size.width = .nan
        layers.append(nanBounds)
        let root = Fixture.layer(
            size: Size(Double(bad.count + 1) * 20, 10), center: Point(Double(bad.count + 1) * 10, 5),
            sublayers: layers)
        let image = try Fixture.render(root, width: (bad.count + 1) * 20, height: 10)
        expectPixel(image, bad.count * 20 + 5, 5, (0, 0, 0, 255))
    }

    @Test func snapshot() throws {
        let layers = [
            Self.text("Loading…", size: Size(150, 30), center: Point(85, 20)) { t in
                t.font = "Helvetica-Bold"
                t.fontSize = 22
                t.foregroundColor = Color(r255: 90, g: 200, b: 200)
            },
            Self.text("centred", size: Size(150, 24), center: Point(85, 50)) { t in
                t.font = "Times"
                t.alignmentMode = .center
            },
            Self.text("right", size: Size(150, 24), center: Point(85, 75)) { t in
                t.font = "Helvetica-Oblique"
                t.fontSize = 16
                t.alignmentMode = .right
            },
            Self.text(
                "Pull to refresh: release past the line to load the newest posts.", size: Size(150, 34),
                center: Point(85, 110)
            ) { t in
                t.font = "Helvetica"
                t.fontSize = 13
                t.isWrapped = true
                t.truncationMode = .end
                t.alignmentMode = .justified
            },
            Self.text("加载中…", size: Size(150, 30), center: Point(85, 160)) { t in
                t.font = "PingFangSC-Regular"
                t.fontSize = 18
                t.foregroundColor = Color(r255: 234, g: 67, b: 69)
            },
        ]
        let root = Fixture.layer(
            size: Size(170, 180), center: Point(85, 90), background: Color(white: 0.95), sublayers: layers)
        let image = try Fixture.render(root, width: 170, height: 180)
        try expectSnapshot(image, named: "text")
    }
}
