import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit
import Testing
@_spi(LoaderLabHost) import UIKit

/// A view that logs every hierarchy callback (and whether it has a window at each).
final class WatchingView: LoggingView {
    private func windowNote(_ w: UIWindow?) -> String { w == nil ? "nil" : "window" }
    /// The superview this view had when it last heard it was joining a window.
    weak var superviewWhenJoiningWindow: UIView?

    override func willMove(toSuperview newSuperview: UIView?) {
        log?.add(
            "\(name) willMove(toSuperview: \(newSuperview.map { ($0 as? LoggingView)?.name ?? "?" } ?? "nil"))"
        )
    }
    override func didMoveToSuperview() {
        log?.add("\(name) didMoveToSuperview")
    }
    override func willMove(toWindow newWindow: UIWindow?) {
        log?.add("\(name) willMove(toWindow: \(windowNote(newWindow))) from \(windowNote(window))")
        // On iOS a view joining a window through a new superview has that superview by now.
        if newWindow != nil { superviewWhenJoiningWindow = superview }
    }
    override func didMoveToWindow() {
        log?.add("\(name) didMoveToWindow: \(windowNote(window))")
    }
    override func didAddSubview(_ subview: UIView) {
        log?.add("\(name) didAddSubview \((subview as? LoggingView)?.name ?? "?")")
    }
    override func willRemoveSubview(_ subview: UIView) {
        log?.add("\(name) willRemoveSubview \((subview as? LoggingView)?.name ?? "?")")
    }
}

/// Shows a standalone preview as the host does: a fresh root layer in the scene, handed to the
/// preview's code with the scene active. Returns the root.
@discardableResult
func show(_ preview: LoaderPreview, on stage: Stage) -> CALayer {
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: preview.size)
    stage.perform {
        stage.root.addSublayer(root)
        guard case .layer(let setUp) = preview.content else { return }
        setUp(root)
    }
    return root
}

/// The hierarchy callbacks, in UIKit's order, and the window a preview's views are in.
@Suite(.serialized) struct UIViewHierarchyTests {
    @Test func aViewAddedToAPreviewsRootIsInItsWindow() throws {
        let stage = Stage()
        let log = EventLog()
        weak var shown: WatchingView?
        let root = show(
            LoaderPreview("spinner", size: CGSize(width: 100, height: 100)) { layer in
                let spinner = WatchingView("spinner", log, frame: CGRect(x: 20, y: 20, width: 60, height: 60))
                layer.addSublayer(spinner.layer)
                shown = spinner
            }, on: stage)
        #expect(
            log.take() == ["spinner willMove(toWindow: window) from nil", "spinner didMoveToWindow: window"])
        // Nothing holds the view but the window its layer is in.
        let spinner = try #require(shown)
        #expect(spinner.window != nil)
        #expect(spinner.window?.layer === root)
        #expect(spinner.superview == nil)
        #expect(spinner.window?.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        // Laid out before the first frame.
        stage.at(0)
        #expect(log.take() == ["layout spinner"])
        // Taken out through its layer, it leaves the window, which lets it go.
        stage.perform { spinner.layer.removeFromSuperlayer() }
        #expect(
            log.take() == ["spinner willMove(toWindow: nil) from window", "spinner didMoveToWindow: nil"])
        #expect(spinner.window == nil)
    }

    @Test func subviewsHearTheirMovesInUIKitsOrder() {
        let stage = Stage()
        let log = EventLog()
        let container = WatchingView("container", log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        show(LoaderPreview("tree") { $0.addSublayer(container.layer) }, on: stage)
        _ = log.take()

        // A view (with a subview of its own) joins a view in a window.
        let child = WatchingView("child", log)
        let grandchild = WatchingView("grandchild", log)
        child.addSubview(grandchild)
        #expect(
            log.take() == [
                "grandchild willMove(toSuperview: child)", "grandchild didMoveToSuperview",
                "child didAddSubview grandchild",
            ])
        stage.perform { container.addSubview(child) }
        #expect(
            log.take() == [
                "child willMove(toSuperview: container)", "child didMoveToSuperview",
                "container didAddSubview child",
                "child willMove(toWindow: window) from nil", "grandchild willMove(toWindow: window) from nil",
                "child didMoveToWindow: window", "grandchild didMoveToWindow: window",
            ])
        #expect(grandchild.window === container.window && grandchild.window != nil)
        #expect(child.superviewWhenJoiningWindow === container)

        // Within the window nothing changes windows.
        let other = WatchingView("other", log)
        stage.perform { container.addSubview(other) }
        _ = log.take()
        stage.perform { other.addSubview(child) }
        #expect(
            log.take() == [
                "child willMove(toSuperview: other)", "container willRemoveSubview child",
                "child didMoveToSuperview",
                "other didAddSubview child",
            ])

        // Out of the window.
        stage.perform { child.removeFromSuperview() }
        #expect(
            log.take() == [
                "child willMove(toSuperview: nil)",
                "child willMove(toWindow: nil) from window", "grandchild willMove(toWindow: nil) from window",
                "other willRemoveSubview child",
                "child didMoveToWindow: nil", "grandchild didMoveToWindow: nil",
                "child didMoveToSuperview",
            ])
        #expect(child.window == nil && grandchild.window == nil && child.superview == nil)
        // A second removal does nothing.
        child.removeFromSuperview()
        #expect(log.take() == [])
    }

    @Test func aViewOutsideAnyWindowHasNone() {
        let log = EventLog()
        let parent = WatchingView("parent", log)
        let child = WatchingView("child", log)
        parent.addSubview(child)
        // No window before or after: no window callbacks.
        #expect(
            log.take() == [
                "child willMove(toSuperview: parent)", "child didMoveToSuperview",
                "parent didAddSubview child",
            ])
        #expect(child.window == nil)
        // A window made by hand is one (if shown nowhere).
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(parent)
        #expect(child.window === window && window.window === window)
    }

    @Test func aHeaderPreviewsScrollViewIsInAWindow() {
        let stage = Stage(width: 320, height: 400)
        // The host's viewport and scroll view layer.
        let viewport = Layer()
        viewport.frame = Rect(x: 0, y: 0, width: 320, height: 400)
        let scrollLayer = Layer()
        scrollLayer.frame = viewport.bounds
        viewport.addSublayer(scrollLayer)
        stage.perform { stage.root.engineLayer.addSublayer(viewport) }
        let model = ScrollView(
            viewportSize: Size(width: 320, height: 400), contentSize: Size(width: 320, height: 1000))
        let scrollView = UIScrollView(hosting: model, layer: scrollLayer)
        let log = EventLog()
        let header = WatchingView("header", log, frame: CGRect(x: 0, y: -60, width: 320, height: 60))
        header.autoresizingMask = .flexibleWidth
        let preview = LoaderPreview.header("pull") { scrollView in
            scrollView.addSubview(header)
        }
        stage.perform {
            guard case .header(let setUp) = preview.content else { return }
            setUp(scrollView)
        }
        #expect(scrollView.window != nil && header.window === scrollView.window)
        #expect(scrollView.window?.layer.engineLayer === viewport)
        // Its superview is set by the time it hears of the window (as refresh headers rely on).
        let events = log.take()
        let toWindow = events.firstIndex(of: "header willMove(toWindow: window) from nil")
        let toSuperview = events.firstIndex { $0.hasPrefix("header didMoveToSuperview") }
        #expect(toWindow != nil && toSuperview != nil && toSuperview! < toWindow!, "\(events)")
        stage.at(0)
        #expect(log.take() == ["layout header"])
        // The host widens the viewport and the scroll view's layer: the header follows its mask
        // and is laid out again.
        stage.perform {
            viewport.frame = Rect(x: 0, y: 0, width: 360, height: 400)
            scrollLayer.frame = viewport.bounds
        }
        stage.at(0.1)
        #expect(header.frame == CGRect(x: 0, y: -60, width: 360, height: 60))
        #expect(log.take() == ["layout header"])
    }

    @Test func aPreviewsWindowGoesWhenItsRootIsTakenOut() {
        let stage = Stage()
        weak var window: UIWindow?
        weak var shown: UIView?
        let root = show(
            LoaderPreview("gone") { layer in
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                layer.addSublayer(view.layer)
                shown = view
                window = view.window
            }, on: stage)
        stage.at(0)
        #expect(window != nil && shown != nil)
        // The host stops the preview: its root leaves the scene (an engine-level removal).
        stage.perform { root.engineLayer.removeFromSuperlayer() }
        stage.at(0.1)
        #expect(window == nil)
        #expect(shown == nil)
    }
}
