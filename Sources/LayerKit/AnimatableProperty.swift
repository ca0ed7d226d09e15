/// The values an animation reads and writes for one layer while it is evaluated: the layer's
/// properties and, for shape layers, the shape's.
struct LayerValues {
    var layer: LayerProperties
    var shape: ShapeProperties?
    /// For gradient layers only.
    var gradient: GradientProperties? = nil
    /// For text layers only.
    var text: TextProperties? = nil
    /// For replicator layers only.
    var replicator: ReplicatorProperties? = nil
}

/// One animatable property, reached by a Core Animation key path such as `"transform.rotation.z"`.
///
/// Key paths are resolved to one of these once, when an animation is added; evaluating a frame
/// then calls `get`/`set` directly, with no string lookups.
struct AnimatableProperty<Value: Interpolatable>: Sendable {
    let keyPath: String
    /// True for `CAShapeLayer`'s own properties (strokeEnd, lineWidth, …).
    let isShapeProperty: Bool
    let get: @Sendable (LayerValues) -> Value
    let set: @Sendable (inout LayerValues, Value) -> Void
    /// The layer class whose own property this is (`GradientLayer`'s `colors` …), or nil.
    var owner: OwningLayerClass? = nil
}

/// A property of any value type; the generic code behind it is reached through these methods.
protocol AnyAnimatableProperty: Sendable {
    var keyPath: String { get }
    var isShapeProperty: Bool { get }
    var owner: OwningLayerClass? { get }
    /// Compiles a property animation for this property (checks its value types).
    func makeProgram(for animation: PropertyAnimation, context: CompileContext) throws
        -> AnimationProgram
    /// An animation from `from` to the property's value in `to` (for implicit and view
    /// animations), or nil when the two are equal.
    func transitionAnimation(from: LayerValues, to: LayerValues) -> BasicAnimation?
    /// An additive animation from the difference between the property's value in `from` and
    /// in `to` to zero (the identity), on top of the model (UIKit's view animations since
    /// iOS 8); nil when the two are equal or the type has no difference.
    func additiveTransitionAnimation(from: LayerValues, to: LayerValues) -> BasicAnimation?
    /// True when the property has (nearly) the same value in both.
    func valuesAgree(_ a: LayerValues, _ b: LayerValues) -> Bool
    /// A keyframe animation through the property's value in each of `values`.
    func keyframeAnimation(through values: [LayerValues]) -> KeyframeAnimation
    /// The property's value in `values`.
    func animationValue(in values: LayerValues) -> AnimationValue
    /// Sets the property in `values` to `value`; false when `value` is not of its type.
    func setAnimationValue(_ value: AnimationValue, in values: inout LayerValues) -> Bool
}

extension AnimatableProperty: AnyAnimatableProperty {
    func makeProgram(for animation: PropertyAnimation, context: CompileContext) throws
        -> AnimationProgram
    {
        try animation.makeProgram(property: self, context: context)
    }

    func animationValue(in values: LayerValues) -> AnimationValue { get(values).animationValue }

    func setAnimationValue(_ value: AnimationValue, in values: inout LayerValues) -> Bool {
        guard let v = Value(animationValue: value) else { return false }
        set(&values, v)
        return true
    }

    func keyframeAnimation(through values: [LayerValues]) -> KeyframeAnimation {
        let anim = KeyframeAnimation(keyPath: keyPath)
        anim.values = values.map { get($0).animationValue }
        return anim
    }

    func transitionAnimation(from: LayerValues, to: LayerValues) -> BasicAnimation? {
        let a = get(from)
        let b = get(to)
        if a == b { return nil }
        let anim = BasicAnimation(keyPath: keyPath)
        anim.fromValue = a.animationValue
        anim.toValue = b.animationValue
        return anim
    }

    func additiveTransitionAnimation(from: LayerValues, to: LayerValues) -> BasicAnimation? {
        let a = get(from)
        let b = get(to)
        if a == b { return nil }
        guard let delta = Value.additiveDifference(a, over: b) else { return nil }
        let anim = BasicAnimation(keyPath: keyPath)
        anim.isAdditive = true
        anim.fromValue = delta.animationValue
        anim.toValue = Value.additiveIdentity.animationValue
        return anim
    }

    func valuesAgree(_ a: LayerValues, _ b: LayerValues) -> Bool {
        let x = get(a)
        let y = get(b)
        if x == y { return true }
        let scale = Swift.max(1, x.animatableVector.magnitudeSquared.squareRoot())
        return x.animationDistance(to: y) <= 1e-9 * scale
    }

    /// Converts an `AnimationValue` to this property's type or throws naming the key path.
    func convert(_ value: AnimationValue, role: String) throws -> Value {
        guard let v = Value(animationValue: value) else {
            throw AnimationError.wrongValueType(
                keyPath: keyPath, role: role, expected: Value.valueTypeName, actual: value.typeName)
        }
        return v
    }
}

/// Everything compiling an animation needs to know about the layer it is added to.
struct CompileContext {
    var isShapeLayer: Bool
    var layerClass: OwningLayerClass? = nil
    /// The layer's values before the changes made since the scene's last update (what the
    /// render tree last committed), when any were made; nil when the model is unchanged.
    var previous: LayerValues? = nil
    /// The layer's custom properties (`LayerProperties.customValues`), which key paths may
    /// name too.
    var customValues: [String: AnimationValue] = [:]
}

/// The key paths Core Animation animates on `CALayer` and `CAShapeLayer`, by their CA names.
enum KeyPathRegistry {
    static func property(for keyPath: String) -> (any AnyAnimatableProperty)? {
        table[keyPath]
    }

    /// The property `keyPath` names: one of the table's, else a custom property of the layer
    /// (`LayerProperties.customValues`), typed by the value it holds.
    static func property(for keyPath: String, custom: [String: AnimationValue]) -> (
        any AnyAnimatableProperty
    )? {
        if let known = table[keyPath] { return known }
        guard let value = custom[keyPath] else { return nil }
        return customProperty(keyPath, value)
    }

    /// A custom property of the type `value` has; nil for values that do not interpolate
    /// (arrays).
    static func customProperty(_ key: String, _ value: AnimationValue) -> (any AnyAnimatableProperty)? {
        func make<V: Interpolatable>(_: V.Type) -> AnimatableProperty<V> {
            AnimatableProperty(
                keyPath: key, isShapeProperty: false,
                get: { $0.layer.customValues[key].flatMap(V.init(animationValue:)) ?? V.additiveIdentity },
                set: { $0.layer.customValues[key] = $1.animationValue })
        }
        switch value {
        case .number: return make(Double.self)
        case .point: return make(Point.self)
        case .size: return make(Size.self)
        case .rect: return make(Rect.self)
        case .transform: return make(Transform3D.self)
        case .color: return make(Color.self)
        case .bool: return make(Bool.self)
        case .path: return make(Path.self)
        case .array: return nil
        }
    }

    /// Every animatable key path: each table's animatable entries (`LayerTable.all` …) and the
    /// fields of some of them, which Core Animation names with their base's key path
    /// (`position.x`, `bounds.size.width`, `transform.rotation.z`, `transform.scale` …).
    static let table: [String: any AnyAnimatableProperty] = {
        var t: [String: any AnyAnimatableProperty] = [:]
        func add<V>(_ p: AnimatableProperty<V>) { t[p.keyPath] = p }
        func addEntries<G>(_ entries: [LayerPropertyEntry<G>]) {
            for entry in entries {
                if let p = entry.animatable { t[p.keyPath] = p }
            }
        }
        addEntries(LayerTable.all)
        addEntries(ShapeTable.all)
        addEntries(GradientTable.all)
        addEntries(TextTable.all)
        addEntries(ReplicatorTable.all)

        /// A field of a layer property, animated under its own key path.
        func layer<V>(_ name: String, _ kp: WritableKeyPath<LayerProperties, V> & Sendable)
            -> AnimatableProperty<V>
        {
            LayerProperties.animatable(name, kp)
        }
        func gradient<V>(_ name: String, _ kp: WritableKeyPath<GradientProperties, V> & Sendable)
            -> AnimatableProperty<V>
        {
            GradientProperties.animatable(name, kp)
        }
        typealias TransformPath = WritableKeyPath<LayerProperties, Transform3D> & Sendable
        /// A decomposed component of `transform` or `sublayerTransform` (`transform.rotation.z` …).
        func component(
            _ name: String, _ kp: WritableKeyPath<TransformVector, Double> & Sendable,
            of transform: TransformPath
        ) -> AnimatableProperty<Double> {
            AnimatableProperty(
                keyPath: name, isShapeProperty: false,
                get: { $0.layer[keyPath: transform].animatableVector[keyPath: kp] },
                set: { values, v in
                    var c = values.layer[keyPath: transform].animatableVector
                    c[keyPath: kp] = v
                    values.layer[keyPath: transform] = values.layer[keyPath: transform].replacingComponents(c)
                })
        }

        add(layer("position.x", \.position.x))
        add(layer("position.y", \.position.y))
        add(layer("bounds.size", \.bounds.size))
        add(layer("bounds.size.width", \.bounds.size.width))
        add(layer("bounds.size.height", \.bounds.size.height))
        add(layer("bounds.origin", \.bounds.origin))
        add(layer("bounds.origin.x", \.bounds.origin.x))
        add(layer("bounds.origin.y", \.bounds.origin.y))
        add(layer("anchorPoint.x", \.anchorPoint.x))
        add(layer("anchorPoint.y", \.anchorPoint.y))
        add(layer("shadowOffset.width", \.shadowOffset.width))
        add(layer("shadowOffset.height", \.shadowOffset.height))
        add(gradient("startPoint.x", \.startPoint.x))
        add(gradient("startPoint.y", \.startPoint.y))
        add(gradient("endPoint.x", \.endPoint.x))
        add(gradient("endPoint.y", \.endPoint.y))

        // Field key paths of `transform` and `sublayerTransform`, as Core Animation names them.
        for (base, transform) in [
            ("transform", \LayerProperties.transform),
            ("sublayerTransform", \LayerProperties.sublayerTransform),
        ] as [(String, TransformPath)] {
            add(component(base + ".rotation", \.rotation, of: transform))
            add(component(base + ".rotation.z", \.rotation, of: transform))
            add(component(base + ".rotation.x", \.rotationX, of: transform))
            add(component(base + ".rotation.y", \.rotationY, of: transform))
            add(component(base + ".scale.x", \.sx, of: transform))
            add(component(base + ".scale.y", \.sy, of: transform))
            add(component(base + ".scale.z", \.sz, of: transform))
            add(component(base + ".translation.x", \.tx, of: transform))
            add(component(base + ".translation.y", \.ty, of: transform))
            add(component(base + ".translation.z", \.tz, of: transform))
            // `.scale` is the uniform scale: it reads the mean of the three and sets all three.
            add(
                AnimatableProperty<Double>(
                    keyPath: base + ".scale", isShapeProperty: false,
                    get: {
                        let c = $0.layer[keyPath: transform].animatableVector
                        return (c.sx + c.sy + c.sz) / 3
                    },
                    set: { values, v in
                        var c = values.layer[keyPath: transform].animatableVector
                        c.sx = v
                        c.sy = v
                        c.sz = v
                        values.layer[keyPath: transform] = values.layer[keyPath: transform]
                            .replacingComponents(c)
                    }))
            // `.scale.xy` (used widely, though Apple documents only `.scale`): a number that
            // scales x and y alike and leaves z; it reads the mean of the two.
            add(
                AnimatableProperty<Double>(
                    keyPath: base + ".scale.xy", isShapeProperty: false,
                    get: {
                        let c = $0.layer[keyPath: transform].animatableVector
                        return (c.sx + c.sy) / 2
                    },
                    set: { values, v in
                        var c = values.layer[keyPath: transform].animatableVector
                        c.sx = v
                        c.sy = v
                        values.layer[keyPath: transform] = values.layer[keyPath: transform]
                            .replacingComponents(c)
                    }))
            add(
                AnimatableProperty<Size>(
                    keyPath: base + ".translation", isShapeProperty: false,
                    get: {
                        let c = $0.layer[keyPath: transform].animatableVector
                        return Size(width: c.tx, height: c.ty)
                    },
                    set: { values, v in
                        var c = values.layer[keyPath: transform].animatableVector
                        c.tx = v.width
                        c.ty = v.height
                        values.layer[keyPath: transform] = values.layer[keyPath: transform]
                            .replacingComponents(c)
                    }))
        }

        return t
    }()
}
