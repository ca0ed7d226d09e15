/// A gradient layer's own properties (`GradientProperties`), one entry each (see
/// `LayerProperty`). All are content.
public enum GradientTable {
    public typealias Property<Value: Equatable & Sendable> = LayerProperty<GradientProperties, Value>

    public static let type = Property(
        "type", \.type, role: .content, inspect: [.field(.gradient, "gradientType")])
    public static let colors = Property(
        "colors", \.colors, .implicit, role: .content, inspect: [.field(.gradient) { .colors($0) }])
    /// Nil locations animate from and to the even spread they draw as.
    public static let locations = Property(
        "locations", \.locations, .implicit, role: .content,
        animatesAs: AnimatedForm(
            read: { $0.locations ?? GradientProperties.evenLocations(count: $0.colors.count) },
            write: { $0.locations = $1 }),
        inspect: [.field(.gradient)])
    public static let startPoint = Property(
        "startPoint", \.startPoint, .implicit, role: .content, inspect: [.field(.gradient)])
    public static let endPoint = Property(
        "endPoint", \.endPoint, .implicit, role: .content, inspect: [.field(.gradient)])

    /// Every entry, in the inspect document's order.
    public static let all: [LayerPropertyEntry<GradientProperties>] = [
        type.entry, colors.entry, locations.entry, startPoint.entry, endPoint.entry,
    ]
}

extension GradientProperties: LayerValuesSlot {
    public static func values(in layer: PresentationLayer) -> GradientProperties? { layer.gradient }

    private static let fallback = GradientProperties()

    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { ($0.gradient ?? fallback)[keyPath: kp] },
            set: { $0.gradient?[keyPath: kp] = $1 }, owner: .gradient)
    }

    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A> {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { read($0.gradient ?? fallback) },
            set: { $0.gradient?.update(write, $1) }, owner: .gradient)
    }
}
