import Foundation
import Testing

@testable import LayerKit

/// Trimming (strokeStart/strokeEnd), pieces with their dash anchors, and dashing.
@Suite struct PathTrimTests {
    /// The four-dots loader's line: four separate straight subpaths between the edge
    /// midpoints of a 35×35 box, top → left, left → bottom, bottom → right, right → top.
    static let top = Point(x: 17.5, y: 0)
    static let left = Point(x: 0, y: 17.5)
    static let bottom = Point(x: 17.5, y: 35)
    static let right = Point(x: 35, y: 17.5)
    static var fourDots: Path {
        var p = Path()
        for (a, b) in [(top, left), (left, bottom), (bottom, right), (right, top)] {
            p.move(to: a)
            p.addLine(to: b)
        }
        return p
    }
    /// Each of the four lines is 17.5·√2 long.
    static let side = 17.5 * 2.0.squareRoot()

    static func points(_ p: Path) -> [Point] {
        p.elements.compactMap { e -> Point? in
            switch e {
            case .move(let q), .line(let q), .quad(let q, _), .cubic(let q, _, _): return q
            case .close: return nil
            }
        }
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        a.distance(to: b) <= tolerance
    }

    @Test func strokeEndAcrossSubpathsEndsHalfwayAlongTheSecondLine() {
        let m = Self.fourDots.measure
        #expect(abs(m.length - 4 * Self.side) <= 1e-12)
        // 0.375 of four equal lines is one and a half lines.
        let t = m.trimmed(from: 0, to: 0.375)
        #expect(t.elements.count == 4)
        #expect(t.elements[0] == .move(to: Self.top) && t.elements[1] == .line(to: Self.left))
        #expect(t.elements[2] == .move(to: Self.left))
        guard case .line(let end) = t.elements[3] else {
            Issue.record("expected a line, got \(t.elements[3])")
            return
        }
        #expect(Self.near(end, Self.left.lerp(to: Self.bottom, 0.5)))
    }

    @Test func piecesCarryTheirDistanceFromTheContourStart() {
        let m = Self.fourDots.measure
        // From 1.5 lines to 2.4 lines: the second half of line 2, then 0.4 of line 3.
        let pieces = m.pieces(from: 0.375, to: 0.6)
        #expect(pieces.map(\.contourIndex) == [1, 2])
        #expect(abs(pieces[0].distanceInContour - Self.side / 2) <= 1e-9)
        #expect(pieces[1].distanceInContour == 0)
        let first = Self.points(pieces[0].path)
        #expect(first.count == 2 && Self.near(first[0], Self.left.lerp(to: Self.bottom, 0.5)))
        #expect(first.count == 2 && first[1] == Self.bottom)
        let second = Self.points(pieces[1].path)
        #expect(second.count == 2 && second[0] == Self.bottom)
        #expect(second.count == 2 && Self.near(second[1], Self.bottom.lerp(to: Self.right, 0.4)))
    }

    @Test func dashAnchorOnASingleLine() {
        let line = Path(elements: [.move(to: .zero), .line(to: Point(x: 100, y: 0))])
        let pieces = line.measure.pieces(from: 0.25, to: 0.9)
        #expect(pieces.count == 1)
        #expect(abs(pieces[0].distanceInContour - 25) <= 1e-12)
        // Dashing the piece from phase `distanceInContour` puts the dashes where they are on
        // the whole line: [2, 3] on 0…100 has dashes at 25…27, 30…32, …
        let whole = line.measure.dashed(pattern: [2, 3], phase: 0).measure
        let piece = pieces[0].path.measure.dashed(pattern: [2, 3], phase: pieces[0].distanceInContour).measure
        let wholeStarts = whole.contours.map { whole.position(atDistance: $0.startDistance + 1e-9)!.x }
        let pieceStarts = piece.contours.map { piece.position(atDistance: $0.startDistance + 1e-9)!.x }
        let expected = stride(from: 25.0, to: 90, by: 5).map { $0 }
        #expect(pieceStarts.count == expected.count)
        for (a, b) in zip(pieceStarts, expected) { #expect(abs(a - b) <= 1e-6) }
        #expect(wholeStarts.filter { $0 >= 25 && $0 < 90 }.count == expected.count)
    }

    @Test func trimmingCutsCurvesExactly() {
        let r = 30.0
        let c = Point(x: 40, y: 40)
        let m = Path.oval(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)).measure
        for (a, b) in [(0.1, 0.35), (0.05, 0.95), (0.3, 0.31), (0.0, 0.125), (0.6, 1.0)] {
            let t = m.trimmed(from: a, to: b)
            // The cut curves are the original curves over sub-ranges: their length is the
            // trimmed share of the whole, and their ends are the points at those distances.
            #expect(abs(t.measure.length - (b - a) * m.length) <= 1e-9 * m.length)
            let pts = Self.points(t)
            #expect(Self.near(pts.first!, m.position(atDistance: a * m.length)!))
            #expect(Self.near(pts.last!, m.position(atDistance: b * m.length)!))
            // Every element of the trimmed path is a cubic (de Casteljau keeps the kind).
            #expect(t.elements.dropFirst().allSatisfy { if case .cubic = $0 { true } else { false } })
            // Points along the trimmed path lie on the original curve.
            let tm = t.measure
            for f in [0.2, 0.5, 0.8] {
                let q = tm.position(atDistance: f * tm.length)!
                let onOriginal = m.position(atDistance: a * m.length + f * tm.length)!
                #expect(Self.near(q, onOriginal, 1e-8))
            }
        }
    }

    @Test func fullyIncludedClosedContourKeepsItsClose() {
        let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        var p = square
        p.move(to: Point(x: 20, y: 0))
        p.addLine(to: Point(x: 60, y: 0))
        let m = p.measure  // 40 + 40
        let t = m.trimmed(from: 0, to: 0.75)
        #expect(Array(t.elements.prefix(5)) == square.elements)
        #expect(
            Array(t.elements.dropFirst(5)) == [.move(to: Point(x: 20, y: 0)), .line(to: Point(x: 40, y: 0))])
        #expect(m.pieces(from: 0, to: 0.75).map(\.contourIndex) == [0, 1])
    }

    @Test func partlyIncludedClosedContourIsOpenAndItsClosingLineIsCut() {
        let m = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10)).measure
        // 40 around; 5 → 35 runs from the top edge's middle to the closing line's middle.
        let t = m.trimmed(from: 0.125, to: 0.875)
        #expect(
            t.elements == [
                .move(to: Point(x: 5, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
                .line(to: Point(x: 0, y: 10)), .line(to: Point(x: 0, y: 5)),
            ])
    }

    @Test func fractionsAreClampedAndDegenerateRangesGiveNothing() {
        let m = Self.fourDots.measure
        #expect(m.trimmed(from: -3, to: 7) == m.trimmed(from: 0, to: 1))
        #expect(m.trimmed(from: 0, to: 1) == Self.fourDots)
        #expect(m.trimmed(from: 0.7, to: 0.2).isEmpty)  // start > end
        #expect(m.trimmed(from: 0.5, to: 0.5).isEmpty)  // start == end
        #expect(m.trimmed(from: 1, to: 1).isEmpty)  // the four-dots loader's resting state
        #expect(m.trimmed(from: 2, to: 3).isEmpty)  // both clamp to 1
        #expect(m.trimmed(from: .nan, to: 1).isEmpty)
        #expect(m.trimmed(from: 0, to: .nan).isEmpty)
        #expect(m.pieces(from: .nan, to: .nan).isEmpty)
        #expect(m.trimmed(from: -.infinity, to: .infinity) == Self.fourDots)
        // Ending exactly where a contour starts does not draw a dot of the next one.
        #expect(m.pieces(from: 0, to: 0.25).map(\.contourIndex) == [0])
    }

    @Test func zeroLengthContoursAreKeptWhenInRange() {
        var p = Path()
        p.move(to: Point(x: 5, y: 5))
        p.addLine(to: Point(x: 5, y: 5))  // a dot (a round cap draws it)
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 10, y: 0))
        let m = p.measure
        #expect(m.trimmed(from: 0, to: 1) == p)
        #expect(m.pieces(from: 0.5, to: 1).map(\.contourIndex) == [1])
        let dotOnly = Path(elements: [.move(to: Point(x: 1, y: 1)), .line(to: Point(x: 1, y: 1))])
        #expect(dotOnly.measure.trimmed(from: 0, to: 1) == dotOnly)
        #expect(dotOnly.measure.trimmed(from: 0, to: 0).isEmpty)
    }

    // MARK: Dashing

    static func dashRanges(_ p: Path) -> [(Double, Double)] {
        // Each dash of a horizontal line from x = 0 is one subpath: report its x range.
        var out: [(Double, Double)] = []
        var start: Double?
        var last: Double?
        for e in p.elements {
            switch e {
            case .move(let q):
                if let s = start, let l = last { out.append((s, l)) }
                start = q.x
                last = q.x
            case .line(let q): last = q.x
            default: break
            }
        }
        if let s = start, let l = last { out.append((s, l)) }
        return out
    }

    static func expectRanges(_ p: Path, _ expected: [(Double, Double)]) {
        let got = dashRanges(p)
        #expect(got.count == expected.count, "got \(got)")
        for (g, e) in zip(got, expected) {
            #expect(abs(g.0 - e.0) <= 1e-9 && abs(g.1 - e.1) <= 1e-9, "got \(got)")
        }
    }

    static let line10 = Path(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0))])

    @Test func dashPatternAndPhaseFollowCoreGraphics() {
        let m = Self.line10.measure
        Self.expectRanges(m.dashed(pattern: [2, 3], phase: 0), [(0, 2), (5, 7)])
        // The phase shifts the pattern back: 1 into the first dash.
        Self.expectRanges(m.dashed(pattern: [2, 3], phase: 1), [(0, 1), (4, 6), (9, 10)])
        // A whole period of phase changes nothing; a negative phase counts back from it.
        Self.expectRanges(m.dashed(pattern: [2, 3], phase: 5), [(0, 2), (5, 7)])
        Self.expectRanges(m.dashed(pattern: [2, 3], phase: -1), [(1, 3), (6, 8)])
        // An odd pattern repeats: [2] is [2, 2].
        Self.expectRanges(m.dashed(pattern: [2], phase: 0), [(0, 2), (4, 6), (8, 10)])
        // A zero on-length is a zero-length dash (a dot under a round cap).
        Self.expectRanges(m.dashed(pattern: [0, 4], phase: 0), [(0, 0), (4, 4), (8, 8)])
        // A non-finite phase counts as 0.
        Self.expectRanges(m.dashed(pattern: [2, 3], phase: .nan), [(0, 2), (5, 7)])
    }

    @Test func badPatternsMeanNoDashing() {
        let m = Self.line10.measure
        for pattern: [Double] in [[], [0, 0], [2, -1], [.nan, 2], [.infinity, 1], [1e-9, 1e-9]] {
            #expect(m.dashed(pattern: pattern, phase: 0) == Self.line10, "pattern \(pattern)")
        }
    }

    @Test func dashesOfAClosedContourAreOpenAndRestartPerContour() {
        var p = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        p.move(to: Point(x: 0, y: 20))
        p.addLine(to: Point(x: 10, y: 20))
        let d = p.measure.dashed(pattern: [6, 4], phase: 0)
        #expect(!d.elements.contains(.close))
        let dm = d.measure
        // Square (40): dashes 0–6, 10–16, 20–26, 30–36; line: 0–6 again (restarted).
        #expect(dm.contours.count == 5)
        for c in dm.contours { #expect(abs(c.length - 6) <= 1e-12) }
        #expect(dm.position(atDistance: 0) == Point(x: 0, y: 0))
        #expect(dm.segments.last!.end == Point(x: 6, y: 20))
        // The dash from 30 to 36 runs along the closing line, from (0,10) up to (0,4).
        #expect(dm.contours[3].segmentIndices.count == 1)
        let closing = dm.segments[dm.contours[3].segmentIndices.first!]
        #expect(closing.start == Point(x: 0, y: 10) && closing.end == Point(x: 0, y: 4))
    }
}
