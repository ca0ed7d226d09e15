import Foundation
import Testing

@testable import LayerKit

/// `Path.addArc` with UIKit's meaning: angles from +x, y down, `clockwise` = increasing angle.
@Suite struct PathArcTests {
    static func cubicCount(_ p: Path) -> Int {
        p.elements.filter { if case .cubic = $0 { true } else { false } }.count
    }

    @Test func clockwiseIsIncreasingAngleAndClockwiseOnScreen() {
        let c = Point(x: 0, y: 0)
        let r = 10.0
        let cw = Path.arc(center: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let m = cw.measure
        // From the right-hand point down to the bottom (y grows downward).
        #expect(m.position(atDistance: 0)!.distance(to: Point(x: 10, y: 0)) <= 1e-12)
        #expect(m.position(atDistance: m.length)!.distance(to: Point(x: 0, y: 10)) <= 1e-12)
        #expect(m.tangent(atDistance: 0)!.distance(to: Point(x: 0, y: 1)) <= 1e-12)
        let mid = m.position(atDistance: m.length / 2)!
        #expect(mid.x > 0 && mid.y > 0)
        #expect(Self.cubicCount(cw) == 1)
        // Counterclockwise from 0 to π/2 goes up first, through the top and the left.
        let ccw = Path.arc(center: c, radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let n = ccw.measure
        #expect(n.tangent(atDistance: 0)!.distance(to: Point(x: 0, y: -1)) <= 1e-12)
        #expect(n.position(atDistance: n.length / 3)!.distance(to: Point(x: 0, y: -10)) <= 1e-9)
        #expect(Self.cubicCount(ccw) == 3)
    }

    @Test func piecesAreAtMostAQuarterTurn() {
        let c = Point(x: 5, y: 5)
        for (sweep, pieces) in [
            (0.3, 1), (Double.pi / 2, 1), (Double.pi / 2 + 0.01, 2), (Double.pi, 2),
            (3 * Double.pi / 2 + 0.1, 4), (2 * Double.pi, 4), (20.0, 4),
        ] {
            let p = Path.arc(center: c, radius: 3, startAngle: 0.2, endAngle: 0.2 + sweep, clockwise: true)
            #expect(Self.cubicCount(p) == pieces, "sweep \(sweep)")
        }
        // A full turn ends exactly where it started.
        let full = Path.arc(center: c, radius: 3, startAngle: 0.2, endAngle: 0.2 + 2 * .pi, clockwise: true)
        #expect(full.currentPoint == full.measure.segments[0].start)
    }

    /// Angles one turn apart against the direction (0 → 2π going counter-clockwise, 2π → 0
    /// going clockwise) still make the whole circle, as CoreGraphics draws them; a little less
    /// than a turn against the direction wraps to the short way round.
    @Test func oneTurnApartIsAFullCircleInEitherDirection() {
        let c = Point(x: 50, y: 50)
        let r = 10.0
        for (start, end, clockwise) in [
            (0.0, 2 * Double.pi, false), (2 * Double.pi, 0.0, true), (1.0, 1.0 + 2 * Double.pi, false),
            (Double(Float(2 * Double.pi)), 0.0, true),
        ] {
            let p = Path.arc(center: c, radius: r, startAngle: start, endAngle: end, clockwise: clockwise)
            // A full circle's length: 2πr, to the cubic approximation's accuracy.
            let length = p.measure.length
            #expect(abs(length - 2 * .pi * r) < 0.01 * r, "\(start) → \(end) cw \(clockwise): \(length)")
            // Its extremes reach the circle on all four sides.
            let box = p.controlPointBounds
            #expect(box.minX <= c.x - r + 1e-9 && box.maxX >= c.x + r - 1e-9)
            #expect(box.minY <= c.y - r + 1e-9 && box.maxY >= c.y + r - 1e-9)
        }
        // 0.1 short of a turn against the direction: the other way round, 0.1 rad long.
        let short = Path.arc(center: c, radius: r, startAngle: 0, endAngle: 2 * .pi - 0.1, clockwise: false)
        #expect(abs(short.measure.length - 0.1 * r) < 1e-3)
    }

    @Test func connectingLineFromTheCurrentPoint() {
        var p = Path()
        p.move(to: Point(x: -5, y: 0))
        p.addArc(center: .zero, radius: 10, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        guard case .line(let joint) = p.elements[1] else {
            Issue.record("expected a connecting line, got \(p.elements[1])")
            return
        }
        #expect(joint.distance(to: Point(x: -10, y: 0)) <= 1e-12)
        // No current point: the arc starts its own subpath instead.
        let alone = Path.arc(center: .zero, radius: 10, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        guard case .move = alone.elements[0] else {
            Issue.record("expected a move")
            return
        }
        #expect(alone.elements.count == 2)
    }

    @Test func anArcEndsExactlyAtItsEndAngleSoTheNextArcNeedsNoJoint() {
        // −0.76 + (3.1 − (−0.76)) rounds to a different double than 3.1: an arc ending at
        // start + sweep would leave a current point a few ulps away from the next arc's start.
        var p = Path()
        p.addArc(center: Point(x: 7, y: 3), radius: 12, startAngle: -0.76, endAngle: 3.1, clockwise: true)
        #expect(p.currentPoint == Point(x: 7 + 12 * cos(3.1), y: 3 + 12 * sin(3.1)))
        p.addArc(center: Point(x: 7, y: 3), radius: 12, startAngle: 3.1, endAngle: 4, clockwise: true)
        #expect(!p.elements.contains { if case .line = $0 { true } else { false } })
    }

    /// The balls loader's path for ball 1 (the XLBallLoading seed): ball width 13, ballScale 1.5,
    /// container 100: r = 9.75, R = (50 + r)/2 = 29.875.
    @Test func ballsLoaderPathGoesBelowThenAbove() {
        let r = 13 * 1.5 / 2
        let bigR = (100.0 / 2 + r) / 2
        let start = Point(x: 13.0 / 2 + 3, y: 50)
        var p = Path()
        p.move(to: start)
        p.addArc(
            center: Point(x: bigR + r, y: 50), radius: bigR, startAngle: .pi, endAngle: 2 * .pi,
            clockwise: false)
        p.append(
            Path.arc(
                center: Point(x: 50, y: 50), radius: 2 * r, startAngle: 2 * .pi, endAngle: .pi,
                clockwise: false))
        p.addLine(to: start)
        let m = p.measure
        // Segments: joining line, two quarter cubics, (move), two quarter cubics, line back.
        #expect(m.segments.count == 6)
        #expect(m.contours.count == 2)
        let cubicError = 3e-4
        let expected = (r - start.x) + .pi * bigR + .pi * 2 * r + (50 - 2 * r - start.x)
        #expect(abs(m.length - expected) <= cubicError * expected)
        // The big arc from π to 2π counterclockwise passes through angle π/2: BELOW the
        // centre on screen, at (R + r, 50 + R), heading right.
        let bottom = m.positionAndTangent(atDistance: m.segments[1].startDistance + m.segments[1].length)!
        #expect(bottom.position.distance(to: Point(x: bigR + r, y: 50 + bigR)) <= 1e-9)
        #expect(bottom.tangent.distance(to: Point(x: 1, y: 0)) <= 1e-9)
        // It leaves the left end heading down.
        let leave = m.tangent(atDistance: m.segments[1].startDistance + 1e-9)!
        #expect(leave.distance(to: Point(x: 0, y: 1)) <= 1e-6)
        // It ends at the right end of the big arc, where the small arc starts.
        #expect(m.segments[2].end.distance(to: Point(x: 2 * bigR + r, y: 50)) <= 1e-9)
        #expect(m.segments[3].start.distance(to: Point(x: 50 + 2 * r, y: 50)) <= 1e-9)
        // The small arc from 2π to π counterclockwise passes through 3π/2: ABOVE the centre.
        #expect(m.segments[3].end.distance(to: Point(x: 50, y: 50 - 2 * r)) <= 1e-9)
        #expect(m.segments[4].end.distance(to: Point(x: 50 - 2 * r, y: 50)) <= 1e-9)
        #expect(m.segments[5].end == start)
    }

    @Test func nonFiniteArcInputAddsNothing() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(center: Point(x: .nan, y: 0), radius: 1, startAngle: 0, endAngle: 1, clockwise: true)
        p.addArc(center: .zero, radius: .infinity, startAngle: 0, endAngle: 1, clockwise: true)
        p.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 1, clockwise: true)
        #expect(p.elements == [.move(to: .zero)])
    }
}
