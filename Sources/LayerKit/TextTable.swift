/// A text layer's own properties (`TextProperties`), one entry each (see `LayerProperty`).
/// All are content.
public enum TextTable {
    public typealias Property<Value: Equatable & Sendable> = LayerProperty<TextProperties, Value>

    public static let string = Property(
        "string", \.string, role: .content, inspect: [.field(.text)])
    public static let font = Property("font", \.font, role: .content, inspect: [.field(.text)])
    public static let fontSize = Property(
        "fontSize", \.fontSize, .implicit, role: .content, inspect: [.field(.text)])
    public static let foregroundColor = Property(
        "foregroundColor", \.foregroundColor, .implicit, role: .content,
        animatesAs: .nilAsClear(\.foregroundColor), inspect: [.field(.text)])
    public static let alignmentMode = Property(
        "alignmentMode", \.alignmentMode, role: .content, inspect: [.field(.text)])
    public static let truncationMode = Property(
        "truncationMode", \.truncationMode, role: .content, inspect: [.field(.text)])
    public static let isWrapped = Property("wrapped", \.isWrapped, role: .content, inspect: [.field(.text)])

    /// Every entry, in the inspect document's order.
    public static let all: [LayerPropertyEntry<TextProperties>] = [
        string.entry, font.entry, fontSize.entry, foregroundColor.entry, alignmentMode.entry,
        truncationMode.entry, isWrapped.entry,
    ]
}

extension TextProperties: LayerValuesSlot {
    public static func values(in layer: PresentationLayer) -> TextProperties? { layer.text }

    private static let fallback = TextProperties()

    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { ($0.text ?? fallback)[keyPath: kp] },
            set: { $0.text?[keyPath: kp] = $1 }, owner: .text)
    }

    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A> {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { read($0.text ?? fallback) },
            set: { $0.text?.update(write, $1) }, owner: .text)
    }
}
