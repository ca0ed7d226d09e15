/// An animation's value over one cycle as one number, 0 at its lowest keyframe and 1 at its
/// highest: the curve an inspector draws (`AnimationSample.normalizedValue` says what it is for
/// each kind of value).
///
/// Built from the compiled program when a record is taken, so it follows the engine's own
/// key times, per-segment timing functions, splines and pacing exactly. Values of several
/// components (points, colours, transforms) are projected on one line; projection is linear,
/// so the projected keyframe curve — linear, Catmull-Rom or paced — is the same curve as the
/// projection of the animated value.
enum NormalizedCurve: Hashable, Sendable {
    /// Nothing animated (a group, a plain animation).
    case none
    /// A basic animation: its value runs straight from one end to the other, so the normalised
    /// value is the eased fraction itself.
    case progress
    case keyframes(ScalarKeyframes)
    case path(PathProgress)
    /// A spring: the spring's progress at the cycle's time in seconds (it may overshoot 1).
    case spring(SpringOscillator, duration: Double)

    /// The normalised value at `fraction` (0…1 after the timing function) of a cycle.
    func normalizedValue(at fraction: Double) -> Double? {
        switch self {
        case .none: nil
        case .progress: fraction
        case .keyframes(let k): k.normalizedValue(at: fraction)
        case .path(let p): p.normalizedValue(at: fraction)
        case .spring(let s, let duration): s.progress(at: fraction * duration)
        }
    }

    /// Where keyframes fall, as fractions of the cycle.
    var keyframeTimes: [Double] {
        switch self {
        case .none, .progress, .spring: []
        case .keyframes(let k): k.times
        case .path(let p): p.keyframeTimes
        }
    }
}

/// Keyframe values as numbers: the engine's own keyframe curve, its value projected on a line
/// and scaled by the range of the projected keyframes. Equal when the keyframes are.
struct ScalarKeyframes: Hashable, Sendable {
    let projection: any KeyframeProjecting

    func normalizedValue(at fraction: Double) -> Double? { projection.normalizedValue(at: fraction) }

    var times: [Double] { projection.keyframeTimes }

    static func == (a: ScalarKeyframes, b: ScalarKeyframes) -> Bool { a.projection.isEqual(to: b.projection) }

    func hash(into h: inout Hasher) {
        h.combine(projection.keyframeTimes)
    }
}

/// A keyframe curve of any value type, seen as numbers.
protocol KeyframeProjecting: Sendable {
    func normalizedValue(at fraction: Double) -> Double?
    var keyframeTimes: [Double] { get }
    func isEqual(to other: any KeyframeProjecting) -> Bool
}

/// `curve`'s values projected on the number line itself for numbers, else on the line from the
/// earlier to the later of the two keyframes farthest apart (so the curve rises as the value
/// moves from one toward the other); 0 at the lowest keyframe, 1 at the highest.
struct KeyframeProjection<V: Interpolatable>: KeyframeProjecting {
    let curve: KeyframeCurve<V>
    let origin: V.Vector
    let axis: V.Vector
    let low: Double
    let high: Double

    init(_ curve: KeyframeCurve<V>) {
        self.curve = curve
        let vectors = curve.values.map(\.animatableVector)
        let start = vectors.first ?? .zero
        var line = V.Vector.zero
        if let unit = 1.0 as? V.Vector {
            line = unit
        } else {
            var farthest = 0.0
            for i in vectors.indices {
                for j in vectors.indices where j > i {
                    let d = vectors[j].subtracting(vectors[i])
                    let m = d.magnitudeSquared
                    if m > farthest, m.isFinite {
                        farthest = m
                        line = d
                    }
                }
            }
        }
        let projected = vectors.map { Self.along($0.subtracting(start), line) }
        origin = start
        axis = line
        low = projected.min() ?? 0
        high = projected.max() ?? 0
    }

    /// The component of `v` along `axis`, in units of the axis (0 without an axis).
    static func along(_ v: V.Vector, _ axis: V.Vector) -> Double {
        let norm = axis.magnitudeSquared
        guard norm > 0, norm.isFinite else { return 0 }
        // The inner product from the norm (polarisation): <u, w> = (|u + w|^2 - |u - w|^2) / 4.
        let dot = (v.adding(axis).magnitudeSquared - v.subtracting(axis).magnitudeSquared) / 4
        let a = dot / norm
        return a.isFinite ? a : 0
    }

    func normalizedValue(at fraction: Double) -> Double? {
        guard let v = curve.value(at: fraction) else { return nil }
        guard high > low else { return 0 }
        return (Self.along(v.animatableVector.subtracting(origin), axis) - low) / (high - low)
    }

    var keyframeTimes: [Double] {
        curve.mode == .discrete ? Array(curve.times.prefix(curve.values.count)) : curve.times
    }

    func isEqual(to other: any KeyframeProjecting) -> Bool {
        guard let o = other as? Self else { return false }
        return curve.values == o.curve.values && curve.times == o.curve.times
            && curve.functions == o.curve.functions && curve.mode == o.curve.mode
    }
}

/// Progress along a keyframe path: the distance covered as a fraction of the path's length.
struct PathProgress: Hashable, Sendable {
    let path: Path
    let mode: CalculationMode
    /// Segment boundary times (linear and cubic modes; discrete: the step times).
    let times: [Double]
    let functions: [TimingFunction]

    func normalizedValue(at fraction: Double) -> Double? {
        let measure = path.measure
        let segments = measure.segments
        guard !segments.isEmpty else { return nil }
        guard measure.length > 0 else { return 0 }
        let f = fraction.isNaN ? 0 : fraction
        switch mode {
        case .paced, .cubicPaced:
            return Swift.min(Swift.max(f, 0), 1)
        case .discrete:
            // The segments' end points, held from their step times (as `KeyframeCurve`).
            var i = 0
            while i + 1 < times.count, times[i + 1] <= f { i += 1 }
            let step = Swift.min(i, segments.count)
            return step == 0
                ? 0 : (segments[step - 1].startDistance + segments[step - 1].length) / measure.length
        case .linear, .cubic:
            // As `PathProgram`: the segment that holds f, its own parameter eased by its
            // timing function, and the arc length up to that parameter.
            let n = segments.count
            var i = 0
            while i + 1 < n, times[i + 1] <= f { i += 1 }
            let span = times[i + 1] - times[i]
            var s = span > 0 ? (f - times[i]) / span : (f >= times[i + 1] ? 1 : 0)
            s = Swift.min(Swift.max(s, 0), 1)
            if i < functions.count { s = functions[i].value(at: s) }
            return measure.distance(inSegment: i, parameter: s).map { $0 / measure.length }
        }
    }

    var keyframeTimes: [Double] {
        switch mode {
        case .paced, .cubicPaced:
            let measure = path.measure
            guard measure.length > 0 else { return times }
            return measure.segments.map { $0.startDistance / measure.length } + [1]
        case .discrete, .linear, .cubic:
            return times
        }
    }
}

extension PathMeasure {
    /// The distance from the path's start to Bézier parameter `parameter` (clamped to 0…1) of
    /// segment `index`, as the element itself parametrises it; nil for a bad index or a NaN
    /// parameter.
    public func distance(inSegment index: Int, parameter: Double) -> Double? {
        guard segments.indices.contains(index), !parameter.isNaN else { return nil }
        let t = Swift.min(Swift.max(parameter, 0), 1)
        let segment = segments[index]
        guard let table = tables[index] else { return segment.startDistance + segment.length * t }
        return segment.startDistance + table.length(upTo: t, of: curves[index])
    }
}

// MARK: - The programs' curves

extension PropertyProgram {
    func normalizedCurve() -> NormalizedCurve {
        switch curve {
        case .basic: return .progress
        case .keyframes(let k): return .keyframes(ScalarKeyframes(projection: KeyframeProjection(k)))
        }
    }
}

extension PathProgram {
    func normalizedCurve() -> NormalizedCurve {
        let stepTimes = discrete?.times ?? times
        return .path(PathProgress(path: path, mode: mode, times: stepTimes, functions: functions))
    }
}

extension GroupProgram {
    func normalizedCurve() -> NormalizedCurve { .none }
}
