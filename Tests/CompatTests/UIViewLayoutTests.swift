import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit
import Testing
@_spi(LoaderLabHost) import UIKit

/// What views hear, in order, shared by the views of one test.
final class EventLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A view that logs its layouts under its name.
class LoggingView: UIView {
    var name = ""
    var log: EventLog?
    var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    convenience init(_ name: String, _ log: EventLog, frame: CGRect = .zero) {
        self.init(frame: frame)
        self.name = name
        self.log = log
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        log?.add("layout \(name)")
    }
}

/// Initialisers, the layout cycle, autoresizing and sizing, as UIKit runs them.
@Suite(.serialized) struct UIViewLayoutTests {
    // MARK: Initialisers

    /// The usual pair of overrides, as iOS code writes them.
    final class Badge: UIView {
        private(set) var madeByFrameInit = false

        override init(frame: CGRect) {
            super.init(frame: frame)
            madeByFrameInit = true
            backgroundColor = .red
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }
    }

    final class Pager: UIScrollView {
        private(set) var pages = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            pages = 3
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    @Test func subclassesKeepInitWithoutArguments() {
        // `init()` is inherited because the subclass overrides both designated initialisers,
        // and it goes through the subclass's `init(frame:)` with a zero frame.
        let badge = Badge()
        #expect(badge.madeByFrameInit)
        #expect(badge.frame == .zero)
        #expect(badge.backgroundColor == .red)
        let pager = Pager()
        #expect(pager.pages == 3)
        #expect(pager.frame == .zero && pager.contentOffset == .zero)
        // The others have it too.
        #expect(UIWindow().frame == .zero)
        #expect(UIScrollView().bounds == .zero)
    }

    @Test func aHostedScrollViewIsAScrollViewOfTheHostsLayer() {
        let layer = Layer()
        layer.frame = Rect(x: 0, y: 0, width: 320, height: 400)
        let model = ScrollView(viewportSize: Size(width: 320, height: 400))
        let scrollView = UIScrollView(hosting: model, layer: layer)
        #expect(scrollView.layer.engineLayer === layer)
        #expect(scrollView.bounds.size == CGSize(width: 320, height: 400))
        // The host's layer is not made a view's backing layer by being wrapped.
        #expect(!layer.isViewBacking)
        // The offset is the host's model's.
        model.setContentOffset(Point(x: 0, y: -30), animation: nil, at: 0)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: -30))
    }

    // MARK: The layout cycle

    @Test func aNewViewIsLaidOutBeforeItsFirstFrame() {
        let stage = Stage()
        let log = EventLog()
        let view = LoggingView("a", log, frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.perform { stage.root.addSublayer(view.layer) }
        // Not at once: at the scene's next update.
        #expect(view.layouts == 0)
        stage.at(0)
        #expect(view.layouts == 1)
        // Nothing changed: no more layouts.
        stage.at(0.1)
        stage.at(0.2)
        #expect(view.layouts == 1)
    }

    @Test func aChangeOfSizeLaysOutAgainAndAMoveDoesNot() {
        let stage = Stage()
        let view = LoggingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0)
        #expect(view.layouts == 1)
        stage.perform { view.bounds = CGRect(x: 0, y: 0, width: 50, height: 40) }
        stage.at(0.1)
        #expect(view.layouts == 2)
        stage.perform {
            view.center = CGPoint(x: 90, y: 90)
            view.bounds.origin = CGPoint(x: 5, y: 5)
        }
        stage.at(0.2)
        #expect(view.layouts == 2)
        // A size set on the layer under UIKit counts too (UIKit hears its layer's bounds).
        stage.perform { view.layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        stage.at(0.3)
        #expect(view.layouts == 3)
    }

    @Test func setNeedsLayoutIsCoalescedIntoOneLayoutPerFrame() {
        let stage = Stage()
        let view = LoggingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0)
        stage.perform {
            view.setNeedsLayout()
            view.setNeedsLayout()
            view.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
            view.setNeedsLayout()
        }
        #expect(view.layouts == 1)
        stage.at(0.1)
        #expect(view.layouts == 2)
        stage.at(0.2)
        #expect(view.layouts == 2)
    }

    /// Asks for layout again from its own `layoutSubviews()`.
    final class Restless: UIView {
        var layouts = 0
        override func layoutSubviews() {
            layouts += 1
            setNeedsLayout()
        }
    }

    @Test func aViewThatAsksAgainWhileLayingOutWaitsForTheNextFrame() {
        let stage = Stage()
        let view = Restless(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0)
        #expect(view.layouts == 1)
        stage.at(0.1)
        #expect(view.layouts == 2)
        stage.at(0.2)
        #expect(view.layouts == 3)
    }

    /// Sizes its one subview to fill it, as layouts by hand do.
    final class Container: LoggingView {
        let child: LoggingView

        init(_ name: String, _ log: EventLog, child: LoggingView) {
            self.child = child
            super.init(frame: .zero)
            self.name = name
            self.log = log
            addSubview(child)
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            child.frame = bounds.insetBy(dx: 5, dy: 5)
        }
    }

    @Test func layoutGoesFromTheSuperviewToItsSubviews() {
        let stage = Stage()
        let log = EventLog()
        let leaf = LoggingView("leaf", log)
        let inner = Container("inner", log, child: leaf)
        let outer = Container("outer", log, child: inner)
        outer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.perform { stage.root.addSublayer(outer.layer) }
        stage.at(0)
        #expect(log.take() == ["layout outer", "layout inner", "layout leaf"])
        // outer (100) sized inner to 90, which sized leaf to 80, in the same pass.
        #expect(inner.frame == CGRect(x: 5, y: 5, width: 90, height: 90))
        #expect(leaf.frame == CGRect(x: 5, y: 5, width: 80, height: 80))
        // Asked for in the reverse order, they are still laid out outermost first, once each.
        stage.perform {
            leaf.setNeedsLayout()
            inner.setNeedsLayout()
            outer.setNeedsLayout()
        }
        stage.at(0.1)
        #expect(log.take() == ["layout outer", "layout inner", "layout leaf"])
        // A new size for outer reaches the others through outer's layout.
        stage.perform { outer.frame = CGRect(x: 0, y: 0, width: 60, height: 60) }
        stage.at(0.2)
        #expect(log.take() == ["layout outer", "layout inner", "layout leaf"])
        #expect(leaf.frame == CGRect(x: 5, y: 5, width: 40, height: 40))
    }

    @Test func layoutIfNeededLaysOutAtOnce() {
        let stage = Stage()
        let log = EventLog()
        let leaf = LoggingView("leaf", log)
        let inner = Container("inner", log, child: leaf)
        stage.perform { stage.root.addSublayer(inner.layer) }
        stage.at(0)
        _ = log.take()
        stage.perform {
            inner.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            inner.layoutIfNeeded()
        }
        // At once, and its subview after it.
        #expect(log.take() == ["layout inner", "layout leaf"])
        #expect(leaf.frame == CGRect(x: 5, y: 5, width: 20, height: 20))
        // Nothing is left for the frame.
        stage.at(0.1)
        #expect(log.take() == [])
        // Asked of a subview, a pending layout above it runs first (CALayer.layoutIfNeeded
        // goes up to the outermost layer waiting).
        stage.perform {
            inner.setNeedsLayout()
            leaf.setNeedsLayout()
            leaf.layoutIfNeeded()
        }
        #expect(log.take() == ["layout inner", "layout leaf"])
        // Outside any scene it works the same.
        let alone = LoggingView("alone", log, frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        alone.layoutIfNeeded()
        alone.layoutIfNeeded()
        #expect(log.take() == ["layout alone"])
    }

    @Test func addingAndRemovingASubviewLaysOutBoth() {
        let stage = Stage()
        let log = EventLog()
        let parent = LoggingView("parent", log, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        stage.perform { stage.root.addSublayer(parent.layer) }
        stage.at(0)
        _ = log.take()
        let child = LoggingView("child", log)
        stage.perform { parent.addSubview(child) }
        stage.at(0.1)
        #expect(log.take() == ["layout parent", "layout child"])
        stage.perform { child.removeFromSuperview() }
        stage.at(0.2)
        #expect(log.take() == ["layout parent"])
    }

    @Test func scrollingLaysOutTheScrollView() {
        final class Strip: UIScrollView {
            var layouts = 0
            override func layoutSubviews() { layouts += 1 }
        }
        let stage = Stage()
        let strip = Strip(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        strip.contentSize = CGSize(width: 100, height: 400)
        stage.perform { stage.root.addSublayer(strip.layer) }
        stage.at(0)
        #expect(strip.layouts == 1)
        stage.perform { strip.contentOffset = CGPoint(x: 0, y: 50) }
        stage.at(0.1)
        #expect(strip.layouts == 2)
        // A new size is its model's new viewport: 400 − 150 = 250 is the furthest it scrolls.
        stage.perform { strip.bounds.size = CGSize(width: 100, height: 150) }
        #expect(strip.model.maxContentOffsetY == 250)
    }

    // MARK: Autoresizing

    /// A 200×100 superview with a subview at `frame` following `mask`, grown to `size`.
    private func resized(_ frame: CGRect, _ mask: UIView.AutoresizingMask, to size: CGSize) -> CGRect {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView(frame: frame)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame.size = size
        return child.frame
    }

    @Test func autoresizingSharesTheChangeAmongTheFlexibleParts() {
        let wider = CGSize(width: 300, height: 100)
        let frame = CGRect(x: 20, y: 10, width: 60, height: 20)
        // Along x the line is 20 (left margin) + 60 (width) + 120 (right margin) = 200; it
        // grows by 100.
        #expect(resized(frame, [], to: wider) == frame)
        #expect(resized(frame, .flexibleWidth, to: wider) == CGRect(x: 20, y: 10, width: 160, height: 20))
        #expect(
            resized(frame, .flexibleLeftMargin, to: wider) == CGRect(x: 120, y: 10, width: 60, height: 20))
        // The right margin alone: the view stays where it is.
        #expect(resized(frame, .flexibleRightMargin, to: wider) == frame)
        // Both margins, 20 and 120: the left one takes 100 · 20/140 = 14.2857…
        let centred = resized(frame, [.flexibleLeftMargin, .flexibleRightMargin], to: wider)
        #expect(near(centred.minX, 20 + 100.0 * 20 / 140) && centred.width == 60)
        // Width and right margin, 60 and 120: the width takes 100 · 60/180 = 33.33…
        let stretched = resized(frame, [.flexibleWidth, .flexibleRightMargin], to: wider)
        #expect(stretched.minX == 20 && near(stretched.width, 60 + 100.0 / 3))
        // All three, 20 + 60 + 120 = 200: 10, 30 and 60 of the 100.
        let all = resized(frame, [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], to: wider)
        #expect(near(all.minX, 30) && near(all.width, 90))
        // Along y, 10 + 20 + 70 = 100 shrinking to 50: top −5, height −10, bottom −35.
        let shorter = CGSize(width: 200, height: 50)
        let vertical = resized(
            frame, [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], to: shorter)
        #expect(near(vertical.minY, 5) && near(vertical.height, 10) && vertical.minX == 20)
        #expect(resized(frame, .flexibleBottomMargin, to: shorter) == frame)
        #expect(
            resized(frame, .flexibleTopMargin, to: shorter) == CGRect(x: 20, y: -40, width: 60, height: 20))
        // A height of 20 losing 50 stops at 0.
        #expect(resized(frame, .flexibleHeight, to: shorter).height == 0)
        // Flexible parts of no length share the change evenly: a subview filling the width
        // with both margins flexible moves by half of it.
        let full = resized(
            CGRect(x: 0, y: 0, width: 200, height: 10), [.flexibleLeftMargin, .flexibleRightMargin], to: wider
        )
        #expect(full == CGRect(x: 50, y: 0, width: 200, height: 10))
    }

    @Test func autoresizingFollowsEveryWayTheSizeChanges() {
        let stage = Stage()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let bar = UIView(frame: CGRect(x: 10, y: 80, width: 80, height: 10))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        parent.addSubview(bar)
        stage.perform { stage.root.addSublayer(parent.layer) }
        stage.at(0)
        // Through `bounds`, at once: 40 wider and 20 taller.
        stage.perform { parent.bounds = CGRect(x: 0, y: 0, width: 140, height: 120) }
        #expect(bar.frame == CGRect(x: 10, y: 100, width: 120, height: 10))
        // Through the layer, under UIKit: at the next update, before the frame.
        stage.perform { parent.layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100) }
        stage.at(0.1)
        #expect(bar.frame == CGRect(x: 10, y: 80, width: 80, height: 10))
        // Grandchildren follow their parent's new size in turn.
        let dot = UIView(frame: CGRect(x: 70, y: 0, width: 10, height: 10))
        dot.autoresizingMask = .flexibleLeftMargin
        bar.addSubview(dot)
        parent.frame.size.width = 150
        #expect(bar.frame.width == 130 && dot.frame.minX == 120)
        // With autoresizesSubviews off the subviews stay.
        parent.autoresizesSubviews = false
        parent.frame.size.width = 100
        #expect(bar.frame.width == 130)
    }

    // MARK: Sizing

    /// Sizes itself to its text, as a label does: 7 points a character, 16 high, 4 of padding.
    final class Tag: UIView {
        var text = "" {
            didSet { invalidateIntrinsicContentSize() }
        }
        override var intrinsicContentSize: CGSize {
            CGSize(width: CGFloat(text.count) * 7 + 8, height: 24)
        }
        override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
    }

    /// Places its tags in a row from the left, each at its intrinsic size, 2 points apart.
    final class Row: LoggingView {
        override func layoutSubviews() {
            super.layoutSubviews()
            var x: CGFloat = 0
            for tag in subviews {
                let size = tag.intrinsicContentSize
                tag.frame = CGRect(x: x, y: 0, width: size.width, height: size.height)
                x += size.width + 2
            }
        }
    }

    @Test func sizingByDefaultKeepsTheSize() {
        let view = UIView(frame: CGRect(x: 3, y: 4, width: 30, height: 40))
        #expect(UIView.noIntrinsicMetric == -1)
        #expect(view.intrinsicContentSize == CGSize(width: -1, height: -1))
        #expect(view.sizeThatFits(CGSize(width: 999, height: 999)) == CGSize(width: 30, height: 40))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 3, y: 4, width: 30, height: 40))
    }

    @Test func sizeToFitKeepsTheCornerAndIntrinsicSizeReachesTheSuperview() {
        let tag = Tag(frame: CGRect(x: 10, y: 20, width: 1, height: 1))
        tag.text = "loading"
        tag.sizeToFit()
        // 7 · 7 + 8 = 57 wide, 24 high, from the same top-left corner.
        #expect(tag.frame == CGRect(x: 10, y: 20, width: 57, height: 24))

        let stage = Stage()
        let log = EventLog()
        let row = Row("row", log, frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        let first = Tag()
        first.text = "ab"
        let second = Tag()
        second.text = "cde"
        row.addSubview(first)
        row.addSubview(second)
        stage.perform { stage.root.addSublayer(row.layer) }
        stage.at(0)
        // 2 · 7 + 8 = 22 wide; the second starts at 22 + 2 = 24 and is 3 · 7 + 8 = 29 wide.
        #expect(first.frame == CGRect(x: 0, y: 0, width: 22, height: 24))
        #expect(second.frame == CGRect(x: 24, y: 0, width: 29, height: 24))
        _ = log.take()
        // A tag's new text makes the row lay out again.
        stage.perform { first.text = "abcd" }
        stage.at(0.1)
        #expect(log.take() == ["layout row"])
        // "abcd" is 4 · 7 + 8 = 36 wide: the second tag moves to 36 + 2.
        #expect(first.frame.width == 36)
        #expect(second.frame.minX == 38)
    }
}
