import Foundation

/// How Core Animation blends two transforms: each is decomposed into translation, scale, a
/// shear and a rotation held as a unit quaternion; translation, scale and shear blend
/// linearly, the rotation along the shorter great arc between the two quaternions (spherical
/// linear interpolation), and the parts are put back together.
///
/// Blending the rotation as one turn about one axis is what keeps a half turn about y a turn
/// about y all the way (Euler angles read `rotationY(π)` as turns about x and z by π and blend
/// those). Perspective (`m14`, `m24`, `m34`, `m44`) is not a component here, as in
/// `TransformVector`: the blend in between has none. Keyframe modes that need a vector space
/// (cubic, paced) and springs still blend the `TransformVector` components.
extension Transform3D {
    /// A transform's parts for blending: `M = diag(sx, sy, sz) · K · R`, then the translation,
    /// where `K` leans the y axis `skew` into the x axis and `R` is the rotation `rotation`
    /// (row vectors, as `Transform3D`). A mirror shows as a negative `sy`, as in
    /// `TransformVector`.
    struct BlendParts {
        var tx, ty, tz: Double
        var sx, sy, sz: Double
        var skew: Double
        var rotation: Quaternion
    }

    /// The parts, or nil when the upper 3×3 part is singular (no rotation can be read).
    var blendParts: BlendParts? {
        typealias V = (Double, Double, Double)
        func dot(_ a: V, _ b: V) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        func cross(_ a: V, _ b: V) -> V {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        let r3in: V = (m31, m32, m33)
        let sx = dot((m11, m12, m13), (m11, m12, m13)).squareRoot()
        guard sx > 0, sx.isFinite else { return nil }
        let r1: V = (m11 / sx, m12 / sx, m13 / sx)
        let along = dot((m21, m22, m23), r1)
        var r2: V = (m21 - along * r1.0, m22 - along * r1.1, m23 - along * r1.2)
        var sy = dot(r2, r2).squareRoot()
        guard sy > 0, sy.isFinite else { return nil }
        r2 = (r2.0 / sy, r2.1 / sy, r2.2 / sy)
        if dot(cross(r1, r2), r3in) < 0 {
            sy = -sy
            r2 = (-r2.0, -r2.1, -r2.2)
        }
        let r3 = cross(r1, r2)
        let sz = dot(r3in, r3)
        let skew = along / sy
        guard let q = Quaternion(rows: r1, r2, r3) else { return nil }
        return BlendParts(
            tx: m41, ty: m42, tz: m43, sx: sx, sy: sy, sz: sz, skew: skew.isFinite ? skew : 0, rotation: q)
    }

    /// The transform these parts describe (no perspective).
    init(_ p: BlendParts) {
        let (r1, r2, r3) = p.rotation.rows
        self = .identity
        m11 = p.sx * r1.0
        m12 = p.sx * r1.1
        m13 = p.sx * r1.2
        m21 = p.sy * (p.skew * r1.0 + r2.0)
        m22 = p.sy * (p.skew * r1.1 + r2.1)
        m23 = p.sy * (p.skew * r1.2 + r2.2)
        m31 = p.sz * r3.0
        m32 = p.sz * r3.1
        m33 = p.sz * r3.2
        m41 = p.tx
        m42 = p.ty
        m43 = p.tz
    }

    /// Core Animation's blend (see above): exactly `self` at 0 and `other` at 1; fractions
    /// outside 0…1 extrapolate. When either transform is singular there is no rotation to
    /// blend, and the components are blended as `TransformVector`s.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        if t == 0 { return self }
        if t == 1 { return other }
        guard let a = blendParts, let b = other.blendParts else {
            return Transform3D(
                animatableVector: animatableVector.blended(to: other.animatableVector, fraction: t))
        }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Transform3D(
            BlendParts(
                tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty), tz: mix(a.tz, b.tz), sx: mix(a.sx, b.sx),
                sy: mix(a.sy, b.sy), sz: mix(a.sz, b.sz), skew: mix(a.skew, b.skew),
                rotation: a.rotation.slerp(to: b.rotation, fraction: t)))
    }
}

/// A unit quaternion (x, y, z, w) for a rotation: a turn by θ about the unit axis u is
/// (u·sin(θ/2), cos(θ/2)), with θ positive as `Transform3D(rotationAngle:x:y:z:)` turns.
struct Quaternion: Equatable {
    var x, y, z, w: Double

    /// The rotation whose matrix has these orthonormal rows (row vectors, determinant 1), by
    /// Shepperd's method: the formula is taken from the largest of w², x², y², z², so that
    /// the division is by at least ½.
    init?(rows r1: (Double, Double, Double), _ r2: (Double, Double, Double), _ r3: (Double, Double, Double)) {
        // As a column-vector matrix C = Rᵀ: C[i][j] = R[j][i].
        let trace = r1.0 + r2.1 + r3.2
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            w = s / 4
            x = (r2.2 - r3.1) / s
            y = (r3.0 - r1.2) / s
            z = (r1.1 - r2.0) / s
        } else if r1.0 > r2.1, r1.0 > r3.2 {
            let s = 2 * (1 + r1.0 - r2.1 - r3.2).squareRoot()  // 4x
            x = s / 4
            w = (r2.2 - r3.1) / s
            y = (r2.0 + r1.1) / s
            z = (r3.0 + r1.2) / s
        } else if r2.1 > r3.2 {
            let s = 2 * (1 + r2.1 - r1.0 - r3.2).squareRoot()  // 4y
            y = s / 4
            w = (r3.0 - r1.2) / s
            x = (r2.0 + r1.1) / s
            z = (r3.1 + r2.2) / s
        } else {
            let s = 2 * (1 + r3.2 - r1.0 - r2.1).squareRoot()  // 4z
            z = s / 4
            w = (r1.1 - r2.0) / s
            x = (r3.0 + r1.2) / s
            y = (r3.1 + r2.2) / s
        }
        let n = (x * x + y * y + z * z + w * w).squareRoot()
        guard n > 0, n.isFinite else { return nil }
        x /= n
        y /= n
        z /= n
        w /= n
    }

    init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The rotation matrix's rows (row vectors).
    var rows: ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double)) {
        (
            (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }

    /// Spherical linear interpolation along the shorter arc (q and −q are one rotation):
    /// constant angular speed, exactly `self` at 0 and `other` (or −`other`) at 1. Nearly equal
    /// rotations blend linearly and renormalise (the sine of a tiny angle divides badly).
    func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
        var b = other
        var cosine = x * b.x + y * b.y + z * b.z + w * b.w
        if cosine < 0 {
            b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
            cosine = -cosine
        }
        let ka: Double
        let kb: Double
        if cosine > 1 - 1e-9 {
            ka = 1 - t
            kb = t
        } else {
            let angle = acos(Swift.min(1, cosine))
            let s = sin(angle)
            ka = sin((1 - t) * angle) / s
            kb = sin(t * angle) / s
        }
        var q = Quaternion(
            x: ka * x + kb * b.x, y: ka * y + kb * b.y, z: ka * z + kb * b.z, w: ka * w + kb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0, n.isFinite {
            q = Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n)
        }
        return q
    }
}
