/// A replicator layer's own properties (`ReplicatorProperties`), one entry each (see
/// `LayerProperty`). All are content: they change the instances it draws.
public enum ReplicatorTable {
    public typealias Property<Value: Equatable & Sendable> = LayerProperty<ReplicatorProperties, Value>

    public static let instanceCount = Property(
        "instanceCount", \.instanceCount, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceTransform = Property(
        "instanceTransform", \.instanceTransform, .implicit, role: .content,
        inspect: [
            .field(.other, nil, .whenNotDefault) { $0.matrixInspectValue }
        ])
    public static let instanceDelay = Property(
        "instanceDelay", \.instanceDelay, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceColor = Property(
        "instanceColor", \.instanceColor, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceRedOffset = Property(
        "instanceRedOffset", \.instanceRedOffset, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceGreenOffset = Property(
        "instanceGreenOffset", \.instanceGreenOffset, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceBlueOffset = Property(
        "instanceBlueOffset", \.instanceBlueOffset, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let instanceAlphaOffset = Property(
        "instanceAlphaOffset", \.instanceAlphaOffset, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])

    /// Every entry, in the inspect document's order.
    public static let all: [LayerPropertyEntry<ReplicatorProperties>] = [
        instanceCount.entry, instanceTransform.entry, instanceDelay.entry, instanceColor.entry,
        instanceRedOffset.entry, instanceGreenOffset.entry, instanceBlueOffset.entry,
        instanceAlphaOffset.entry,
    ]
}

extension ReplicatorProperties: LayerValuesSlot {
    public static func values(in layer: PresentationLayer) -> ReplicatorProperties? { layer.replicator }

    private static let fallback = ReplicatorProperties()

    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { ($0.replicator ?? fallback)[keyPath: kp] },
            set: { $0.replicator?[keyPath: kp] = $1 }, owner: .replicator)
    }

    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A> {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { read($0.replicator ?? fallback) },
            set: { $0.replicator?.update(write, $1) }, owner: .replicator)
    }
}
