/// A layer that draws a string (`CATextLayer`) with the system's fonts.
///
/// The text is the layer's content: drawn over the background, clipped only by
/// `masksToBounds`, laid out from the top of the bounds as `TextLayout` says (wrapping,
/// truncation, alignment). `fontSize` and `foregroundColor` animate, implicitly too (key paths
/// `"fontSize"`, `"foregroundColor"`); the string, font name, alignment, truncation and
/// wrapping change instantly. Open for subclasses as `Layer` is.
open class TextLayer: Layer {
    var textModel = TextProperties() { didSet { invalidatePresentation() } }

    public override init() { super.init() }

    /// The text's model values, as a snapshot.
    public var textProperties: TextProperties { textModel }

    /// Defaults to nil. Not animatable.
    public var string: String? {
        get { textModel.string }
        set { setText(\.string, newValue, action: nil) }
    }
    /// Defaults to "Helvetica". Not animatable.
    public var font: String {
        get { textModel.font }
        set { setText(\.font, newValue, action: nil) }
    }
    /// Defaults to 36. Animatable.
    public var fontSize: Double {
        get { textModel.fontSize }
        set { setText(\.fontSize, newValue, action: "fontSize") }
    }
    /// Defaults to opaque white. Animatable.
    public var foregroundColor: Color? {
        get { textModel.foregroundColor }
        set { setText(\.foregroundColor, newValue, action: "foregroundColor") }
    }
    /// Defaults to `.natural`. Not animatable.
    public var alignmentMode: TextAlignment {
        get { textModel.alignmentMode }
        set { setText(\.alignmentMode, newValue, action: nil) }
    }
    /// Defaults to `.none`. Not animatable.
    public var truncationMode: TruncationMode {
        get { textModel.truncationMode }
        set { setText(\.truncationMode, newValue, action: nil) }
    }
    /// Defaults to false. Not animatable.
    public var isWrapped: Bool {
        get { textModel.isWrapped }
        set { setText(\.isWrapped, newValue, action: nil) }
    }

    override var modelValues: LayerValues {
        LayerValues(layer: model, shape: nil, text: textModel)
    }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let t = v.text { textModel = t }
    }

    /// Setting a property to the value it already has does nothing (no action, no frame).
    func setText<V: Equatable>(_ kp: WritableKeyPath<TextProperties, V>, _ value: V, action: String?) {
        if textModel[keyPath: kp] == value { return }
        setValues({ $0.text?[keyPath: kp] = value }, action: action)
    }

    /// The text's animatable key paths, for `KeyPathRegistry`.
    static let animatableProperties: [any AnyAnimatableProperty] = {
        let fallback = TextProperties()
        return [
            AnimatableProperty<Double>(
                keyPath: "fontSize", isShapeProperty: false, get: { ($0.text ?? fallback).fontSize },
                set: { $0.text?.fontSize = $1 }, owner: .text),
            // A nil colour animates from and to clear, as other colours do.
            AnimatableProperty<Color>(
                keyPath: "foregroundColor", isShapeProperty: false,
                get: { $0.text?.foregroundColor ?? .clear },
                set: { $0.text?.foregroundColor = $1 }, owner: .text),
        ]
    }()
}
