import Foundation
import LayerKit
import Testing

@testable import RefreshKit

/// The four-dots header's numbers: threshold and refreshing inset 85, 0.5 s inset animations.
func makeFourDots(inset: EdgeInsets = .zero) -> (ScrollView, RefreshControl) {
    let view = makeListScrollView(inset: inset)
    let control = RefreshControl(scrollView: view, headerHeight: 35, threshold: 85, refreshingInset: 85)
    return (view, control)
}

@Suite struct ThresholdTests {
    /// The content held exactly at, just short of and just past the 85-point threshold under
    /// the finger, then released without a flick: from exactly the threshold on it is pulling
    /// and refreshes; short of it, it stays idle and the inset is untouched.
    @Test(arguments: [(85.0, true), (84.999, false), (85.001, true)])
    func releaseAroundThreshold(distance: Double, refreshes: Bool) {
        let (view, control) = makeFourDots()
        view.panBegan(at: 0)
        view.setContentOffset(Point(0, -distance), at: 0.1)
        #expect(control.pullDistance == distance)
        #expect(control.state == (refreshes ? .pulling : .idle))
        view.panEnded(velocity: .zero, at: 0.2)
        #expect(control.state == (refreshes ? .refreshing : .idle))
        if !refreshes { #expect(view.contentInset == .zero) }
    }

    @Test func pullingByTheInverseFormulaReachesThreshold() {
        // The finger travel for exactly 85 points of stretch, solved by hand from the formula;
        // rounding in the round trip must not make it fall short.
        let (view, control) = makeFourDots()
        drag(view, by: referenceRubberBandInverse(85, 600), at: 0)
        #expect(abs(control.pullDistance - 85) < 1e-9)
        #expect(control.state == .pulling)
    }

    @Test func pullingByPanAroundThreshold() {
        // The finger travel that stretches exactly 85 points, from the inverse formula.
        let x = referenceRubberBandInverse(85, 600)
        let (view, control) = makeFourDots()
        view.panBegan(at: 0)
        view.panChanged(translation: Point(0, x - 0.5), at: 0.1)
        #expect(control.state == .idle)
        #expect(control.pullDistance < 85)
        view.panChanged(translation: Point(0, x + 0.5), at: 0.2)
        #expect(control.state == .pulling)
        // Going back under the threshold before letting go cancels the refresh.
        view.panChanged(translation: Point(0, x - 0.5), at: 0.3)
        #expect(control.state == .idle)
        view.panEnded(velocity: .zero, at: 0.4)
        #expect(control.state == .idle)
    }

    @Test func pullingPercentUsesOriginalInset() {
        // pullingPercent = (−inset.top − offset.y) / headerHeight with the original inset.
        let view = makeListScrollView(inset: EdgeInsets(top: 20))
        let control = RefreshControl(scrollView: view, headerHeight: 110)
        #expect(control.threshold == 110 && control.refreshingInset == 110)
        drag(view, by: 400, at: 0)
        let pulled = referenceRubberBand(400, 600)
        #expect(control.state == .pulling)
        #expect(abs(control.pullingPercent - pulled / 110) < 1e-9)
        view.panEnded(velocity: .zero, at: 0.2)
        // While refreshing the inset is 130, but the percentage still counts from 20.
        view.advance(to: 1)
        #expect(view.contentInset.top == 130)
        #expect(abs(control.pullingPercent - 1) < 1e-9)
    }
}

@Suite struct RefreshFlowTests {
    @Test func releaseBelowThresholdBouncesBack() {
        let (view, control) = makeFourDots()
        let x = referenceRubberBandInverse(60, 600)
        let t0 = drag(view, by: x, at: 0)
        view.panEnded(velocity: .zero, at: t0)
        #expect(control.state == .idle)
        let settle = referenceSettleTime(60)
        view.advance(to: t0 + settle + 1e-6)
        #expect(view.contentOffset.y == 0)
        #expect(view.contentInset == .zero)
        #expect(!view.isAnimating)
    }

    @Test func releaseAboveThresholdRefreshesAndEnds() {
        let (view, control) = makeFourDots()
        var transitions: [(RefreshState, RefreshState, Double)] = []
        control.onStateChange = { c, old in transitions.append((old, c.state, c.scrollView.time)) }
        var slides: [(Double, ScrollAnimation)] = []
        view.addOffsetObserver { v in
            if let a = v.offsetChangeAnimation { slides.append((v.contentOffset.y, a)) }
        }
        let x = referenceRubberBandInverse(100, 600)
        let t0 = drag(view, by: x, at: 0)
        #expect(control.state == .pulling)
        view.panEnded(velocity: .zero, at: t0)
        #expect(control.state == .refreshing)
        #expect(view.contentInset.top == 85)
        // The offset goes from −100 to the new top −85 at once; the bounds slide there over the
        // begin animation (0.5 s, ease-in-ease-out), as UIKit animates an inset change.
        #expect(view.contentOffset.y == -85)
        #expect(!view.isAnimating)
        #expect(slides.count == 1 && slides.last?.0 == -85)
        #expect(slides.last?.1 == ScrollAnimation(duration: 0.5))

        view.advance(to: 3)
        control.endRefreshing(at: 3)
        #expect(control.state == .ending)
        #expect(view.contentInset == .zero)
        #expect(view.contentOffset.y == 0)
        #expect(slides.count == 2 && slides.last?.1 == ScrollAnimation(duration: 0.5))
        view.advance(to: 3.25)
        #expect(control.state == .ending)
        view.advance(to: 3.5)
        #expect(control.state == .idle)
        #expect(view.contentOffset.y == 0)
        #expect(!view.isAnimating)
        let states = transitions.map { "\($0.0)>\($0.1)" }
        #expect(states == ["idle>pulling", "pulling>refreshing", "refreshing>ending", "ending>idle"])
        #expect(transitions.last?.2 == 3.5)
    }

    @Test func beginFromCodeRevealsHeader() {
        let (view, control) = makeFourDots()
        view.setContentOffset(Point(0, 400), at: 0)
        var slid: ScrollAnimation?
        view.addOffsetObserver { v in slid = v.offsetChangeAnimation }
        control.beginRefreshing(at: 1)
        #expect(control.state == .refreshing)
        #expect(control.refreshBeganTime == 1)
        #expect(view.contentInset.top == 85)
        // From 400 all the way to the top: the offset is there at once, the bounds slide.
        #expect(view.contentOffset.y == -85)
        #expect(slid == ScrollAnimation(duration: 0.5))
    }

    @Test func simulatedLoadEndsOnTime() {
        // The airplane: 110-point header, 0.3 s in, ~4 s load, 0.3 s ease-out back.
        let view = makeListScrollView()
        let control = RefreshControl(scrollView: view, headerHeight: 110)
        control.beginAnimation = ScrollAnimation(duration: 0.3)
        control.endAnimation = ScrollAnimation(duration: 0.3, timingFunction: .easeOut)
        control.simulatedLoadDuration = 4
        var times: [RefreshState: Double] = [:]
        control.onStateChange = { c, _ in times[c.state] = c.scrollView.time }
        control.beginRefreshing(at: 0)
        #expect(view.nextTimerTime == 4)
        // One big step still ends at exactly 4 s and goes idle at exactly 4.3 s.
        view.advance(to: 10)
        #expect(times[.refreshing] == 0)
        #expect(times[.ending] == 4)
        #expect(times[.idle] == 4.3)
        #expect(control.state == .idle)
        #expect(view.contentInset == .zero)
        #expect(view.contentOffset.y == 0)
    }

    @Test func endSlidesWithTheEndAnimationsCurve() {
        let view = makeListScrollView()
        let control = RefreshControl(scrollView: view, headerHeight: 110)
        control.beginAnimation = ScrollAnimation(duration: 0.3)
        control.endAnimation = ScrollAnimation(duration: 0.3, timingFunction: .easeOut)
        control.beginRefreshing(at: 0)
        view.advance(to: 1)
        var slid: ScrollAnimation?
        view.addOffsetObserver { v in slid = v.offsetChangeAnimation }
        control.endRefreshing(at: 1)
        // The way back slides with the end animation's own curve (the airplane's ease-out).
        #expect(view.contentOffset.y == 0)
        #expect(slid == ScrollAnimation(duration: 0.3, timingFunction: .easeOut))
    }
}

@Suite struct InsetDuringDragTests {
    @Test func beginWhileDraggingKeepsContentUnderFinger() {
        let (view, control) = makeFourDots()
        let t0 = drag(view, by: 300, at: 0)
        let before = view.contentOffset.y
        control.beginRefreshing(at: t0)
        #expect(view.contentInset.top == 85)
        #expect(view.contentOffset.y == before)
        // A one-point move changes the offset by at most a point (no jump to a new anchor).
        view.panChanged(translation: Point(0, 301), at: t0 + 0.02)
        #expect(view.contentOffset.y < before)
        #expect(before - view.contentOffset.y <= 1)
        // Released: it settles at the new top, −85.
        view.panEnded(velocity: .zero, at: t0 + 0.05)
        view.advance(to: t0 + 2)
        #expect(view.contentOffset.y == -85)
        #expect(control.state == .refreshing)
    }

    @Test func endWhileDraggingKeepsContentUnderFinger() {
        let (view, control) = makeFourDots()
        control.beginRefreshing(at: 0)
        view.advance(to: 1)
        #expect(view.contentOffset.y == -85)
        view.panBegan(at: 1)
        view.panChanged(translation: Point(0, 20), at: 1.1)
        let before = view.contentOffset.y
        control.endRefreshing(at: 1.1)
        #expect(view.contentInset == .zero)
        #expect(view.contentOffset.y == before)
        // The rubber band now counts from 0: still continuous under the finger.
        view.panChanged(translation: Point(0, 21), at: 1.12)
        #expect(abs(view.contentOffset.y - before) <= 1)
        view.advance(to: 1.7)
        // Still held past the threshold, but a drag that outlived the refresh can't re-arm.
        #expect(control.pullDistance > 85)
        #expect(control.state == .idle)
        view.panChanged(translation: Point(0, 40), at: 1.75)
        #expect(control.state == .idle)
        view.panEnded(velocity: .zero, at: 1.8)
        #expect(control.state == .idle)
        view.advance(to: 3)
        #expect(view.contentOffset.y == 0)
        #expect(view.contentInset == .zero)
    }

    @Test func insetChangeDuringDragThenReleaseUsesNewRest() {
        let view = makeListScrollView()
        let t0 = drag(view, by: 50, at: 0)
        let before = view.contentOffset.y
        view.setContentInset(EdgeInsets(top: 40), animation: ScrollAnimation(duration: 0.5), at: t0)
        #expect(view.contentOffset.y == before)
        view.panEnded(velocity: .zero, at: t0)
        // −rb(50) ≈ −24.4 is inside the new range [−40, …]: it stays where it is.
        view.advance(to: t0 + 1)
        #expect(view.contentOffset.y == before)
        #expect(!view.isAnimating)
    }
}

@Suite struct RobustnessTests {
    @Test func beginTwiceEndTwiceEndBeforeBegin() {
        let (view, control) = makeFourDots(inset: EdgeInsets(top: 20))
        control.endRefreshing(at: 0)
        #expect(control.state == .idle)
        #expect(view.contentInset.top == 20)
        control.beginRefreshing(at: 0.1)
        control.beginRefreshing(at: 0.2)
        #expect(view.contentInset.top == 105)
        control.endRefreshing(at: 0.3)
        control.endRefreshing(at: 0.35)
        #expect(view.contentInset.top == 20)
        view.advance(to: 2)
        #expect(control.state == .idle)
        #expect(view.contentInset.top == 20)
        #expect(view.contentOffset.y == -20)
        #expect(!view.isAnimating)
    }

    @Test func quickSuccessionNeverPilesUp() {
        let (view, control) = makeFourDots()
        var t = 0.0
        for _ in 0..<50 {
            control.beginRefreshing(at: t)
            #expect(view.contentInset.top == 85)
            t += 0.01
            control.endRefreshing(at: t)
            #expect(view.contentInset.top == 0)
        }
        // Begin and end at the very same instant too.
        control.beginRefreshing(at: t)
        control.endRefreshing(at: t)
        view.advance(to: t + 2)
        #expect(control.state == .idle)
        #expect(view.contentInset == .zero)
        #expect(view.contentOffset.y == 0)
    }

    @Test func beginWhileEndingRefreshesAgain() {
        let (view, control) = makeFourDots()
        control.beginRefreshing(at: 0)
        control.endRefreshing(at: 1)
        control.beginRefreshing(at: 1.2)
        #expect(control.state == .refreshing)
        view.advance(to: 5)
        // The cancelled end timer must not drop it to idle.
        #expect(control.state == .refreshing)
        #expect(view.contentInset.top == 85)
        #expect(view.contentOffset.y == -85)
    }

    @Test func badNumbersNeverCrashOrPoison() {
        let (view, control) = makeFourDots()
        view.panBegan(at: .nan)
        view.panChanged(translation: Point(0, .nan), at: 0.1)
        view.panChanged(translation: Point(0, .infinity), at: .infinity)
        view.panEnded(velocity: Point(0, .nan), at: 0.2)
        view.setContentOffset(Point(.nan, 3), at: 0.3)
        view.setContentInset(EdgeInsets(top: .nan), at: 0.4)
        view.setContentSize(Size(.nan, -5), at: 0.5)
        view.setViewportSize(Size(0, 0), at: 0.6)
        drag(view, by: 100, at: 0.7)
        view.panEnded(velocity: Point(0, 1e308), at: 0.8)
        control.beginRefreshing(at: -1)
        control.simulatedLoadDuration = .nan
        control.threshold = -3
        view.advance(to: 100)
        #expect(view.contentOffset.isFinite)
        #expect(control.threshold == 85)
        #expect(control.simulatedLoadDuration == nil)
    }

    @Test func timeNeverRunsBackwards() {
        let view = makeListScrollView()
        view.advance(to: 5)
        view.advance(to: 2)
        #expect(view.time == 5)
    }
}
