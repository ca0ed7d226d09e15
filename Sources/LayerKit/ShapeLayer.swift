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

    public var path: Path? {
        get { shapeModel.path }
        set { setShape(\.path, newValue, action: nil) }
    }
    public var fillColor: Color? {
        get { shapeModel.fillColor }
        set { setShape(\.fillColor, newValue, action: "fillColor") }
    }
    public var fillRule: FillRule {
        get { shapeModel.fillRule }
        set { setShape(\.fillRule, newValue, action: nil) }
    }
    public var strokeColor: Color? {
        get { shapeModel.strokeColor }
        set { setShape(\.strokeColor, newValue, action: "strokeColor") }
    }
    public var lineWidth: Double {
        get { shapeModel.lineWidth }
        set { setShape(\.lineWidth, newValue, action: "lineWidth") }
    }
    public var lineCap: LineCap {
        get { shapeModel.lineCap }
        set { setShape(\.lineCap, newValue, action: nil) }
    }
    public var lineJoin: LineJoin {
        get { shapeModel.lineJoin }
        set { setShape(\.lineJoin, newValue, action: nil) }
    }
    public var miterLimit: Double {
        get { shapeModel.miterLimit }
        set { setShape(\.miterLimit, newValue, action: "miterLimit") }
    }
    public var lineDashPattern: [Double] {
        get { shapeModel.lineDashPattern }
        set { setShape(\.lineDashPattern, newValue, action: nil) }
    }
    public var lineDashPhase: Double {
        get { shapeModel.lineDashPhase }
        set { setShape(\.lineDashPhase, newValue, action: "lineDashPhase") }
    }
    public var strokeStart: Double {
        get { shapeModel.strokeStart }
        set { setShape(\.strokeStart, newValue, action: "strokeStart") }
    }
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
