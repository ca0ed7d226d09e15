import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
@_spi(LoaderLabHost) import UIKit

/// The iOS-style refresh header of IOSRefreshSnippet.swift, set up as a header preview is and
/// pulled on the scroll view's physics: its state follows the pull across its threshold, a
/// release past it refreshes, and the dot it draws shows the state.
@Suite(.serialized) struct RefreshSnippetTests {
    static let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    static let darkGray = Pixel(red: 85, green: 85, blue: 85, alpha: 255)
    static let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)

    /// The preview's set-up run on the rig's scroll view, as the host runs it.
    private func showPreview(on rig: PullRig) throws -> KVORefreshHeader {
        guard case .header(let setUp) = KVORefreshPreviews.previews[0].content else {
            Issue.record("not a header preview")
            throw CancellationError()
        }
        rig.stage.perform { setUp(rig.scrollView) }
        return try #require(rig.scrollView.kvoRefreshHeader)
    }

    /// The frame the scene draws at `t` (after the input handled at `t`).
    private func draw(_ rig: PullRig, at t: Double) throws -> ImageSurface {
        rig.stage.at(t)
        return try renderForTesting(rig.stage.scene.presentation(), width: 320, height: 400)
    }

    @Test func theHeaderFollowsThePullAcrossItsThreshold() throws {
        let rig = PullRig()
        let header = try showPreview(on: rig)
        var states: [KVORefreshState] = []
        header.onStateChange = { states.append($0) }
        let refreshesBefore = KVORefreshPreviews.refreshes
        // Kept by the scroll view (an associated object) and shown above its content.
        #expect(rig.scrollView.subviews.first === header)
        #expect(header.frame == CGRect(x: 0, y: -54, width: 320, height: 54))
        #expect(rig.scrollView.alwaysBounceVertical)

        // The threshold is the header's height, 54 points: the rubber band reaches it at
        // x = 54·400 / ((400 − 54)·0.55) ≈ 113.5 points of finger travel.
        rig.down(at: 0)
        rig.move(100, at: 0.1)
        #expect(rubberBand(100) < 54)
        #expect(header.state == .idle)
        rig.move(130, at: 0.2)
        #expect(rubberBand(130) > 54)
        #expect(header.state == .pulling)
        // Pulled 60.65 points: the header's top is 6.65 points into the viewport and its dot
        // (radius 12) is centred 27 points below that, at (160, 33.65).
        var image = try draw(rig, at: 0.2)
        #expect(image.pixel(x: 160, y: 33) == Self.red)
        #expect(image.pixel(x: 160, y: 3) == Self.white)
        // Back under the threshold and past it again, still dragging.
        rig.move(100, at: 0.3)
        #expect(header.state == .idle)
        rig.move(130, at: 0.4)
        #expect(header.state == .pulling)

        // Let go past the threshold: the pan ends, the header refreshes and holds the list
        // open by its height.
        rig.up(at: 0.5)
        #expect(header.state == .refreshing)
        #expect(KVORefreshPreviews.refreshes == refreshesBefore + 1)
        #expect(rig.scrollView.contentInset.top == 54)
        // The header fills the top 54 points once the list has slid there; its dot is blue at
        // (160, 27).
        image = try draw(rig, at: 1)
        #expect(rig.scrollView.contentOffset.y == -54)
        #expect(image.pixel(x: 160, y: 27) == Self.blue)

        // Ended: the list closes over 0.25 s, then the header is idle again.
        rig.stage.perform { header.endRefreshing() }
        rig.stage.at(1.1)
        #expect(header.state == .refreshing)
        rig.stage.at(1.3)
        #expect(header.state == .idle)
        #expect(rig.scrollView.contentInset.top == 0)
        #expect(rig.scrollView.contentOffset.y == 0)
        #expect(states == [.pulling, .idle, .pulling, .refreshing, .idle])

        // A small pull again: idle, its dot dark grey at (160, 27 − 54 + pull).
        rig.down(at: 2)
        rig.move(60, at: 2.1)
        #expect(header.state == .idle)
        let pull = rubberBand(60)
        image = try draw(rig, at: 2.1)
        #expect(image.pixel(x: 160, y: Int(27 - 54 + pull)) == Self.darkGray)
        rig.up(at: 2.2)
        #expect(states.count == 5)
    }

    @Test func removingTheHeaderStopsItsObserving() throws {
        let rig = PullRig()
        weak var removed: KVORefreshHeader?
        let errors = reportedErrors {
            removed = try? showPreview(on: rig)
            rig.scrollView.kvoRefreshHeader = nil
        }
        // It removed its observers as it left (nothing unregistered was removed), and nothing
        // else keeps it.
        #expect(errors.isEmpty)
        #expect(removed == nil)
        #expect(rig.scrollView.subviews.isEmpty)
        rig.down(at: 0)
        rig.move(150, at: 0.1)
        rig.up(at: 0.2)
        #expect(rig.scrollView.contentInset.top == 0)
    }

    @Test func theHeaderGoesWithItsScrollView() {
        weak var header: KVORefreshHeader?
        weak var pan: UIPanGestureRecognizer?
        do {
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
            header = scrollView.addKVORefreshHeader {}
            pan = scrollView.panGestureRecognizer
            #expect(header != nil)
        }
        #expect(header == nil)
        #expect(pan == nil)
    }
}
