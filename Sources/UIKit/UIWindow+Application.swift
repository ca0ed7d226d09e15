import Foundation
@_spi(LoaderLabHost) import QuartzCore

/// A window among the app's: key status, level, scene, root view controller, and showing a
/// window the code made over the preview's (see `UIWindow`).
extension UIWindow {
    /// A window's level: windows of a higher level are shown above those of a lower one.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// 0: the app's windows.
        public static let normal = Level(0)
        /// 1000: above the app's windows.
        public static let statusBar = Level(1000)
        /// 2000: alerts.
        public static let alert = Level(2000)

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        /// The level `b` above `a` (`UIWindow.Level.alert + 1`).
        public static func + (a: Level, b: CGFloat) -> Level { Level(a.rawValue + b) }
        /// The level `b` below `a`.
        public static func - (a: Level, b: CGFloat) -> Level { Level(a.rawValue - b) }
    }

    /// A window in `windowScene`, the size of its screen (hidden until shown).
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        windowSceneStorage = windowScene
    }

    /// The scene the window is in: the preview's for a preview's window and one made with
    /// `init(windowScene:)`, else nil (as on iOS until it is given one).
    public var windowScene: UIWindowScene? {
        get { windowSceneStorage }
        set { windowSceneStorage = newValue }
    }

    /// The level among windows (`.normal` by default); a shown window is placed above those of
    /// no higher level.
    public var windowLevel: Level {
        get { windowLevelStorage }
        set { windowLevelStorage = newValue }
    }

    /// Whether this is `UIApplication.shared.keyWindow`.
    public var isKeyWindow: Bool { UIApplication.shared.isKey(self) }

    /// Makes the window the key window (and one of the app's, if it is not hidden).
    public func makeKey() {
        UIApplication.shared.makeKey(self)
    }

    /// Shows the window (over the preview's window, by its level) and makes it the key window.
    public func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// The controller whose view fills the window (nil: none). Setting one loads its view,
    /// sizes it to the window's bounds (following them) and puts it in the window in place of
    /// the old controller's; a shown window's controllers hear `viewWillAppear(_:)` and
    /// `viewDidAppear(_:)`, the old one `viewWillDisappear(_:)` and `viewDidDisappear(_:)`.
    public var rootViewController: UIViewController? {
        get { rootViewControllerStorage }
        set {
            let old = rootViewControllerStorage
            guard old !== newValue else { return }
            let shown = !isHidden
            if shown { old?.beginDisappearance() }
            if let oldView = old?.viewIfLoaded, oldView.superview === self { oldView.removeFromSuperview() }
            if shown { old?.endDisappearance() }
            rootViewControllerStorage = newValue
            guard let controller = newValue else { return }
            let view: UIView = controller.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if shown { controller.beginAppearance() }
            addSubview(view)
            if shown { controller.endAppearance() }
        }
    }

    /// The window was shown or hidden.
    func visibilityDidChange() {
        if isHidden {
            rootViewControllerStorage?.beginDisappearance()
            rootViewControllerStorage?.endDisappearance()
            return
        }
        rootViewControllerStorage?.beginAppearance()
        showOverPreview()
        UIApplication.shared.windowDidAppear(self)
        rootViewControllerStorage?.endAppearance()
    }

    /// Puts a window the code made, and has no place yet, in the preview window's layer: above
    /// its content and the windows shown there of no higher level.
    private func showOverPreview() {
        guard !hostsPreview, layer.superlayer == nil,
            let host = UIApplication.shared.windows.last(where: { $0.hostsPreview && $0 !== self })
        else { return }
        let above = (host.layer.sublayers ?? []).firstIndex { sublayer in
            guard let window = ViewRegistry.view(of: sublayer.engineLayer) as? UIWindow else { return false }
            return window.windowLevel > windowLevel
        }
        if let above {
            host.layer.insertSublayer(layer, at: UInt32(above))
        } else {
            host.layer.addSublayer(layer)
        }
    }
}
