import CoreGraphics
import LayerKit

/// Drawing a layer tree into a context.
extension CALayer {
    /// Draws the layer and its sublayers into `ctx` (`renderInContext:`), in the layer's own
    /// coordinates — a point of its bounds is that point of user space; its position, transform
    /// and the superlayer's sublayer transform left out — with its opacity. As Core Animation
    /// does, it draws the layer tree's model values, not the animations running on it, and
    /// displays the layers marked for display first (a view's `draw(_:)` runs). The tree is drawn
    /// by the same renderer as the screen, when the context's pixels are made.
    ///
    /// Deviations: a replicator's copies are not drawn (its sublayers are, once), nor a running
    /// transition.
    public func render(in ctx: CGContext) {
        var tree = engine.modelTree()
        let b = tree.properties.bounds
        let anchor = tree.properties.anchorPoint
        tree.properties.transform = .identity
        tree.properties.position = Point(x: b.minX + anchor.x * b.width, y: b.minY + anchor.y * b.height)
        ctx.drawLayerTree(tree)
    }
}
