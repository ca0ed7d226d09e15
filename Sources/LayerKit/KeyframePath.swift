import Foundation

/// Moves a point property along a path (`CAKeyframeAnimation.path`).
///
/// Every element except a move is one keyframe segment (`PathMeasure.segments`, `close`
/// included). Linear and cubic modes give each segment an equal share of the time (or use
/// `keyTimes`, one per segment boundary, when valid) and evaluate the element's own Bézier at
/// the segment's progress, eased by the segment's timing function; paced modes move at
/// constant speed by arc length over the whole path; discrete mode jumps between the
/// segments' end points. With a rotation mode the layer also turns so that its x axis follows
/// the tangent (`autoReverse`: against it).
final class PathProgram: AnimationProgram {
    let property: AnimatableProperty<Point>
    let path: Path
    let measure: PathMeasure
    let mode: CalculationMode
    /// Segment boundary times: one more than there are segments.
    let times: [Double]
    let functions: [TimingFunction]
    let rotationMode: RotationMode?
    let isAdditive: Bool
    /// Discrete mode: the segment end points as keyframe values.
    let discrete: KeyframeCurve<Point>?

    init(
        property: AnimatableProperty<Point>, path: Path, keyTimes: [Double]?,
        timingFunctions: [TimingFunction]?, mode: CalculationMode, rotationMode: RotationMode?,
        isAdditive: Bool
    ) {
        self.property = property
        self.path = path
        measure = path.measure
        self.mode = mode
        self.rotationMode = rotationMode
        self.isAdditive = isAdditive
        let n = measure.segments.count
        times =
            KeyframeCurve<Point>.validTimes(keyTimes, count: n + 1)
            ?? KeyframeCurve<Point>.evenTimes(count: n + 1)
        let f = timingFunctions ?? []
        functions = f.count >= n ? f : []
        if mode == .discrete, let first = measure.segments.first {
            let points = [first.start] + measure.segments.map(\.end)
            discrete = KeyframeCurve(
                values: points, keyTimes: keyTimes, timingFunctions: nil, mode: .discrete)
        } else {
            discrete = nil
        }
    }

    func apply(_ sample: TimingSample, to values: inout LayerValues) {
        let segments = measure.segments
        guard !segments.isEmpty else { return }
        let f = sample.fraction.isNaN ? 0 : sample.fraction
        var position: Point?
        var tangent: Point?
        switch mode {
        case .paced, .cubicPaced:
            let d = Swift.min(Swift.max(f, 0), 1) * measure.length
            if let pt = measure.positionAndTangent(atDistance: d) {
                position = pt.position
                tangent = pt.tangent
            } else {
                position = measure.position(atDistance: d)
            }
        case .discrete:
            position = discrete?.value(at: f)
        case .linear, .cubic:
            let n = segments.count
            var i = 0
            while i + 1 < n, times[i + 1] <= f { i += 1 }
            let span = times[i + 1] - times[i]
            var s = span > 0 ? (f - times[i]) / span : (f >= times[i + 1] ? 1 : 0)
            s = Swift.min(Swift.max(s, 0), 1)
            if i < functions.count { s = functions[i].value(at: s) }
            position = measure.position(inSegment: i, parameter: s)
            tangent = measure.tangent(inSegment: i, parameter: s)
        }
        guard var p = position else { return }
        if isAdditive { p = property.get(values).adding(p) }
        guard p.isFinite else { return }
        property.set(&values, p)
        if let mode = rotationMode, let t = tangent, t.isFinite {
            var angle = atan2(t.y, t.x)
            if mode == .autoReverse { angle += Double.pi }
            values.layer.transform = Transform3D(rotationZ: angle).multiplied(by: values.layer.transform)
        }
    }
}
