/// A compiled animation's value logic: given a timing sample, write the animated values.
///
/// Programs are built once when an animation is added (key paths resolved, values converted
/// to their types, key times checked), so evaluating a frame does no string lookups.
protocol AnimationProgram: AnyObject {
    func apply(_ sample: TimingSample, to values: inout LayerValues)
    /// The animated value over a cycle as one number, for inspectors (AnimationRecord+Curve).
    func normalizedCurve() -> NormalizedCurve
}

/// An animation ready to evaluate: its checked timing and its program.
struct CompiledAnimation {
    var timing: TimingModel
    /// Nil for an animation that only keeps time (a plain `Animation`).
    var program: AnimationProgram?
}

extension Interpolatable {
    func vectorAdding(_ delta: Vector, times k: Double) -> Self {
        Self(animatableVector: animatableVector.adding(delta.scaled(by: k)))
    }
}

/// Where a property animation's values come from.
enum ValueCurve<V: Interpolatable> {
    case basic(from: V?, to: V?, by: V?)
    case keyframes(KeyframeCurve<V>)
}

/// Writes one property from a basic or keyframe curve, with additive and cumulative rules.
final class PropertyProgram<V: Interpolatable>: AnimationProgram {
    let property: AnimatableProperty<V>
    let curve: ValueCurve<V>
    let isAdditive: Bool
    let isCumulative: Bool

    init(property: AnimatableProperty<V>, curve: ValueCurve<V>, isAdditive: Bool, isCumulative: Bool) {
        self.property = property
        self.curve = curve
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    func apply(_ sample: TimingSample, to values: inout LayerValues) {
        let base = property.get(values)
        // An additive animation's own values are offsets from zero (or the identity).
        let underlying = isAdditive ? V.additiveIdentity : base
        var v: V
        switch curve {
        case .basic(let from, let to, let by):
            let (a, b) = Self.endpoints(from: from, to: to, by: by, current: underlying)
            v = a.interpolated(to: b, fraction: sample.fraction)
            if isCumulative, sample.iteration > 0 {
                let delta = b.animatableVector.subtracting(a.animatableVector)
                v = v.vectorAdding(delta, times: sample.iteration)
            }
        case .keyframes(let k):
            guard let kv = k.value(at: sample.fraction) else { return }
            v = kv
            if isCumulative, sample.iteration > 0 {
                v = v.vectorAdding(k.cycleDelta, times: sample.iteration)
            }
        }
        if isAdditive { v = V.accumulate(base, v) }
        // NaN or infinite values never reach the presentation: the property keeps its value.
        guard v.isFiniteValue else { return }
        property.set(&values, v)
    }

    /// Apple's from/to/by table (see `BasicAnimation`).
    static func endpoints(from: V?, to: V?, by: V?, current: V) -> (V, V) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, V.accumulate(f, b))
        case (nil, let t?, let b?):
            return (V(animatableVector: t.animatableVector.subtracting(b.animatableVector)), t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, V.accumulate(current, b))
        case (nil, nil, nil): return (current, current)
        }
    }
}

/// Keyframe values with their key times, per-segment timing functions and calculation mode.
struct KeyframeCurve<V: Interpolatable> {
    let values: [V]
    /// One per value (linear, paced, cubic) or one more than values (discrete), ascending.
    let times: [Double]
    /// Per segment; empty when none apply (paced modes ignore them).
    let functions: [TimingFunction]
    let mode: CalculationMode
    /// Cubic modes: the spline's tangent at each value, per unit of fraction.
    let tangents: [V.Vector]
    /// Cubic modes: each segment's span of the fraction the spline was shaped with (its
    /// Hermite scale). For `.cubic` these are the key-time spans; for `.cubicPaced` they are
    /// the chord-paced spans, while `times` come from the spline's arc length.
    let shapeSpans: [Double]
    /// `.cubicPaced`: the spline's arc length from the first value at `arcSteps` even steps of
    /// each segment's own parameter (`(n − 1) · arcSteps + 1` entries); empty otherwise or
    /// when the spline has no length.
    let arcTable: [Double]
    /// Last value minus first, what each cumulative cycle adds.
    let cycleDelta: V.Vector

    init(values: [V], keyTimes: [Double]?, timingFunctions: [TimingFunction]?, mode: CalculationMode) {
        self.values = values
        self.mode = mode
        let n = values.count
        cycleDelta =
            n > 0 ? values[n - 1].animatableVector.subtracting(values[0].animatableVector) : .zero
        var arcs: [Double] = []
        var tangentList: [V.Vector] = []
        var shape: [Double] = []
        switch mode {
        case .paced:
            times = KeyframeCurve.pacedTimes(values)
            functions = []
        case .cubicPaced:
            // The spline is shaped on chord-paced spans, then paced by its own arc length:
            // key times from each segment's length, and within a segment the parameter found
            // from the distance covered (`arcPacedValue`).
            let chord = KeyframeCurve.pacedTimes(values)
            tangentList = KeyframeCurve.catmullRomTangents(values, times: chord)
            shape = KeyframeCurve.spans(chord)
            arcs = KeyframeCurve.arcLengthTable(values, tangents: tangentList, spans: shape)
            if let total = arcs.last, total > 0, total.isFinite {
                let steps = KeyframeCurve.arcSteps
                times = (0..<n).map { arcs[$0 * steps] / total }
            } else {
                arcs = []
                times = chord
            }
            functions = []
        case .discrete:
            times =
                KeyframeCurve.validTimes(keyTimes, count: n + 1) ?? KeyframeCurve.validTimes(
                    keyTimes, count: n) ?? KeyframeCurve.evenTimes(count: n + 1)
            functions = []
        case .linear, .cubic:
            times = KeyframeCurve.validTimes(keyTimes, count: n) ?? KeyframeCurve.evenTimes(count: n)
            let f = timingFunctions ?? []
            functions = f.count >= n - 1 ? f : []
            if mode == .cubic {
                tangentList = KeyframeCurve.catmullRomTangents(values, times: times)
                shape = KeyframeCurve.spans(times)
            }
        }
        arcTable = arcs
        tangents = tangentList
        shapeSpans = shape
    }

    /// The differences between consecutive times.
    static func spans(_ times: [Double]) -> [Double] {
        times.count < 2 ? [] : (1..<times.count).map { times[$0] - times[$0 - 1] }
    }

    /// Key times evenly spread over 0…1.
    static func evenTimes(count: Int) -> [Double] {
        if count <= 1 { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// `keyTimes` when it has `count` finite, ascending entries, clamped to 0…1.
    static func validTimes(_ keyTimes: [Double]?, count: Int) -> [Double]? {
        guard let k = keyTimes, k.count == count, count > 0 else { return nil }
        guard k.allSatisfy(\.isFinite) else { return nil }
        for i in 1..<k.count where k[i] < k[i - 1] { return nil }
        return k.map { Swift.min(Swift.max($0, 0), 1) }
    }

    /// Key times proportional to the distance covered, for constant speed.
    static func pacedTimes(_ values: [V]) -> [Double] {
        let n = values.count
        guard n > 1 else { return [0] }
        var cumulative = [0.0]
        for i in 1..<n {
            let d = values[i - 1].animationDistance(to: values[i])
            cumulative.append(cumulative[i - 1] + (d.isFinite ? d : 0))
        }
        let total = cumulative[n - 1]
        guard total > 0, total.isFinite else { return evenTimes(count: n) }
        return cumulative.map { $0 / total }
    }

    /// Catmull-Rom tangents for non-uniform key times: the difference quotient across each
    /// value's neighbours. At the ends the missing neighbour is the end value itself, one
    /// segment's time further out (the usual duplicated end point), which halves the slope.
    static func catmullRomTangents(_ values: [V], times: [Double]) -> [V.Vector] {
        let n = values.count
        guard n > 1 else { return Array(repeating: .zero, count: n) }
        var result: [V.Vector] = []
        for i in 0..<n {
            let lo = Swift.max(i - 1, 0)
            let hi = Swift.min(i + 1, n - 1)
            var dt = times[hi] - times[lo]
            if i == 0 || i == n - 1 { dt *= 2 }
            let dv = values[hi].animatableVector.subtracting(values[lo].animatableVector)
            result.append(dt > 0 ? dv.scaled(by: 1 / dt) : .zero)
        }
        return result
    }

    /// The value at `fraction` (0…1) of the cycle, or nil when there are no values.
    func value(at fraction: Double) -> V? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        let f = fraction.isNaN ? 0 : fraction
        if mode == .discrete {
            var i = 0
            while i + 1 < times.count, times[i + 1] <= f { i += 1 }
            return values[Swift.min(i, n - 1)]
        }
        if f <= times[0] { return values[0] }
        if f >= times[n - 1] { return values[n - 1] }
        if !arcTable.isEmpty { return arcPacedValue(at: f) }
        var i = 0
        while i + 2 < n, times[i + 1] <= f { i += 1 }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (f - times[i]) / span : 1
        if i < functions.count { s = functions[i].value(at: s) }
        switch mode {
        case .cubic, .cubicPaced:
            return hermite(segment: i, s: s, span: shapeSpans[i])
        default:
            return values[i].interpolated(to: values[i + 1], fraction: s)
        }
    }

    /// The cubic Hermite segment between values i and i+1 at local parameter s.
    func hermite(segment i: Int, s: Double, span: Double) -> V {
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        let v = values[i].animatableVector.scaled(by: h00)
            .adding(tangents[i].scaled(by: h10 * span))
            .adding(values[i + 1].animatableVector.scaled(by: h01))
            .adding(tangents[i + 1].scaled(by: h11 * span))
        return V(animatableVector: v)
    }
}

/// Runs a group's children in the group's time, clipped to it.
final class GroupProgram: AnimationProgram {
    let children: [CompiledAnimation]

    init(children: [CompiledAnimation]) { self.children = children }

    func apply(_ sample: TimingSample, to values: inout LayerValues) {
        for child in children {
            guard let program = child.program,
                let s = child.timing.sample(at: sample.simpleTime, endInclusive: true)
            else { continue }
            program.apply(s, to: &values)
        }
    }
}
