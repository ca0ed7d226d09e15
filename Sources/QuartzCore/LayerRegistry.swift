import Foundation
import LayerKit

/// The one `CALayer` of each engine layer, by the engine layer's identity.
///
/// A `CALayer` owns its engine layer, so while an entry exists its engine layer does too and
/// the identifier cannot be reused; the entry goes when the `CALayer` does.
package enum LayerRegistry {
    private final class WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var wrappers: [ObjectIdentifier: WeakLayer] = [:]

    static func register(_ layer: CALayer) {
        lock.lock()
        defer { lock.unlock() }
        wrappers[ObjectIdentifier(layer.engine)] = WeakLayer(layer)
    }

    static func unregister(_ engine: Layer) {
        lock.lock()
        defer { lock.unlock() }
        wrappers[ObjectIdentifier(engine)] = nil
    }

    /// The `CALayer` of `engine`, if one exists.
    package static func existingWrapper(_ engine: Layer) -> CALayer? {
        lock.lock()
        defer { lock.unlock() }
        return wrappers[ObjectIdentifier(engine)]?.layer
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

extension Layer {
    /// Sets every model property to `other`'s (not its tree, timing or animations).
    func copyModel(from other: Layer) {
        assign(other.properties)
        if let s = self as? ShapeLayer, let o = other as? ShapeLayer { s.assign(o.shapeProperties) }
        if let g = self as? GradientLayer, let o = other as? GradientLayer { g.assign(o.gradientProperties) }
        if let t = self as? TextLayer, let o = other as? TextLayer { t.assign(o.textProperties) }
        if let r = self as? ReplicatorLayer, let o = other as? ReplicatorLayer {
            r.assign(o.replicatorProperties)
        }
        name = other.name
    }

    /// Sets the model to a presentation's values (a layer outside any scene: no animation).
    func assign(_ p: PresentationLayer) {
        name = p.name
        assign(p.properties)
        if let s = self as? ShapeLayer, let shape = p.shape { s.assign(shape) }
        if let g = self as? GradientLayer, let gradient = p.gradient { g.assign(gradient) }
        if let t = self as? TextLayer, let text = p.text { t.assign(text) }
        if let r = self as? ReplicatorLayer, let replicator = p.replicator { r.assign(replicator) }
    }

    func assign(_ p: LayerProperties) {
        bounds = p.bounds
        position = p.position
        anchorPoint = p.anchorPoint
        transform = p.transform
        sublayerTransform = p.sublayerTransform
        opacity = p.opacity
        isHidden = p.isHidden
        backgroundColor = p.backgroundColor
        cornerRadius = p.cornerRadius
        borderWidth = p.borderWidth
        borderColor = p.borderColor
        masksToBounds = p.masksToBounds
        contents = p.contents
        contentsGravity = p.contentsGravity
        zPosition = p.zPosition
        maskedCorners = p.maskedCorners
        shadowColor = p.shadowColor
        shadowOpacity = p.shadowOpacity
        shadowOffset = p.shadowOffset
        shadowRadius = p.shadowRadius
        shadowPath = p.shadowPath
        contentsRect = p.contentsRect
        contentsCenter = p.contentsCenter
        contentsScale = p.contentsScale
        isDoubleSided = p.isDoubleSided
        shouldRasterize = p.shouldRasterize
        rasterizationScale = p.rasterizationScale
        for (key, value) in p.customValues { setCustomValue(value, forKey: key) }
    }
}

extension ShapeLayer {
    func assign(_ s: ShapeProperties) {
        path = s.path
        fillColor = s.fillColor
        fillRule = s.fillRule
        strokeColor = s.strokeColor
        lineWidth = s.lineWidth
        lineCap = s.lineCap
        lineJoin = s.lineJoin
        miterLimit = s.miterLimit
        lineDashPattern = s.lineDashPattern
        lineDashPhase = s.lineDashPhase
        strokeStart = s.strokeStart
        strokeEnd = s.strokeEnd
    }
}

extension GradientLayer {
    func assign(_ g: GradientProperties) {
        colors = g.colors
        locations = g.locations
        startPoint = g.startPoint
        endPoint = g.endPoint
        type = g.type
    }
}

extension TextLayer {
    func assign(_ t: TextProperties) {
        string = t.string
        font = t.font
        fontSize = t.fontSize
        foregroundColor = t.foregroundColor
        alignmentMode = t.alignmentMode
        truncationMode = t.truncationMode
        isWrapped = t.isWrapped
    }
}

extension ReplicatorLayer {
    func assign(_ r: ReplicatorProperties) {
        instanceCount = r.instanceCount
        instanceTransform = r.instanceTransform
        instanceDelay = r.instanceDelay
        instanceColor = r.instanceColor
        instanceRedOffset = r.instanceRedOffset
        instanceGreenOffset = r.instanceGreenOffset
        instanceBlueOffset = r.instanceBlueOffset
        instanceAlphaOffset = r.instanceAlphaOffset
    }
}
