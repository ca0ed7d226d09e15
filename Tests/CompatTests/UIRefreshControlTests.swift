import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UIRefreshControl` on a scroll view pulled by its physics: the threshold, the inset it
/// holds, `.valueChanged` on a release past it and not for `beginRefreshing()`.
@Suite(.serialized) struct UIRefreshControlTests {
    @Test func aReleasePastTheThresholdRefreshesAndSendsValueChanged() {
        let rig = PullRig()
        let control = UIRefreshControl()
        let log = ActionLog()
        rig.stage.perform { rig.scrollView.refreshControl = control }
        control.addTarget(log, action: ActionLog.changedSelector, for: .valueChanged)
        #expect(rig.scrollView.refreshControl === control)
        #expect(rig.scrollView.subviews.first === control)
        #expect(control.frame == CGRect(x: 0, y: -60, width: 320, height: 60))
        // The threshold is 80 points of pull: 170 points of finger travel pull 75.8 (the
        // rubber band's published form), 200 pull 86.3.
        #expect(rubberBand(170) < 80 && rubberBand(200) > 80)
        rig.down(at: 0)
        rig.move(170, at: 0.1)
        rig.up(at: 0.2)
        #expect(!control.isRefreshing)
        #expect(log.calls.isEmpty)
        rig.stage.at(2)
        #expect(rig.scrollView.contentOffset.y == 0)
        rig.down(at: 2)
        rig.move(200, at: 2.1)
        #expect(!control.isRefreshing)
        rig.up(at: 2.2)
        #expect(control.isRefreshing)
        #expect(log.calls == ["changed:"])
        #expect(log.senders.count == 1 && log.senders[0] === control)
        // The inset holds the control's 60 points open; the list rests below it.
        #expect(rig.scrollView.contentInset.top == 60)
        rig.stage.at(3)
        #expect(rig.scrollView.contentOffset.y == -60)
        rig.stage.perform { control.endRefreshing() }
        #expect(!control.isRefreshing)
        #expect(rig.scrollView.contentInset.top == 0)
        rig.stage.at(3.5)
        #expect(rig.scrollView.contentOffset.y == 0)
        #expect(log.calls.count == 1)
        // Taken away: no longer in the scroll view, and a pull refreshes nothing.
        rig.stage.perform { rig.scrollView.refreshControl = nil }
        #expect(control.superview == nil)
        rig.down(at: 4)
        rig.move(200, at: 4.1)
        rig.up(at: 4.2)
        #expect(!control.isRefreshing)
        #expect(rig.scrollView.contentInset.top == 0)
    }

    @Test func beginRefreshingFromCodeSendsNothing() {
        let rig = PullRig()
        let control = UIRefreshControl()
        let log = ActionLog()
        control.addTarget(log, action: ActionLog.refreshSelector, for: .valueChanged)
        // Not in a scroll view: nothing to begin.
        control.beginRefreshing()
        #expect(!control.isRefreshing)
        rig.stage.perform {
            rig.scrollView.refreshControl = control
            control.beginRefreshing()
        }
        #expect(control.isRefreshing)
        #expect(log.calls.isEmpty)
        #expect(rig.scrollView.contentInset.top == 60)
        // It scrolls the control into view over 0.3 s.
        rig.stage.at(0.5)
        #expect(rig.scrollView.contentOffset.y == -60)
        // Begun again while refreshing: nothing.
        rig.stage.perform { control.beginRefreshing() }
        #expect(rig.scrollView.contentInset.top == 60)
        rig.stage.perform { control.endRefreshing() }
        rig.stage.at(1)
        #expect(!control.isRefreshing)
        #expect(rig.scrollView.contentOffset.y == 0)
        #expect(log.calls.isEmpty)
    }

    @Test func theSpinnerTakesTheControlsOwnTintNotTheInheritedOne() throws {
        let control = UIRefreshControl()
        let spinner = try #require(control.subviews.first as? UIActivityIndicatorView)
        #expect(spinner.color == UIColor.systemGray)
        let holder = UIView()
        holder.tintColor = .green
        holder.addSubview(control)
        #expect(spinner.color == UIColor.systemGray)
        control.tintColor = .red
        #expect(spinner.color == UIColor.red)
    }
}
