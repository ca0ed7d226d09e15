import Foundation
import Testing

@testable import LayerKit

/// Springs: the closed-form oscillator against an independent numerical integration, the
/// Core Animation spring animation, and UIKit's spring view animations.
@Suite struct SpringTests {
    /// `m·x″ + c·x′ + k·x = 0` from x = 1, x′ = −v₀, integrated with classical Runge–Kutta
    /// at a fine step: the reference the closed forms must match.
    static func integrate(m: Double, k: Double, c: Double, v0: Double, to t: Double) -> Double {
        let steps = max(1, Int((t / 1e-4).rounded(.up)))
        let h = t / Double(steps)
        var x = 1.0
        var v = -v0
        func a(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
        for _ in 0..<steps {
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// Tolerance between the closed form and the integration.
    static let agreement = 1e-7

    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),  // Core Animation's defaults: ζ = 0.5
        (1.0, 100.0, 20.0, 0.0),  // critically damped
        (1.0, 100.0, 50.0, 0.0),  // over-damped, ζ = 2.5
        (2.0, 300.0, 5.0, 3.0),  // lightly damped, thrown toward the end
        (1.0, 100.0, 20.0, -4.0),  // critical, thrown away from the end first
        (0.5, 50.0, 30.0, 8.0),  // over-damped with velocity
    ])
    func closedFormMatchesIntegration(m: Double, k: Double, c: Double, v0: Double) {
        let spring = SpringOscillator(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        for t in [0.0, 0.01, 0.137, 0.5, 1.0, 2.3] {
            let expected = Self.integrate(m: m, k: k, c: c, v0: v0, to: t)
            #expect(abs(spring.displacement(at: t) - expected) < Self.agreement, "t = \(t)")
            #expect(abs(spring.progress(at: t) - (1 - expected)) < Self.agreement)
        }
    }

    /// Settling: found here by scanning the integrated motion for its last excursion beyond
    /// the threshold.
    @Test(arguments: [(1.0, 100.0, 10.0, 0.0), (1.0, 100.0, 20.0, 0.0), (1.0, 200.0, 60.0, 5.0)])
    func settlingDurationIsTheLastExcursion(m: Double, k: Double, c: Double, v0: Double) {
        let spring = SpringOscillator(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        // Step the integration itself, 1e-4 s at a time, up to 5 s.
        var x = 1.0
        var v = -v0
        var last = 0.0
        let h = 1e-4
        var t = 0.0
        while t < 5 {
            if abs(x) > SpringOscillator.settlingThreshold { last = t }
            let a1 = -(c * v + k * x) / m
            // Semi-implicit Euler is enough at this step for locating the crossing to ~1e-3 s.
            v += h * a1
            x += h * v
            t += h
        }
        #expect(
            abs(spring.settlingDuration - last) < 2e-3, "settles at \(spring.settlingDuration), scan \(last)")
        #expect(SpringOscillator(damping: 0).settlingDuration == .infinity)
    }

    @Test func badParametersTakeTheDefaultsAndNeverMakeNaN() {
        let spring = SpringOscillator(mass: .nan, stiffness: -1, damping: .infinity, initialVelocity: .nan)
        #expect(
            spring.mass == 1 && spring.stiffness == 100 && spring.damping == 0 && spring.initialVelocity == 0)
        for t in [-1.0, 0, 0.5, .infinity, .nan] {
            #expect(spring.displacement(at: t).isFinite)
        }
    }

    @Test func springAnimationMovesByRealTimeWhateverItsDuration() throws {
        let stage = Stage(time: 0)
        let a = SpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 0.4  // shorter than the spring takes to settle: it is cut, not squeezed
        try stage.layer.add(a, forKey: "spring")
        var overshot = false
        for t in [0.05, 0.1, 0.2, 0.3, 0.39] {
            stage.go(t)
            let expected = 100 * (1 - Self.integrate(m: 1, k: 100, c: 10, v0: 0, to: t))
            #expect(abs(stage.shown.position.x - expected) < 1e-5, "t = \(t)")
            if stage.shown.position.x > 100 { overshot = true }
        }
        #expect(overshot)  // ζ = 0.5 overshoots by about 16 % near 0.36 s
        stage.go(0.5)
        #expect(stage.shown.position.x == 0)  // removed at 0.4: the model shows
        #expect(a.settlingDuration > 1)
    }

    @Test func uiKitSpringSettlesAsTheDurationEnds() {
        let stage = Stage(
            time: 0,
            layer: {
                let l = Layer()
                l.isViewBacking = true
                return l
            }())
        var finished: [(Double, Bool)] = []
        stage.scene.perform {
            ViewAnimation.animate(
                withDuration: 1, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                animations: { stage.layer.position = Point(x: 100, y: 0) },
                completion: { finished.append((stage.scene.currentTime, $0)) })
        }
        // ω₀ = ln 1500 / (ζ·d); mass 1; damping 2ζω₀.
        let w0 = log(1500.0) / 0.5
        for t in [0.1, 0.25, 0.5, 0.8] {
            stage.go(t)
            let x = Self.integrate(m: 1, k: w0 * w0, c: 2 * 0.5 * w0, v0: 0, to: t)
            // Additive: the model (100) plus (old − new)·x.
            #expect(abs(stage.shown.position.x - (100 - 100 * x)) < 1e-5, "t = \(t)")
        }
        stage.go(1.2)
        #expect(finished.count == 1 && abs(finished[0].0 - 1) < 1e-9 && finished[0].1)
        #expect(stage.shown.position.x == 100)
    }

    @Test func repeatAndAutoreverseOptions() {
        let stage = Stage(
            time: 0,
            layer: {
                let l = Layer()
                l.isViewBacking = true
                return l
            }())
        var completed = false
        stage.scene.perform {
            ViewAnimation.animate(
                withDuration: 1, options: [.repeat, .autoreverse, .curveLinear],
                animations: { stage.layer.opacity = 0 }, completion: { _ in completed = true })
        }
        // Additive from +1 to 0 on the model 0: 1 − t forward, then back, forever.
        for (t, expected) in [(0.25, 0.75), (1.25, 0.25), (1.75, 0.75), (10.5, 0.5), (11.25, 0.25)] {
            stage.go(t)
            #expect(abs(stage.shown.opacity - expected) < 1e-9, "t = \(t)")
        }
        #expect(!completed)
        #expect(stage.scene.needsFrames)
    }
}
