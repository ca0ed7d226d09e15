import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// A view draws into its layer's backing store as UIKit has it: the view is its layer's
/// delegate, the store is at the screen's scale (`UIScreen.main.scale`, set on the layer's
/// `contentsScale` when the view is made), and `draw(_:)` runs with the layer's context as the
/// current one (`UIGraphicsGetCurrentContext()`), its user space the bounds, y down. A view is
/// drawn when first shown, after `setNeedsDisplay()`, and after a change of size when its
/// `contentMode` is `.redraw`. A view that does not override `draw(_:)` (its drawing reaches
/// `UIView.draw(_:)` and paints nothing) keeps its layer's contents as they are.
extension UIView: CALayerDelegate {
    /// Draws the view's content for its layer: `draw(_:)` with `ctx` pushed as the current
    /// context.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        drawReachedBase = false
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
        if drawReachedBase { layer.drawing.declinedToDraw = true }
    }

    /// Run by `init(frame:)`: the view is its layer's delegate, at the screen's scale, drawn
    /// before its first frame.
    func setUpDrawing() {
        layer.delegate = self
        layer.drawing.isViewLayer = true
        layer.contentsScale = UIScreen.main.scale
        layer.setNeedsDisplay()
    }
}
