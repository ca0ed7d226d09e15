import Foundation
import LayerKit

extension CALayer {
    /// Tells Core Animation how to make instances of `type`, a `CALayer` subclass declared
    /// outside this module (a view's `layerClass`, a layer whose presentation is asked for).
    ///
    /// On iOS, Core Animation makes a view's layer with `[[layerClass alloc] init]` and a
    /// presentation copy with `initWithLayer:`. Swift on Linux cannot make an instance of a
    /// class from its metatype without a `required` initialiser, which `init()` and
    /// `init(layer:)` are not (a subclass declaring its own initialisers would no longer
    /// compile), so the subclass says how:
    ///
    /// ```swift
    /// CALayer.register(ProgressLayer.self, make: { ProgressLayer() }, copy: { ProgressLayer(layer: $0) })
    /// ```
    ///
    /// - `make` (its `init()`) makes the layer of a view whose `layerClass` is `type`;
    /// - `copy` (its `init(layer:)`, given the model layer) makes the copies `presentation()`
    ///   returns, with the animated values set on them afterwards (a `@Managed` property's
    ///   included), and the copies a layer without a delegate is drawn on while an animation of
    ///   a key its class `needsDisplay(forKey:)` runs, as Core Animation draws them.
    ///
    /// Pass nil for an initialiser the class does not have. `loaderlab preview` registers every
    /// subclass declared in the previewed sources, with the initialisers Swift's inheritance
    /// rules give it, before the previews are made; code built otherwise (tests) calls this
    /// itself. Registering a class again replaces its factories; the framework's own classes
    /// are not registered (asking is reported and ignored).
    public static func register<Subclass: CALayer>(
        _ type: Subclass.Type, make: (() -> Subclass)?, copy: ((CALayer) -> Subclass)?
    ) {
        guard !LayerClasses.isFramework(type) else {
            report("register(\(type)): the framework's layer classes are made without registering")
            return
        }
        LayerClasses.register(type, make: make, copy: copy)
    }

    /// A presentation copy of this layer holding `p`'s values, made as `LayerClasses.copy(of:)`
    /// says.
    func presentationCopy(_ p: PresentationLayer) -> (copy: CALayer, made: LayerClasses.Made) {
        let (copy, made) = LayerClasses.copy(of: self)
        copy.engine.assign(p)
        copy.presentationOf = self
        copy.contentsObject = contentsObject
        return (copy, made)
    }
}

/// The factories of the `CALayer` subclasses declared outside QuartzCore (`CALayer.register`),
/// by class, for the whole process: a class is the same in every scene, and a preview process
/// loads one build's classes.
package enum LayerClasses {
    struct Factories {
        var make: (() -> CALayer)?
        var copy: ((CALayer) -> CALayer)?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var table: [ObjectIdentifier: Factories] = [:]
    /// The problems already reported, by class and topic (each is reported once).
    nonisolated(unsafe) private static var reported: Set<Reported> = []

    private struct Reported: Hashable {
        var type: ObjectIdentifier
        var topic: String
    }

    /// The framework's classes.
    private static let framework: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self),
        ObjectIdentifier(CAGradientLayer.self), ObjectIdentifier(CATextLayer.self),
        ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CATransformLayer.self),
    ]

    static func isFramework(_ type: AnyClass) -> Bool {
        framework.contains(ObjectIdentifier(type))
    }

    /// A new layer of `type` if it is a framework class (by its own `init()`).
    private static func frameworkLayer(_ type: AnyClass) -> CALayer? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(CALayer.self): CALayer()
        case ObjectIdentifier(CAShapeLayer.self): CAShapeLayer()
        case ObjectIdentifier(CAGradientLayer.self): CAGradientLayer()
        case ObjectIdentifier(CATextLayer.self): CATextLayer()
        case ObjectIdentifier(CAReplicatorLayer.self): CAReplicatorLayer()
        case ObjectIdentifier(CATransformLayer.self): CATransformLayer()
        default: nil
        }
    }

    static func register<Subclass: CALayer>(
        _ type: Subclass.Type, make: (() -> Subclass)?, copy: ((CALayer) -> Subclass)?
    ) {
        let factories = Factories(make: make.map { f in { f() } }, copy: copy.map { f in { f($0) } })
        lock.withLock { table[ObjectIdentifier(type)] = factories }
    }

    static func factories(_ type: AnyClass) -> Factories? {
        lock.withLock { table[ObjectIdentifier(type)] }
    }

    /// `type` and the classes above it, nearest first.
    static func lineage(_ type: AnyClass) -> [AnyClass] {
        var classes: [AnyClass] = []
        var current: AnyClass? = type
        while let c = current {
            classes.append(c)
            current = _getSuperclass(c)
        }
        return classes
    }

    /// True the first time it is asked for `type` and `topic`: a problem with a class is
    /// reported once.
    package static func firstReport(_ type: AnyClass, _ topic: String) -> Bool {
        lock.withLock { reported.insert(Reported(type: ObjectIdentifier(type), topic: topic)).inserted }
    }

    /// A new layer of `type` (a view's `layerClass`): the framework's class, or a registered
    /// subclass made by its `make`. Otherwise the nearest class above it that can be made, and
    /// why `type` could not be (nil when it was).
    package static func makeLayer(of type: AnyClass) -> (layer: CALayer, problem: String?) {
        guard type is CALayer.Type else {
            return (CALayer(), "\(type) is not a CALayer subclass; the view has a CALayer")
        }
        let classes = lineage(type)
        for i in classes.indices {
            let c: AnyClass = classes[i]
            let made: CALayer? = frameworkLayer(c) ?? factories(c)?.make?()
            guard let made else { continue }
            if i == 0 { return (made, nil) }
            let why =
                factories(type) == nil
                ? "is not registered (CALayer.register(\(type).self, make: { \(type)() }, copy: …))"
                : "has no init() registered"
            return (made, "\(type) \(why); the view has a \(Swift.type(of: made))")
        }
        return (CALayer(), "\(type) cannot be made; the view has a CALayer")
    }

    /// How a copy of a layer was made.
    enum Made {
        /// By the framework, or by the class's registered `init(layer:)`.
        case copied
        /// By the class's registered `init()` (its stored properties keep their initial values;
        /// its layer values are set afterwards).
        case initialised
        /// Of the nearest class above the layer's that can be made.
        case ofSuperclass(AnyClass)
    }

    /// A copy of `model` by its own class's registered `copy` (`init(layer:)`); nil when its
    /// class has none.
    static func registeredCopy(of model: CALayer) -> CALayer? {
        factories(Swift.type(of: model))?.copy?(model)
    }

    /// A layer to be a copy of `model` (its layer values set afterwards): a framework class's
    /// own, a registered subclass's `copy` (`init(layer:)`, given `model`) or else its `make`,
    /// else one of the nearest class above it that can be made.
    static func copy(of model: CALayer) -> (copy: CALayer, made: Made) {
        let type: AnyClass = Swift.type(of: model)
        let classes = lineage(type)
        for i in classes.indices {
            let c: AnyClass = classes[i]
            let made: Made = i == 0 ? .copied : .ofSuperclass(c)
            if isFramework(c) {
                // By the engine layer's kind: a layer the host made is wrapped as its kind.
                return (LayerRegistry.makeWrapper(of: LayerRegistry.emptyLayer(like: model.engine)), made)
            }
            guard let f = factories(c) else { continue }
            if let copy = f.copy { return (copy(model), made) }
            if let make = f.make { return (make(), i == 0 ? .initialised : made) }
        }
        return (
            LayerRegistry.makeWrapper(of: LayerRegistry.emptyLayer(like: model.engine)),
            .ofSuperclass(CALayer.self)
        )
    }
}
