import Foundation
import LayerKit
import Loaders
import Testing
@_spi(LoaderLabHost) import UIKit

/// A previewed header's scroll view as iOS code drives it: an inset changed inside
/// `UIView.animate` slides with that block, and views inserted at the back go behind the list.
@Suite("Header previews")
struct HeaderPreviewTests {
    /// A list in a scroll view (the host's), its `UIScrollView`, in a scene on a manual clock
    /// whose updates step the scroll view as the gallery's do.
    final class Rig {
        let clock = ManualClock(time: 0)
        let root = Layer()
        let content: HeaderContent
        let scrollView: UIScrollView
        let scene: Scene

        init() {
            let size = Size(width: 320, height: 400)
            root.frame = Rect(origin: .zero, size: size)
            content = HeaderContent(root: root, size: size, background: .white, refreshPull: 100)
            scrollView = UIScrollView(hosting: content.scrollView, layer: content.scrollLayer)
            scene = Scene(root: root, clock: clock)
            scene.addUpdateHandler { [content] in content.tick() }
            scene.update()
        }

        func update(at t: Double) {
            clock.set(t)
            scene.update()
        }

        /// The scroll layer's bounds origin y as drawn: the content offset on screen.
        var shownOffset: Double { scene.presentation(of: content.scrollLayer)!.bounds.origin.y }
    }

    @Test("an inset set inside UIView.animate slides with the block; its completion waits for the slide")
    func insetSlideBelongsToTheBlock() {
        let rig = Rig()
        rig.scene.perform {
            rig.scrollView.contentInset = UIEdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        }
        rig.update(at: 0.5)
        rig.scene.perform { rig.scrollView.contentOffset = CGPoint(x: 0, y: -60) }
        rig.update(at: 1)
        let start = rig.shownOffset
        #expect(start == -60)

        var completedAt: Double?
        rig.scene.perform {
            UIView.animate(
                withDuration: 0.5,
                animations: { rig.scrollView.contentInset = .zero },
                completion: { _ in completedAt = rig.scene.currentTime })
        }
        // The model is at rest at once: the offset is the new inset's top.
        #expect(rig.scrollView.contentOffset.y == 0)
        rig.update(at: 1.25)
        // Half way in time on UIView's default ease-in-out curve, whose control points
        // (0.42, 0) and (0.58, 1) are symmetric about (0.5, 0.5): half way there.
        #expect(abs(rig.shownOffset - start / 2) < 1e-6)
        #expect(completedAt == nil)
        rig.update(at: 1.499)
        #expect(completedAt == nil)
        rig.update(at: 1.6)
        #expect(completedAt.map { abs($0 - 1.5) < 1e-9 } == true)
        #expect(rig.shownOffset == 0)
    }

    @Test("a view inserted at index 0 goes behind sublayers of no view, such as the host's list")
    func insertAtBackGoesBehindTheList() {
        let rig = Rig()
        let header = UIView(frame: CGRect(x: 0, y: -50, width: 320, height: 50))
        rig.scrollView.insertSubview(header, at: 0)
        #expect(rig.content.scrollLayer.sublayers.first === header.layer.engineLayer)
        let later = UIView(frame: .zero)
        rig.scrollView.addSubview(later)
        #expect(rig.content.scrollLayer.sublayers.last === later.layer.engineLayer)
    }
}
