/// A layer that draws a path (`CAShapeLayer`).
///
/// `strokeStart`/`strokeEnd` are fractions of the path's total length across all subpaths,
/// clamped to 0…1 when drawn. Colours, line width, dash phase, miter limit and the stroke
/// range animate implicitly like other layer properties; the path, fill rule, caps, joins
/// and dash pattern change instantly. The path animates explicitly (key path `"path"`),
/// point by point between paths of the same structure (see `PathVector`); like
/// `CAShapeLayer`, it has no implicit animation. Open for subclasses as `Layer` is.
open class ShapeLayer: Layer {
    var shapeModel = ShapeProperties() { didSet { invalidatePresentation() } }

    public override init() { super.init() }

    /// The shape's model values, as a snapshot.
    public var shapeProperties: ShapeProperties { shapeModel }

    /// Defaults to nil (nothing drawn). Animatable by explicit animations only; a change shows at
    /// once.
    public var path: Path? {
        get { shapeModel.path }
        set { set(ShapeTable.path, newValue) }
    }
    /// Defaults to opaque black. Animatable.
    public var fillColor: Color? {
        get { shapeModel.fillColor }
        set { set(ShapeTable.fillColor, newValue) }
    }
    /// Defaults to `.nonZero`. Not animatable.
    public var fillRule: FillRule {
        get { shapeModel.fillRule }
        set { set(ShapeTable.fillRule, newValue) }
    }
    /// Defaults to nil (no stroke). Animatable.
    public var strokeColor: Color? {
        get { shapeModel.strokeColor }
        set { set(ShapeTable.strokeColor, newValue) }
    }
    /// Defaults to 1. Animatable.
    public var lineWidth: Double {
        get { shapeModel.lineWidth }
        set { set(ShapeTable.lineWidth, newValue) }
    }
    /// Defaults to `.butt`. Not animatable.
    public var lineCap: LineCap {
        get { shapeModel.lineCap }
        set { set(ShapeTable.lineCap, newValue) }
    }
    /// Defaults to `.miter`. Not animatable.
    public var lineJoin: LineJoin {
        get { shapeModel.lineJoin }
        set { set(ShapeTable.lineJoin, newValue) }
    }
    /// Defaults to 10. Animatable.
    public var miterLimit: Double {
        get { shapeModel.miterLimit }
        set { set(ShapeTable.miterLimit, newValue) }
    }
    /// Defaults to empty (a solid line). Not animatable.
    public var lineDashPattern: [Double] {
        get { shapeModel.lineDashPattern }
        set { set(ShapeTable.lineDashPattern, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var lineDashPhase: Double {
        get { shapeModel.lineDashPhase }
        set { set(ShapeTable.lineDashPhase, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var strokeStart: Double {
        get { shapeModel.strokeStart }
        set { set(ShapeTable.strokeStart, newValue) }
    }
    /// Defaults to 1. Animatable.
    public var strokeEnd: Double {
        get { shapeModel.strokeEnd }
        set { set(ShapeTable.strokeEnd, newValue) }
    }

    override var modelValues: LayerValues { LayerValues(layer: model, shape: shapeModel) }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let s = v.shape { shapeModel = s }
    }

    /// Sets one of the shape's model properties and runs its action (`Layer.set`). Setting a
    /// property to the value it already has does nothing (no action, no frame).
    public func set<V>(_ property: LayerProperty<ShapeProperties, V>, _ value: V) {
        let kp = property.storage
        if shapeModel[keyPath: kp] == value { return }
        setValues({ $0.shape?[keyPath: kp] = value }, action: property.actionKey)
    }
}
