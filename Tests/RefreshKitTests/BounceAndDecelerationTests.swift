import Foundation
import LayerKit
import Testing

@testable import RefreshKit

@Suite struct BounceTests {
    @Test func releaseFromStretchFollowsCriticallyDampedSpring() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 200, at: 0)
        let a = -referenceRubberBand(200, 600)
        view.panEnded(velocity: .zero, at: t0)
        #expect(view.isDecelerating && view.isAnimating)
        let settle = referenceSettleTime(a)
        var t = t0
        while t < t0 + settle - 0.005 {
            t += 0.004
            view.advance(to: t)
            let y = view.contentOffset.y
            // Never crosses the top edge into the content (critically damped, from rest).
            #expect(y <= 0)
            #expect(abs(y - -referenceBounce(-a, t - t0)) < 1e-6)
        }
        view.advance(to: t0 + settle + 1e-6)
        #expect(view.contentOffset.y == 0)
        #expect(!view.isAnimating)
    }

    @Test func bounceSettlesInDocumentedTime() {
        // Documented: within 1 % of the stretch after 0.45 s, exact rest soon after; for a
        // 100-point stretch (a long pull) the exact rest comes before 0.65 s.
        let translation = referenceRubberBandInverse(100, 600)
        let view = makeListScrollView()
        let t0 = drag(view, by: translation, at: 0)
        #expect(abs(view.contentOffset.y + 100) < 1e-9)
        view.panEnded(velocity: .zero, at: t0)
        view.advance(to: t0 + 0.45)
        #expect(abs(view.contentOffset.y) <= 1)
        #expect(referenceSettleTime(100) < 0.65)
        view.advance(to: t0 + 0.65)
        #expect(view.contentOffset.y == 0)
        #expect(!view.isAnimating)
    }

    @Test func gentleReleaseTowardContentStopsAtTheEdge() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 150, at: 0)
        // Offset velocity = finger speed × rubber-band slope c/(x·c/d + 1)² ≈ 212 pt/s, below
        // ω·|a| ≈ 1139 pt/s: the critically damped spring reaches the edge without crossing it.
        view.panEnded(velocity: Point(0, -500), at: t0)
        var t = t0
        while t < t0 + 1.5 {
            t += 0.002
            view.advance(to: t)
            #expect(view.contentOffset.y <= 0)
        }
        #expect(view.contentOffset.y == 0)
        #expect(!view.isAnimating)
    }

    @Test func hardThrowTowardContentSnapsBackAndKeepsScrolling() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 150, at: 0)
        view.panEnded(velocity: Point(0, -5000), at: t0)
        // Spring: a = −rb(150), v₀ = 5000·c/(x·c/d + 1)², b = v₀ + ω·a > 0 crosses at τ = −a/b
        // with velocity b·e^(−ω·τ); from there a 0.998 deceleration into the content.
        let a = -referenceRubberBand(150, 600)
        let q = 150 * 0.55 / 600 + 1
        let v0 = 5000 * 0.55 / (q * q)
        let b = v0 + referenceOmega * a
        #expect(b > 0)
        let tau = -a / b
        let vc = b * exp(-referenceOmega * tau)
        view.advance(to: t0 + tau - 1e-4)
        #expect(view.contentOffset.y < 0)
        let k = 1000 * log(0.998)
        view.advance(to: t0 + tau + 0.2)
        #expect(abs(view.contentOffset.y - vc * (exp(k * 0.2) - 1) / k) < 1e-6)
        view.advance(to: t0 + 10)
        let stop = log(10 / vc) / k
        #expect(abs(view.contentOffset.y - vc * (exp(k * stop) - 1) / k) < 1e-6)
        #expect(!view.isAnimating)
    }

    @Test func flickAwayStretchesFurtherThenReturns() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 100, at: 0)
        let start = view.contentOffset.y
        view.panEnded(velocity: Point(0, 800), at: t0)
        view.advance(to: t0 + 0.03)
        #expect(view.contentOffset.y < start)
        view.advance(to: t0 + 3)
        #expect(view.contentOffset.y == 0)
    }

    @Test func touchingStopsTheBounceWithoutJump() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 200, at: 0)
        view.panEnded(velocity: .zero, at: t0)
        view.advance(to: t0 + 0.1)
        let caught = view.contentOffset.y
        view.panBegan(at: t0 + 0.1)
        #expect(view.contentOffset.y == caught)
        #expect(!view.isAnimating)
        // The drag continues from the caught stretch: a tiny move is a tiny change.
        view.panChanged(translation: Point(0, 1), at: t0 + 0.12)
        #expect(view.contentOffset.y < caught)
        #expect(caught - view.contentOffset.y < 1)
    }
}

@Suite struct DecelerationTests {
    let k = 1000 * log(0.998)

    @Test func flickDistanceMatchesClosedForm() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 1000), at: 0)
        view.panBegan(at: 0)
        view.panChanged(translation: Point(0, -100), at: 0.1)
        #expect(view.contentOffset.y == 1100)
        // Finger moving up at 2000 pt/s: the offset moves down the content at +2000 pt/s.
        view.panEnded(velocity: Point(0, -2000), at: 0.1)
        #expect(view.isDecelerating)

        // velocity·rate^ms: after 100 ms the speed is 2000·0.998^100.
        view.advance(to: 0.2)
        #expect(abs(view.velocity - 2000 * pow(0.998, 100)) < 1e-6)
        // Position: ∫ v₀·e^(k·t) dt = v₀·(e^(k·t) − 1)/k.
        #expect(abs(view.contentOffset.y - (1100 + 2000 * (exp(k * 0.1) - 1) / k)) < 1e-6)

        // Stops when the speed falls under 10 pt/s: at t = ln(10/2000)/k.
        let stop = log(10.0 / 2000) / k
        view.advance(to: 0.1 + stop - 0.01)
        #expect(view.isDecelerating)
        view.advance(to: 0.1 + stop + 0.01)
        #expect(!view.isAnimating)
        let expected = 1100 + 2000 * (exp(k * stop) - 1) / k
        #expect(abs(view.contentOffset.y - expected) < 1e-6)
        // Close to the never-stopping total −v₀/(1000·ln 0.998) ≈ 0.4995·v₀: short by 10/|k|.
        let total = -2000 / k
        #expect(abs((view.contentOffset.y - 1100) - total) <= 10 / abs(k) + 1e-9)
    }

    @Test func resultDoesNotDependOnFrameRate() {
        func run(step: Double) -> Double {
            let view = makeListScrollView()
            view.setContentOffset(Point(0, 1500), at: 0)
            view.panBegan(at: 0)
            view.panEnded(velocity: Point(0, 1500), at: 0)
            var t = 0.0
            while t < 0.7 {
                t = min(t + step, 0.7)
                view.advance(to: t)
            }
            return view.contentOffset.y
        }
        // Finger down at 1500 pt/s: the offset decreases, far from the top (total ≈ 749 pt).
        let expected = 1500 - 1500 * (exp(k * 0.7) - 1) / k
        #expect(abs(run(step: 1.0 / 60) - expected) < 1e-6)
        #expect(abs(run(step: 0.7) - expected) < 1e-6)
    }

    @Test func flickPastTopBouncesBack() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 100), at: 0)
        view.panBegan(at: 0)
        // Finger thrown down: the offset heads up past 0 (distance ≈ 0.4995·3000 ≫ 100).
        view.panEnded(velocity: Point(0, 3000), at: 0)
        // It crosses the edge where 100 − 3000·(e^(k·t) − 1)/k... solved: e^(k·t) = 1 + 100·k/3000.
        let hit = log(1 + 100 * k / 3000) / k
        view.advance(to: hit - 1e-3)
        #expect(view.contentOffset.y > 0)
        var lowest = 0.0
        var t = hit
        while t < hit + 2 {
            t += 0.005
            view.advance(to: t)
            lowest = min(lowest, view.contentOffset.y)
            #expect(view.contentOffset.y <= 0)
        }
        #expect(lowest < -5)
        #expect(view.contentOffset.y == 0)
        #expect(!view.isAnimating)
    }

    @Test func fastRateFollowsSameClosedForm() {
        let rate = 0.99
        let v = makeListScrollView()
        v.decelerationRate = rate
        v.setContentOffset(Point(0, 1000), at: 0)
        v.panBegan(at: 0)
        v.panEnded(velocity: Point(0, -1000), at: 0)
        v.advance(to: 5)
        let kk = 1000 * log(rate)
        let stop = log(10.0 / 1000) / kk
        #expect(abs(v.contentOffset.y - (1000 + 1000 * (exp(kk * stop) - 1) / kk)) < 1e-6)
    }

    @Test func slowReleaseDoesNotDecelerate() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 300), at: 0)
        view.panBegan(at: 0)
        view.panEnded(velocity: Point(0, 5), at: 0.1)
        #expect(!view.isAnimating)
        #expect(view.contentOffset.y == 300)
    }

    @Test func trackedVelocityUsesRecentSamples() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 1000), at: 0)
        view.panBegan(at: 0)
        // 10 points per 10 ms upward: 1000 pt/s finger velocity, offset moving +1000 pt/s.
        for i in 1...10 {
            view.panChanged(translation: Point(0, -10 * Double(i)), at: 0.01 * Double(i))
        }
        var released: Double?
        view.addDragObserver { _, event in
            if case .ended(let v) = event { released = v }
        }
        view.panEnded(at: 0.1)
        #expect(released.map { abs($0 - 1000) < 1e-6 } == true)
    }
}

@Suite struct ScrollEnabledTests {
    /// `isScrollEnabled = false`: a finger does not move the content; code still can; a pan in
    /// progress when it is switched off goes on.
    @Test func aDisabledScrollViewIgnoresTheFinger() {
        let view = makeListScrollView()
        view.isScrollEnabled = false
        let t = drag(view, by: 150, at: 0)
        #expect(view.contentOffset.y == 0 && !view.isDragging)
        view.panEnded(velocity: .zero, at: t)
        #expect(view.contentOffset.y == 0 && !view.isAnimating)

        view.isScrollEnabled = true
        view.panBegan(at: 1)
        view.isScrollEnabled = false
        view.panChanged(translation: Point(0, -100), at: 1.1)
        #expect(view.contentOffset.y == 100)
    }
}
