import Foundation

/// What an animation shows outside its active time (`CAMediaTimingFillMode`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the animation has no effect before it begins or after it ends.
    case removed
    /// After the end, the final state stays.
    case forwards
    /// Before the begin time, the initial state shows.
    case backwards
    /// Both of the above.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The affine map from scene (media) time to a layer's local time:
/// `local = rate · sceneTime + offset`, the composition of every ancestor's
/// `(t − beginTime) · speed + timeOffset`.
struct TimeMap: Equatable {
    var rate: Double
    var offset: Double

    static let identity = TimeMap(rate: 1, offset: 0)

    func local(_ sceneTime: Double) -> Double { rate * sceneTime + offset }

    /// The map into a child with the given timing (`beginTime`, `speed`, `timeOffset`).
    func child(beginTime: Double, speed: Double, timeOffset: Double) -> TimeMap {
        TimeMap(rate: rate * speed, offset: speed * (offset - beginTime) + timeOffset)
    }

    /// The first scene time at or after `floor` at which local time reaches `localTime`, or
    /// +∞ when it never does (time stands still or runs backwards short of it).
    func sceneTime(reaching localTime: Double, notBefore floor: Double) -> Double {
        if rate > 0 {
            let t = (localTime - offset) / rate
            return t.isNaN ? .infinity : Swift.max(t, floor)
        }
        return local(floor) >= localTime ? floor : .infinity
    }
}

/// Turns non-finite or out-of-range timing inputs into the values Core Animation would use,
/// so that no later arithmetic sees NaN.
enum TimingSanitizer {
    static func speed(_ s: Double) -> Double { s.isFinite ? s : 1 }
    static func offset(_ t: Double) -> Double { t.isFinite ? t : 0 }
}

/// One sample of an animation's timing: where in its simple duration it is.
struct TimingSample {
    /// The eased progress through the current cycle, 0…1 (may overshoot with overshooting
    /// timing functions).
    var fraction: Double
    /// `fraction · duration`: the time children of a group see.
    var simpleTime: Double
    /// How many whole cycles came before this one (for cumulative animations).
    var iteration: Double
}

/// An animation's `CAMediaTiming` values, checked and precomputed once when it is added.
///
/// Local time follows Core Animation: the active time is `(parentTime − beginTime)·|speed|`;
/// `timeOffset` shifts it and wraps around within the active duration; the active duration is
/// `repeatDuration` when set, else `repeatCount` cycles, else one cycle, a cycle being the
/// duration, doubled when the animation autoreverses; the timing function eases each cycle.
struct TimingModel: Hashable, Sendable {
    var beginTime: Double
    var speed: Double
    var timeOffset: Double
    /// The simple duration: positive, possibly infinite.
    var duration: Double
    var cycleDuration: Double
    /// In the animation's own time; possibly infinite.
    var activeDuration: Double
    var autoreverses: Bool
    var fillMode: FillMode
    var timingFunction: TimingFunction?

    /// Core Animation's duration for a duration of 0: a quarter second.
    static let defaultDuration = 0.25

    /// - Parameter inheritedDuration: the duration a zero duration falls back to (a group's,
    ///   for its children); 0.25 s at top level.
    init(_ a: Animation, inheritedDuration: Double = TimingModel.defaultDuration) {
        beginTime = a.beginTime.isFinite ? a.beginTime : 0
        speed = TimingSanitizer.speed(a.speed)
        timeOffset = TimingSanitizer.offset(a.timeOffset)
        var d = a.duration
        if d.isNaN || d <= 0 { d = inheritedDuration }
        duration = d
        autoreverses = a.autoreverses
        cycleDuration = autoreverses ? d * 2 : d
        let repeatDuration = a.repeatDuration
        let repeatCount = a.repeatCount
        if repeatDuration > 0 {
            activeDuration = repeatDuration
        } else if repeatCount > 0 {
            activeDuration = repeatCount * cycleDuration
        } else {
            activeDuration = cycleDuration
        }
        if activeDuration.isNaN { activeDuration = cycleDuration }
        fillMode = a.fillMode
        timingFunction = a.timingFunction
    }

    /// How long the active interval lasts in the parent's time (+∞ when it never ends).
    var activeParentDuration: Double {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }

    /// The parent time at which the active interval ends (+∞ when it never ends).
    var endTime: Double {
        let d = activeParentDuration
        return d.isFinite ? beginTime + d : .infinity
    }

    /// True when, at `parentTime`, the animation is active and its state changes with time.
    func isRunning(at parentTime: Double) -> Bool {
        speed != 0 && parentTime >= beginTime && parentTime < endTime
    }

    /// The timing state at `parentTime`, or nil when the animation has no effect then.
    ///
    /// - Parameter endInclusive: the exact end time still counts as active (the last value
    ///   shows). Group children use it: a group that fills forwards holds its time at its end,
    ///   and a child ending with it keeps its final value there, as in Core Animation.
    func sample(at parentTime: Double, endInclusive: Bool = false) -> TimingSample? {
        guard !parentTime.isNaN else { return nil }
        var active: Double
        var atEnd = false
        if parentTime < beginTime {
            guard fillMode.fillsBackwards else { return nil }
            active = 0
        } else {
            active = (parentTime - beginTime) * abs(speed)
            if active.isNaN { active = 0 }
            if active >= activeDuration {
                guard fillMode.fillsForwards || (endInclusive && active == activeDuration)
                else { return nil }
                active = activeDuration
                atEnd = true
            }
        }
        if speed < 0, activeDuration.isFinite {
            // Negative speed plays the active interval backwards.
            active = activeDuration - active
            atEnd = false
        }
        var local = active + timeOffset
        if activeDuration.isFinite, activeDuration > 0, timeOffset != 0 {
            // The offset shifts the start and the rest wraps around (CAMediaTiming).
            var r = fmod(local, activeDuration)
            if r < 0 { r += activeDuration }
            if atEnd, r == 0 { r = activeDuration }
            local = r
        }
        return sample(localTime: local, atEnd: atEnd)
    }

    private func sample(localTime local: Double, atEnd: Bool) -> TimingSample {
        var iteration = 0.0
        var within = local
        if cycleDuration.isFinite, cycleDuration > 0 {
            iteration = (local / cycleDuration).rounded(.down)
            within = local - iteration * cycleDuration
            if atEnd, within <= 0, local > 0 {
                // The very end of the active time is the end of the last cycle, not the start
                // of the next one.
                iteration -= 1
                within = cycleDuration
            }
        }
        if autoreverses, within > duration { within = 2 * duration - within }
        var fraction = duration.isFinite ? within / duration : 0
        if !fraction.isFinite { fraction = 0 }
        fraction = Swift.min(Swift.max(fraction, 0), 1)
        if let tf = timingFunction { fraction = tf.value(at: fraction) }
        let simple = duration.isFinite ? fraction * duration : within
        return TimingSample(fraction: fraction, simpleTime: simple, iteration: Swift.max(iteration, 0))
    }
}
