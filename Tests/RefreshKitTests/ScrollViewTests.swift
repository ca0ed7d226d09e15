import Foundation
import LayerKit
import Testing

@testable import RefreshKit

@Suite struct ScrollViewTests {
    /// `UIView.animate { scrollView.contentInset = … }`: the offset is set to the new top at
    /// once and observers hear it once, told how the bounds slide there on screen.
    @Test func restingAtTopFollowsAnAnimatedInsetAtOnce() {
        let view = makeListScrollView()
        let animation = ScrollAnimation(duration: 0.4)
        var heard: [(Double, ScrollAnimation?)] = []
        view.addOffsetObserver { v in heard.append((v.contentOffset.y, v.offsetChangeAnimation)) }
        view.setContentInset(EdgeInsets(top: 60), animation: animation, at: 1)
        #expect(view.contentInset.top == 60)
        #expect(view.contentOffset.y == -60)
        #expect(heard.count == 1)
        #expect(heard.first?.0 == -60 && heard.first?.1 == animation)
        // Nothing moves in the scroll view itself afterwards: the slide is the bounds'.
        #expect(!view.isAnimating && !view.isDecelerating)
        #expect(view.offsetChangeAnimation == nil)
        view.advance(to: 1.2)
        #expect(heard.count == 1)
    }

    @Test func insetWithoutAnimationMovesRestingOffsetAtOnce() {
        let view = makeListScrollView()
        var changes = 0
        view.addOffsetObserver { _ in changes += 1 }
        view.setContentInset(EdgeInsets(top: 44), at: 0)
        #expect(view.contentOffset.y == -44)
        #expect(changes == 1)
        #expect(!view.isAnimating)
    }

    @Test func scrolledContentStaysWhenInsetChanges() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 500), at: 0)
        view.setContentInset(EdgeInsets(top: 85), animation: ScrollAnimation(duration: 0.5), at: 0)
        #expect(view.contentOffset.y == 500)
        #expect(!view.isAnimating)
        view.setContentInset(.zero, animation: ScrollAnimation(duration: 0.5), at: 1)
        #expect(view.contentOffset.y == 500)
    }

    @Test func shrinkingContentBouncesBackIntoRange() {
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 2400), at: 0)
        view.setContentSize(Size(375, 1000), at: 0)
        // New max offset 1000 − 600 = 400; it springs back there.
        #expect(view.maxContentOffsetY == 400)
        #expect(view.isDecelerating)
        view.advance(to: 0.1)
        #expect(abs(view.contentOffset.y - (400 + referenceBounce(2000, 0.1))) < 1e-6)
        view.advance(to: 5)
        #expect(view.contentOffset.y == 400)
    }

    @Test func animatedSetContentOffset() {
        let view = makeListScrollView()
        view.setContentOffset(
            Point(0, 300), animation: ScrollAnimation(duration: 1, timingFunction: .linear), at: 0)
        view.advance(to: 0.25)
        #expect(abs(view.contentOffset.y - 75) < 1e-9)
        view.advance(to: 2)
        #expect(view.contentOffset.y == 300)
    }

    @Test func timersFireInTimeOrderAtTheirOwnTime() {
        let view = makeListScrollView()
        var fired: [(String, Double, Double)] = []
        view.schedule(at: 2) { fired.append(("b", $0, view.time)) }
        view.schedule(at: 1) { fired.append(("a", $0, view.time)) }
        let cancelled = view.schedule(at: 1.5) { fired.append(("x", $0, view.time)) }
        view.schedule(at: .nan) { fired.append(("nan", $0, view.time)) }
        view.cancelTimer(cancelled)
        #expect(view.nextTimerTime == 1)
        view.advance(to: 3)
        #expect(fired.map(\.0) == ["a", "b"])
        #expect(fired.map(\.1) == [1, 2])
        #expect(fired.map(\.2) == [1, 2])
        #expect(view.nextTimerTime == nil)
    }

    @Test func velocityTrackerForgetsARestingFinger() {
        var tracker = VelocityTracker()
        tracker.add(time: 0, position: 0)
        tracker.add(time: 0.05, position: 50)
        #expect(abs(tracker.velocity(at: 0.05) - 1000) < 1e-9)
        // Held still for more than the 0.1 s window: no fling.
        #expect(tracker.velocity(at: 0.3) == 0)
        tracker.add(time: .nan, position: 3)
        tracker.add(time: 0.01, position: 3)
        #expect(abs(tracker.velocity(at: 0.05) - 1000) < 1e-9)
    }
}

@Suite struct RefreshControlHookTests {
    final class RecordingHeader: RefreshControl {
        var log: [String] = []
        override func stateDidChange(from oldState: RefreshState) {
            log.append("\(oldState)>\(state)")
        }
        override func offsetDidChange() {
            log.append("offset")
        }
    }

    @Test func subclassAndClosureHooksBothRun() {
        let view = makeListScrollView()
        let header = RecordingHeader(scrollView: view, headerHeight: 40)
        var closureStates: [RefreshState] = []
        header.onStateChange = { c, _ in closureStates.append(c.state) }
        header.beginRefreshing(at: 0)
        #expect(header.log.contains("idle>refreshing"))
        #expect(closureStates == [.refreshing])
        // The header is scrolled into view: the offset moved (at once, the bounds slide).
        #expect(header.log.contains("offset"))
    }

    @Test func disabledControlDoesNotRefreshOnRelease() {
        let view = makeListScrollView()
        let control = RefreshControl(scrollView: view, headerHeight: 40)
        control.isEnabled = false
        let t = drag(view, by: 400, at: 0)
        #expect(control.state == .idle)
        view.panEnded(velocity: .zero, at: t)
        #expect(control.state == .idle)
        #expect(view.contentInset == .zero)
    }

    @Test func originalInsetFollowsOutsideChangesWhileIdle() {
        let view = makeListScrollView()
        let control = RefreshControl(scrollView: view, headerHeight: 40)
        view.setContentInset(EdgeInsets(top: 20), at: 0)
        #expect(control.originalInset.top == 20)
        control.beginRefreshing(at: 1)
        #expect(view.contentInset.top == 60)
        #expect(control.originalInset.top == 20)
        control.endRefreshing(at: 2)
        #expect(view.contentInset.top == 20)
    }

    @Test func detachedControlIgnoresTheScrollView() {
        let view = makeListScrollView()
        let control = RefreshControl(scrollView: view, headerHeight: 40)
        control.simulatedLoadDuration = 1
        control.beginRefreshing(at: 0)
        control.detach()
        #expect(view.nextTimerTime == nil)
        view.panBegan(at: 0.5)
        view.panChanged(translation: Point(0, 500), at: 0.6)
        #expect(control.state == .refreshing)
    }
}
