import Foundation
import LayerKit

/// A motion of the offset that runs without the finger, evaluated in closed form from its start.
enum Motion {
    case decelerating(Deceleration)
    case bouncing(Bounce)
    case animating(OffsetAnimation)
}

/// A flick slowing at a per-millisecond rate: v(t) = v₀·e^(k·t), y(t) = y₀ + v₀·(e^(k·t) − 1)/k.
struct Deceleration {
    let start: Double
    let from: Double
    let initialVelocity: Double
    let k: Double
    /// When the speed falls below `ScrollPhysics.minimumDecelerationSpeed`.
    let stopTime: Double
    /// Where and when the flick crosses an edge before stopping, if it does.
    let edgeHit: (time: Double, position: Double, velocity: Double)?

    init(start: Double, from y0: Double, velocity v0: Double, rate: Double, lo: Double, hi: Double) {
        self.start = start
        self.from = y0
        self.initialVelocity = v0
        k = ScrollPhysics.decayExponent(rate: rate)
        let duration = ScrollPhysics.decelerationDuration(velocity: v0, rate: rate)
        stopTime = start + duration
        // Solve y(t) = edge for the edge ahead: e^(k·t) = 1 + (edge − y₀)·k / v₀.
        let edge = v0 < 0 ? lo : hi
        let q = 1 + (edge - y0) * k / v0
        if v0 != 0, q > 0, q <= 1 {
            let t = log(q) / k
            if t <= duration {
                edgeHit = (start + t, edge, v0 * q)
            } else {
                edgeHit = nil
            }
        } else {
            edgeHit = nil
        }
    }

    func position(at t: Double) -> Double {
        let tau = max(t - start, 0)
        return from + initialVelocity * (exp(k * tau) - 1) / k
    }

    func velocity(at t: Double) -> Double {
        initialVelocity * exp(k * max(t - start, 0))
    }
}

/// A critically damped spring back to `target`: y(t) = target + (a + b·τ)·e^(−ω·τ), b = v₀ + ω·a.
///
/// With `b` of the sign of `a` (or zero) the spring reaches the edge without crossing it. A
/// release thrown hard enough toward the content (`b` of the other sign) would cross it at
/// τ = −a/b; there the bounce hands over, with its velocity b·e^(−ω·τ), to a deceleration into
/// the content — UIScrollView's "snap back and keep scrolling".
struct Bounce {
    let start: Double
    let target: Double
    let a: Double
    let b: Double
    let omega: Double
    /// When the remaining distance falls to `bounceRestTolerance` past the turning point; the
    /// offset is exactly `target` from then on. Unused when `crossing` is set.
    let endTime: Double
    /// When and how fast the spring reaches `target` if it would cross it.
    let crossing: (time: Double, velocity: Double)?

    init(start: Double, target: Double, displacement a: Double, velocity v: Double) {
        let w = ScrollPhysics.bounceAngularFrequency
        self.start = start
        self.target = target
        self.omega = w
        let aa = a.isFinite ? a : 0
        let bb = (v.isFinite ? v : 0) + w * aa
        self.a = aa
        self.b = bb
        if aa != 0, bb != 0, (aa > 0) != (bb > 0) {
            let tau = -aa / bb
            crossing = (start + tau, bb * exp(-w * tau))
            endTime = start + tau
        } else {
            crossing = nil
            endTime = start + Bounce.settleTime(a: abs(aa), b: abs(bb), omega: w)
        }
    }

    /// Time after which (|a| + |b|·τ)·e^(−ω·τ) stays below the rest tolerance.
    static func settleTime(a: Double, b: Double, omega w: Double) -> Double {
        let eps = ScrollPhysics.bounceRestTolerance
        func f(_ t: Double) -> Double { (a + b * t) * exp(-w * t) }
        // f rises until its peak at τ = 1/ω − a/b (when positive), then falls for good.
        let peak = b > 0 ? max(0, 1 / w - a / b) : 0
        if f(peak) <= eps { return peak }
        var hi = peak + 1 / w
        var guardCount = 0
        while f(hi) > eps && guardCount < 200 {
            hi += (hi - peak) + 1 / w
            guardCount += 1
        }
        var lo = peak
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if f(mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    func position(at t: Double) -> Double {
        let tau = max(t - start, 0)
        return target + (a + b * tau) * exp(-omega * tau)
    }

    func velocity(at t: Double) -> Double {
        let tau = max(t - start, 0)
        return (b - omega * (a + b * tau)) * exp(-omega * tau)
    }
}

/// The offset moving from one value to another over a duration with a timing curve.
struct OffsetAnimation {
    let start: Double
    let from: Double
    let to: Double
    let duration: Double
    let timing: TimingFunction

    init(start: Double, from: Double, to: Double, animation: ScrollAnimation) {
        self.start = start
        self.from = from
        self.to = to
        self.duration = max(animation.duration, 1e-9)
        self.timing = animation.timingFunction
    }

    var endTime: Double { start + duration }

    func position(at t: Double) -> Double {
        let p = timing.value(at: (t - start) / duration)
        return from + (to - from) * p
    }

    func velocity(at t: Double) -> Double {
        // The curve's slope by a small central difference; only used to hand over to a replan.
        let h = 1e-4
        let x = (t - start) / duration
        let slope = (timing.value(at: x + h) - timing.value(at: x - h)) / (2 * h)
        return (to - from) * slope / duration
    }
}
