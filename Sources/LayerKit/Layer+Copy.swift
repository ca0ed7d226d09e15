/// Copying a layer's model values from another layer or from a presentation (the compat's
/// `CALayer(layer:)` and `presentation()` copies), property by property from the tables.
extension Layer {
    /// Sets every model property of this layer's kind to `other`'s (not its tree, timing or
    /// animations), and its name. Properties of a kind the other layer is not keep theirs.
    package func copyModel(from other: Layer) {
        assignValues(other.modelValues)
        name = other.name
    }

    /// Sets the model to a presentation's values, and the name.
    package func assign(_ p: PresentationLayer) {
        name = p.name
        assignValues(
            LayerValues(
                layer: p.properties, shape: p.shape, gradient: p.gradient, text: p.text,
                replicator: p.replicator))
    }

    /// Sets the layer table's properties and the custom values to `p`'s, leaving the other
    /// kinds' (a presentation copy drawn with the presented layer values).
    package func assign(_ p: LayerProperties) {
        setValues(
            { values in
                for entry in LayerTable.all { entry.copy(p, &values.layer) }
                values.layer.customValues.merge(p.customValues) { $1 }
            }, action: nil)
    }

    /// Each table's properties from `source`, as one change with no action (for a layer that
    /// is not shown, as the copies are, the same as setting each one).
    private func assignValues(_ source: LayerValues) {
        func copy<G>(_ table: [LayerPropertyEntry<G>], _ from: G?, _ to: inout G?) {
            guard let from, to != nil else { return }
            for entry in table { entry.copy(from, &to!) }
        }
        setValues(
            { values in
                for entry in LayerTable.all { entry.copy(source.layer, &values.layer) }
                values.layer.customValues.merge(source.layer.customValues) { $1 }
                copy(ShapeTable.all, source.shape, &values.shape)
                copy(GradientTable.all, source.gradient, &values.gradient)
                copy(TextTable.all, source.text, &values.text)
                copy(ReplicatorTable.all, source.replicator, &values.replicator)
            }, action: nil)
    }
}
