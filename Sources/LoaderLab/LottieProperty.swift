import Foundation

/// Lottie's animatable properties from a value at every frame: written once when it never
/// changes, else as linear keyframes at the frames a straight line cannot stand in for.
enum LottieProperty {
    /// Numbers are written to this many decimals: well under the tolerances.
    static let decimals = 1e4

    static func rounded(_ x: Double) -> Double { x.isFinite ? (x * decimals).rounded() / decimals : 0 }

    /// A one-number property (rotation, opacity, width …).
    static func scalar(_ values: [Double], tolerance: Double) -> [String: Any] {
        property(values.map { [$0] }, tolerance: tolerance) { $0[0] }
    }

    /// A property of several numbers (position, scale, colour …).
    static func vector(_ values: [[Double]], tolerance: Double) -> [String: Any] {
        property(values, tolerance: tolerance) { $0 }
    }

    /// `values` (one list of numbers per frame, all of one length) as a property, each kept
    /// frame's value written by `value`; keyframe values are always lists (`[v]` for a number).
    static func property(
        _ values: [[Double]], tolerance: Double, value: ([Double]) -> Any
    ) -> [String: Any] {
        let values = values.map { $0.map(rounded) }
        guard let first = values.first else { return ["a": 0, "k": 0] }
        if values.allSatisfy({ $0 == first }) { return ["a": 0, "k": value(first)] }
        let kept = keptFrames(values, tolerance: tolerance)
        return [
            "a": 1,
            "k": kept.map { k -> [String: Any] in keyframe(k, values[k], last: k == kept.last) },
        ]
    }

    /// A linear keyframe at frame `k` (the last has no easing: nothing follows it).
    static func keyframe(_ k: Int, _ start: Any, last: Bool) -> [String: Any] {
        var frame: [String: Any] = ["t": k, "s": start]
        if !last {
            frame["o"] = ["x": [0], "y": [0]]
            frame["i"] = ["x": [1], "y": [1]]
        }
        return frame
    }

    /// The frames to keep: the first and the last, and each frame where the line from the last
    /// kept frame to the one after it would miss a frame between by more than `tolerance` in
    /// some number (greedy: each line is made as long as it can be).
    static func keptFrames(_ values: [[Double]], tolerance: Double) -> [Int] {
        guard values.count > 2 else { return Array(values.indices) }
        var kept = [0]
        var start = 0
        var end = 1
        while end < values.count - 1 {
            if fits(values, from: start, to: end + 1, tolerance: tolerance) {
                end += 1
            } else {
                kept.append(end)
                start = end
                end += 1
            }
        }
        kept.append(values.count - 1)
        return kept
    }

    /// True when every frame strictly between `a` and `b` is within `tolerance` of the line
    /// from `a`'s value to `b`'s, in every number.
    static func fits(_ values: [[Double]], from a: Int, to b: Int, tolerance: Double) -> Bool {
        for m in (a + 1)..<b {
            let f = Double(m - a) / Double(b - a)
            for i in values[m].indices {
                let line = values[a][i] + (values[b][i] - values[a][i]) * f
                if abs(values[m][i] - line) > tolerance { return false }
            }
        }
        return true
    }
}
