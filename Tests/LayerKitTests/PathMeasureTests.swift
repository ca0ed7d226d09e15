import Foundation
import Synchronization
import Testing

@testable import LayerKit

/// Lengths, positions and tangents: expected values come from geometry (circle perimeters,
/// closed-form arc lengths of a parabola, straight lines), not from the code under test.
@Suite struct PathMeasureTests {
    /// The standard 4-cubic circle deviates from the true circle by at most 2.7e-4 of the
    /// radius; its length is within that fraction of 2πr.
    static let cubicCircleRelativeError = 3e-4

    @Test func ovalLengthIsTwoPiR() {
        for r in [0.5, 10, 84] {
            let m = Path.oval(in: Rect(x: 3, y: -7, width: 2 * r, height: 2 * r)).measure
            let expected = 2 * Double.pi * r
            #expect(abs(m.length - expected) <= Self.cubicCircleRelativeError * expected)
            #expect(m.contours.count == 1)
            #expect(m.contours[0].isClosed)
        }
    }

    @Test func arcLengthsAreFractionsOfTheCircle() {
        let r = 40.0
        let c = Point(x: 100, y: 100)
        let half = Path.arc(center: c, radius: r, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(half.measure.length - .pi * r) <= Self.cubicCircleRelativeError * .pi * r)
        // Counterclockwise from 0 to π/2 is the long way round: three quarters of the circle.
        let long = Path.arc(center: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let threeQuarters = 1.5 * Double.pi * r
        #expect(abs(long.measure.length - threeQuarters) <= Self.cubicCircleRelativeError * threeQuarters)
        // A sweep of more than a turn is one full circle.
        let full = Path.arc(center: c, radius: r, startAngle: 1, endAngle: 9, clockwise: true)
        let twoPiR = 2 * Double.pi * r
        #expect(abs(full.measure.length - twoPiR) <= Self.cubicCircleRelativeError * twoPiR)
    }

    /// B(t) = (t, t²): the quadratic (0,0) (½,0) (1,1) is the parabola y = x² on [0, 1],
    /// whose arc length from 0 to x is F(x) = x/2·√(1+4x²) + asinh(2x)/4.
    static func parabolaLength(_ x: Double) -> Double {
        x / 2 * (1 + 4 * x * x).squareRoot() + asinh(2 * x) / 4
    }

    @Test func quadraticArcLengthMatchesClosedForm() {
        var p = Path()
        p.move(to: .zero)
        p.addQuadCurve(to: Point(x: 1, y: 1), control: Point(x: 0.5, y: 0))
        let expected = Self.parabolaLength(1)
        #expect(abs(p.measure.length - expected) <= 1e-9 * expected)
    }

    @Test func cubicArcLengthMatchesClosedForm() {
        // The same parabola, degree-elevated to a cubic: (0,0) (⅓,0) (⅔,⅓) (1,1).
        var p = Path()
        p.move(to: .zero)
        p.addCurve(
            to: Point(x: 1, y: 1), control1: Point(x: 1.0 / 3, y: 0), control2: Point(x: 2.0 / 3, y: 1.0 / 3))
        let m = p.measure
        let expected = Self.parabolaLength(1)
        #expect(abs(m.length - expected) <= 1e-9 * expected)
        // Point at a distance inverts the arc length: the point lies on y = x² and the
        // closed-form length up to its x is the distance asked for.
        for s in stride(from: 0.0, through: expected, by: expected / 13) {
            let q = m.position(atDistance: s)!
            #expect(abs(q.y - q.x * q.x) <= 1e-12)
            #expect(abs(Self.parabolaLength(q.x) - s) <= 1e-9 * expected)
        }
    }

    @Test func unevenlyParametrisedLineIsMeasuredByArcLength() {
        // Control points on the line but bunched at the ends: the parameter is not
        // proportional to distance, the length is still the chord and the positions are
        // where a ruler puts them.
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addCurve(to: Point(x: 30, y: 40), control1: Point(x: 0, y: 0), control2: Point(x: 3, y: 4))
        let m = p.measure
        #expect(abs(m.length - 50) <= 1e-9 * 50)
        for s in [0.0, 1, 12.5, 25, 49, 50] {
            let q = m.position(atDistance: s)!
            #expect(abs(q.x - 0.6 * s) <= 1e-9 && abs(q.y - 0.8 * s) <= 1e-9)
            // The handle lies on the start point, so B′(0) = 0: the tangent is the limit.
            let t = m.tangent(atDistance: s)!
            #expect(abs(t.x - 0.6) <= 1e-9 && abs(t.y - 0.8) <= 1e-9)
        }
    }

    @Test func cubicWithCuspsIsMeasuredByTotalTravel() {
        // Control points all on the x axis going 0 → 2 → −1 → 1: x(t) = 6t − 15t² + 10t³
        // turns back at the roots of x′ = 6 − 30t + 30t², where the speed is 0 (cusps).
        // The length is the total distance travelled along the axis.
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addCurve(to: Point(x: 1, y: 0), control1: Point(x: 2, y: 0), control2: Point(x: -1, y: 0))
        func x(_ t: Double) -> Double { 6 * t - 15 * t * t + 10 * t * t * t }
        let root = (1 - 4 * 0.2).squareRoot() / 2  // t² − t + 0.2 = 0
        let t1 = 0.5 - root
        let t2 = 0.5 + root
        let expected = abs(x(t1)) + abs(x(t2) - x(t1)) + abs(1 - x(t2))
        let m = p.measure
        #expect(abs(m.length - expected) <= 1e-9 * expected)
        // Halfway through the backward run the direction is −x.
        let back = abs(x(t1))
        let mid = m.positionAndTangent(atDistance: back + abs(x(t2) - x(t1)) / 2)!
        #expect(abs(mid.position.x - (x(t1) + x(t2)) / 2) <= 1e-9)
        #expect(abs(mid.tangent.x + 1) <= 1e-9)
    }

    @Test func ovalTangentsRunClockwiseOnScreen() {
        // UIBezierPath(ovalIn:) starts at the rightmost point and runs clockwise on screen
        // (y down): down first, then left at the bottom, up at the left, right at the top.
        let r = 20.0
        let c = Point(x: 50, y: 60)
        let m = Path.oval(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)).measure
        let quarter = m.length / 4
        let expected: [(Point, Point)] = [
            (Point(x: c.x + r, y: c.y), Point(x: 0, y: 1)),
            (Point(x: c.x, y: c.y + r), Point(x: -1, y: 0)),
            (Point(x: c.x - r, y: c.y), Point(x: 0, y: -1)),
            (Point(x: c.x, y: c.y - r), Point(x: 1, y: 0)),
        ]
        for (i, (point, direction)) in expected.enumerated() {
            // Each quarter is a symmetric cubic, so the quarter marks by length are its ends.
            let pt = m.positionAndTangent(atDistance: Double(i) * quarter)!
            #expect(pt.position.distance(to: point) <= 1e-9)
            #expect(pt.tangent.distance(to: direction) <= 1e-9)
        }
        // Halfway along the first quarter: angle π/4, on the circle within the cubic's error.
        let eighth = m.position(atDistance: quarter / 2)!
        let onCircle = Point(x: c.x + r * cos(.pi / 4), y: c.y + r * sin(.pi / 4))
        #expect(eighth.distance(to: onCircle) <= Self.cubicCircleRelativeError * r)
    }

    @Test func segmentTableListsEveryNonMoveElementIncludingClose() {
        let p = Path.rect(Rect(x: 0, y: 0, width: 30, height: 10))
        let m = p.measure
        // move, line, line, line, close → four segments; the close is the fourth side.
        #expect(m.segments.count == 4)
        #expect(m.segments.map(\.elementIndex) == [1, 2, 3, 4])
        #expect(m.segments.map(\.length) == [30, 10, 30, 10])
        #expect(m.segments.map(\.startDistance) == [0, 30, 40, 70])
        #expect(m.segments.map(\.isClose) == [false, false, false, true])
        #expect(m.segments[3].start == Point(x: 0, y: 10) && m.segments[3].end == Point(x: 0, y: 0))
        #expect(m.length == 80)
        // The oval's close joins its end to its start, which coincide: a zero-length segment.
        let oval = Path.oval(in: Rect(x: 0, y: 0, width: 10, height: 10)).measure
        #expect(oval.segments.count == 5)
        #expect(oval.segments[4].isClose && oval.segments[4].length == 0)
    }

    @Test func contoursFollowMovesAndCloses() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 3, y: 4))  // 5
        p.move(to: Point(x: 100, y: 100))  // a move with nothing after it: no contour
        p.move(to: Point(x: 10, y: 0))
        p.addLine(to: Point(x: 10, y: 6))
        p.addLine(to: Point(x: 18, y: 0))
        p.close()  // 6 + 10 + 8 = 24, closed
        p.addLine(to: Point(x: 10, y: 2))  // after a close: a new contour from (10, 0)
        let m = p.measure
        #expect(m.contours.count == 3)
        #expect(m.contours.map(\.startDistance) == [0, 5, 29])
        #expect(m.contours.map(\.length) == [5, 24, 2])
        #expect(m.contours.map(\.isClosed) == [false, true, false])
        #expect(m.contours.map(\.segmentIndices) == [0..<1, 1..<4, 4..<5])
        #expect(m.segments.map(\.contourIndex) == [0, 1, 1, 1, 2])
        #expect(m.length == 31)
        // At a boundary the earlier segment answers; just past it the next contour does.
        #expect(m.position(atDistance: 5) == Point(x: 3, y: 4))
        #expect(m.position(atDistance: 5.5) == Point(x: 10, y: 0.5))
        #expect(m.position(atDistance: 30) == Point(x: 10, y: 1))
    }

    @Test func positionsInSegmentUseTheElementsOwnParameter() {
        var p = Path()
        p.move(to: .zero)
        p.addQuadCurve(to: Point(x: 1, y: 1), control: Point(x: 0.5, y: 0))
        let m = p.measure
        // B(t) = (t, t²) for this quadratic.
        #expect(m.position(inSegment: 0, parameter: 0.3)!.distance(to: Point(x: 0.3, y: 0.09)) <= 1e-15)
        // B′(t) = (1, 2t): at t = ½ the direction is (1, 1)/√2.
        let t = m.tangent(inSegment: 0, parameter: 0.5)!
        #expect(abs(t.x - 0.5.squareRoot()) <= 1e-12 && abs(t.y - 0.5.squareRoot()) <= 1e-12)
        // Parameters are clamped; bad indices and NaN give nil.
        #expect(m.position(inSegment: 0, parameter: 7) == Point(x: 1, y: 1))
        #expect(m.position(inSegment: 1, parameter: 0.5) == nil)
        #expect(m.position(inSegment: -1, parameter: 0.5) == nil)
        #expect(m.position(inSegment: 0, parameter: .nan) == nil)
        #expect(m.tangent(inSegment: 0, parameter: .nan) == nil)
    }

    @Test func distancesAreClampedAndNaNIsNil() {
        let p = Path(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0))])
        let m = p.measure
        #expect(m.position(atDistance: -5) == Point(x: 0, y: 0))
        #expect(m.position(atDistance: 50) == Point(x: 10, y: 0))
        #expect(m.position(atDistance: .infinity) == Point(x: 10, y: 0))
        #expect(m.position(atDistance: -.infinity) == Point(x: 0, y: 0))
        #expect(m.position(atDistance: .nan) == nil)
        #expect(m.tangent(atDistance: .nan) == nil)
        #expect(m.tangent(atDistance: 99) == Point(x: 1, y: 0))
    }

    @Test func emptyPathAndPathOfMovesMeasureNothing() {
        for p in [Path(), Path(elements: [.move(to: Point(x: 1, y: 2)), .move(to: Point(x: 3, y: 4))])] {
            let m = p.measure
            #expect(m.length == 0)
            #expect(m.contours.isEmpty && m.segments.isEmpty)
            #expect(m.position(atDistance: 0) == nil)
            #expect(m.tangent(atDistance: 0) == nil)
            #expect(m.positionAndTangent(atDistance: 0) == nil)
            #expect(m.trimmed(from: 0, to: 1).isEmpty)
            #expect(m.pieces(from: 0, to: 1).isEmpty)
            #expect(m.dashed(pattern: [1, 1], phase: 0).isEmpty)
        }
    }

    @Test func zeroLengthPathHasAPositionButNoTangent() {
        let dot = Point(x: 4, y: 5)
        var p = Path()
        p.move(to: dot)
        p.addLine(to: dot)
        p.addCurve(to: dot, control1: dot, control2: dot)
        let m = p.measure
        #expect(m.length == 0)
        #expect(m.segments.count == 2 && m.contours.count == 1)
        #expect(m.position(atDistance: 0) == dot)
        #expect(m.position(atDistance: 3) == dot)
        #expect(m.tangent(atDistance: 0) == nil)
        #expect(m.tangent(inSegment: 1, parameter: 0.5) == nil)
    }

    @Test func nonFiniteSegmentsMeasureZeroAndAreSkipped() {
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addLine(to: Point(x: 10, y: 0))
        p.addLine(to: Point(x: .nan, y: 0))
        p.move(to: Point(x: 0, y: 5))
        p.addCurve(to: Point(x: 1, y: 5), control1: Point(x: .infinity, y: 0), control2: .zero)
        p.move(to: Point(x: -1e308, y: 0))
        p.addLine(to: Point(x: 1e308, y: 0))  // finite points, overflowing length
        p.move(to: Point(x: 0, y: 9))
        p.addLine(to: Point(x: 0, y: 12))
        let m = p.measure
        #expect(m.segments.count == 5)
        #expect(m.segments.map(\.length) == [10, 0, 0, 0, 3])
        #expect(m.length == 13)
        #expect(m.position(inSegment: 1, parameter: 0.5) == nil)
        #expect(m.position(inSegment: 2, parameter: 0.5) == nil)
        #expect(m.position(atDistance: 11) == Point(x: 0, y: 10))
        let trimmed = m.trimmed(from: 0, to: 1)
        #expect(trimmed.isFinite)
        #expect(abs(trimmed.measure.length - 13) <= 1e-12)
        #expect(m.dashed(pattern: [1, 1], phase: 0).isFinite)
    }
}

/// Extreme but finite sizes still measure (and never take unbounded time).
@Suite struct PathMeasureExtremeTests {
    @Test func tinyAndHugeCurvesMeasureByScale() {
        // A quarter circle scaled by s has length s·(quarter of the unit circle's cubic).
        let unit = Path.arc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let unitLength = unit.measure.length
        #expect(abs(unitLength - .pi / 2) <= 3e-4 * .pi / 2)
        for s in [1e-300, 1e-150, 1e150] {
            let scaled = unit.applying(AffineTransform(scaleX: s, y: s)).measure
            #expect(abs(scaled.length / s - unitLength) <= 1e-9 * unitLength, "scale \(s)")
        }
        // Subnormal coordinates: the length underflows towards 0 but stays finite and ≥ 0.
        let subnormal = Double.leastNormalMagnitude / 4
        #expect(subnormal.isSubnormal)
        let tiny = unit.applying(AffineTransform(scaleX: subnormal, y: subnormal)).measure
        #expect(tiny.length >= 0 && tiny.length.isFinite)
        #expect(tiny.segments.count == 1)
    }
}

/// `path.measure` is built once per path value and shared by its copies.
@Suite struct PathMeasureCacheTests {
    @Test func measureIsCachedAndSharedByCopies() {
        let p = Path.oval(in: Rect(x: 0, y: 0, width: 10, height: 10))
        let copy = p
        #expect(p.measure === p.measure)
        #expect(copy.measure === p.measure)
    }

    @Test func mutationGivesTheMutatedValueANewMeasure() {
        var p = Path(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0))])
        let original = p
        let before = p.measure
        p.addLine(to: Point(x: 10, y: 5))
        #expect(p.measure !== before)
        #expect(p.measure.length == 15)
        #expect(original.measure === before)
        #expect(original.measure.length == 10)
        #expect(original.elements.count == 2 && p.elements.count == 3)
        #expect(original != p)
        #expect(original == Path(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0))]))
    }

    @Test func concurrentReadersShareOneMeasure() {
        let p = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 8)
        let results = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let id = ObjectIdentifier(p.measure)
            results.withLock { $0.append(id) }
        }
        let ids = results.withLock { $0 }
        #expect(ids.count == 16)
        #expect(Set(ids).count == 1)
    }
}
