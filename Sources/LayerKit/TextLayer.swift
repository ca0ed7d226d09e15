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
        set { set(TextTable.string, newValue) }
    }
    /// Defaults to "Helvetica". Not animatable.
    public var font: String {
        get { textModel.font }
        set { set(TextTable.font, newValue) }
    }
    /// Defaults to 36. Animatable.
    public var fontSize: Double {
        get { textModel.fontSize }
        set { set(TextTable.fontSize, newValue) }
    }
    /// Defaults to opaque white. Animatable.
    public var foregroundColor: Color? {
        get { textModel.foregroundColor }
        set { set(TextTable.foregroundColor, newValue) }
    }
    /// Defaults to `.natural`. Not animatable.
    public var alignmentMode: TextAlignment {
        get { textModel.alignmentMode }
        set { set(TextTable.alignmentMode, newValue) }
    }
    /// Defaults to `.none`. Not animatable.
    public var truncationMode: TruncationMode {
        get { textModel.truncationMode }
        set { set(TextTable.truncationMode, newValue) }
    }
    /// Defaults to false. Not animatable.
    public var isWrapped: Bool {
        get { textModel.isWrapped }
        set { set(TextTable.isWrapped, newValue) }
    }

    override var modelValues: LayerValues {
        LayerValues(layer: model, shape: nil, text: textModel)
    }

    override func setModelValues(_ v: LayerValues) {
        model = v.layer
        if let t = v.text { textModel = t }
    }

    /// Sets one of the text's model properties and runs its action (`Layer.set`). Setting a
    /// property to the value it already has does nothing (no action, no frame).
    public func set<V>(_ property: LayerProperty<TextProperties, V>, _ value: V) {
        let kp = property.storage
        if textModel[keyPath: kp] == value { return }
        setValues({ $0.text?[keyPath: kp] = value }, action: property.actionKey)
    }
}
