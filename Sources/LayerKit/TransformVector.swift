import Foundation

/// A transform's decomposed components as a vector: translation, scale, a shear and rotations
/// about x, y and z — the parts key paths such as `transform.rotation.z` name and transforms
/// are interpolated in.
///
/// The upper 3×3 part decomposes as scale, then shear, then the rotations about x, then y, then
/// z (row vectors, as `Transform3D`: `diag(sx, sy, sz) · K · Rx · Ry · Rz`, `K` leaning the y
/// axis `skew` into the x axis). Without a turn out of the plane this is the 2D reading: the
/// first row is `sx·(cos θ, sin θ)`, the second `sy·(skew·(cos θ, sin θ) + (−sin θ, cos θ))`,
/// and `sz` is `m33`; every invertible 2D transform decomposes exactly. A mirror shows as a
/// negative `sy`. `tx`, `ty`, `tz` are `m41…m43`; perspective (`m14`, `m24`, `m34`, `m44`) is
/// not a component: it is kept as it is.
public struct TransformVector: VectorArithmetic, Hashable {
    public var tx: Double, ty: Double, tz: Double
    public var sx: Double, sy: Double, sz: Double
    /// Rotation about z in radians, positive clockwise on screen.
    public var rotation: Double
    /// How much of the x axis the y axis leans into (a shear; 0 for none).
    public var skew: Double
    /// Rotation about x (`transform.rotation.x`), applied before `rotationY` and `rotation`.
    public var rotationX: Double
    /// Rotation about y (`transform.rotation.y`), applied after `rotationX`, before `rotation`.
    public var rotationY: Double

    public init(
        tx: Double, ty: Double, tz: Double, sx: Double, sy: Double, sz: Double, rotation: Double,
        skew: Double = 0, rotationX: Double = 0, rotationY: Double = 0
    ) {
        self.tx = tx
        self.ty = ty
        self.tz = tz
        self.sx = sx
        self.sy = sy
        self.sz = sz
        self.rotation = rotation
        self.skew = skew
        self.rotationX = rotationX
        self.rotationY = rotationY
    }

    public static let zero = TransformVector(tx: 0, ty: 0, tz: 0, sx: 0, sy: 0, sz: 0, rotation: 0)

    public func adding(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx + o.tx, ty: ty + o.ty, tz: tz + o.tz, sx: sx + o.sx, sy: sy + o.sy,
            sz: sz + o.sz, rotation: rotation + o.rotation, skew: skew + o.skew,
            rotationX: rotationX + o.rotationX, rotationY: rotationY + o.rotationY)
    }
    public func subtracting(_ o: TransformVector) -> TransformVector {
        TransformVector(
            tx: tx - o.tx, ty: ty - o.ty, tz: tz - o.tz, sx: sx - o.sx, sy: sy - o.sy,
            sz: sz - o.sz, rotation: rotation - o.rotation, skew: skew - o.skew,
            rotationX: rotationX - o.rotationX, rotationY: rotationY - o.rotationY)
    }
    public func scaled(by f: Double) -> TransformVector {
        TransformVector(
            tx: tx * f, ty: ty * f, tz: tz * f, sx: sx * f, sy: sy * f, sz: sz * f,
            rotation: rotation * f, skew: skew * f, rotationX: rotationX * f, rotationY: rotationY * f)
    }
    public var magnitudeSquared: Double {
        tx * tx + ty * ty + tz * tz + sx * sx + sy * sy + sz * sz + rotation * rotation
            + skew * skew + rotationX * rotationX + rotationY * rotationY
    }
    public var isFiniteVector: Bool {
        tx.isFinite && ty.isFinite && tz.isFinite && sx.isFinite && sy.isFinite && sz.isFinite
            && rotation.isFinite && skew.isFinite && rotationX.isFinite && rotationY.isFinite
    }
}

extension Transform3D {
    /// The decomposition `TransformVector` describes. A singular part loses what cannot be
    /// recovered (its shear, or a row parallel to another). At a quarter turn about y the
    /// turns about x and z are one: it is read as a turn about z.
    public var decomposed: TransformVector {
        if m13 == 0, m23 == 0, m31 == 0, m32 == 0 {
            return decomposed2D
        }
        // Rows of the 3×3 part: scale and shear out (Gram–Schmidt), then the rotation.
        var r1 = (m11, m12, m13)
        let r2in = (m21, m22, m23)
        let r3in = (m31, m32, m33)
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            a.0 * b.0 + a.1 * b.1 + a.2 * b.2
        }
        func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        let sx = dot(r1, r1).squareRoot()
        guard sx > 0, sx.isFinite else { return decomposed2D }
        r1 = (r1.0 / sx, r1.1 / sx, r1.2 / sx)
        let along = dot(r2in, r1)
        var r2 = (r2in.0 - along * r1.0, r2in.1 - along * r1.1, r2in.2 - along * r1.2)
        var sy = dot(r2, r2).squareRoot()
        guard sy > 0, sy.isFinite else { return decomposed2D }
        r2 = (r2.0 / sy, r2.1 / sy, r2.2 / sy)
        // A mirror shows as a negative y scale, as in 2D.
        if dot(cross(r1, r2), r3in) < 0 {
            sy = -sy
            r2 = (-r2.0, -r2.1, -r2.2)
        }
        let r3 = cross(r1, r2)
        let sz = dot(r3in, r3)
        let skew = along / sy
        // R = Rx(a) · Ry(b) · Rz(c): its first row is (cos b cos c, cos b sin c, −sin b), its
        // last column (−sin b, sin a cos b, cos a cos b).
        let b = asin(Swift.min(1, Swift.max(-1, -r1.2)))
        let a: Double
        let c: Double
        if abs(r1.2) < 1 - 1e-12 {
            a = atan2(r2.2, r3.2)
            c = atan2(r1.1, r1.0)
        } else {
            // cos b = 0: only a − c (or a + c) is defined; all of it goes to z.
            a = 0
            c = atan2(-r2.0, r2.1)
        }
        return TransformVector(
            tx: m41, ty: m42, tz: m43, sx: sx, sy: sy, sz: sz, rotation: c,
            skew: skew.isFinite ? skew : 0, rotationX: a, rotationY: b)
    }

    /// The decomposition of a transform that does not turn out of the plane.
    private var decomposed2D: TransformVector {
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
    /// describe (perspective: `m14`, `m24`, `m34`, `m44`) are kept. Without turns about x or
    /// y, the entries that would only hold them (`m13`, `m23`, `m31`, `m32`) are kept too.
    public func replacingComponents(_ v: TransformVector) -> Transform3D {
        let c = cos(v.rotation)
        let s = sin(v.rotation)
        var m = self
        if v.rotationX == 0, v.rotationY == 0 {
            m.m11 = v.sx * c
            m.m12 = v.sx * s
            m.m21 = v.sy * (v.skew * c - s)
            m.m22 = v.sy * (v.skew * s + c)
            m.m33 = v.sz
        } else {
            let ca = cos(v.rotationX)
            let sa = sin(v.rotationX)
            let cb = cos(v.rotationY)
            let sb = sin(v.rotationY)
            // Rx · Ry · Rz, row by row (see `decomposed`).
            let r1 = (cb * c, cb * s, -sb)
            let r2 = (sa * sb * c - ca * s, sa * sb * s + ca * c, sa * cb)
            let r3 = (ca * sb * c + sa * s, ca * sb * s - sa * c, ca * cb)
            m.m11 = v.sx * r1.0
            m.m12 = v.sx * r1.1
            m.m13 = v.sx * r1.2
            m.m21 = v.sy * (v.skew * r1.0 + r2.0)
            m.m22 = v.sy * (v.skew * r1.1 + r2.1)
            m.m23 = v.sy * (v.skew * r1.2 + r2.2)
            m.m31 = v.sz * r3.0
            m.m32 = v.sz * r3.1
            m.m33 = v.sz * r3.2
        }
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
