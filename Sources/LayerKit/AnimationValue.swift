import Foundation

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

// MARK: - The linear space values are blended in

/// A finite-dimensional real vector space: what interpolation, pacing and Catmull-Rom splines
/// are computed in.
public protocol VectorArithmetic: Sendable {
    static var zero: Self { get }
    func adding(_ other: Self) -> Self
    func subtracting(_ other: Self) -> Self
    func scaled(by factor: Double) -> Self
    /// The squared Euclidean length, for paced keyframes.
    var magnitudeSquared: Double { get }
    /// True when every component is a finite number.
    var isFiniteVector: Bool { get }
}

extension VectorArithmetic {
    /// `self + (other − self)·t`.
    @inlinable
    public func interpolated(to other: Self, fraction t: Double) -> Self {
        adding(other.subtracting(self).scaled(by: t))
    }
}

/// A value type an animation can blend: one conformance per type (Double, Point, Size, Rect,
/// Transform3D, Color, Bool), so that the engine never switches over key names.
///
/// A value maps to a vector (`animatableVector`) in which linear, cubic and paced interpolation
/// happen; `Transform3D` maps to its decomposed components, so that a rotation from 0 to π
/// turns instead of shrinking through a singular matrix.
public protocol Interpolatable: Equatable, Sendable {
    associatedtype Vector: VectorArithmetic
    var animatableVector: Vector { get }
    init(animatableVector: Vector)

    /// `base` combined with `delta`: the sum for additive and by-value animations.
    /// Transforms concatenate (the delta applies first, in the layer's own space).
    static func accumulate(_ base: Self, _ delta: Self) -> Self

    /// The value an `AnimationValue` holds, or nil when it holds another type.
    init?(animationValue: AnimationValue)
    var animationValue: AnimationValue { get }
    /// The name used in error messages.
    static var valueTypeName: String { get }
}

extension Interpolatable {
    public static func accumulate(_ base: Self, _ delta: Self) -> Self {
        Self(animatableVector: base.animatableVector.adding(delta.animatableVector))
    }

    /// Linear interpolation in the value's vector space.
    @inlinable
    public func interpolated(to other: Self, fraction t: Double) -> Self {
        Self(animatableVector: animatableVector.interpolated(to: other.animatableVector, fraction: t))
    }

    /// The distance between two values (Euclidean in the vector space), for paced keyframes.
    public func distance(to other: Self) -> Double {
        other.animatableVector.subtracting(animatableVector).magnitudeSquared.squareRoot()
    }

    var isFiniteValue: Bool { animatableVector.isFiniteVector }
}

// MARK: - Double

extension Double: VectorArithmetic {
    public func adding(_ other: Double) -> Double { self + other }
    public func subtracting(_ other: Double) -> Double { self - other }
    public func scaled(by factor: Double) -> Double { self * factor }
    public var magnitudeSquared: Double { self * self }
    public var isFiniteVector: Bool { isFinite }
}

extension Double: Interpolatable {
    public var animatableVector: Double { self }
    public init(animatableVector: Double) { self = animatableVector }
    public init?(animationValue: AnimationValue) {
        guard case .number(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .number(self) }
    public static var valueTypeName: String { "number" }
}

// MARK: - Point

extension Point: VectorArithmetic {
    public func adding(_ o: Point) -> Point { Point(x: x + o.x, y: y + o.y) }
    public func subtracting(_ o: Point) -> Point { Point(x: x - o.x, y: y - o.y) }
    public func scaled(by f: Double) -> Point { Point(x: x * f, y: y * f) }
    public var magnitudeSquared: Double { x * x + y * y }
    public var isFiniteVector: Bool { isFinite }
}

extension Point: Interpolatable {
    public var animatableVector: Point { self }
    public init(animatableVector: Point) { self = animatableVector }
    public init?(animationValue: AnimationValue) {
        guard case .point(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .point(self) }
    public static var valueTypeName: String { "point" }
}

// MARK: - Size

extension Size: VectorArithmetic {
    public func adding(_ o: Size) -> Size { Size(width: width + o.width, height: height + o.height) }
    public func subtracting(_ o: Size) -> Size {
        Size(width: width - o.width, height: height - o.height)
    }
    public func scaled(by f: Double) -> Size { Size(width: width * f, height: height * f) }
    public var magnitudeSquared: Double { width * width + height * height }
    public var isFiniteVector: Bool { isFinite }
}

extension Size: Interpolatable {
    public var animatableVector: Size { self }
    public init(animatableVector: Size) { self = animatableVector }
    public init?(animationValue: AnimationValue) {
        guard case .size(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .size(self) }
    public static var valueTypeName: String { "size" }
}

// MARK: - Rect

extension Rect: VectorArithmetic {
    public func adding(_ o: Rect) -> Rect {
        Rect(origin: origin.adding(o.origin), size: size.adding(o.size))
    }
    public func subtracting(_ o: Rect) -> Rect {
        Rect(origin: origin.subtracting(o.origin), size: size.subtracting(o.size))
    }
    public func scaled(by f: Double) -> Rect {
        Rect(origin: origin.scaled(by: f), size: size.scaled(by: f))
    }
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
    public var isFiniteVector: Bool { isFinite }
}

extension Rect: Interpolatable {
    public var animatableVector: Rect { self }
    public init(animatableVector: Rect) { self = animatableVector }
    public init?(animationValue: AnimationValue) {
        guard case .rect(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .rect(self) }
    public static var valueTypeName: String { "rect" }
}

// MARK: - Color

extension Color: VectorArithmetic {
    public static var zero: Color { Color(red: 0, green: 0, blue: 0, alpha: 0) }
    public func adding(_ o: Color) -> Color {
        Color(red: red + o.red, green: green + o.green, blue: blue + o.blue, alpha: alpha + o.alpha)
    }
    public func subtracting(_ o: Color) -> Color {
        Color(red: red - o.red, green: green - o.green, blue: blue - o.blue, alpha: alpha - o.alpha)
    }
    public func scaled(by f: Double) -> Color {
        Color(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }
    public var magnitudeSquared: Double {
        red * red + green * green + blue * blue + alpha * alpha
    }
    public var isFiniteVector: Bool { isFinite }
}

extension Color: Interpolatable {
    public var animatableVector: Color { self }
    public init(animatableVector: Color) { self = animatableVector }
    public init?(animationValue: AnimationValue) {
        guard case .color(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .color(self) }
    public static var valueTypeName: String { "color" }
}

// MARK: - Bool

extension Bool: Interpolatable {
    /// Booleans blend as 0 and 1 and read back as true from one half up, so a basic animation
    /// from false to true flips half-way; keyframes in discrete mode flip exactly at key times.
    public var animatableVector: Double { self ? 1 : 0 }
    public init(animatableVector: Double) { self = animatableVector >= 0.5 }
    public static func accumulate(_ base: Bool, _ delta: Bool) -> Bool { base || delta }
    public init?(animationValue: AnimationValue) {
        switch animationValue {
        case .bool(let b): self = b
        // Core Animation takes an NSNumber for BOOL properties.
        case .number(let v): self = v != 0 && !v.isNaN
        default: return nil
        }
    }
    public var animationValue: AnimationValue { .bool(self) }
    public static var valueTypeName: String { "bool" }
}

// MARK: - Transform3D

/// A transform's decomposed components as a vector: translation, scale and rotation about z.
public struct TransformVector: VectorArithmetic, Hashable {
    public var tx: Double, ty: Double, tz: Double
    public var sx: Double, sy: Double, sz: Double
    public var rotation: Double

    public init(
        tx: Double, ty: Double, tz: Double, sx: Double, sy: Double, sz: Double, rotation: Double
    ) {
        self.tx = tx
        self.ty = ty
        self.tz = tz
        self.sx = sx
        self.sy = sy
        self.sz = sz
        self.rotation = rotation
    }

    public static let zero = TransformVector(tx: 0, ty: 0, tz: 0, sx: 0, sy: 0, sz: 0, rotation: 0)

    public func adding(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx + o.tx, ty: ty + o.ty, tz: tz + o.tz, sx: sx + o.sx, sy: sy + o.sy,
            sz: sz + o.sz, rotation: rotation + o.rotation)
    }
    public func subtracting(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx - o.tx, ty: ty - o.ty, tz: tz - o.tz, sx: sx - o.sx, sy: sy - o.sy,
            sz: sz - o.sz, rotation: rotation - o.rotation)
    }
    public func scaled(by f: Double) -> TransformVector {
        TransformVector(
            tx: tx * f, ty: ty * f, tz: tz * f, sx: sx * f, sy: sy * f, sz: sz * f,
            rotation: rotation * f)
    }
    public var magnitudeSquared: Double {
        tx * tx + ty * ty + tz * tz + sx * sx + sy * sy + sz * sz + rotation * rotation
    }
    public var isFiniteVector: Bool {
        tx.isFinite && ty.isFinite && tz.isFinite && sx.isFinite && sy.isFinite && sz.isFinite
            && rotation.isFinite
    }
}

extension TransformComponents {
    init(vector v: TransformVector) {
        self.init(translation: (v.tx, v.ty, v.tz), scale: (v.sx, v.sy, v.sz), rotationZ: v.rotation)
    }

    var vector: TransformVector {
        TransformVector(
            tx: translation.x, ty: translation.y, tz: translation.z, sx: scale.x, sy: scale.y,
            sz: scale.z, rotation: rotationZ)
    }

    /// `transform` (S · R · T) written out, without the general 4×4 product.
    var composed: Transform3D {
        let cs = cos(rotationZ)
        let sn = sin(rotationZ)
        var m = Transform3D.identity
        m.m11 = scale.x * cs
        m.m12 = scale.x * sn
        m.m21 = -scale.y * sn
        m.m22 = scale.y * cs
        m.m33 = scale.z
        m.m41 = translation.x
        m.m42 = translation.y
        m.m43 = translation.z
        return m
    }
}

extension Transform3D: Interpolatable {
    /// Transforms blend component-wise after decomposition (see `Transform3D.components`).
    public var animatableVector: TransformVector { components.vector }
    public init(animatableVector v: TransformVector) {
        self = TransformComponents(vector: v).composed
    }
    /// Additive transforms concatenate: the animation's transform applies first, then `base`.
    public static func accumulate(_ base: Transform3D, _ delta: Transform3D) -> Transform3D {
        delta.multiplied(by: base)
    }
    public init?(animationValue: AnimationValue) {
        guard case .transform(let v) = animationValue else { return nil }
        self = v
    }
    public var animationValue: AnimationValue { .transform(self) }
    public static var valueTypeName: String { "transform" }

    /// `concatenating(_:)` without temporary arrays, for per-frame use.
    func multiplied(by b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }
}
