import Foundation
import LayerKit

/// Lottie's animatable properties from a value at every frame: written once when it never
/// changes, else as keyframes at the frames where neither a straight line nor one of the
/// scene's easing curves can stand in for the frames between.
///
/// A run of frames from keyframe a to keyframe b is written with the curve (Lottie's out and in
/// tangents, `o` and `i`) that puts every frame between within the tolerance of
/// v(a) + (v(b) − v(a))·curve((m − a)/(b − a)) in every number: the line when it does, else the
/// first of `curves` (each as it is and reversed, as an autoreversing cycle plays it back)
/// that does. A value a Core Animation curve eases from one keyframe time to the next is then
/// two keyframes with that curve's control points: exactly what Core Animation draws, between
/// frames too. Each run is made as long as some curve allows (greedy): a line's by growing it
/// a frame at a time, a curve's, which fits a run only as a whole, by trying the longest first.
enum LottieProperty {
    /// Numbers are written to this many decimals: well under the tolerances.
    static let decimals = 1e4

    /// The most frames one eased run may span (a minute at 60 frames per second): bounds the
    /// search for the runs a curve fits.
    static let maximumEasedRun = 3600

    static func rounded(_ x: Double) -> Double { x.isFinite ? (x * decimals).rounded() / decimals : 0 }

    /// A one-number property (rotation, opacity, width …).
    static func scalar(_ values: [Double], tolerance: Double, curves: [TimingFunction] = []) -> [String: Any]
    {
        property(values.map { [$0] }, tolerance: tolerance, curves: curves) { $0[0] }
    }

    /// A property of several numbers (position, scale, colour …).
    static func vector(_ values: [[Double]], tolerance: Double, curves: [TimingFunction] = []) -> [String:
        Any]
    {
        property(values, tolerance: tolerance, curves: curves) { $0 }
    }

    /// `values` (one list of numbers per frame, all of one length) as a property, each kept
    /// frame's value written by `value`; keyframe values are always lists (`[v]` for a number).
    static func property(
        _ values: [[Double]], tolerance: Double, curves: [TimingFunction] = [], value: ([Double]) -> Any
    ) -> [String: Any] {
        let values = values.map { $0.map(rounded) }
        guard let first = values.first else { return ["a": 0, "k": 0] }
        if values.allSatisfy({ $0 == first }) { return ["a": 0, "k": value(first)] }
        let runs = segments(values, tolerance: tolerance, curves: curves)
        return [
            "a": 1,
            "k": runs.map { run -> [String: Any] in
                keyframe(run.frame, values[run.frame], last: run.frame == values.count - 1, curve: run.curve)
            },
        ]
    }

    /// A keyframe at frame `k` eased by `curve` to the next (the last has no easing: nothing
    /// follows it).
    static func keyframe(_ k: Int, _ start: Any, last: Bool, curve: TimingFunction = .linear) -> [String: Any]
    {
        var frame: [String: Any] = ["t": k, "s": start]
        if !last {
            frame["o"] = ["x": [curve.c1.x], "y": [curve.c1.y]]
            frame["i"] = ["x": [curve.c2.x], "y": [curve.c2.y]]
        }
        return frame
    }

    /// `curve` with its control points rounded as they are written.
    static func written(_ curve: TimingFunction) -> TimingFunction {
        TimingFunction(
            controlPoints: rounded(curve.c1.x), rounded(curve.c1.y), rounded(curve.c2.x), rounded(curve.c2.y))
    }

    /// The frames to keep with straight lines between them (`segments` with no curves).
    static func keptFrames(_ values: [[Double]], tolerance: Double) -> [Int] {
        segments(values, tolerance: tolerance, curves: []).map(\.frame)
    }

    /// The keyframes: the first and the last frame and each frame where a run must end, each
    /// with the curve that eases the run it starts (see the type's summary).
    static func segments(_ values: [[Double]], tolerance: Double, curves: [TimingFunction])
        -> [(frame: Int, curve: TimingFunction)]
    {
        guard values.count > 1 else { return values.indices.map { ($0, .linear) } }
        // Each curve as written (its control points rounded), so the curve checked is the one
        // a player eases by.
        var candidates: [TimingFunction] = [.linear]
        for curve in (curves + curves.map(\.reversed)).map(written) where !candidates.contains(curve) {
            candidates.append(curve)
        }
        var result: [(frame: Int, curve: TimingFunction)] = []
        var start = 0
        while start < values.count - 1 {
            // The longest straight run, grown frame by frame (a line fits every shorter run).
            var end = start + 1
            while end + 1 < values.count, fits(values, from: start, to: end + 1, tolerance: tolerance) {
                end += 1
            }
            var best = (end: end, curve: TimingFunction.linear)
            // A curve fits its own run only as a whole, so each is tried from the longest run
            // it may take down to one longer than the best so far.
            let reach = min(values.count - 1, start + maximumEasedRun)
            for curve in candidates.dropFirst() where reach > best.end {
                for b in stride(from: reach, to: best.end, by: -1)
                where fits(values, from: start, to: b, tolerance: tolerance, curve: curve) {
                    best = (b, curve)
                    break
                }
            }
            result.append((start, best.curve))
            start = best.end
        }
        result.append((values.count - 1, .linear))
        return result
    }

    /// True when every frame strictly between `a` and `b` is within `tolerance` of `a`'s value
    /// eased to `b`'s by `curve`, in every number.
    static func fits(
        _ values: [[Double]], from a: Int, to b: Int, tolerance: Double, curve: TimingFunction = .linear
    ) -> Bool {
        for m in (a + 1)..<b {
            let s = Double(m - a) / Double(b - a)
            let f = curve.isLinear ? s : curve.value(at: s)
            for i in values[m].indices {
                let eased = values[a][i] + (values[b][i] - values[a][i]) * f
                if abs(values[m][i] - eased) > tolerance { return false }
            }
        }
        return true
    }
}
