/// Every layer's properties (`LayerProperties`), one entry each: key, storage, animation, role
/// and inspect fields (see `LayerProperty`). Roles follow Core Animation: where and how the
/// rendering is composited is placement, what it looks like is content.
public enum LayerTable {
    public typealias Property<Value: Equatable & Sendable> = LayerProperty<LayerProperties, Value>

    /// Content: its size changes what the layer draws (background, border, corners, a
    /// gradient, wrapped text, scaled contents); see `PropertyRole`.
    public static let bounds = Property(
        "bounds", \.bounds, .implicit, role: .content, inspect: [.field(.geometry)])
    public static let position = Property(
        "position", \.position, .implicit, role: .placement, inspect: [.field(.geometry)])
    public static let anchorPoint = Property(
        "anchorPoint", \.anchorPoint, .implicit, role: .placement, inspect: [.field(.geometry)])
    public static let transform = Property(
        "transform", \.transform, .implicit, role: .placement,
        inspect: [
            .field(.geometry) { $0.affineInspectValue },
            .field(.space, "transform3D") { $0.isAffine ? nil : $0.matrixInspectValue },
        ])
    public static let sublayerTransform = Property(
        "sublayerTransform", \.sublayerTransform, .implicit, role: .placement,
        inspect: [
            .field(.space, "sublayerTransform3D") { $0.isAffine ? nil : $0.matrixInspectValue },
            .field(.space, "sublayerTransform", .whenNotDefault) {
                $0.isAffine ? $0.affineInspectValue : nil
            },
        ])
    /// Written clamped to 0…1, as drawn.
    public static let opacity = Property(
        "opacity", \.opacity, .implicit, role: .placement,
        inspect: [.field(.visibility) { .number(clampedUnit($0)) }])
    public static let isHidden = Property(
        "hidden", \.isHidden, .explicitOnly, role: .placement, inspect: [.field(.visibility)])
    public static let zPosition = Property(
        "zPosition", \.zPosition, .implicit, role: .placement, inspect: [.field(.space, nil, .whenNotDefault)]
    )
    public static let isDoubleSided = Property(
        "doubleSided", \.isDoubleSided, .explicitOnly, role: .placement,
        inspect: [.field(.space, nil, .whenNotDefault)])
    public static let cornerRadius = Property(
        "cornerRadius", \.cornerRadius, .implicit, role: .content, inspect: [.field(.corners)])
    public static let maskedCorners = Property(
        "maskedCorners", \.maskedCorners, role: .content, inspect: [.field(.corners)])
    public static let shadowColor = Property(
        "shadowColor", \.shadowColor, .implicit, role: .content, animatesAs: .nilAsClear(\.shadowColor),
        inspect: [.field(.shadow)])
    public static let shadowOpacity = Property(
        "shadowOpacity", \.shadowOpacity, .implicit, role: .content, inspect: [.field(.shadow)])
    public static let shadowOffset = Property(
        "shadowOffset", \.shadowOffset, .implicit, role: .content, inspect: [.field(.shadow)])
    public static let shadowRadius = Property(
        "shadowRadius", \.shadowRadius, .implicit, role: .content, inspect: [.field(.shadow)])
    /// Animatable with explicit animations only, like every path of Core Animation.
    public static let shadowPath = Property(
        "shadowPath", \.shadowPath, .explicitOnly, role: .content, animatesAs: .nilAsEmpty(\.shadowPath),
        inspect: [.field(.shadow, "shadowPathBounds") { .pathBounds($0) }])
    public static let contentsRect = Property(
        "contentsRect", \.contentsRect, .implicit, role: .content, inspect: [.field(.contents)])
    public static let contentsCenter = Property(
        "contentsCenter", \.contentsCenter, .implicit, role: .content, inspect: [.field(.contents)])
    public static let contentsScale = Property(
        "contentsScale", \.contentsScale, .implicit, role: .content, inspect: [.field(.contents)])
    public static let shouldRasterize = Property(
        "shouldRasterize", \.shouldRasterize, .explicitOnly, role: .placement,
        inspect: [.field(.rasterization)])
    public static let rasterizationScale = Property(
        "rasterizationScale", \.rasterizationScale, .implicit, role: .content,
        inspect: [.field(.rasterization)])
    public static let backgroundColor = Property(
        "backgroundColor", \.backgroundColor, .implicit, role: .content,
        animatesAs: .nilAsClear(\.backgroundColor), inspect: [.field(.other, nil, .whenNotDefault)])
    public static let borderWidth = Property(
        "borderWidth", \.borderWidth, .implicit, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let borderColor = Property(
        "borderColor", \.borderColor, .implicit, role: .content, animatesAs: .nilAsClear(\.borderColor),
        inspect: [.field(.other, nil, .whenNotDefault)])
    public static let masksToBounds = Property(
        "masksToBounds", \.masksToBounds, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])
    /// Not animatable as a value: setting it cross-fades (the layer's own `contents` setter).
    /// Written as the image's path (or a drawn bitmap's description).
    public static let contents = Property(
        "contents", \.contents, role: .content,
        inspect: [.field(.other, nil, .whenNotDefault) { $0.map { .string($0.path) } ?? .null }])
    public static let contentsGravity = Property(
        "contentsGravity", \.contentsGravity, role: .content, inspect: [.field(.other, nil, .whenNotDefault)])

    /// Every entry, in the inspect document's order within each section.
    public static let all: [LayerPropertyEntry<LayerProperties>] = [
        bounds.entry, position.entry, anchorPoint.entry, transform.entry, sublayerTransform.entry,
        opacity.entry, isHidden.entry, zPosition.entry, isDoubleSided.entry, cornerRadius.entry,
        maskedCorners.entry, shadowColor.entry, shadowOpacity.entry, shadowOffset.entry, shadowRadius.entry,
        shadowPath.entry, contentsRect.entry, contentsCenter.entry, contentsScale.entry,
        shouldRasterize.entry, rasterizationScale.entry, backgroundColor.entry, borderWidth.entry,
        borderColor.entry, masksToBounds.entry, contents.entry, contentsGravity.entry,
    ]

    /// `v` clamped to 0…1 as drawn; NaN stays NaN.
    static func clampedUnit(_ v: Double) -> Double { v.isNaN ? v : Swift.min(Swift.max(v, 0), 1) }
}

extension LayerProperties: LayerValuesSlot {
    public static func values(in layer: PresentationLayer) -> LayerProperties? { layer.properties }

    static func animatable<V: Interpolatable>(_ key: String, _ kp: WritableKeyPath<Self, V> & Sendable)
        -> AnimatableProperty<V>
    {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { $0.layer[keyPath: kp] },
            set: { $0.layer[keyPath: kp] = $1 })
    }

    static func animatable<A: Interpolatable>(
        _ key: String, read: @escaping @Sendable (Self) -> A,
        write: @escaping @Sendable (inout Self, A) -> Void
    ) -> AnimatableProperty<A> {
        AnimatableProperty(
            keyPath: key, isShapeProperty: false, get: { read($0.layer) }, set: { write(&$0.layer, $1) })
    }
}
