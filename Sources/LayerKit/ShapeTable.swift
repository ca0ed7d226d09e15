/// A shape layer's own properties (`ShapeProperties`), one entry each (see `LayerProperty`).
/// All are content: they change what the shape draws.
public enum ShapeTable {
    public typealias Property<Value: Equatable & Sendable> = LayerProperty<ShapeProperties, Value>

    /// Written clamped to 0…1, as drawn.
    public static let strokeStart = Property(
        "strokeStart", \.strokeStart, .implicit, role: .content,
        inspect: [.field(.shape) { .number(LayerTable.clampedUnit($0)) }])
    /// Written clamped to 0…1, as drawn.
    public static let strokeEnd = Property(
        "strokeEnd", \.strokeEnd, .implicit, role: .content,
        inspect: [.field(.shape) { .number(LayerTable.clampedUnit($0)) }])
    public static let lineWidth = Property(
        "lineWidth", \.lineWidth, .implicit, role: .content, inspect: [.field(.shape)])
    public static let lineDashPattern = Property(
        "lineDashPattern", \.lineDashPattern, role: .content, inspect: [.field(.shape)])
    public static let strokeColor = Property(
        "strokeColor", \.strokeColor, .implicit, role: .content, animatesAs: .nilAsClear(\.strokeColor),
        inspect: [.field(.shape)])
    public static let fillColor = Property(
        "fillColor", \.fillColor, .implicit, role: .content, animatesAs: .nilAsClear(\.fillColor),
        inspect: [.field(.shape)])
    /// Animatable with explicit animations only (point by point between paths of the same
    /// structure), as `CAShapeLayer`'s path is.
    public static let path = Property(
        "path", \.path, .explicitOnly, role: .content, animatesAs: .nilAsEmpty(\.path),
        inspect: [.field(.shape, "pathBounds") { .pathBounds($0) }])
    public static let fillRule = Property(
        "fillRule", \.fillRule, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])
    public static let lineCap = Property(
        "lineCap", \.lineCap, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])
    public static let lineJoin = Property(
        "lineJoin", \.lineJoin, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])
    public static let miterLimit = Property(
        "miterLimit", \.miterLimit, .implicit, role: .content, inspect: [.field(.other, nil, .whenNotDefault)]
    )
    public static let lineDashPhase = Property(
        "lineDashPhase", \.lineDashPhase, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])

    /// Every entry, in the inspect document's order within each section.
    public static let all: [LayerPropertyEntry<ShapeProperties>] = [
        strokeStart.entry, strokeEnd.entry, lineWidth.entry, lineDashPattern.entry, strokeColor.entry,
        fillColor.entry, path.entry, fillRule.entry, lineCap.entry, lineJoin.entry, miterLimit.entry,
        lineDashPhase.entry,
    ]
}

extension ShapeProperties: LayerValuesSlot {
    public static func values(in layer: PresentationLayer) -> ShapeProperties? { layer.shape }

    private static let fallback = ShapeProperties()

    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    {
        AnimatableProperty(
            keyPath: key, isShapeProperty: true, get: { ($0.shape ?? fallback)[keyPath: kp] },
            set: { $0.shape?[keyPath: kp] = $1 })
    }

    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A> {
        AnimatableProperty(
            keyPath: key, isShapeProperty: true, get: { read($0.shape ?? fallback) },
            set: { $0.shape?.update(write, $1) })
    }
}
