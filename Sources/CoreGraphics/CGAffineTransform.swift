import Foundation
import LayerKit

/// `CGAffineTransform`: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, as CoreGraphics lays it
/// out. Composition follows Apple's: `t.rotated(by: θ)` rotates first and then applies `t`;
/// `a.concatenating(b)` applies `a`, then `b`.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    /// All zeros, as `CGAffineTransform()` is on Apple's platforms (not the identity).
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians: positive angles turn clockwise on a y-down screen.
    public init(rotationAngle angle: CGFloat) {
        let cs = cos(angle)
        let sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self`, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(engine.concatenating(t2.engine))
    }

    /// The inverse; a transform that cannot be inverted is returned unchanged, as CoreGraphics
    /// does.
    public func inverted() -> CGAffineTransform {
        engine.inverted().map(CGAffineTransform.init) ?? self
    }

    /// Translates first, then applies `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Scales first, then applies `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Rotates first, then applies `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

extension CGAffineTransform {
    /// The engine's transform with the same entries.
    package var engine: LayerKit.AffineTransform {
        LayerKit.AffineTransform(
            a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }

    package init(_ t: LayerKit.AffineTransform) {
        self.init(
            a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
            ty: CGFloat(t.ty))
    }
}

extension CGPoint {
    /// The point mapped by `t` (`CGPointApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part (`CGSizeApplyAffineTransform`; no translation).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the rectangle's corners mapped by `t` (`CGRectApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        CGRect(t.engine.apply(to: engine))
    }
}

// MARK: Engine values

extension CGPoint {
    package var engine: Point { Point(x: Double(x), y: Double(y)) }
    package init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension CGSize {
    package var engine: Size { Size(width: Double(width), height: Double(height)) }
    package init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension CGRect {
    package var engine: Rect { Rect(origin: origin.engine, size: size.engine) }
    package init(_ r: Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
}
