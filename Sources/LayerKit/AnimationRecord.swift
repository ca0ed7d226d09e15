/// A read-only description of one animation running on a layer: what an inspector lists and
/// draws as a timeline (`Layer.animationRecords`).
///
/// A record is a value taken at one moment; it does not change when the animation does (or
/// goes). Its timing is the running copy's: `beginTime` is the begin time the engine gave it
/// (in the layer's local time) and `duration` the simple duration it runs with (a zero duration
/// resolved to the transaction's or the group's). `repeatCount` and `repeatDuration` are as set.
///
/// `sample(atLocalTime:)` says where the animation is at a local time of its layer: in which
/// phase, how far through its cycle after its timing function, and its value normalised to
/// 0…1 — the value curve an inspector draws inside the animation's bar (see
/// `AnimationSample.normalizedValue` for what "normalised" means for each kind of value).
public struct AnimationRecord: Hashable, Sendable {
    /// What class of animation it is.
    public enum Kind: String, Hashable, Sendable {
        /// `BasicAnimation`: from, to, by.
        case basic
        /// `KeyframeAnimation`: values or a path.
        case keyframe
        /// A basic animation moved by a spring: `SpringAnimation`, or UIKit's spring view
        /// animations.
        case spring
        /// `AnimationGroup`: its children run in its time.
        case group
        /// A plain `Animation`: it keeps time and reports to its delegate, animating nothing.
        case plain
        /// `TransitionAnimation`: the layer's old rendering giving way to the new.
        case transition
    }

    /// Who added it.
    public enum Origin: String, Hashable, Sendable {
        /// Code added it (`Layer.add(_:forKey:)`).
        case explicit
        /// The engine added it for a model change, as a layer's action (an implicit animation).
        case implicit
        /// The engine added it for a change of a view's backing layer inside a view-animation
        /// block (`ViewAnimation.animate`), as UIKit does.
        case viewAnimation
    }

    /// Identifies the running animation while it stays on its layer: the same number in every
    /// record taken of it, and no other animation's. A group's children carry their group's.
    public let id: UInt64
    public let key: String?
    /// The animated key path; nil for groups and plain animations.
    public let keyPath: String?
    public let kind: Kind
    public let origin: Origin

    /// When the active time begins, in the layer's local time (for a group's child: in the
    /// group's simple time).
    public let beginTime: Double
    /// The simple duration the animation runs with, in seconds (positive; may be infinite).
    public let duration: Double
    public let speed: Double
    public let timeOffset: Double
    public let repeatCount: Double
    public let repeatDuration: Double
    public let autoreverses: Bool
    public let fillMode: FillMode
    public let isRemovedOnCompletion: Bool
    /// nil: linear.
    public let timingFunction: TimingFunction?
    public let isAdditive: Bool
    public let isCumulative: Bool

    /// Basic animations: their values as set.
    public let fromValue: AnimationValue?
    public let toValue: AnimationValue?
    public let byValue: AnimationValue?
    /// Keyframe animations: values, path, key times and per-segment timing functions as set.
    public let values: [AnimationValue]?
    public let path: Path?
    public let keyTimes: [Double]?
    public let timingFunctions: [TimingFunction]?
    public let calculationMode: CalculationMode?
    /// Keyframe animations: where the keyframes fall, as fractions 0…1 of the simple duration,
    /// as the engine uses them (`keyTimes` when valid, else even, paced or a path's segment
    /// boundaries); empty for other kinds.
    public let keyframeTimes: [Double]

    /// Springs: the oscillator (mass, stiffness, damping, initial velocity).
    public let spring: SpringOscillator?

    /// Groups: their children, in order.
    public let children: [AnimationRecord]

    /// Transitions: the type, the subtype (nil: from the left) and the progress range.
    public let transitionType: TransitionType?
    public let transitionSubtype: TransitionSubtype?
    /// `[startProgress, endProgress]`.
    public let transitionProgress: [Double]?

    /// One cycle: the duration, doubled when the animation autoreverses.
    public let cycleDuration: Double
    /// How long the animation is active in its own time: `repeatDuration` when set, else
    /// `repeatCount` cycles, else one (infinite when it repeats forever).
    public let activeDuration: Double

    let timing: TimingModel
    let curve: NormalizedCurve
    let isGroupChild: Bool

    /// When the active time ends, in the layer's local time (+∞ when it never does).
    public var endTime: Double { timing.endTime }

    /// Where the animation is at `localTime` (its layer's local time; for a group's child, the
    /// group's simple time, `AnimationSample.simpleTime`). Nil when it has no effect then:
    /// before its begin without a backwards fill, after its end without a forwards fill.
    public func sample(atLocalTime localTime: Double) -> AnimationSample? {
        guard let s = timing.sample(at: localTime, endInclusive: isGroupChild) else { return nil }
        let phase: AnimationSample.Phase
        if localTime < timing.beginTime {
            phase = .before
        } else if (localTime - timing.beginTime) * abs(timing.speed) < timing.activeDuration
            || (isGroupChild && (localTime - timing.beginTime) * abs(timing.speed) == timing.activeDuration)
        {
            phase = .active
        } else {
            phase = .after
        }
        return AnimationSample(
            phase: phase, fraction: s.fraction, iteration: s.iteration, simpleTime: s.simpleTime,
            normalizedValue: curve.normalizedValue(at: s.fraction))
    }

    /// The normalised value at `fraction` (0…1, after the timing function) of a cycle: what
    /// `sample(atLocalTime:)` reports when the animation is that far through a cycle (a
    /// keyframe's own value at its key time). Nil for groups and plain animations.
    public func normalizedValue(atFraction fraction: Double) -> Double? {
        curve.normalizedValue(at: fraction)
    }

    /// A group's children at `localTime` of the group's layer, in order (nil where a child
    /// has no effect, and for every child when the group has none).
    public func childSamples(atLocalTime localTime: Double) -> [AnimationSample?] {
        guard let s = sample(atLocalTime: localTime) else {
            return Array(repeating: nil, count: children.count)
        }
        return children.map { $0.sample(atLocalTime: s.simpleTime) }
    }
}

/// Where an animation is at one moment (`AnimationRecord.sample(atLocalTime:)`).
public struct AnimationSample: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        /// Before the begin time, shown by a backwards fill.
        case before
        /// In the active time.
        case active
        /// After the end, shown by a forwards fill.
        case after
    }

    public var phase: Phase
    /// Progress through the current cycle after the timing function, 0…1 (may overshoot with
    /// an overshooting curve).
    public var fraction: Double
    /// Whole cycles before this one.
    public var iteration: Double
    /// `fraction · duration`: the time a group's children see.
    public var simpleTime: Double
    /// The animated value normalised to 0…1 over the cycle, or nil for groups and plain
    /// animations. Basic animations: the eased fraction (their value runs in a straight line
    /// from one end to the other). Keyframe values: the value projected on the line through
    /// the two keyframes farthest apart (for numbers, the number itself), scaled so that the
    /// lowest keyframe is 0 and the highest 1. A keyframe path: the distance travelled along
    /// it as a fraction of its length. Cubic curves may overshoot 0…1 between keyframes.
    public var normalizedValue: Double?
}

/// One layer of a subtree and the animations on it (`Layer.animatedLayers()`).
public struct AnimatedLayer: Hashable, Sendable {
    public var name: String?
    /// Where the layer is below the subtree's root: an index into `sublayers` per level (empty
    /// for the root itself) — the same path leads to it in the subtree's presentation.
    public var indexPath: [Int]
    /// This layer's local time for the subtree root's local time `t` is
    /// `timeRate · t + timeOffset` (every layer timing between them applied).
    public var timeRate: Double
    public var timeOffset: Double
    public var records: [AnimationRecord]

    public init(
        name: String?, indexPath: [Int], timeRate: Double, timeOffset: Double, records: [AnimationRecord]
    ) {
        self.name = name
        self.indexPath = indexPath
        self.timeRate = timeRate
        self.timeOffset = timeOffset
        self.records = records
    }

    /// This layer's local time at the subtree root's local time `t`.
    public func localTime(atRootTime t: Double) -> Double { timeRate * t + timeOffset }

    /// The subtree root's local time at this layer's local time `t`; nil when this layer's
    /// time does not run against the root's (a layer paused below it).
    public func rootTime(atLocalTime t: Double) -> Double? {
        timeRate != 0 ? (t - timeOffset) / timeRate : nil
    }
}

extension Layer {
    /// The animations on this layer, in the order they apply (the order they were added), as
    /// records. An animation still waiting for its begin time — on a layer that no scene has
    /// taken yet — is left out.
    public var animationRecords: [AnimationRecord] {
        entries.compactMap { entry in
            entry.needsStamp ? nil : AnimationRecord(entry: entry)
        }
    }

    /// Every layer of this subtree that has animations, with them, in depth-first order
    /// (a layer before its sublayers, sublayers in order). Subtrees without animations are
    /// passed over without looking at each of their layers when the scene has found them
    /// static.
    public func animatedLayers() -> [AnimatedLayer] {
        var result: [AnimatedLayer] = []
        var path: [Int] = []
        func visit(_ layer: Layer, map: TimeMap) {
            // A subtree with a kept presentation has no animations (see `cachedPresentation`).
            if layer.cachedPresentation != nil { return }
            let records = layer.animationRecords
            if !records.isEmpty {
                result.append(
                    AnimatedLayer(
                        name: layer.name, indexPath: path, timeRate: map.rate, timeOffset: map.offset,
                        records: records))
            }
            for (i, sub) in layer.sublayers.enumerated() {
                path.append(i)
                visit(sub, map: sub.childTimeMap(from: map))
                path.removeLast()
            }
        }
        visit(self, map: .identity)
        return result
    }
}

extension AnimationRecord {
    /// The record of a running entry.
    init(entry: AnimationEntry) {
        self.init(
            animation: entry.animation, compiled: entry.compiled, id: entry.sequence, key: entry.key,
            origin: entry.origin, isGroupChild: false)
    }

    init(
        animation a: Animation, compiled: CompiledAnimation, id: UInt64, key: String?, origin: Origin,
        isGroupChild: Bool
    ) {
        self.id = id
        self.key = key
        self.origin = origin
        self.isGroupChild = isGroupChild
        let t = compiled.timing
        timing = t
        beginTime = t.beginTime
        duration = t.duration
        speed = t.speed
        timeOffset = t.timeOffset
        cycleDuration = t.cycleDuration
        activeDuration = t.activeDuration
        autoreverses = t.autoreverses
        fillMode = t.fillMode
        timingFunction = t.timingFunction
        repeatCount = a.repeatCount
        repeatDuration = a.repeatDuration
        isRemovedOnCompletion = a.isRemovedOnCompletion
        let property = a as? PropertyAnimation
        keyPath = property?.keyPath
        isAdditive = property?.isAdditive ?? false
        isCumulative = property?.isCumulative ?? false
        let transition = a as? TransitionAnimation
        transitionType = transition?.type
        transitionSubtype = transition?.subtype
        transitionProgress = transition.map { [$0.startProgress, $0.endProgress] }
        let basic = a as? BasicAnimation
        fromValue = basic?.fromValue
        toValue = basic?.toValue
        byValue = basic?.byValue
        spring = basic?.springMotion
        let keyframe = a as? KeyframeAnimation
        values = keyframe?.values
        path = keyframe?.path
        keyTimes = keyframe?.keyTimes
        timingFunctions = keyframe?.timingFunctions
        calculationMode = keyframe?.calculationMode
        let curve = compiled.program?.normalizedCurve() ?? .none
        self.curve = curve
        keyframeTimes = keyframe != nil ? curve.keyframeTimes : []
        if let group = a as? AnimationGroup, let program = compiled.program as? GroupProgram {
            kind = .group
            children = zip(group.animations, program.children).map { child, compiledChild in
                AnimationRecord(
                    animation: child, compiled: compiledChild, id: id, key: nil, origin: origin,
                    isGroupChild: true)
            }
        } else {
            kind =
                spring != nil
                ? .spring
                : basic != nil
                    ? .basic
                    : keyframe != nil
                        ? .keyframe
                        : property != nil ? .basic : a is TransitionAnimation ? .transition : .plain
            children = []
        }
    }
}
