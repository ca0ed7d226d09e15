/// A layer that draws its sublayers several times (`CAReplicatorLayer`).
///
/// Instance 0 is the sublayers as they are. Instance k (k = 1 … `instanceCount` − 1) is the
/// same sublayers with `instanceTransform` applied k times about the centre of the
/// replicator's bounds, their time `k · instanceDelay` seconds behind (so an animation on a
/// sublayer runs in a wave across the instances), and their colours multiplied by
/// `instanceColor` plus k times the colour offsets, each channel clamped to 0…1 (instance 0
/// takes `instanceColor` itself). Instances draw in order, instance 0 at the bottom.
///
/// In the presentation tree instance k is a container named `"instance k"` holding the
/// copies: the replicator's bounds, centred, with `instanceTransform`ᵏ as its transform.
/// Colours multiply solid colours (backgrounds, borders, shape fills and strokes); images are
/// not tinted. Counts below 1 count as 1 (the sublayers drawn once), non-finite delays as 0.
///
/// `instanceTransform`, `instanceDelay`, `instanceColor` and the four colour offsets are
/// animatable, implicitly as well as with explicit animations (key paths of the same names),
/// as Apple documents them; `instanceCount` changes at once. The instances are built from the
/// animated values at each moment, so an animated `instanceDelay` spreads the wave wider.
open class ReplicatorLayer: Layer {
    var replicatorModel = ReplicatorProperties() { didSet { invalidatePresentation() } }

    public override init() { super.init() }

    /// The replicator's model values, as a snapshot.
    public var replicatorProperties: ReplicatorProperties { replicatorModel }

    /// Defaults to 1. Not animatable.
    public var instanceCount: Int {
        get { replicatorModel.instanceCount }
        set { set(ReplicatorTable.instanceCount, newValue) }
    }
    /// Defaults to the identity. Animatable.
    public var instanceTransform: Transform3D {
        get { replicatorModel.instanceTransform }
        set { set(ReplicatorTable.instanceTransform, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var instanceDelay: Double {
        get { replicatorModel.instanceDelay }
        set { set(ReplicatorTable.instanceDelay, newValue) }
    }
    /// Defaults to opaque white (no tint). Animatable.
    public var instanceColor: Color {
        get { replicatorModel.instanceColor }
        set { set(ReplicatorTable.instanceColor, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var instanceRedOffset: Double {
        get { replicatorModel.instanceRedOffset }
        set { set(ReplicatorTable.instanceRedOffset, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var instanceGreenOffset: Double {
        get { replicatorModel.instanceGreenOffset }
        set { set(ReplicatorTable.instanceGreenOffset, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var instanceBlueOffset: Double {
        get { replicatorModel.instanceBlueOffset }
        set { set(ReplicatorTable.instanceBlueOffset, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var instanceAlphaOffset: Double {
        get { replicatorModel.instanceAlphaOffset }
        set { set(ReplicatorTable.instanceAlphaOffset, newValue) }
    }

    override var modelValues: LayerValues {
        LayerValues(layer: model, shape: nil, replicator: replicatorModel)
    }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let r = v.replicator { replicatorModel = r }
    }

    /// Sets one of the replicator's model properties and runs its action (`Layer.set`). Setting a
    /// property to the value it already has does nothing (no action, no frame).
    public func set<V>(_ property: LayerProperty<ReplicatorProperties, V>, _ value: V) {
        let kp = property.storage
        if replicatorModel[keyPath: kp] == value { return }
        setValues({ $0.replicator?[keyPath: kp] = value }, action: property.actionKey)
    }

    /// The colour instance `k` is multiplied by, from the model values.
    public func color(ofInstance k: Int) -> Color { replicatorModel.color(ofInstance: k) }
}

/// What a `ReplicatorLayer` adds to a layer. Defaults are `CAReplicatorLayer`'s: one instance,
/// no transform, no delay, white (no tint), no offsets. Each property's comment gives its
/// default and whether it is animatable as `ReplicatorTable` declares it (see
/// `LayerProperties` for what "implicitly on a standalone layer" means).
public struct ReplicatorProperties: Hashable, Sendable {
    /// How many times the sublayers are drawn; below 1 counts as 1.
    ///
    /// Defaults to 1. Not animatable.
    public var instanceCount: Int = 1
    /// The transform instance k adds to the one before it (applied k times), about the centre
    /// of the replicator's bounds.
    ///
    /// Defaults to the identity. Animatable. A change animates implicitly on a standalone layer.
    public var instanceTransform: Transform3D = .identity
    /// How many seconds each instance's time is behind the one before it; not finite counts
    /// as 0.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var instanceDelay: Double = 0
    /// The colour the solid colours of instance 0 are multiplied by; instance k's is this plus
    /// k times the colour offsets, each channel clamped to 0…1.
    ///
    /// Defaults to opaque white (no tint). Animatable. A change animates implicitly on a
    /// standalone layer.
    public var instanceColor: Color = .white
    /// Added to `instanceColor`'s red once per instance after the first.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var instanceRedOffset: Double = 0
    /// Added to `instanceColor`'s green once per instance after the first.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var instanceGreenOffset: Double = 0
    /// Added to `instanceColor`'s blue once per instance after the first.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var instanceBlueOffset: Double = 0
    /// Added to `instanceColor`'s alpha once per instance after the first.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var instanceAlphaOffset: Double = 0

    public init() {}

    /// The colour instance `k` is multiplied by.
    public func color(ofInstance k: Int) -> Color {
        func channel(_ base: Double, _ offset: Double) -> Double {
            let v = base + Double(k) * (offset.isFinite ? offset : 0)
            return v.isFinite ? Swift.min(1, Swift.max(0, v)) : 0
        }
        return Color(
            red: channel(instanceColor.red, instanceRedOffset),
            green: channel(instanceColor.green, instanceGreenOffset),
            blue: channel(instanceColor.blue, instanceBlueOffset),
            alpha: channel(instanceColor.alpha, instanceAlphaOffset))
    }

    /// `instanceCount`, at least 1.
    var effectiveCount: Int { Swift.max(1, instanceCount) }

    /// `instanceDelay`, 0 when not finite.
    var effectiveDelay: Double { instanceDelay.isFinite ? instanceDelay : 0 }

    /// `instanceTransform` applied `k` times.
    func transform(ofInstance k: Int) -> Transform3D {
        var m = Transform3D.identity
        for _ in 0..<k { m = m.multiplied(by: instanceTransform) }
        return m
    }
}

extension PresentationLayer {
    /// This subtree with every solid colour multiplied by `tint`, channel by channel.
    func tinted(by tint: Color) -> PresentationLayer {
        if tint == .white { return self }
        func times(_ c: Color?) -> Color? {
            c.map {
                Color(
                    red: $0.red * tint.red, green: $0.green * tint.green, blue: $0.blue * tint.blue,
                    alpha: $0.alpha * tint.alpha)
            }
        }
        var copy = self
        copy.properties.backgroundColor = times(properties.backgroundColor)
        copy.properties.borderColor = times(properties.borderColor)
        if var shape = copy.shape {
            shape.fillColor = times(shape.fillColor)
            shape.strokeColor = times(shape.strokeColor)
            copy.shape = shape
        }
        copy.sublayers = sublayers.map { $0.tinted(by: tint) }
        return copy
    }
}
