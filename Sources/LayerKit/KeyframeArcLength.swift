/// Arc-length pacing of a cubic keyframe spline (`CalculationMode.cubicPaced`).
///
/// Core Animation's cubic-paced mode moves at constant speed along the spline itself, so the
/// time spent on a segment is proportional to the segment's arc length, not to the straight
/// distance between its values, and inside a segment the spline's parameter is advanced by
/// distance, not evenly. The lengths are integrated numerically once, when the animation is
/// compiled; a frame only searches the table.
extension KeyframeCurve {
    /// Table entries per segment; the integral on each step uses 3-point Gauss–Legendre.
    static var arcSteps: Int { 32 }

    /// Gauss–Legendre nodes on [-1, 1] and their weights.
    private static var gaussNodes: (Double, Double, Double) {
        let r = (3.0 / 5.0).squareRoot()
        return (-r, 0, r)
    }
    private static var gaussWeights: (Double, Double, Double) { (5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0) }

    /// The speed of the Hermite segment p0 → p1 (tangents m0, m1 already scaled by the span)
    /// with respect to its parameter at s.
    private static func speed(
        _ p0: V.Vector, _ m0: V.Vector, _ p1: V.Vector, _ m1: V.Vector, at s: Double
    ) -> Double {
        // d/ds of the Hermite basis.
        let d00 = 6 * s * s - 6 * s
        let d10 = 3 * s * s - 4 * s + 1
        let d11 = 3 * s * s - 2 * s
        let v = p0.scaled(by: d00).adding(m0.scaled(by: d10)).adding(p1.scaled(by: -d00))
            .adding(m1.scaled(by: d11))
        return v.magnitudeSquared.squareRoot()
    }

    /// The arc length of the segment between parameters a and b.
    private static func length(
        _ p0: V.Vector, _ m0: V.Vector, _ p1: V.Vector, _ m1: V.Vector, from a: Double, to b: Double
    ) -> Double {
        let half = (b - a) / 2
        let mid = a + half
        let x = gaussNodes
        let w = gaussWeights
        let sum =
            w.0 * speed(p0, m0, p1, m1, at: mid + half * x.0)
            + w.1 * speed(p0, m0, p1, m1, at: mid + half * x.1)
            + w.2 * speed(p0, m0, p1, m1, at: mid + half * x.2)
        let l = sum * half
        return l.isFinite ? l : 0
    }

    /// The cumulative arc length of the Hermite spline through `values` at `arcSteps` even
    /// parameter steps per segment, starting at 0 (see `arcTable`).
    static func arcLengthTable(_ values: [V], tangents: [V.Vector], spans: [Double]) -> [Double] {
        let n = values.count
        guard n > 1, tangents.count == n, spans.count == n - 1 else { return [] }
        let steps = arcSteps
        var table: [Double] = [0]
        table.reserveCapacity((n - 1) * steps + 1)
        var total = 0.0
        for i in 0..<(n - 1) {
            let p0 = values[i].animatableVector
            let p1 = values[i + 1].animatableVector
            let m0 = tangents[i].scaled(by: spans[i])
            let m1 = tangents[i + 1].scaled(by: spans[i])
            for j in 0..<steps {
                let a = Double(j) / Double(steps)
                let b = Double(j + 1) / Double(steps)
                total += length(p0, m0, p1, m1, from: a, to: b)
                table.append(total)
            }
        }
        return table
    }

    /// The value at `fraction` (strictly inside the first and last key times) when pacing by
    /// arc length: the distance covered is `fraction` of the whole length; the table gives
    /// the segment and the parameter step, and Newton steps on the integrated length find
    /// the parameter inside the step.
    func arcPacedValue(at fraction: Double) -> V {
        let steps = KeyframeCurve.arcSteps
        let last = arcTable.count - 1
        let d = fraction * arcTable[last]
        // The last entry whose distance is at most d.
        var lo = 0
        var hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcTable[mid] <= d { lo = mid } else { hi = mid }
        }
        let segment = Swift.min(lo / steps, values.count - 2)
        let step = lo - segment * steps
        let a = arcTable[lo]
        let b = arcTable[lo + 1]
        let s0 = Double(step) / Double(steps)
        let s1 = Double(step + 1) / Double(steps)
        let within = b > a ? Swift.min(Swift.max((d - a) / (b - a), 0), 1) : 0
        var s = s0 + within * (s1 - s0)
        if b > a {
            let span = shapeSpans[segment]
            let p0 = values[segment].animatableVector
            let p1 = values[segment + 1].animatableVector
            let m0 = tangents[segment].scaled(by: span)
            let m1 = tangents[segment + 1].scaled(by: span)
            for _ in 0..<2 {
                let error = a + KeyframeCurve.length(p0, m0, p1, m1, from: s0, to: s) - d
                let v = KeyframeCurve.speed(p0, m0, p1, m1, at: s)
                guard v > 1e-12 else { break }
                s = Swift.min(Swift.max(s - error / v, s0), s1)
            }
        }
        return hermite(segment: segment, s: s, span: shapeSpans[segment])
    }
}
