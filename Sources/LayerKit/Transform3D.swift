import Foundation

/// A 4×4 homogeneous transform with `CATransform3D`'s layout and meaning.
///
/// Points are row vectors multiplied on the left, so the translation lives in `m41…m43` and
/// `a.concatenating(b)` applies `a` first, then `b` (`CATransform3DConcat(a, b)`).
/// The 2D affine part is `(m11, m12, m21, m22, m41, m42)`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// `CATransform3DMakeAffineTransform`.
    public init(_ t: AffineTransform) {
        self = .identity
        m11 = t.a
        m12 = t.b
        m21 = t.c
        m22 = t.d
        m41 = t.tx
        m42 = t.ty
    }

    /// `CATransform3DMakeTranslation`.
    public init(translationX x: Double, y: Double, z: Double = 0) {
        self = .identity
        m41 = x
        m42 = y
        m43 = z
    }

    /// `CATransform3DMakeScale`.
    public init(scaleX x: Double, y: Double, z: Double = 1) {
        self = .identity
        m11 = x
        m22 = y
        m33 = z
    }

    /// `CATransform3DMakeRotation(angle, 0, 0, 1)`: positive angles turn clockwise on screen.
    public init(rotationZ angle: Double) {
        self = .identity
        let cs = cos(angle)
        let sn = sin(angle)
        m11 = cs
        m12 = sn
        m21 = -sn
        m22 = cs
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)` about an arbitrary axis (normalised).
    /// A zero axis gives the identity, as Core Animation does.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else {
            self = .identity
            return
        }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let cs = cos(angle)
        let sn = sin(angle)
        let t = 1 - cs
        self = .identity
        m11 = t * ux * ux + cs
        m12 = t * ux * uy + sn * uz
        m13 = t * ux * uz - sn * uy
        m21 = t * ux * uy - sn * uz
        m22 = t * uy * uy + cs
        m23 = t * uy * uz + sn * ux
        m31 = t * ux * uz + sn * uy
        m32 = t * uy * uz - sn * ux
        m33 = t * uz * uz + cs
    }

    public var isIdentity: Bool { self == .identity }

    public var isFinite: Bool {
        rows.allSatisfy { $0.allSatisfy(\.isFinite) }
    }

    /// True when the transform only acts in the plane (what `CATransform3DIsAffine` tests).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
            && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The 2D affine part (`CATransform3DGetAffineTransform`).
    public var affine: AffineTransform {
        AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
            m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
            m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// `self` then `other`: `CATransform3DConcat(self, other)`, the matrix product self × other.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = rows
        let b = other.rows
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 {
            for j in 0..<4 {
                r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
            }
        }
        return Transform3D(rows: r)
    }

    /// `CATransform3DTranslate(self, x, y, z)`: translate first, then `self`.
    public func translatedBy(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DScale(self, x, y, z)`: scale first, then `self`.
    public func scaledBy(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: Double {
        let m = rows
        func minor(_ r: [Int], _ c: [Int]) -> Double {
            m[r[0]][c[0]] * (m[r[1]][c[1]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[1]])
                - m[r[0]][c[1]] * (m[r[1]][c[0]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[0]])
                + m[r[0]][c[2]] * (m[r[1]][c[0]] * m[r[2]][c[1]] - m[r[1]][c[1]] * m[r[2]][c[0]])
        }
        var det = 0.0
        for j in 0..<4 {
            let cols = (0..<4).filter { $0 != j }
            let sign: Double = j % 2 == 0 ? 1 : -1
            det += sign * m[0][j] * minor([1, 2, 3], cols)
        }
        return det
    }

    /// `CATransform3DInvert`, except that a singular or non-finite matrix gives nil instead of
    /// being returned unchanged.
    public func inverted() -> Transform3D? {
        guard isFinite else { return nil }
        // Gauss–Jordan elimination with partial pivoting on [M | I].
        var a = rows
        var inv = Transform3D.identity.rows
        for col in 0..<4 {
            var pivot = col
            for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            let p = a[pivot][col]
            guard abs(p) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            for j in 0..<4 {
                a[col][j] /= p
                inv[col][j] /= p
            }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f == 0 { continue }
                for j in 0..<4 {
                    a[r][j] -= f * a[col][j]
                    inv[r][j] -= f * inv[col][j]
                }
            }
        }
        let result = Transform3D(rows: inv)
        return result.isFinite ? result : nil
    }

    /// Maps a point in the plane z = 0, with the perspective divide.
    public func apply(to p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        if w == 1 || w == 0 { return Point(x: x, y: y) }
        return Point(x: x / w, y: y / w)
    }

    public var description: String { rows.map { "\($0)" }.joined(separator: " ") }
}

/// The parts of a transform that key paths such as `transform.rotation.z` animate.
///
/// A transform is read as `scale, then rotation about z, then translation`
/// (`S · R · T` for row vectors); skew and perspective are not represented, so recomposing
/// a transform that had them loses them, as it does in Core Animation's key-path animations.
public struct TransformComponents: Hashable, Sendable {
    public var translation: (x: Double, y: Double, z: Double)
    public var scale: (x: Double, y: Double, z: Double)
    /// Rotation about z in radians, positive clockwise on screen.
    public var rotationZ: Double

    public static let identity = TransformComponents(
        translation: (0, 0, 0), scale: (1, 1, 1), rotationZ: 0)

    public init(
        translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
        rotationZ: Double
    ) {
        self.translation = translation
        self.scale = scale
        self.rotationZ = rotationZ
    }

    public static func == (l: TransformComponents, r: TransformComponents) -> Bool {
        l.translation == r.translation && l.scale == r.scale && l.rotationZ == r.rotationZ
    }

    public func hash(into h: inout Hasher) {
        h.combine(translation.x)
        h.combine(translation.y)
        h.combine(translation.z)
        h.combine(scale.x)
        h.combine(scale.y)
        h.combine(scale.z)
        h.combine(rotationZ)
    }

    /// The transform `S · R · T`.
    public var transform: Transform3D {
        var t = Transform3D(scaleX: scale.x, y: scale.y, z: scale.z)
        t = t.concatenating(Transform3D(rotationZ: rotationZ))
        t = t.concatenating(Transform3D(translationX: translation.x, y: translation.y, z: translation.z))
        return t
    }
}

extension Transform3D {
    /// Splits the transform into translation, scale and rotation about z.
    ///
    /// The x scale is the length of the first row; the rotation is the angle of that row;
    /// the y scale is the second row's length, negative when the basis is mirrored.
    public var components: TransformComponents {
        let sx = (m11 * m11 + m12 * m12).squareRoot()
        let angle = sx == 0 ? 0 : atan2(m12, m11)
        let cross = m11 * m22 - m12 * m21
        var sy = (m21 * m21 + m22 * m22).squareRoot()
        if cross < 0 { sy = -sy }
        let sz = (m31 * m31 + m32 * m32 + m33 * m33).squareRoot()
        return TransformComponents(
            translation: (m41, m42, m43), scale: (sx, sy, sz), rotationZ: angle)
    }
}
