import Foundation
import Testing

@testable import LayerKit

/// `position` keyframe animations along a path.
@Suite struct KeyframePathTests {
    func stage(
        _ path: Path, mode: CalculationMode = .linear, rotation: RotationMode? = nil,
        timing: TimingFunction? = nil
    ) throws -> Stage {
        let s = Stage(time: 0)
        s.layer.position = Point(x: -1, y: -1)
        let k = KeyframeAnimation(keyPath: "position")
        k.path = path
        k.duration = 1
        k.calculationMode = mode
        k.rotationMode = rotation
        k.timingFunction = timing
        k.fillMode = .forwards
        k.isRemovedOnCompletion = false
        try s.layer.add(k, forKey: "k")
        return s
    }

    func at(_ s: Stage, _ t: Double) -> Point {
        s.go(t)
        return s.shown.position
    }

    @Test func linearModeGivesEachElementEqualTimeAtItsOwnParameter() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(100, 0))
        p.addCurve(to: Point(100, 100), control1: Point(150, 0), control2: Point(150, 100))
        let s = try stage(p)
        // Two segments, half the time each. The line at its half: (50, 0).
        #expect(close(at(s, 0.25), Point(50, 0), 1e-9))
        // The cubic at Bézier parameter ½: ⅛·P0 + ⅜·P1 + ⅜·P2 + ⅛·P3
        // = (12.5 + 56.25 + 56.25 + 12.5, 0 + 0 + 37.5 + 12.5) = (137.5, 50).
        #expect(close(at(s, 0.75), Point(137.5, 50), 1e-9))
        #expect(close(at(s, 2), Point(100, 100), 1e-9))
        #expect(s.layer.position == Point(x: -1, y: -1))
    }

    @Test func pacedModeMovesByArcLength() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(100, 0))
        p.addLine(to: Point(100, 300))
        let paced = try stage(p, mode: .paced)
        // 400 points in 1 s: a quarter second covers the first 100.
        #expect(close(at(paced, 0.25), Point(100, 0), 1e-9))
        #expect(close(at(paced, 0.5), Point(100, 100), 1e-9))
        // Linear mode instead spends half the time on each line.
        let linear = try stage(p)
        #expect(close(at(linear, 0.5), Point(100, 0), 1e-9))
        #expect(close(at(linear, 0.75), Point(100, 150), 1e-9))
    }

    @Test func pacedAlongTheAirplaneCircleCoversEqualLengthInEqualTime() throws {
        // The airplane's oval: radius 40 around (40, 40), starting at the rightmost point.
        let s = try stage(Path.oval(in: Rect(x: 0, y: 0, width: 80, height: 80)), mode: .paced)
        // Measure the distance travelled in each 1/16 s with fine chords (independent of
        // the path measure): every interval is the same length, 1/16 of the circumference.
        let intervals = 16
        let steps = 200
        var lengths: [Double] = []
        var previous = at(s, 0)
        #expect(close(previous, Point(80, 40), 1e-9))
        for i in 0..<intervals {
            var length = 0.0
            for j in 1...steps {
                let t = (Double(i) + Double(j) / Double(steps)) / Double(intervals)
                let q = at(s, t)
                length += previous.distance(to: q)
                previous = q
            }
            lengths.append(length)
        }
        let total = lengths.reduce(0, +)
        // Cubic quarter circles are within 0.03% of a true circle.
        #expect(abs(total - 2 * .pi * 40) < 2 * .pi * 40 * 3e-4)
        for l in lengths {
            #expect(abs(l - total / Double(intervals)) < 1e-6 * total, "\(lengths)")
        }
        // Clockwise on screen: a quarter of the way is the bottom point.
        #expect(close(at(s, 0.25), Point(40, 80), 1e-6))
    }

    @Test func rotationModeFollowsTheTangent() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(0, 100))  // straight down: angle π/2
        let auto = try stage(p, rotation: .auto)
        _ = at(auto, 0.5)
        #expect(close(auto.shown.transform.m11, 0, 1e-12) && close(auto.shown.transform.m12, 1, 1e-12))
        let reverse = try stage(p, rotation: .autoReverse)
        _ = at(reverse, 0.5)
        #expect(close(reverse.shown.transform.m12, -1, 1e-12))
        #expect(reverse.layer.transform == .identity)
    }

    @Test func theBallsPathWithAMoveInTheMiddle() throws {
        // Ball 1 of the balls loader: r = 13·1.5/2, R = (50 + r)/2 in a 100-point container.
        let r = 13 * 1.5 / 2
        let bigR = (100.0 / 2 + r) / 2
        let centre = Point(13.0 / 2 + 3, 50)
        var path = Path()
        path.move(to: centre)
        path.addArc(
            center: Point(bigR + r, 50), radius: bigR, startAngle: .pi, endAngle: 2 * .pi, clockwise: false)
        let small = Path.arc(
            center: Point(50, 50), radius: r * 2, startAngle: 2 * .pi, endAngle: .pi, clockwise: false)
        path.append(small)
        path.addLine(to: centre)
        // Segments: the joining line, two quarter arcs, two quarter arcs, the line back.
        let s = try stage(path, timing: .easeInEaseOut)
        let n = 6.0
        // Half-way through the 1st big quarter (time fraction 1.5/6 after easing). Counter-
        // clockwise (UIKit's clockwise: NO) from π goes down through the bottom first; the
        // cubic quarter's midpoint lies on the circle at angle 3π/4, below-left.
        let f = 1.5 / n
        let t = solveEaseInverse(f)
        let p = at(s, t)
        let expected = Point(bigR + r + bigR * cos(0.75 * .pi), 50 + bigR * sin(0.75 * .pi))
        #expect(close(p, expected, 1e-6))
        // In the small arc (after the move): from 2π decreasing, over the top, 7π/4 first.
        let p2 = at(s, solveEaseInverse(3.5 / n))
        let e2 = Point(50 + 2 * r * cos(1.75 * .pi), 50 + 2 * r * sin(1.75 * .pi))
        #expect(close(p2, e2, 1e-6))
        #expect(close(at(s, 1), centre, 1e-9))
    }

    /// The time at which ease-in-ease-out reaches `y` (bisection on the reference curve).
    func solveEaseInverse(_ y: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if referenceEase(0.42, 0, 0.58, 1, mid) < y { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    @Test func discretePathJumpsBetweenEndPoints() throws {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addLine(to: Point(10, 0))
        p.addLine(to: Point(10, 10))
        let s = try stage(p, mode: .discrete)
        // Three points (start and two ends), a third of the time each.
        #expect(at(s, 0.1) == Point(0, 0))
        #expect(at(s, 0.5) == Point(10, 0))
        #expect(at(s, 0.9) == Point(10, 10))
    }

    @Test func degeneratePathsDoNothingHarmful() throws {
        var onlyMove = Path()
        onlyMove.move(to: Point(5, 5))
        var zero = Path()
        zero.move(to: Point(3, 3))
        zero.addLine(to: Point(3, 3))
        var bad = Path()
        bad.move(to: Point(0, 0))
        bad.addLine(to: Point(.nan, 1))
        for path in [Path(), onlyMove, zero, bad] {
            for mode in CalculationMode.allCases {
                let s = try stage(path, mode: mode, rotation: .auto)
                for t in [0.0, 0.3, 0.5, 1, 2] {
                    let q = at(s, t)
                    #expect(q.isFinite)
                    #expect(s.shown.transform.isFinite)
                }
            }
        }
        let z = try stage(zero, mode: .paced)
        #expect(at(z, 0.5) == Point(3, 3))
    }
}
