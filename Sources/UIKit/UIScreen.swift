import CoreGraphics
import Foundation

/// `UIScreen.main`: the screen a preview is shown on — its viewport, drawn at the preview's
/// pixels per point.
///
/// `bounds` is the viewport of the preview whose code is running (its tile in the window, or
/// the `--size` of a headless render), set by the host before the preview's code runs;
/// `scale` (and `nativeScale`) is the pixels per point the preview is drawn at (the window's
/// scale, or `--scale`), so `layer.contentsScale = UIScreen.main.scale` and
/// `rasterizationScale = UIScreen.main.scale` draw at full resolution as on a device. It is set
/// before the previews are listed, so code run then (building a preview's views, picking `@2x`
/// or `@3x` resources) sees it as on a device, where it never changes.
open class UIScreen: NSObject {
    nonisolated(unsafe) public static let main = UIScreen()

    open private(set) var bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
    open private(set) var scale: CGFloat = 1
    open var nativeScale: CGFloat { scale }
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    private override init() {}

    /// The host says what the screen is now.
    @_spi(LoaderLabHost) public func set(bounds: CGRect? = nil, scale: CGFloat? = nil) {
        if let bounds, bounds.width.isFinite, bounds.height.isFinite { self.bounds = bounds }
        if let scale, scale.isFinite, scale > 0 { self.scale = scale }
    }
}
