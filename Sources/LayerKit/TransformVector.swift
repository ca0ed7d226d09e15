import Foundation

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

    /// `value · base⁻¹`, so that concatenating it before `base` gives `value`. Nil when `base`
    /// is singular, or when the delta does not survive decomposition (perspective, which the
    /// components do not hold): an additive animation from it would not start at `value`.
    public static func additiveDifference(_ value: Transform3D, over base: Transform3D)
        -> Transform3D?
    {
        guard let inverse = base.inverted() else { return nil }
        let d = value.multiplied(by: inverse)
        guard d.isFinite, Transform3D(animatableVector: d.animatableVector).isClose(to: d) else {
            return nil
        }
        return d
    }

    /// Every entry within `tolerance` (absolute, scaled by the entry's size above 1).
    func isClose(to o: Transform3D, tolerance: Double = 1e-9) -> Bool {
        let a = rows
        let b = o.rows
        for i in 0..<4 {
            for j in 0..<4 where abs(a[i][j] - b[i][j]) > tolerance * Swift.max(1, abs(b[i][j])) {
                return false
            }
        }
        return true
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
