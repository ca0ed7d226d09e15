import CoreGraphics
import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// `UIScreen.main`: the screen a preview is shown on — its viewport, drawn at the preview's
/// pixels per point.
///
/// `bounds` is the viewport of the preview whose code is running (its tile in the window, or
/// the `--size` of a headless render): the host sets it before a preview's set-up and before
/// delivering an animation's events to a preview's layers, and UIKit while it lays out a view
/// (its window's bounds). So each tile of the window sees its own screen, at set-up and later.
/// Work the scene's clock runs (`asyncAfter`, timers, display links) sees the screen of the
/// preview whose code ran last (the clock does not say whose work it is);
/// `scale` (and `nativeScale`) is the pixels per point the preview is drawn at (the window's
/// scale, or `--scale`), so `layer.contentsScale = UIScreen.main.scale` and
/// `rasterizationScale = UIScreen.main.scale` draw at full resolution as on a device. It is set
/// before the previews are listed, so code run then (building a preview's views, picking `@2x`
/// or `@3x` resources) sees it as on a device, where it never changes.
open class UIScreen: NSObject {
    nonisolated(unsafe) public static let main = UIScreen()

    /// The bounds of the preview whose code runs: while a view is laid out, its window's (on
    /// that thread only), else those the host set last.
    open var bounds: CGRect { UIScreen.layingOut ?? hostBounds }
    /// Set by the host (`set(bounds:)`, `follow(codeOf:)`).
    private var hostBounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    /// The window bounds of the view being laid out on this thread (`answering(for:_:)`).
    @TaskLocal private static var layingOut: CGRect?
    open private(set) var scale: CGFloat = 1
    open var nativeScale: CGFloat { scale }
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    private override init() {}

    /// The host says what the screen is now.
    @_spi(LoaderLabHost) public func set(bounds: CGRect? = nil, scale: CGFloat? = nil) {
        if let bounds, bounds.width.isFinite, bounds.height.isFinite { hostBounds = bounds }
        if let scale, scale.isFinite, scale > 0 { self.scale = scale }
    }

    /// The host says that the code of the preview whose layers hold `layer` runs now: the
    /// screen's bounds become its window's (unchanged when no window holds `layer`).
    @_spi(LoaderLabHost) public func follow(codeOf layer: Layer) {
        if let window = UIScreen.window(holding: layer) { set(bounds: window.bounds) }
    }

    /// Runs `body` (laying out `view`) with the bounds of `view`'s window as the screen's, on
    /// this thread.
    func answering<T>(for view: UIView, _ body: () -> T) -> T {
        guard let window = view.window ?? UIScreen.window(holding: view.layer.engineLayer) else {
            return body()
        }
        return UIScreen.$layingOut.withValue(window.bounds, operation: body)
    }

    /// The window whose layer is `layer` or above it.
    private static func window(holding layer: Layer) -> UIWindow? {
        var current: Layer? = layer
        while let l = current {
            if let window = ViewRegistry.view(of: l) as? UIWindow { return window }
            current = l.superlayer
        }
        return nil
    }
}
