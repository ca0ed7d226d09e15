import Foundation

/// A damped harmonic oscillator in closed form: the motion behind `CASpringAnimation` and
/// UIKit's spring animations.
///
/// The spring `m·x″ + c·x′ + k·x = 0` starts displaced by 1 from its rest position with
/// velocity `−v₀` (so a positive initial velocity moves toward rest, as `initialVelocity`
/// means: the fraction of the whole distance covered per second at the start). With
/// `ω₀ = √(k/m)` and the damping ratio `ζ = c / (2√(k·m))`:
/// - under-damped (ζ < 1): `x(t) = e^(−ζω₀t)·(cos ω_d t + B·sin ω_d t)`, `ω_d = ω₀√(1−ζ²)`,
///   `B = (ζω₀ − v₀)/ω_d`;
/// - critically damped (ζ = 1, within `criticalTolerance`): `x(t) = e^(−ω₀t)·(1 + (ω₀ − v₀)·t)`;
/// - over-damped (ζ > 1): `x(t) = C₁e^(r₁t) + C₂e^(r₂t)`, `r₁,₂ = −ω₀(ζ ∓ √(ζ²−1))`,
///   `C₂ = (−v₀ − r₁)/(r₂ − r₁)`, `C₁ = 1 − C₂`.
///
/// `progress(at:)` is `1 − x(t)`: 0 at the start, 1 at rest, above 1 while overshooting.
/// Edge cases: a non-positive or non-finite mass or stiffness takes Core Animation's default
/// (1, 100), a negative or non-finite damping 0 (no damping), a non-finite velocity 0; times
/// before 0 count as 0; the motion never produces NaN.
public struct SpringOscillator: Hashable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double

    /// Damping ratios this close to 1 are treated as critical (the under- and over-damped
    /// forms divide by a vanishing √|1−ζ²|).
    static let criticalTolerance = 1e-6
    /// What "at rest" means for `settlingDuration`: the displacement stays within this fraction
    /// of the distance.
    public static let settlingThreshold = 0.001

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0)
    {
        self.mass = mass.isFinite && mass > 0 ? mass : 1
        self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        self.damping = damping.isFinite && damping > 0 ? damping : 0
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// `√(k/m)`, in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// `c / (2√(k·m))`.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The displacement from rest at `t` seconds, starting from 1.
    public func displacement(at t: Double) -> Double {
        let t = t.isFinite ? Swift.max(t, 0) : (t > 0 ? Double.greatestFiniteMagnitude : 0)
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if abs(zeta - 1) <= Self.criticalTolerance {
            return finite(exp(-w0 * t) * (1 + (w0 - v0) * t))
        }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return finite(exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t)))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let c2 = (-v0 - r1) / (r2 - r1)
        let c1 = 1 - c2
        return finite(c1 * exp(r1 * t) + c2 * exp(r2 * t))
    }

    /// `1 − displacement(at: t)`: the fraction of the way from the start value to the end.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// How long until the motion stays within `settlingThreshold` of rest
    /// (`CASpringAnimation.settlingDuration`): the end of the last stretch outside it, found
    /// by stepping through the motion at a hundredth of its natural period and refining the
    /// last crossing by bisection. Infinite when it never settles (no damping).
    public var settlingDuration: Double {
        let eps = Self.settlingThreshold
        let w0 = naturalFrequency
        let zeta = dampingRatio
        guard zeta > 0 else { return .infinity }
        // The slowest decay rate bounds how long the motion can stay outside: beyond `limit`
        // every term is below eps.
        let slowest = zeta < 1 ? zeta * w0 : w0 * (zeta - (Swift.max(zeta * zeta - 1, 0)).squareRoot())
        let amplitude = 1 + abs(initialVelocity) / Swift.max(w0, 1e-12) + 2
        // The critically and over-damped forms carry a factor growing with t (or a second
        // exponential): a generous margin keeps their tail inside the search.
        let limit = 2 * (log(amplitude / eps) + 10) / slowest
        guard limit.isFinite, limit > 0 else { return 0 }
        let step = Swift.min(2 * Double.pi / w0 / 100, limit / 1000)
        var lastOutside = -1.0
        var t = 0.0
        while t <= limit {
            if abs(displacement(at: t)) > eps { lastOutside = t }
            t += step
        }
        guard lastOutside >= 0 else { return 0 }
        var lo = lastOutside
        var hi = lastOutside + step
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    private func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}

extension SpringOscillator {
    /// The spring UIKit's `animate(withDuration:delay:usingSpringWithDamping:…)` runs: mass 1,
    /// damping ratio `dampingRatio` (clamped to 0.01…1), and a stiffness that makes the
    /// motion's envelope `e^(−ζω₀t)` fall to 1/1500 of its start at `duration`, so the view
    /// visibly comes to rest as the animation (and its completion) ends. `velocity` is UIKit's
    /// `initialSpringVelocity`: the whole distance per second.
    public static func uiKit(duration: Double, dampingRatio: Double, velocity: Double) -> SpringOscillator {
        let zeta = Swift.min(1, Swift.max(dampingRatio.isFinite ? dampingRatio : 1, 0.01))
        let d = duration.isFinite && duration > 0 ? duration : TimingModel.defaultDuration
        let w0 = log(uiKitSettlingFactor) / (zeta * d)
        return SpringOscillator(
            mass: 1, stiffness: w0 * w0, damping: 2 * zeta * w0, initialVelocity: velocity)
    }

    /// The envelope's fall over a UIKit spring animation's duration.
    static let uiKitSettlingFactor = 1500.0
}
