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
    func blended(to other: Self, fraction t: Double) -> Self {
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

    /// What `accumulate` leaves unchanged: zero, or the identity for transforms. Additive
    /// animations without a from value start from it.
    static var additiveIdentity: Self { get }

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
    public static var additiveIdentity: Self { Self(animatableVector: .zero) }

    public static func accumulate(_ base: Self, _ delta: Self) -> Self {
        Self(animatableVector: base.animatableVector.adding(delta.animatableVector))
    }

    /// Linear interpolation in the value's vector space.
    /// Exactly `self` at 0 and `other` at 1.
    @inlinable
    public func interpolated(to other: Self, fraction t: Double) -> Self {
        if t == 0 { return self }
        if t == 1 { return other }
        return Self(animatableVector: animatableVector.blended(to: other.animatableVector, fraction: t))
    }

    /// The distance between two values (Euclidean in the vector space), for paced keyframes.
    public func animationDistance(to other: Self) -> Double {
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

/// A transform's decomposed components as a vector: translation, scale, a shear and rotation
/// about z — the parts key paths such as `transform.rotation.z` name and transforms are
/// interpolated in.
///
/// The 2D part decomposes as scale, then shear, then rotation (row vectors, as
/// `Transform3D`): the first row is `sx·(cos θ, sin θ)`, the second
/// `sy·(skew·(cos θ, sin θ) + (−sin θ, cos θ))`. Every invertible 2D transform decomposes
/// exactly; `tz` and `sz` are `m43` and `m33`.
public struct TransformVector: VectorArithmetic, Hashable {
    public var tx: Double, ty: Double, tz: Double
    public var sx: Double, sy: Double, sz: Double
    public var rotation: Double
    /// How much of the x axis the y axis leans into (a shear; 0 for none).
    public var skew: Double

    public init(
        tx: Double, ty: Double, tz: Double, sx: Double, sy: Double, sz: Double, rotation: Double,
        skew: Double = 0
    ) {
        self.tx = tx
        self.ty = ty
        self.tz = tz
        self.sx = sx
        self.sy = sy
        self.sz = sz
        self.rotation = rotation
        self.skew = skew
    }

    public static let zero = TransformVector(tx: 0, ty: 0, tz: 0, sx: 0, sy: 0, sz: 0, rotation: 0)

    public func adding(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx + o.tx, ty: ty + o.ty, tz: tz + o.tz, sx: sx + o.sx, sy: sy + o.sy,
            sz: sz + o.sz, rotation: rotation + o.rotation, skew: skew + o.skew)
    }
    public func subtracting(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx - o.tx, ty: ty - o.ty, tz: tz - o.tz, sx: sx - o.sx, sy: sy - o.sy,
            sz: sz - o.sz, rotation: rotation - o.rotation, skew: skew - o.skew)
    }
    public func scaled(by f: Double) -> TransformVector {
        TransformVector(
            tx: tx * f, ty: ty * f, tz: tz * f, sx: sx * f, sy: sy * f, sz: sz * f,
            rotation: rotation * f, skew: skew * f)
    }
    public var magnitudeSquared: Double {
        tx * tx + ty * ty + tz * tz + sx * sx + sy * sy + sz * sz + rotation * rotation
            + skew * skew
    }
    public var isFiniteVector: Bool {
        tx.isFinite && ty.isFinite && tz.isFinite && sx.isFinite && sy.isFinite && sz.isFinite
            && rotation.isFinite && skew.isFinite
    }
}

extension Transform3D {
    /// The decomposition `TransformVector` describes. A singular 2D part loses what cannot be
    /// recovered (its shear, or its second row when both rows are parallel).
    public var decomposed: TransformVector {
        let sx = (m11 * m11 + m12 * m12).squareRoot()
        let angle = sx > 0 ? atan2(m12, m11) : 0
        let c = cos(angle)
        let s = sin(angle)
        let sy = -m21 * s + m22 * c
        let along = m21 * c + m22 * s
        let skew = sy != 0 ? along / sy : 0
        return TransformVector(
            tx: m41, ty: m42, tz: m43, sx: sx, sy: sy, sz: m33, rotation: angle,
            skew: skew.isFinite ? skew : 0)
    }

    /// This transform with the components in `v`; the parts a `TransformVector` does not
    /// describe (perspective, rotation out of the plane) are kept.
    public func replacingComponents(_ v: TransformVector) -> Transform3D {
        let c = cos(v.rotation)
        let s = sin(v.rotation)
        var m = self
        m.m11 = v.sx * c
        m.m12 = v.sx * s
        m.m21 = v.sy * (v.skew * c - s)
        m.m22 = v.sy * (v.skew * s + c)
        m.m33 = v.sz
        m.m41 = v.tx
        m.m42 = v.ty
        m.m43 = v.tz
        return m
    }
}

extension Transform3D: Interpolatable {
    /// Transforms blend component-wise after decomposition (`decomposed`).
    public var animatableVector: TransformVector { decomposed }
    public init(animatableVector v: TransformVector) {
        self = Transform3D.identity.replacingComponents(v)
    }
    public static var additiveIdentity: Transform3D { .identity }

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
