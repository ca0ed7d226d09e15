/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
///
/// Evaluating it solves the curve's x(t) = progress for the parameter t, then returns y(t).
/// The solver follows WebKit's `UnitBezier`: a guess from a precomputed sample table, a few
/// Newton–Raphson steps, and bisection when Newton does not converge. Control points may lie
/// outside the unit square in y (overshoot); x control points are clamped to 0…1 so that x(t)
/// stays monotonic and the curve remains a function of time.
public struct TimingFunction: Hashable, Sendable, CustomStringConvertible {
    public let c1: Point
    public let c2: Point

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Absolute error in x accepted from the solver.
    public static let solveEpsilon = 1e-9
    private static let newtonIterations = 8
    private static let sampleCount = 11
    private static let bisectionIterations = 64

    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        func sane(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
        let p1 = Point(x: min(max(sane(x1, 0), 0), 1), y: sane(y1, 0))
        let p2 = Point(x: min(max(sane(x2, 1), 0), 1), y: sane(y2, 1))
        c1 = p1
        c2 = p2
        cx = 3 * p1.x
        bx = 3 * (p2.x - p1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1.y
        by = 3 * (p2.y - p1.y) - cy
        ay = 1 - cy - by
    }

    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// The curve of implicit animations (`kCAMediaTimingFunctionDefault`).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The named curves by Core Animation's names (`"linear"`, `"easeIn"`, `"easeOut"`,
    /// `"easeInEaseOut"`, `"default"`).
    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: return nil
        }
    }

    public var isLinear: Bool { c1.x == c1.y && c2.x == c2.y }

    /// The curve played backwards (as an autoreversing cycle plays back): its value at x is
    /// 1 − the value at 1 − x, control points (1 − x2, 1 − y2), (1 − x1, 1 − y1).
    public var reversed: TimingFunction {
        TimingFunction(controlPoints: 1 - c2.x, 1 - c2.y, 1 - c1.x, 1 - c1.y)
    }

    /// The eased progress for a time fraction `x`; `x` is clamped to 0…1 and NaN gives 0.
    public func callAsFunction(_ x: Double) -> Double { value(at: x) }

    public func value(at x: Double) -> Double {
        guard !x.isNaN else { return 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return sampleY(solveT(forX: x))
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t at which the curve reaches `x`.
    func solveT(forX x: Double) -> Double {
        // Guess: the sample table's interval that holds x, interpolated linearly.
        let n = Double(Self.sampleCount - 1)
        var t0 = 0.0
        var x0 = 0.0
        var guess = x
        for i in 1...Self.sampleCount - 1 {
            let t1 = Double(i) / n
            let x1 = sampleX(t1)
            if x1 >= x {
                guess = x1 > x0 ? t0 + (x - x0) / (x1 - x0) * (t1 - t0) : t1
                break
            }
            t0 = t1
            x0 = x1
        }
        // Newton–Raphson from the guess: fast where the slope is healthy.
        var t = guess
        for _ in 0..<Self.newtonIterations {
            let err = sampleX(t) - x
            if abs(err) < Self.solveEpsilon { return t }
            let d = sampleDerivativeX(t)
            if abs(d) < 1e-7 { break }
            t -= err / d
            if t < 0 || t > 1 { break }
        }
        // Bisection: always converges because x(t) is monotonic on 0…1.
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<Self.bisectionIterations {
            let xt = sampleX(t)
            if abs(xt - x) < Self.solveEpsilon { return t }
            if xt < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    public static func == (l: TimingFunction, r: TimingFunction) -> Bool {
        l.c1 == r.c1 && l.c2 == r.c2
    }

    public func hash(into h: inout Hasher) {
        h.combine(c1)
        h.combine(c2)
    }

    public var description: String { "cubic-bezier(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}
