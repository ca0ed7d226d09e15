/// A basic animation that moves by a spring (`CASpringAnimation`).
///
/// The value runs from the start value toward the end value as `SpringOscillator` describes,
/// overshooting and settling as the spring's mass, stiffness, damping and initial velocity
/// make it, and evaluated against real time in seconds: `duration` says only how long the
/// animation stays on the layer, as on iOS (set it to `settlingDuration` to see the whole
/// motion; with the default 0.25 s most springs are cut off before they settle). Defaults
/// are Core Animation's: mass 1, stiffness 100, damping 10, initial velocity 0. A timing
/// function, if set, eases the spring's time.
public final class SpringAnimation: BasicAnimation {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    /// The velocity at the start, as a fraction of the whole distance per second (positive
    /// toward the end value).
    public var initialVelocity: Double = 0

    /// The oscillator these parameters make (bad values replaced by the defaults).
    public var oscillator: SpringOscillator {
        SpringOscillator(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// How long the spring takes to come to rest (`SpringOscillator.settlingDuration`).
    public var settlingDuration: Double { oscillator.settlingDuration }

    override func clone() -> Animation {
        let c = SpringAnimation(keyPath: keyPath)
        copyBasic(to: c)
        c.mass = mass
        c.stiffness = stiffness
        c.damping = damping
        c.initialVelocity = initialVelocity
        return c
    }

    override var springMotion: SpringOscillator? { oscillator }
}

/// A property program whose progress comes from a spring at the animation's simple time.
final class SpringProgram: AnimationProgram {
    let base: AnimationProgram
    let spring: SpringOscillator
    /// The animation's simple duration, for the inspector's curve.
    let duration: Double

    init(base: AnimationProgram, spring: SpringOscillator, duration: Double) {
        self.base = base
        self.spring = spring
        self.duration = duration
    }

    func normalizedCurve() -> NormalizedCurve { .spring(spring, duration: duration) }

    func apply(_ sample: TimingSample, to values: inout LayerValues) {
        var s = sample
        s.fraction = spring.progress(at: sample.simpleTime)
        base.apply(s, to: &values)
    }
}
