import Foundation
import LayerKit
import Loaders
import Testing

@testable import LoaderLab

/// Values eased by a timing function are written as keyframes with that curve's control points
/// as their Bézier easing (`LottieProperty`). The eased values here are computed with the
/// test's own Bézier solver (bisection), not the engine's.
@Suite struct LottieEasingTests {
    /// y at x on the unit cubic Bézier with control points (x1, y1), (x2, y2), by bisection on t.
    static func ease(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(y1, y2, (lo + hi) / 2)
    }

    func keyframes(_ property: [String: Any]) throws -> [(t: Int, o: [Double]?, i: [Double]?)] {
        let list = try #require(property["k"] as? [[String: Any]])
        return list.map { key in
            let o = key["o"] as? [String: [Double]]
            let i = key["i"] as? [String: [Double]]
            return (
                key["t"] as? Int ?? -1, o.map { ($0["x"] ?? []) + ($0["y"] ?? []) },
                i.map { ($0["x"] ?? []) + ($0["y"] ?? []) }
            )
        }
    }

    /// Ease-in-out from 0 to 100 over frames 0…30, then held to frame 40.
    let easedThenHeld = (0...40).map { k -> Double in
        k >= 30 ? 100 : 100 * ease(0.42, 0, 0.58, 1, Double(k) / 30)
    }

    @Test func aValueEasedByASceneCurveIsTwoKeyframesWithItsControlPoints() throws {
        let keys = try keyframes(
            LottieProperty.scalar(easedThenHeld, tolerance: 0.01, curves: [.easeInEaseOut]))
        #expect(keys.map(\.t) == [0, 30, 40])
        #expect(keys[0].o == [0.42, 0] && keys[0].i == [0.58, 1])
        // The hold is a line; the last keyframe has no easing.
        #expect(keys[1].o == [0, 0] && keys[1].i == [1, 1])
        #expect(keys[2].o == nil && keys[2].i == nil)
        // Without the curve, straight lines need many more keyframes to stay within 0.01.
        let lines = try keyframes(LottieProperty.scalar(easedThenHeld, tolerance: 0.01))
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.o == nil || ($0.o == [0, 0] && $0.i == [1, 1]) })
    }

    /// An autoreversing cycle plays its curve backwards: the way back is eased by the reversed
    /// curve, (1 − x2, 1 − y2), (1 − x1, 1 − y1).
    @Test func theWayBackOfAnAutoreversingCycleIsTheReversedCurve() throws {
        let values = (0...60).map { k -> Double in
            k <= 30
                ? 50 * Self.ease(0.42, 0, 1, 1, Double(k) / 30)
                : 50 * Self.ease(0.42, 0, 1, 1, Double(60 - k) / 30)
        }
        let keys = try keyframes(LottieProperty.scalar(values, tolerance: 0.01, curves: [.easeIn]))
        #expect(keys.map(\.t) == [0, 30, 60])
        #expect(keys[0].o == [0.42, 0] && keys[0].i == [1, 1])
        #expect(keys[1].o == [0, 0] && keys[1].i == [0.58, 1])
        // Reversed: 1 − f(1 − x), checked against the solver at a few points.
        let back = TimingFunction.easeIn.reversed
        for x in [0.1, 0.37, 0.5, 0.8] {
            #expect(abs(back.value(at: x) - (1 - Self.ease(0.42, 0, 1, 1, 1 - x))) < 1e-6)
        }
    }

    /// A vector eased as one (both numbers by the same progress) takes the curve; where a curve
    /// does not fit (another curve eased the value) frames are kept within the tolerance.
    @Test func aCurveIsTakenOnlyWhereItFitsEveryNumber() throws {
        let together = (0...20).map { k -> [Double] in
            let f = Self.ease(0, 0, 0.58, 1, Double(k) / 20)
            return [10 + 30 * f, 5 - 20 * f]
        }
        let keys = try keyframes(
            LottieProperty.vector(together, tolerance: 0.01, curves: [.easeOut, .easeIn]))
        #expect(keys.map(\.t) == [0, 20])
        #expect(keys[0].o == [0, 0] && keys[0].i == [0.58, 1])
        let other = (0...20).map { k in [100 * Self.ease(0.25, 0.1, 0.25, 1, Double(k) / 20)] }
        let segments = LottieProperty.segments(other, tolerance: 0.01, curves: [.easeIn])
        #expect(segments.count > 2)
        // Every frame is within the tolerance of its run, eased by the run's curve.
        for (run, next) in zip(segments, segments.dropFirst()) {
            for m in run.frame...next.frame {
                let f = run.curve.value(at: Double(m - run.frame) / Double(next.frame - run.frame))
                let eased = other[run.frame][0] + (other[next.frame][0] - other[run.frame][0]) * f
                #expect(abs(eased - other[m][0]) <= 0.01 + 1e-9, "frame \(m)")
            }
        }
    }

    /// The export gets the curves from the scene: the showcase cube turns by keyframes eased in
    /// and out, and its timeline says so.
    @Test func aTimelineNamesTheCurvesItsAnimationsEaseBy() throws {
        let timeline = CatalogTimeline(try LoaderTimeline(id: "showcase-cube", moment: .time(0)))
        _ = timeline.tree(at: 0.5)
        #expect(timeline.timingFunctions.contains(.easeInEaseOut))
    }
}
