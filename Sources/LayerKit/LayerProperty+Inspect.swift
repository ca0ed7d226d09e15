/// How `loaderlab inspect` shows a property: a field's name, the part of the layer's object it
/// belongs to, when it appears and how its value is written.
public struct InspectField<Value: Sendable>: Sendable {
    /// The field's name; nil is the property's key.
    let name: String?
    let section: InspectSection
    let rule: InspectRule
    /// The value as written; nil leaves the field out.
    let encode: @Sendable (Value) -> InspectValue?

    /// A field written as `encode` says; nil from it leaves the field out.
    static func field(
        _ section: InspectSection, _ name: String? = nil, _ rule: InspectRule = .always,
        encode: @escaping @Sendable (Value) -> InspectValue?
    ) -> Self {
        InspectField(name: name, section: section, rule: rule, encode: encode)
    }

    /// A field written as the value's own `inspectValue`.
    static func field(_ section: InspectSection, _ name: String? = nil, _ rule: InspectRule = .always) -> Self
    where Value: InspectEncodable {
        InspectField(name: name, section: section, rule: rule, encode: { $0.inspectValue })
    }
}

/// When a field appears, within its section (which has its own condition: `InspectSection`).
public enum InspectRule: Sendable {
    case always
    /// Only while the property is not at its default.
    case whenNotDefault
}

/// The parts of a layer's object in `loaderlab inspect`'s document, in the document's order
/// (`help inspect`); fields that are not properties (`toRoot`, `projection`, `depth`,
/// `transition`, `mask`) are written between them by the document's writer.
public enum InspectSection: Int, Sendable, CaseIterable {
    /// `bounds`, `position`, `anchorPoint`, `transform` (its affine part): always.
    case geometry
    /// `opacity`, `hidden`: always.
    case visibility
    /// A shape layer's stroke and fill.
    case shape
    /// Where the layer is in 3D, each field only when used.
    case space
    /// A gradient layer's values.
    case gradient
    /// A text layer's values.
    case text
    /// `cornerRadius` and `maskedCorners`, when either is not its default.
    case corners
    /// The shadow's values, when `shadowOpacity` is not 0.
    case shadow
    /// `contentsRect`, `contentsCenter`, `contentsScale`, when the layer has contents and any
    /// of them is not its default.
    case contents
    /// `shouldRasterize` and `rasterizationScale`, when the layer is rasterized.
    case rasterization
    /// Every other property, each only when it is not its default.
    case other

    /// True when the section's fields appear for `layer`.
    public func isShown(in layer: PresentationLayer) -> Bool {
        let p = layer.properties
        switch self {
        case .corners:
            return LayerTable.all.contains { e in
                e.inspectFields.contains { $0.section == .corners } && !e.hasDefaultValue(p)
            }
        case .shadow:
            return !LayerTable.shadowOpacity.entry.hasDefaultValue(p)
        case .contents:
            return p.contents != nil
                && LayerTable.all.contains { e in
                    e.inspectFields.contains { $0.section == .contents } && !e.hasDefaultValue(p)
                }
        case .rasterization:
            return !LayerTable.shouldRasterize.entry.hasDefaultValue(p)
        case .geometry, .visibility, .shape, .space, .gradient, .text, .other:
            return true
        }
    }
}

/// One inspect field of a table entry, reading its value from the group.
public struct InspectEntry<Group: LayerPropertyGroup>: Sendable {
    public let name: String
    public let section: InspectSection
    /// The value written, or nil when the field is left out.
    public let value: @Sendable (Group) -> InspectValue?
}

/// A field's value as the inspect document writes it.
public enum InspectValue: Hashable, Sendable {
    /// A number (null when not finite).
    case number(Double)
    /// An array of numbers.
    case numbers([Double])
    /// `[r, g, b, a]`, or null.
    case color(Color?)
    /// An array of `[r, g, b, a]`.
    case colors([Color])
    case bool(Bool)
    case string(String)
    /// The path's bounding box `[x, y, w, h]` (the curves' extremes), or null for none or an
    /// empty path.
    case pathBounds(Path?)
    case null
}

/// A value type with one way of being written in the inspect document.
public protocol InspectEncodable {
    var inspectValue: InspectValue { get }
}

extension Double: InspectEncodable {
    public var inspectValue: InspectValue { .number(self) }
}
extension Int: InspectEncodable {
    public var inspectValue: InspectValue { .number(Double(self)) }
}
extension Bool: InspectEncodable {
    public var inspectValue: InspectValue { .bool(self) }
}
extension String: InspectEncodable {
    public var inspectValue: InspectValue { .string(self) }
}
extension Point: InspectEncodable {
    public var inspectValue: InspectValue { .numbers([x, y]) }
}
extension Size: InspectEncodable {
    public var inspectValue: InspectValue { .numbers([width, height]) }
}
extension Rect: InspectEncodable {
    public var inspectValue: InspectValue { .numbers([origin.x, origin.y, size.width, size.height]) }
}
extension Color: InspectEncodable {
    public var inspectValue: InspectValue { .color(self) }
}
extension CornerMask: InspectEncodable {
    public var inspectValue: InspectValue { .number(Double(rawValue)) }
}
extension [Double]: InspectEncodable {
    public var inspectValue: InspectValue { .numbers(self) }
}
extension Optional: InspectEncodable where Wrapped: InspectEncodable {
    public var inspectValue: InspectValue {
        self?.inspectValue ?? .null
    }
}
extension ContentsGravity: InspectEncodable {}
extension FillRule: InspectEncodable {}
extension LineCap: InspectEncodable {}
extension LineJoin: InspectEncodable {}
extension GradientType: InspectEncodable {}
extension TextAlignment: InspectEncodable {}
extension TruncationMode: InspectEncodable {}

extension InspectEncodable where Self: RawRepresentable, RawValue == String {
    public var inspectValue: InspectValue { .string(rawValue) }
}

extension Transform3D {
    /// The affine part `[a, b, c, d, tx, ty]`, as `CGAffineTransform` orders it.
    var affineInspectValue: InspectValue {
        let t = affine
        return .numbers([t.a, t.b, t.c, t.d, t.tx, t.ty])
    }

    /// The 16 entries `m11 … m44`, row by row, as `CATransform3D` orders them.
    var matrixInspectValue: InspectValue {
        .numbers([
            m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44,
        ])
    }
}

extension PresentationLayer {
    /// The inspect fields of `section` for this layer, from every table whose group it has,
    /// in table order; none when the section does not appear for it.
    public func inspectFields(in section: InspectSection) -> [(name: String, value: InspectValue)] {
        guard section.isShown(in: self) else { return [] }
        var fields: [(name: String, value: InspectValue)] = []
        func add<G>(_ table: [LayerPropertyEntry<G>], _ values: G?) {
            guard let values else { return }
            for entry in table {
                for field in entry.inspectFields where field.section == section {
                    if let v = field.value(values) { fields.append((field.name, v)) }
                }
            }
        }
        add(LayerTable.all, properties)
        add(ShapeTable.all, shape)
        add(GradientTable.all, gradient)
        add(TextTable.all, text)
        add(ReplicatorTable.all, replicator)
        return fields
    }
}
