/// A layer that fills its bounds with a colour gradient (`CAGradientLayer`).
///
/// The gradient is drawn over the background colour and fills the layer's shape, rounded
/// corners included (Apple's header), before contents and sublayers. `colors`, `locations`,
/// `startPoint` and `endPoint` are animatable, implicitly as well as with explicit animations
/// (key paths `"colors"`, `"locations"`, `"startPoint"`, `"endPoint"` and their `.x`/`.y`):
/// colours blend component by component, locations one by one (see
/// `Interpolatable+Array.swift` for arrays of different lengths); `type` changes instantly.
/// What is drawn from these values is `GradientProperties.stops`' contract. Open for
/// subclasses as `Layer` is.
open class GradientLayer: Layer {
    var gradientModel = GradientProperties() { didSet { invalidatePresentation() } }

    public override init() { super.init() }

    /// The gradient's model values, as a snapshot.
    public var gradientProperties: GradientProperties { gradientModel }

    /// Defaults to empty (nothing drawn). Animatable.
    public var colors: [Color] {
        get { gradientModel.colors }
        set { setGradient(\.colors, newValue, action: "colors") }
    }
    /// Defaults to nil (the colours spread evenly). Animatable.
    public var locations: [Double]? {
        get { gradientModel.locations }
        set { setGradient(\.locations, newValue, action: "locations") }
    }
    /// Defaults to (0.5, 0), the top centre, in the unit square of the bounds. Animatable.
    public var startPoint: Point {
        get { gradientModel.startPoint }
        set { setGradient(\.startPoint, newValue, action: "startPoint") }
    }
    /// Defaults to (0.5, 1), the bottom centre. Animatable.
    public var endPoint: Point {
        get { gradientModel.endPoint }
        set { setGradient(\.endPoint, newValue, action: "endPoint") }
    }
    /// Defaults to `.axial`. Not animatable.
    public var type: GradientType {
        get { gradientModel.type }
        set { setGradient(\.type, newValue, action: nil) }
    }

    override var modelValues: LayerValues {
        LayerValues(layer: model, shape: nil, gradient: gradientModel)
    }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let g = v.gradient { gradientModel = g }
    }

    /// Setting a property to the value it already has does nothing (no action, no frame).
    func setGradient<V: Equatable>(_ kp: WritableKeyPath<GradientProperties, V>, _ value: V, action: String?)
    {
        if gradientModel[keyPath: kp] == value { return }
        setValues({ $0.gradient?[keyPath: kp] = value }, action: action)
    }

    /// The gradient's animatable key paths, for `KeyPathRegistry`.
    static let animatableProperties: [any AnyAnimatableProperty] = {
        let fallback = GradientProperties()
        func gradient<V>(_ name: String, _ kp: WritableKeyPath<GradientProperties, V> & Sendable)
            -> AnimatableProperty<V>
        {
            AnimatableProperty(
                keyPath: name, isShapeProperty: false, get: { ($0.gradient ?? fallback)[keyPath: kp] },
                set: { $0.gradient?[keyPath: kp] = $1 }, owner: .gradient)
        }
        return [
            gradient("colors", \.colors),
            // Nil locations animate from and to the even spread they draw as.
            AnimatableProperty<[Double]>(
                keyPath: "locations", isShapeProperty: false,
                get: {
                    let g = $0.gradient ?? fallback
                    return g.locations ?? GradientProperties.evenLocations(count: g.colors.count)
                },
                set: { $0.gradient?.locations = $1 }, owner: .gradient),
            gradient("startPoint", \.startPoint),
            gradient("startPoint.x", \.startPoint.x),
            gradient("startPoint.y", \.startPoint.y),
            gradient("endPoint", \.endPoint),
            gradient("endPoint.x", \.endPoint.x),
            gradient("endPoint.y", \.endPoint.y),
        ]
    }()
}
