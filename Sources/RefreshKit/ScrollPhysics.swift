import Foundation
import LayerKit

/// The numbers and closed forms behind the scroll view's feel, kept apart from the state so
/// tests can check them against the formulas directly.
public enum ScrollPhysics {
    /// UIScrollView's rubber-band constant `c`.
    public static let rubberBandCoefficient = 0.55

    /// `UIScrollView.DecelerationRate.normal`: the velocity is multiplied by this every millisecond.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99

    /// A flick slower than this (points per second) does not start a deceleration, and a
    /// deceleration stops once its speed falls below it.
    public static let minimumDecelerationSpeed = 10.0

    /// The bounce back to an edge is a critically damped spring (damping ratio 1) with this
    /// response (seconds per radian-cycle, ω = 2π / response). With 0.4 s, a release from rest
    /// is 95 % of the way home after 0.3 s and within 1 % after 0.45 s — the ~0.4–0.5 s settle
    /// of UIScrollView's bounce — and, being critically damped, it does not cross the edge unless
    /// thrown toward the content faster than ω·distance (then it keeps scrolling into the content).
    public static let bounceResponse = 0.4
    /// ω of the bounce spring, in 1/s.
    public static var bounceAngularFrequency: Double { 2 * Double.pi / bounceResponse }
    /// The bounce ends (the offset is set exactly to the rest position) once the spring's
    /// remaining distance falls to this many points, past its turning point.
    public static let bounceRestTolerance = 0.1

    // MARK: Rubber band

    /// How far content moves when dragged `distance` points past an edge:
    /// `(1 − 1/(x·c/d + 1))·d`. Never reaches `dimension`.
    ///
    /// Distances ≤ 0 give 0; a non-finite distance or a dimension ≤ 0 / non-finite gives 0
    /// (no stretch), except `+∞` which gives `dimension`.
    public static func rubberBand(
        distance x: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient
    ) -> Double {
        guard d.isFinite, d > 0, c.isFinite, c > 0, !x.isNaN, x > 0 else { return 0 }
        if x == .infinity { return d }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The drag distance that produces a rubber-band `offset`: the inverse of
    /// `rubberBand(distance:dimension:coefficient:)`, `x = o·d / ((d − o)·c)`.
    /// Offsets ≤ 0 or bad input give 0; offsets at or beyond `dimension` give a large finite value.
    public static func rubberBandInverse(
        offset o: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient
    ) -> Double {
        guard d.isFinite, d > 0, c.isFinite, c > 0, !o.isNaN, o > 0 else { return 0 }
        let capped = min(o, d * (1 - 1e-9))
        return capped * d / ((d - capped) * c)
    }

    /// d(rubberBand)/dx at `distance`: how many points the content moves per point of finger
    /// motion at that stretch (`c / (x·c/d + 1)²`); 1 at or below 0.
    public static func rubberBandSlope(
        distance x: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient
    ) -> Double {
        guard d.isFinite, d > 0, c.isFinite, c > 0, x.isFinite else { return 0 }
        guard x > 0 else { return 1 }
        let q = x * c / d + 1
        return c / (q * q)
    }

    // MARK: Deceleration

    /// The per-second decay exponent k = 1000·ln(rate) of a per-millisecond rate
    /// (velocity(t) = v₀·rate^(1000·t) = v₀·e^(k·t)). A rate outside (0, 1) gives the normal rate's.
    public static func decayExponent(rate: Double) -> Double {
        let r = rate.isFinite && rate > 0 && rate < 1 ? rate : normalDecelerationRate
        return 1000 * log(r)
    }

    /// Seconds until a deceleration from `velocity` slows below `minimumDecelerationSpeed`
    /// (0 when it starts below it).
    public static func decelerationDuration(velocity v0: Double, rate: Double) -> Double {
        guard v0.isFinite, abs(v0) > minimumDecelerationSpeed else { return 0 }
        return log(minimumDecelerationSpeed / abs(v0)) / decayExponent(rate: rate)
    }
}
