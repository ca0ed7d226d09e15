// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Core Animation's C names, spelled as iOS code uses them.

import Foundation
import LayerKit

/// `CATransform3D`: a 4×4 matrix, row-major and applied to row vectors
/// (`p′ = p · M`, then divided by w′), as Core Animation defines it.
public struct CATransform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// All zeros, as `CATransform3D()` is on Apple's platforms (not the identity).
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0, m31: 0, m32: 0, m33: 0, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 0)
    }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
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

    public var description: String {
        "CATransform3D([\(m11), \(m12), \(m13), \(m14)], [\(m21), \(m22), \(m23), \(m24)], "
            + "[\(m31), \(m32), \(m33), \(m34)], [\(m41), \(m42), \(m43), \(m44)])"
    }
}

extension CATransform3D {
    package var engine: Transform3D {
        Transform3D(
            m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
            m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
            m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
            m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
    }

    package init(_ t: Transform3D) {
        self.init(
            m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
            m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
            m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
            m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(translationX: Double(tx), y: Double(ty), z: Double(tz)))
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(Transform3D(scaleX: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians about the axis (x, y, z); a zero axis gives the identity.
/// About (0, 0, 1) positive angles turn clockwise on a y-down screen.
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3D(Transform3D(rotationAngle: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// Translates first, then applies `t`: `T · t`.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// Scales first, then applies `t`: `S · t`.
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// Rotates first, then applies `t`: `R · t`.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// `a` then `b`: the matrix product `a · b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    CATransform3D(a.engine.concatenating(b.engine))
}

/// The inverse; a transform that cannot be inverted is returned unchanged, as Core Animation
/// does.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.engine.inverted().map(CATransform3D.init) ?? t
}

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(Transform3D(m.engine))
}

public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.engine.isAffine
}

/// The affine part (m11, m12, m21, m22, m41, m42); the rest is dropped.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(t.engine.affine)
}
