/// A value an animation carries: what `NSNumber`/`NSValue` are to `CABasicAnimation.fromValue`.
///
/// Which case a key path accepts is decided by the key path's value type (see
/// `Layer.add(_:forKey:)`); a value of the wrong case is rejected when the animation is added.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case transform(Transform3D)
    case color(Color)
    case bool(Bool)
    /// A shape layer's `path` (`CGPath`).
    case path(Path)
    /// An array of values (`NSArray`): a gradient's `colors` or `locations`.
    case array([AnimationValue])

    /// The case's name, used in error messages ("number", "point", …).
    public var typeName: String {
        switch self {
        case .number: "number"
        case .point: "point"
        case .size: "size"
        case .rect: "rect"
        case .transform: "transform"
        case .color: "color"
        case .bool: "bool"
        case .path: "path"
        case .array: "array"
        }
    }

    public var description: String {
        switch self {
        case .number(let v): "\(v)"
        case .point(let v): "\(v)"
        case .size(let v): "\(v)"
        case .rect(let v): "\(v)"
        case .transform(let v): "\(v)"
        case .color(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .path(let v): "path of \(v.elements.count) elements"
        case .array(let v): "[" + v.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

extension AnimationValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension AnimationValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
