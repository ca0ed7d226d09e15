/// The layer classes whose own properties an animation may only name on a layer of that class,
/// besides `ShapeLayer` (whose properties `AnimatableProperty.isShapeProperty` marks).
///
/// Adding an animation of `"colors"` to a plain layer throws
/// `AnimationError.requiresLayerClass` naming the key path and the class, as a shape key path
/// on a plain layer throws `requiresShapeLayer`: Core Animation would silently animate nothing.
enum OwningLayerClass: String, Sendable {
    case gradient = "GradientLayer"
    case text = "TextLayer"
    case replicator = "ReplicatorLayer"

    /// The class `layer` is an instance of, when it is one of these.
    init?(of layer: Layer) {
        switch layer {
        case is GradientLayer: self = .gradient
        case is TextLayer: self = .text
        case is ReplicatorLayer: self = .replicator
        default: return nil
        }
    }
}
