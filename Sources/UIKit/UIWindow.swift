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
/// The preview's window is `UIApplication.shared`'s key window while the preview's code is set
/// up. A window the code makes (`init(frame:)`, `init(windowScene:)`) is the top of its views'
/// tree; made visible (`makeKeyAndVisible()`, `isHidden = false`) it is shown over the window
/// of the preview that was key, its layer above that window's content and the windows shown
/// there before it of no higher `windowLevel` (UIWindow+Application.swift), and its
/// `rootViewController`'s view fills it.
///
/// Deviations: there is one screen and no status bar; a window made visible is shown inside
/// the preview window's layer (at its own frame in that window's coordinates), so it moves and
/// is clipped with the preview.
open class UIWindow: UIView {
    /// The views without a superview whose layers are in this window's layer, kept here.
    private var attachedViews: [ObjectIdentifier: UIView] = [:]

    /// The screen the window is on: the preview's (`UIScreen.main`).
    open var screen: UIScreen = .main

    /// The controller whose view fills the window (UIWindow+Application.swift).
    var rootViewControllerStorage: UIViewController?
    /// The window's level (UIWindow+Application.swift).
    var windowLevelStorage = UIWindow.Level.normal
    /// The scene the window was made in (UIWindow+Application.swift).
    weak var windowSceneStorage: UIWindowScene?

    /// True for the window a preview is shown in (`hosting(_:)`).
    var hostsPreview = false

    /// A window of `frame`, hidden until shown (`makeKeyAndVisible()`, `isHidden = false`), as
    /// on iOS.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.isHidden = true
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Showing a window puts it among the app's windows, over the preview's
    /// (UIWindow+Application.swift); hiding it takes it away.
    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            let changed = newValue != super.isHidden
            super.isHidden = newValue
            if changed { visibilityDidChange() }
        }
    }

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
        window.windowSceneStorage = .preview
        window.hostsPreview = true
        for view in arriving { view.willMove(toWindow: window) }
        window.adopt(root)
        if let scene = engine.scene { ViewScene.of(scene).keep(window) }
        ViewTree.didMove(inside, layer: engine)
        for view in arriving { view.didMoveToWindow() }
        UIApplication.shared.makeKey(window)
        return window
    }
}
