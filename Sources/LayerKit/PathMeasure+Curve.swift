import Foundation

/// The geometry of one measured segment: a line, quadratic or cubic Bézier in control-point
/// form. A `close` element is measured as the line back to its subpath's start.
enum BezierCurve: Hashable, Sendable {
    case line(Point, Point)
    case quad(Point, Point, Point)
    case cubic(Point, Point, Point, Point)

    var start: Point {
        switch self {
        case .line(let p0, _), .quad(let p0, _, _), .cubic(let p0, _, _, _): return p0
        }
    }

    var end: Point {
        switch self {
        case .line(_, let p1): return p1
        case .quad(_, _, let p2): return p2
        case .cubic(_, _, _, let p3): return p3
        }
    }

    var isFinite: Bool {
        switch self {
        case .line(let a, let b): return a.isFinite && b.isFinite
        case .quad(let a, let b, let c): return a.isFinite && b.isFinite && c.isFinite
        case .cubic(let a, let b, let c, let d):
            return a.isFinite && b.isFinite && c.isFinite && d.isFinite
        }
    }

    /// The length of the control polygon: an upper bound of the arc length, used as the
    /// curve's scale for tolerances.
    var controlPolygonLength: Double {
        switch self {
        case .line(let a, let b): return Self.distance(a, b)
        case .quad(let a, let b, let c): return Self.distance(a, b) + Self.distance(b, c)
        case .cubic(let a, let b, let c, let d):
            return Self.distance(a, b) + Self.distance(b, c) + Self.distance(c, d)
        }
    }

    /// |b − a| by `hypot`, which neither underflows for tiny coordinates nor overflows for
    /// huge ones the way √(dx² + dy²) does.
    static func distance(_ a: Point, _ b: Point) -> Double {
        hypot(b.x - a.x, b.y - a.y)
    }

    /// B(t), by the Bernstein form.
    func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b):
            return a.lerp(to: b, t)
        case .quad(let a, let b, let c):
            let (wa, wb, wc) = (u * u, 2 * u * t, t * t)
            return Point(x: wa * a.x + wb * b.x + wc * c.x, y: wa * a.y + wb * b.y + wc * c.y)
        case .cubic(let a, let b, let c, let d):
            let (wa, wb, wc, wd) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Point(
                x: wa * a.x + wb * b.x + wc * c.x + wd * d.x,
                y: wa * a.y + wb * b.y + wc * c.y + wd * d.y)
        }
    }

    /// B′(t), the hodograph.
    func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b):
            return b - a
        case .quad(let a, let b, let c):
            return (b - a) * (2 * u) + (c - b) * (2 * t)
        case .cubic(let a, let b, let c, let d):
            return (b - a) * (3 * u * u) + (c - b) * (6 * u * t) + (d - c) * (3 * t * t)
        }
    }

    /// |B′(t)|: the speed whose integral is the arc length.
    func speed(at t: Double) -> Double {
        let d = derivative(at: t)
        return hypot(d.x, d.y)
    }

    /// The unit direction of travel at `t`, or nil when the curve does not move at all.
    ///
    /// Where B′ vanishes (a handle lying on its end point, or a cusp) the direction is the
    /// limit of the chord towards a nearby point, taken forwards in the first half and
    /// backwards in the second, so the tangent at an end matches the curve's visible start
    /// or finish.
    func unitTangent(at t: Double) -> Point? {
        let scale = controlPolygonLength
        guard scale > 0, scale.isFinite else { return nil }
        if let u = Self.normalized(derivative(at: t), minimumLength: Self.stationaryTolerance * scale) {
            return u
        }
        for dt in [1e-7, 1e-5, 1e-3, 1e-1, 1] {
            let chord: Point
            if t < 0.5 {
                chord = point(at: min(1, t + dt)) - point(at: t)
            } else {
                chord = point(at: t) - point(at: max(0, t - dt))
            }
            if let u = Self.normalized(chord, minimumLength: 0) { return u }
        }
        return nil
    }

    /// |B′| below this fraction of the control polygon counts as stationary.
    static let stationaryTolerance = 1e-12

    static func normalized(_ v: Point, minimumLength: Double) -> Point? {
        let n = hypot(v.x, v.y)
        guard n > minimumLength, n.isFinite else { return nil }
        return Point(x: v.x / n, y: v.y / n)
    }

    /// The part of the curve between parameters `t0` ≤ `t1`, cut exactly by de Casteljau
    /// (the result is the same kind of curve, reparametrised to 0…1).
    func split(from t0: Double, to t1: Double) -> BezierCurve {
        var c = self
        if t1 < 1 { c = c.prefix(upTo: t1) }
        if t0 > 0 {
            // After keeping [0, t1], the old t0 sits at t0 / t1 of the new curve.
            let s = t1 > 0 ? t0 / t1 : 0
            c = c.suffix(from: min(1, s))
        }
        return c
    }

    /// The curve split at `t` by de Casteljau: its part over [0, t] and its part over [t, 1].
    func split(at t: Double) -> (head: BezierCurve, tail: BezierCurve) {
        switch self {
        case .line(let a, let b):
            let m = a.lerp(to: b, t)
            return (.line(a, m), .line(m, b))
        case .quad(let a, let b, let c):
            let ab = a.lerp(to: b, t)
            let bc = b.lerp(to: c, t)
            let m = ab.lerp(to: bc, t)
            return (.quad(a, ab, m), .quad(m, bc, c))
        case .cubic(let a, let b, let c, let d):
            let ab = a.lerp(to: b, t)
            let bc = b.lerp(to: c, t)
            let cd = c.lerp(to: d, t)
            let abc = ab.lerp(to: bc, t)
            let bcd = bc.lerp(to: cd, t)
            let m = abc.lerp(to: bcd, t)
            return (.cubic(a, ab, abc, m), .cubic(m, bcd, cd, d))
        }
    }

    /// The curve over [0, t] by de Casteljau.
    func prefix(upTo t: Double) -> BezierCurve { split(at: t).head }

    /// The curve over [t, 1] by de Casteljau.
    func suffix(from t: Double) -> BezierCurve { split(at: t).tail }

    /// The path element that draws this curve from its start.
    var element: PathElement {
        switch self {
        case .line(_, let b): return .line(to: b)
        case .quad(_, let b, let c): return .quad(to: c, control: b)
        case .cubic(_, let b, let c, let d): return .cubic(to: d, control1: b, control2: c)
        }
    }
}

/// Arc length of one curve as a function of its parameter, and its inverse.
///
/// Strategy: adaptive Gauss–Legendre. The parameter range is halved until, on every leaf
/// interval, one 8-point rule and the sum of the two half rules agree to `relativeTolerance`
/// of the curve's scale; the leaves' cumulative lengths form a table. Within a leaf, s(t) is
/// one more 8-point rule from the leaf's start, and t(s) is Newton's method on that function
/// (its derivative is the speed |B′|) guarded by bisection on the leaf's bracket.
struct ArcLengthTable: Hashable, Sendable {
    /// Leaf boundaries in t, from 0 to 1.
    let parameters: [Double]
    /// Arc length from t = 0 to each boundary.
    let lengths: [Double]

    var totalLength: Double { lengths.last ?? 0 }

    /// Leaves agreeing to this fraction of the curve's control polygon are accepted.
    static let relativeTolerance = 1e-13
    /// Halving stops here even if a leaf has not converged (a cusp, where |B′| has a kink,
    /// converges only quadratically); 2⁻²⁰ of the range leaves an error far below 1e-9.
    static let maximumDepth = 20
    /// Newton stops when s(t) is this close (relative to the curve's length) to the target.
    static let inversionTolerance = 1e-13

    init(curve: BezierCurve) {
        var ts: [Double] = [0]
        var ss: [Double] = [0]
        let scale = curve.controlPolygonLength
        // The floor keeps a subnormal-sized curve from refining to the maximum depth everywhere
        // (its rounding noise would never meet a tolerance that is itself subnormal).
        let tolerance = max(Self.relativeTolerance * scale, Double.leastNormalMagnitude)
        func refine(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) {
            let m = (a + b) / 2
            let left = Self.gaussLegendre(curve, a, m)
            let right = Self.gaussLegendre(curve, m, b)
            if depth >= Self.maximumDepth || abs(left + right - whole) <= tolerance {
                ts.append(m)
                ss.append(ss[ss.count - 1] + left)
                ts.append(b)
                ss.append(ss[ss.count - 1] + right)
            } else {
                refine(a, m, left, depth + 1)
                refine(m, b, right, depth + 1)
            }
        }
        if scale > 0, scale.isFinite {
            refine(0, 1, Self.gaussLegendre(curve, 0, 1), 0)
        } else {
            ts.append(1)
            ss.append(0)
        }
        parameters = ts
        lengths = ss
    }

    /// ∫ₐᵇ |B′(t)| dt by the 8-point Gauss–Legendre rule (exact for polynomials of degree 15).
    static func gaussLegendre(_ curve: BezierCurve, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let mid = (a + b) / 2
        var sum = 0.0
        for i in 0..<4 {
            let dx = half * nodes[i]
            sum += weights[i] * (curve.speed(at: mid - dx) + curve.speed(at: mid + dx))
        }
        return sum * half
    }

    private static let nodes: [Double] = [
        0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363,
    ]
    private static let weights: [Double] = [
        0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
    ]

    /// The index of the leaf whose parameter range holds `t`.
    private func leaf(containingParameter t: Double) -> Int { Self.leaf(in: parameters, containing: t) }

    /// The index of the leaf whose length range holds `s`.
    private func leaf(containingLength s: Double) -> Int { Self.leaf(in: lengths, containing: s) }

    /// The leaf `i` (0 … `bounds.count − 2`) with `bounds[i] <= value`, the last such one, given
    /// leaf boundaries `bounds` in ascending order (binary search); 0 when none is.
    private static func leaf(in bounds: [Double], containing value: Double) -> Int {
        var lo = 0
        var hi = bounds.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if bounds[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// s(t): arc length from the curve's start to parameter `t` (clamped to 0…1).
    func length(upTo t: Double, of curve: BezierCurve) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return totalLength }
        let i = leaf(containingParameter: t)
        return lengths[i] + Self.gaussLegendre(curve, parameters[i], t)
    }

    /// t(s): the parameter at arc length `s` from the curve's start (clamped to the curve).
    func parameter(atLength s: Double, of curve: BezierCurve) -> Double {
        let total = totalLength
        guard total > 0, s > 0 else { return 0 }
        if s >= total { return 1 }
        let i = leaf(containingLength: s)
        var lo = parameters[i]
        var hi = parameters[i + 1]
        let base = lengths[i]
        let leafLength = lengths[i + 1] - base
        let target = s - base
        let tolerance = Self.inversionTolerance * total
        // Sample guess: the leaf is short enough that speed is nearly constant on it.
        var t = leafLength > 0 ? lo + (hi - lo) * (target / leafLength) : lo
        for _ in 0..<64 {
            let f = Self.gaussLegendre(curve, parameters[i], t) - target
            if abs(f) <= tolerance { break }
            if f < 0 { lo = t } else { hi = t }
            // Newton on s(t) − target; fall back to bisection when the step leaves the
            // bracket or the speed vanishes (a cusp).
            let v = curve.speed(at: t)
            var next = v > 0 ? t - f / v : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == t || hi - lo <= 1e-16 { break }
            t = next
        }
        return t
    }
}
