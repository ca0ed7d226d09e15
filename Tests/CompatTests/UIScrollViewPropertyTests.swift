import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
@_spi(LoaderLabHost) import UIKit

/// The scroll-view API refresh libraries touch, and the delegate under a drag on the real
/// physics.
@Suite(.serialized) struct UIScrollViewPropertyTests {
    final class Delegate: UIScrollViewDelegate {
        let log = EventLog()
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if log.entries.last != "didScroll" { log.add("didScroll") }
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            log.add("willBeginDragging dragging=\(scrollView.isDragging)")
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.add("didEndDragging \(decelerate) dragging=\(scrollView.isDragging)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log.add("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.add("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
            log.add("didEndScrollingAnimation")
        }
    }

    @Test func iOSDefaultsAndStoredValues() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.bounces)
        #expect(!scrollView.alwaysBounceVertical && !scrollView.alwaysBounceHorizontal)
        #expect(scrollView.showsVerticalScrollIndicator && scrollView.showsHorizontalScrollIndicator)
        #expect(scrollView.scrollIndicatorInsets == .zero)
        #expect(scrollView.contentInsetAdjustmentBehavior == .automatic)
        #expect(scrollView.decelerationRate == .normal)
        #expect(scrollView.decelerationRate.rawValue == 0.998)
        #expect(!scrollView.isDragging && !scrollView.isTracking && !scrollView.isDecelerating)
        #expect(scrollView.panGestureRecognizer.view === scrollView)
        #expect(scrollView.panGestureRecognizer.state == .possible)

        scrollView.bounces = false
        scrollView.alwaysBounceVertical = true
        scrollView.showsVerticalScrollIndicator = false
        scrollView.scrollIndicatorInsets = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.decelerationRate = .fast
        #expect(
            !scrollView.bounces && scrollView.alwaysBounceVertical && !scrollView.showsVerticalScrollIndicator
        )
        #expect(scrollView.scrollIndicatorInsets.top == 5)
        #expect(scrollView.contentInsetAdjustmentBehavior == .never)
        #expect(scrollView.decelerationRate.rawValue == 0.99)
        // No safe area: what the content is laid out with is the inset itself.
        scrollView.contentInset = UIEdgeInsets(top: 64, left: 0, bottom: 20, right: 0)
        #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 64, left: 0, bottom: 20, right: 0))
    }

    @Test func anAnimatedOffsetMovesOnTheEaseInEaseOutCurve() {
        let rig = PullRig()
        let delegate = Delegate()
        rig.scrollView.delegate = delegate
        rig.stage.perform { rig.scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: true) }
        #expect(rig.scrollView.contentOffset.y == 0)
        // UIKit's ease-in-ease-out, (0.42, 0) and (0.58, 1), is symmetric about its middle:
        // half the time is half the way.
        rig.stage.at(0.15)
        #expect(near(rig.scrollView.contentOffset.y, 100, 1e-6))
        #expect(!delegate.log.entries.contains("didEndScrollingAnimation"))
        rig.stage.at(0.3)
        #expect(rig.scrollView.contentOffset.y == 200)
        rig.stage.at(0.5)
        #expect(delegate.log.take() == ["didScroll", "didEndScrollingAnimation"])
        // The layer shows the offset.
        #expect(rig.scrollView.layer.bounds.origin.y == 200)
    }

    /// A quarter of the time in: the curve's value there, solved here by bisection.
    @Test func theOffsetAlongTheCurve() {
        let rig = PullRig()
        rig.stage.perform { rig.scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: true) }
        rig.stage.at(0.075)
        let expected = 200 * bezierTiming(0.42, 0, 0.58, 1, at: 0.25)
        #expect(near(Double(rig.scrollView.contentOffset.y), expected, 1e-6))
    }

    @Test func theDelegateHearsTheDragAndTheBounce() {
        let rig = PullRig()
        let delegate = Delegate()
        rig.scrollView.delegate = delegate
        rig.down(at: 0)
        #expect(rig.scrollView.isTracking && rig.scrollView.isDragging)
        rig.move(80, at: 0.1)
        rig.move(120, at: 0.2)
        #expect(rig.scrollView.contentOffset.y < 0)
        rig.up(at: 0.3)
        // Let go past the top: not dragging any more, bouncing back (decelerating).
        #expect(!rig.scrollView.isDragging && !rig.scrollView.isTracking)
        #expect(rig.scrollView.isDecelerating)
        for t in stride(from: 0.35, through: 2, by: 0.05) { rig.stage.at(t) }
        #expect(!rig.scrollView.isDecelerating)
        #expect(rig.scrollView.contentOffset == .zero)
        #expect(
            delegate.log.entries == [
                "willBeginDragging dragging=true", "didScroll", "didEndDragging true dragging=false",
                "willBeginDecelerating", "didScroll", "didEndDecelerating",
            ])
    }

    @Test func theBoundsOriginIsTheOffset() {
        let rig = PullRig()
        rig.scrollView.bounds = CGRect(x: 0, y: 50, width: 320, height: 400)
        #expect(rig.scrollView.contentOffset == CGPoint(x: 0, y: 50))
        #expect(rig.scrollView.bounds.origin == CGPoint(x: 0, y: 50))
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 70)
        #expect(rig.scrollView.bounds == CGRect(x: 0, y: 70, width: 320, height: 400))
    }
}
