import Foundation

/// A projective map of the plane (a homography): the 3×3 matrix a flattened `Transform3D`
/// leaves, acting on row vectors as `Transform3D` and `AffineTransform` do.
///
/// `[x y 1] · M = [X Y W]` and the image of `(x, y)` is `(X / W, Y / W)`. Only points with
/// `W > 0` are in front of the eye: `W ≤ 0` is behind it (or at infinity), where a layer is
/// not seen. `a.concatenating(b)` applies `a` first, then `b`.
///
/// **Flattening.** A layer's points have z = 0, and a plain layer flattens what its sublayers
/// draw into its own plane (drops z). So the map from a layer's plane into its superlayer's
/// plane is the 4×4 matrix with its third row and third column removed
/// (`init(flattening:)`), and maps down a tree of plain layers compose as 3×3 matrices.
public struct ProjectiveTransform: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double
    public var m21: Double, m22: Double, m23: Double
    public var m31: Double, m32: Double, m33: Double

    public static let identity = ProjectiveTransform(
        m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double,
        m32: Double, m33: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
    }

    /// The affine map as a projective one.
    @inlinable
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    /// The plane z = 0 mapped by `t` and flattened (z dropped): rows and columns 1, 2 and 4.
    @inlinable
    public init(flattening t: Transform3D) {
        self.init(
            m11: t.m11, m12: t.m12, m13: t.m14, m21: t.m21, m22: t.m22, m23: t.m24, m31: t.m41, m32: t.m42,
            m33: t.m44)
    }

    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The map as an affine transform when it is one (no perspective: `m13 = m23 = 0`,
    /// `m33 > 0`, everything finite); nil otherwise. (With `m33 < 0` every point is behind
    /// the eye: no affine map shows that.)
    @inlinable
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 > 0 else { return nil }
        let t: AffineTransform
        if m33 == 1 {
            t = AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32)
        } else {
            t = AffineTransform(
                a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
        }
        return t.isFinite ? t : nil
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// True when every entry is finite and the determinant is neither 0 nor infinite, relative to
    /// the matrix's size (a homography is defined up to a factor).
    public var isInvertible: Bool {
        guard isFinite else { return false }
        let size = Swift.max(
            abs(m11), abs(m12), abs(m13), abs(m21), abs(m22), abs(m23), abs(m31), abs(m32), abs(m33))
        guard size > 0 else { return false }
        let det = determinant
        return det.isFinite && abs(det) > 1e-12 * size * size * size
    }

    /// `self` then `other`: the matrix product self × other.
    @inlinable
    public func concatenating(_ b: ProjectiveTransform) -> ProjectiveTransform {
        let a = self
        return ProjectiveTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The inverse (the adjugate over the determinant, so a point in front of the eye maps back
    /// with `W > 0`); nil when not `isInvertible`.
    public func inverted() -> ProjectiveTransform? {
        guard isInvertible else { return nil }
        let det = determinant
        let r = ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det,
            m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        return r.isFinite ? r : nil
    }

    /// The homogeneous weight `W` of `p`'s image: positive in front of the eye.
    @inlinable
    public func weight(at p: Point) -> Double { p.x * m13 + p.y * m23 + m33 }

    /// The image of `p`, or nil when `p` is not in front of the eye (`W ≤ 0`) or the result is
    /// not finite.
    @inlinable
    public func apply(to p: Point) -> Point? {
        let w = weight(at: p)
        guard w > 0 else { return nil }
        let q = Point(x: (p.x * m11 + p.y * m21 + m31) / w, y: (p.x * m12 + p.y * m22 + m32) / w)
        return q.isFinite ? q : nil
    }

    /// The largest stretch the map applies to a short segment at `p` (the larger singular value
    /// of its Jacobian there); 0 when `p` is not in front of the eye.
    public func scale(at p: Point) -> Double {
        let w = weight(at: p)
        guard w > 0 else { return 0 }
        let x = p.x * m11 + p.y * m21 + m31
        let y = p.x * m12 + p.y * m22 + m32
        let w2 = w * w
        let a = (m11 * w - x * m13) / w2
        let b = (m21 * w - x * m23) / w2
        let c = (m12 * w - y * m13) / w2
        let d = (m22 * w - y * m23) / w2
        let s = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let root = Swift.max(0, s * s - 4 * det * det).squareRoot()
        let result = ((s + root) / 2).squareRoot()
        return result.isFinite ? result : 0
    }

    /// The part of `polygon` (a convex polygon, in order) whose points have `W ≥ minimumWeight`:
    /// what is in front of the eye (Sutherland–Hodgman against one line). Empty when none is.
    public func clippedInFront(_ polygon: [Point], minimumWeight: Double) -> [Point] {
        Self.clip(polygon) { weight(at: $0) - minimumWeight }
    }

    /// The smallest weight `clippedInFront` keeps for a layer whose points reach `reach` from
    /// the origin: small enough to lose nothing a screen shows, large enough that dividing by it
    /// stays finite.
    public func minimumWeight(reach: Double) -> Double {
        let size = abs(m13) * reach + abs(m23) * reach + abs(m33)
        return Swift.max(size * 1e-9, Double.leastNormalMagnitude)
    }

    /// `rect`'s image: its part in front of the eye, mapped, as a convex polygon (empty when
    /// nothing of it is in front or a vertex's image is not finite).
    public func project(_ rect: Rect) -> [Point] {
        guard rect.isFinite, !rect.isNull else { return [] }
        let r = rect.standardized
        let corners = [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
            Point(x: r.minX, y: r.maxY),
        ]
        let reach = corners.reduce(0) { Swift.max($0, abs($1.x), abs($1.y)) }
        let front = clippedInFront(corners, minimumWeight: minimumWeight(reach: reach))
        var out: [Point] = []
        out.reserveCapacity(front.count)
        for p in front {
            guard let q = apply(to: p) else { return [] }
            out.append(q)
        }
        return out
    }

    /// The bounding box of `rect`'s image (its part in front of the eye); `.null` when nothing
    /// of it is in front. Not finite when the part in front reaches the horizon.
    public func boundingBox(of rect: Rect) -> Rect {
        Self.boundingBox(of: project(rect))
    }

    /// The bounding box of `points`; `.null` for none.
    public static func boundingBox(of points: [Point]) -> Rect {
        var out = Rect.null
        for p in points { out = out.union(Rect(origin: p, size: .zero)) }
        return out
    }

    /// The part of the convex `polygon` inside `rect` (Sutherland–Hodgman, four edges).
    public static func clip(_ polygon: [Point], to rect: Rect) -> [Point] {
        guard rect.isFinite, !rect.isNull else { return [] }
        let r = rect.standardized
        var p = clip(polygon) { $0.x - r.minX }
        p = clip(p) { r.maxX - $0.x }
        p = clip(p) { $0.y - r.minY }
        return clip(p) { r.maxY - $0.y }
    }

    /// The part of `polygon` where `inside` (an affine function of the point) is ≥ 0.
    static func clip(_ polygon: [Point], _ inside: (Point) -> Double) -> [Point] {
        guard !polygon.isEmpty else { return [] }
        var out: [Point] = []
        out.reserveCapacity(polygon.count + 1)
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[(i + 1) % polygon.count]
            let da = inside(a)
            let db = inside(b)
            guard da.isFinite, db.isFinite else { return [] }
            if da >= 0 { out.append(a) }
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                out.append(a.lerp(to: b, t))
            }
        }
        return out
    }

    public var description: String {
        "[\(m11), \(m12), \(m13); \(m21), \(m22), \(m23); \(m31), \(m32), \(m33)]"
    }
}
