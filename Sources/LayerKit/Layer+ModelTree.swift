/// A layer's subtree as its model values (`CALayer.render(in:)`).
extension Layer {
    /// The layer and its sublayers and masks as a presentation tree of their model values —
    /// what Core Animation's `render(in:)` draws: the layer tree, not the animations running on
    /// it. Layers marked for display are displayed first (their backing stores drawn), as
    /// `render(in:)` draws their content. A replicator's copies are not made (its own sublayers
    /// are drawn once) and a running transition is not drawn: both belong to a scene's time.
    public func modelTree() -> PresentationLayer {
        displayIfNeeded()
        let v = modelValues
        var layer = PresentationLayer(
            name: name, properties: v.layer, shape: v.shape, sublayers: sublayers.map { $0.modelTree() },
            gradient: v.gradient, mask: mask.map { $0.modelTree() }, text: v.text)
        layer.isTransformLayer = self is TransformLayer
        return layer
    }
}
