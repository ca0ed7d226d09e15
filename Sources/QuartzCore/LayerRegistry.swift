import LayerKit

/// The one `CALayer` of each engine layer, kept in the engine layer's `wrapper` slot.
///
/// A `CALayer` owns its engine layer and the slot holds it weakly, so it empties when the
/// `CALayer` goes.
package enum LayerRegistry {
    static func register(_ layer: CALayer) {
        layer.engine.wrapper = layer
    }

    /// The `CALayer` of `engine`, if one exists.
    package static func existingWrapper(_ engine: Layer) -> CALayer? {
        engine.wrapper as? CALayer
    }

    /// The `CALayer` of `engine`, made (of the class matching the engine's) if none exists.
    package static func wrapper(_ engine: Layer) -> CALayer {
        existingWrapper(engine) ?? makeWrapper(of: engine)
    }

    /// A new wrapper of `engine`, of the class matching it.
    static func makeWrapper(of engine: Layer) -> CALayer {
        switch engine {
        case is ShapeLayer: CAShapeLayer(hosting: engine)
        case is GradientLayer: CAGradientLayer(hosting: engine)
        case is TextLayer: CATextLayer(hosting: engine)
        case is ReplicatorLayer: CAReplicatorLayer(hosting: engine)
        case is TransformLayer: CATransformLayer(hosting: engine)
        default: CALayer(hosting: engine)
        }
    }

    /// A new engine layer of `engine`'s kind, with default values.
    static func emptyLayer(like engine: Layer) -> Layer {
        switch engine {
        case is ShapeLayer: ShapeLayer()
        case is GradientLayer: GradientLayer()
        case is TextLayer: TextLayer()
        case is ReplicatorLayer: ReplicatorLayer()
        case is TransformLayer: TransformLayer()
        default: Layer()
        }
    }
}
