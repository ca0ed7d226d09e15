import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// The view of each view's layer: the engine layer's `owningView` slot, which is how a layer
/// tree is read as a view tree (a view whose layer was put straight into another view's layer,
/// its window).
enum ViewRegistry {
    /// Installed once, with the first view: from then on UIKit hears layers move.
    private static let observer: Void = { CALayer.treeObserver = ViewTreeObserver() }()

    static func register(_ view: UIView) {
        _ = observer
        view.layer.engineLayer.owningView = view
    }

    /// Forgets `layer`'s view if it is `view`, or has gone.
    static func unregister(_ layer: Layer, of view: UIView?) {
        if layer.owningView == nil || layer.owningView === view { layer.owningView = nil }
    }

    /// The view whose layer `layer` is.
    static func view(of layer: Layer) -> UIView? {
        layer.owningView as? UIView
    }

    /// The views whose layers are `layer` or below it, outermost first (a view before the views
    /// in its layer).
    static func views(inSubtreeOf layer: Layer) -> [UIView] {
        var found: [UIView] = []
        func visit(_ l: Layer) {
            if let view = l.owningView as? UIView { found.append(view) }
            for sub in l.sublayers { visit(sub) }
        }
        visit(layer)
        return found
    }
}

/// Where views are in the tree: their windows, and what follows a move.
enum ViewTree {
    /// The window `view` is in: its own if it is one, else its superview's, else (a view whose
    /// layer was put straight into a layer) the window of the nearest view whose layer is above
    /// its layer. `parentView` and `parentLayer` say what is above what (as it is now, or as it
    /// will be after a move).
    static func window(
        of view: UIView, parentView: (UIView) -> UIView? = { $0.superview },
        parentLayer: (Layer) -> Layer? = { $0.superlayer }
    ) -> UIWindow? {
        var current = view
        // Bounded: a move that would make a cycle is refused by the engine, but a prediction
        // for it is asked for first.
        for _ in 0..<100_000 {
            if let window = current as? UIWindow { return window }
            if let superview = parentView(current) {
                current = superview
                continue
            }
            var next = parentLayer(current.layer.engineLayer)
            var owner: UIView?
            while let l = next, owner == nil {
                owner = ViewRegistry.view(of: l)
                next = parentLayer(l)
            }
            guard let owner else { return nil }
            current = owner
        }
        return nil
    }

    /// The views in `views` whose window changes in a move, each with the window it will have.
    static func windowChanges(
        _ views: [UIView], parentView: (UIView) -> UIView?, parentLayer: (Layer) -> Layer?
    ) -> [(view: UIView, window: UIWindow?)] {
        views.compactMap { v in
            let new = window(of: v, parentView: parentView, parentLayer: parentLayer)
            return new === v.window ? nil : (v, new)
        }
    }

    /// After `layer` moved carrying `views`: they join the scene it is now in (or leave theirs),
    /// and a view whose layer alone puts it in a window is kept by that window.
    static func didMove(_ views: [UIView], layer: Layer) {
        let scene = layer.scene
        for v in views { ViewScene.place(v, in: scene) }
        for v in views { v.updateAttachment() }
    }
}

/// What a layer's move carries from before it to after it.
private final class LayerMove {
    let views: [UIView]
    let windowChanges: [UIView]

    init(views: [UIView], windowChanges: [UIView]) {
        self.views = views
        self.windowChanges = windowChanges
    }
}

/// Hears layers moved through `CALayer` (`root.addSublayer(spinner.layer)`): the views they
/// carry hear `willMove(toWindow:)`/`didMoveToWindow()` when their window changes, join the
/// scene they are now shown in, and are laid out before its next frame.
private final class ViewTreeObserver: CALayerTreeObserver {
    func layerWillMove(_ layer: CALayer, to superlayer: CALayer?) -> AnyObject? {
        let moved = layer.engineLayer
        // UIKit's own moves (`addSubview` …) say all this themselves.
        if let view = ViewRegistry.view(of: moved), view.isMovingLayer { return nil }
        let views = ViewRegistry.views(inSubtreeOf: moved)
        guard !views.isEmpty else { return nil }
        let target = superlayer?.engineLayer
        let changes = ViewTree.windowChanges(
            views, parentView: { $0.superview }, parentLayer: { $0 === moved ? target : $0.superlayer })
        for change in changes { change.view.willMove(toWindow: change.window) }
        return LayerMove(views: views, windowChanges: changes.map(\.view))
    }

    func layerDidMove(_ layer: CALayer, context: AnyObject?) {
        guard let move = context as? LayerMove else { return }
        ViewTree.didMove(move.views, layer: layer.engineLayer)
        for view in move.windowChanges { view.didMoveToWindow() }
    }
}

/// The views shown in one scene, and their layout: UIKit's layout pass before each commit.
///
/// A view that needs layout (`setNeedsLayout()`, a new size, a new view) is laid out before
/// the scene's next frame is evaluated: at a timer due at once on the scene's root, which the
/// update delivers with its events (also one asked for by an update handler or a callback of
/// the same update), and at every update after the events (an update handler), which also
/// notices layer-level size changes (the host resizing a scroll view's layer, iOS code setting
/// `view.layer.frame`). Layout goes top down: the outermost view first, then its subviews; a
/// view is laid out at most once per pass, so one that asks again from its own
/// `layoutSubviews()` (or whose subview asks for it) is laid out again at the next update.
///
/// Attached to its scene (`Scene.attachment`), so it lives as long as the scene; it keeps the
/// windows of previews shown in the scene while their layers are there.
final class ViewScene {
    private final class Member {
        weak var view: UIView?
        init(_ view: UIView) { self.view = view }
    }

    private weak var scene: Scene?
    private var members: [ObjectIdentifier: Member] = [:]
    private var windows: [UIWindow] = []
    private var isFlushScheduled = false
    private var isFlushing = false
    /// The frame being made: counts the scene's updates (its update handler). A view is laid
    /// out at most once in each.
    private var pass = 0

    private init(scene: Scene) {
        self.scene = scene
    }

    /// The views of `scene`, made (with its update handler) the first time it is asked for: the
    /// scene's own attachment, released with it.
    static func of(_ scene: Scene) -> ViewScene {
        var made: ViewScene?
        let viewScene = scene.attachment(ViewScene.self) {
            let m = ViewScene(scene: scene)
            made = m
            return m
        }
        if let made, made === viewScene { scene.addUpdateHandler { made.update() } }
        return viewScene
    }

    /// Puts `view` in the views of `scene` (nil: in no scene), out of those of its old one.
    static func place(_ view: UIView, in scene: Scene?) {
        let target = scene.map(ViewScene.of)
        // A view is among the members of the scene `viewScene` names, and only of that one.
        guard view.viewScene !== target else { return }
        view.viewScene?.remove(view)
        view.viewScene = target
        target?.add(view)
    }

    /// `view` asked for layout: laid out before the next frame of the scene it is shown in.
    static func layoutRequested(for view: UIView) {
        guard let scene = view.layer.engineLayer.scene else { return }
        place(view, in: scene)
        view.viewScene?.scheduleFlush()
    }

    /// Keeps `window` while its layer is in the scene.
    func keep(_ window: UIWindow) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    private func add(_ view: UIView) {
        members[ObjectIdentifier(view)] = Member(view)
        view.syncBoundsSize()
        if view.needsLayout { scheduleFlush() }
    }

    private func remove(_ view: UIView) {
        let id = ObjectIdentifier(view)
        if members[id]?.view === view { members[id] = nil }
    }

    /// A flush at once: delivered by the scene's next update (or the running one) with its
    /// events.
    private func scheduleFlush() {
        guard !isFlushing, !isFlushScheduled, let scene else { return }
        isFlushScheduled = true
        let root = scene.root
        scene.schedule(at: root.convertTime(scene.currentTime, from: nil), on: root) { [weak self] in
            guard let self else { return }
            self.isFlushScheduled = false
            self.flush()
        }
    }

    /// Every update, after the events due: windows whose layers left go, and a pass.
    private func update() {
        guard let scene else { return }
        let before = windows.count
        windows.removeAll { $0.layer.engineLayer.scene !== scene }
        if windows.count != before {
            for (id, member) in members where member.view?.layer.engineLayer.scene !== scene {
                members[id] = nil
                member.view?.viewScene = nil
            }
        }
        flush()
        // The next update is another frame: a view laid out in this one may be again.
        pass &+= 1
    }

    /// One layout pass: sizes changed under UIKit are taken in, then the views needing layout
    /// are laid out, outermost first.
    private func flush() {
        guard !isFlushing, let scene else { return }
        isFlushing = true
        defer { isFlushing = false }
        var views: [UIView] = []
        for (id, member) in members {
            if let view = member.view { views.append(view) } else { members[id] = nil }
        }
        for view in views { view.syncBoundsSize() }
        while let next = outermostWaiting(in: scene) {
            // Its code sees its own preview's screen (the window's tiles differ in size).
            UIScreen.main.answering(for: next) { next.layOutSubtree(pass: pass) }
        }
    }

    /// The view nearest the root of those that wait for this pass's layout.
    private func outermostWaiting(in scene: Scene) -> UIView? {
        var best: (view: UIView, depth: Int)?
        for (id, member) in members {
            guard let view = member.view, view.needsLayout, view.layoutPass != pass else { continue }
            guard let depth = Self.depth(of: view.layer.engineLayer, in: scene) else {
                // Its layer left the scene without UIKit hearing of it (the host took it out).
                members[id] = nil
                view.viewScene = nil
                continue
            }
            if best.map({ depth < $0.depth }) ?? true { best = (view, depth) }
        }
        return best?.view
    }

    /// How many layers are above `layer` up to `scene`'s root; nil when it is not in `scene`.
    private static func depth(of layer: Layer, in scene: Scene) -> Int? {
        var depth = 0
        var l = layer
        while let parent = l.superlayer {
            depth += 1
            l = parent
        }
        return l === scene.root ? depth : nil
    }
}
