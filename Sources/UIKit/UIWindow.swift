import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// `UIWindow`: the view at the top of a view tree. A view is in a window when its superviews
/// lead to one (`UIView.window`).
///
/// Every preview is shown in one: a standalone preview's root layer is its window's layer, and
/// a header preview's scroll view sits in a window whose layer is the viewport's. So a view the
/// preview's code adds — as a subview, or by its layer (`root.addSublayer(spinner.layer)`) —
/// has a `window`, hears `willMove(toWindow:)` and `didMoveToWindow()`, is kept alive by the
/// window while its layer is there, and is laid out before its first frame. A preview's window
/// is kept while its layer is shown.
///
/// Deviations: a window made with `init(frame:)` is shown nowhere (there is no screen to put it
/// on: no `makeKeyAndVisible()`, key window, window level or root view controller); it is only
/// the top of its views' tree.
open class UIWindow: UIView {
    /// The views without a superview whose layers are in this window's layer, kept here.
    private var attachedViews: [ObjectIdentifier: UIView] = [:]

    /// The screen the window is on: the preview's (`UIScreen.main`).
    open var screen: UIScreen = .main

    func keep(_ view: UIView) {
        attachedViews[ObjectIdentifier(view)] = view
    }

    func release(_ view: UIView) {
        if attachedViews[ObjectIdentifier(view)] === view { attachedViews[ObjectIdentifier(view)] = nil }
    }

    /// The window whose layer is `root` (a preview's root layer, a header preview's viewport),
    /// made the first time. The views already in `root` move into it, and the scene `root` is
    /// shown in keeps it while `root` is there.
    @discardableResult
    static func hosting(_ root: CALayer) -> UIWindow {
        let engine = root.engineLayer
        if let window = ViewRegistry.view(of: engine) as? UIWindow { return window }
        let inside = ViewRegistry.views(inSubtreeOf: engine)
        let arriving = inside.filter { $0.window == nil }
        let window = UIWindow(frame: root.frame)
        for view in arriving { view.willMove(toWindow: window) }
        window.adopt(root)
        if let scene = engine.scene { ViewScene.of(scene).keep(window) }
        ViewTree.didMove(inside, layer: engine)
        for view in arriving { view.didMoveToWindow() }
        return window
    }
}
