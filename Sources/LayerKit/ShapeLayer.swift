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
        set { setShape(\.path, newValue, action: nil) }
    }
    /// Defaults to opaque black. Animatable.
    public var fillColor: Color? {
        get { shapeModel.fillColor }
        set { setShape(\.fillColor, newValue, action: "fillColor") }
    }
    /// Defaults to `.nonZero`. Not animatable.
    public var fillRule: FillRule {
        get { shapeModel.fillRule }
        set { setShape(\.fillRule, newValue, action: nil) }
    }
    /// Defaults to nil (no stroke). Animatable.
    public var strokeColor: Color? {
        get { shapeModel.strokeColor }
        set { setShape(\.strokeColor, newValue, action: "strokeColor") }
    }
    /// Defaults to 1. Animatable.
    public var lineWidth: Double {
        get { shapeModel.lineWidth }
        set { setShape(\.lineWidth, newValue, action: "lineWidth") }
    }
    /// Defaults to `.butt`. Not animatable.
    public var lineCap: LineCap {
        get { shapeModel.lineCap }
        set { setShape(\.lineCap, newValue, action: nil) }
    }
    /// Defaults to `.miter`. Not animatable.
    public var lineJoin: LineJoin {
        get { shapeModel.lineJoin }
        set { setShape(\.lineJoin, newValue, action: nil) }
    }
    /// Defaults to 10. Animatable.
    public var miterLimit: Double {
        get { shapeModel.miterLimit }
        set { setShape(\.miterLimit, newValue, action: "miterLimit") }
    }
    /// Defaults to empty (a solid line). Not animatable.
    public var lineDashPattern: [Double] {
        get { shapeModel.lineDashPattern }
        set { setShape(\.lineDashPattern, newValue, action: nil) }
    }
    /// Defaults to 0. Animatable.
    public var lineDashPhase: Double {
        get { shapeModel.lineDashPhase }
        set { setShape(\.lineDashPhase, newValue, action: "lineDashPhase") }
    }
    /// Defaults to 0. Animatable.
    public var strokeStart: Double {
        get { shapeModel.strokeStart }
        set { setShape(\.strokeStart, newValue, action: "strokeStart") }
    }
    /// Defaults to 1. Animatable.
    public var strokeEnd: Double {
        get { shapeModel.strokeEnd }
        set { setShape(\.strokeEnd, newValue, action: "strokeEnd") }
    }

    override var modelValues: LayerValues { LayerValues(layer: model, shape: shapeModel) }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let s = v.shape { shapeModel = s }
    }

    /// Setting a property to the value it already has does nothing (no action, no frame).
    func setShape<V: Equatable>(_ kp: WritableKeyPath<ShapeProperties, V>, _ value: V, action: String?) {
        if shapeModel[keyPath: kp] == value { return }
        setValues({ $0.shape?[keyPath: kp] = value }, action: action)
    }
}
