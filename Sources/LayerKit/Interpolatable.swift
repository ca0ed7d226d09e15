import Foundation

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

    /// The delta `d` with `accumulate(base, d) == value` — where an additive animation that
    /// shows `value` over the model `base` starts — or nil when the type has no such delta
    /// (then view animations replace instead of adding).
    static func additiveDifference(_ value: Self, over base: Self) -> Self?

    /// The value an `AnimationValue` holds, or nil when it holds another type.
    init?(animationValue: AnimationValue)
    var animationValue: AnimationValue { get }
    /// The name used in error messages.
    static var valueTypeName: String { get }

    /// The value a `fraction` of the way from `self` to `other`: linear in `animatableVector`
    /// unless the type blends otherwise (transforms turn along a quaternion arc).
    func interpolated(to other: Self, fraction t: Double) -> Self
}

extension Interpolatable {
    public static var additiveIdentity: Self { Self(animatableVector: .zero) }

    public static func accumulate(_ base: Self, _ delta: Self) -> Self {
        Self(animatableVector: base.animatableVector.adding(delta.animatableVector))
    }

    /// The component-wise difference (colours too, as Core Animation adds them).
    public static func additiveDifference(_ value: Self, over base: Self) -> Self? {
        let d = Self(animatableVector: value.animatableVector.subtracting(base.animatableVector))
        return d.isFiniteValue ? d : nil
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
    /// Flags do not add up: a view animation of one replaces the running one.
    public static func additiveDifference(_ value: Bool, over base: Bool) -> Bool? { nil }
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
