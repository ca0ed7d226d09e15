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
        set { set(GradientTable.colors, newValue) }
    }
    /// Defaults to nil (the colours spread evenly). Animatable.
    public var locations: [Double]? {
        get { gradientModel.locations }
        set { set(GradientTable.locations, newValue) }
    }
    /// Defaults to (0.5, 0), the top centre, in the unit square of the bounds. Animatable.
    public var startPoint: Point {
        get { gradientModel.startPoint }
        set { set(GradientTable.startPoint, newValue) }
    }
    /// Defaults to (0.5, 1), the bottom centre. Animatable.
    public var endPoint: Point {
        get { gradientModel.endPoint }
        set { set(GradientTable.endPoint, newValue) }
    }
    /// Defaults to `.axial`. Not animatable.
    public var type: GradientType {
        get { gradientModel.type }
        set { set(GradientTable.type, newValue) }
    }

    override var modelValues: LayerValues {
        LayerValues(layer: model, shape: nil, gradient: gradientModel)
    }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let g = v.gradient { gradientModel = g }
    }

    /// Sets one of the gradient's model properties and runs its action (`Layer.set`). Setting a
    /// property to the value it already has does nothing (no action, no frame).
    public func set<V>(_ property: LayerProperty<GradientProperties, V>, _ value: V) {
        let kp = property.storage
        if gradientModel[keyPath: kp] == value { return }
        setValues({ $0.gradient?[keyPath: kp] = value }, action: property.actionKey)
    }
}
