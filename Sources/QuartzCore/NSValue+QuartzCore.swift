import Foundation
import LayerKit

/// Boxing geometry for animations (`NSValue(cgPoint:)` …), as UIKit and Core Animation add
/// them to `NSValue` on iOS.
extension NSValue {
    /// The Objective-C type encodings these boxes carry (Foundation here cannot box structs by
    /// encoding, so transforms travel as arrays of doubles).
    package static let transform3DType = "[16d]"
    package static let affineTransformType = "[6d]"

    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
    public var cgRectValue: CGRect { rectValue }

    public convenience init(caTransform3D t: CATransform3D) {
        var m: [Double] = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
        ].map(Double.init)
        self.init(bytes: &m, objCType: NSValue.transform3DType)
    }

    /// The boxed transform; the identity when the value holds something else.
    public var caTransform3DValue: CATransform3D {
        guard objCTypeString == NSValue.transform3DType else { return CATransform3DIdentity }
        var m = [Double](repeating: 0, count: 16)
        getValue(&m)
        return CATransform3D(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
            m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var m: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &m, objCType: NSValue.affineTransformType)
    }

    /// The boxed transform; the identity when the value holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard objCTypeString == NSValue.affineTransformType else { return .identity }
        var m = [Double](repeating: 0, count: 6)
        getValue(&m)
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    package var objCTypeString: String { String(cString: objCType) }
}

/// Why an animation value could not be used.
public struct CAAnimationValueError: Error, Equatable, CustomStringConvertible {
    public let keyPath: String
    /// "fromValue", "values[2]", …
    public let role: String
    /// The type of the value given.
    public let typeName: String

    public var description: String {
        "\(role) for key path \"\(keyPath)\" is a \(typeName), which is not an animation value "
            + "(a number, CGColor, CGPath, NSValue of a point, size, rect or transform, or an array)"
    }
}

/// Turns the `Any` values animations take on iOS into the engine's values.
package enum AnimationValueConversion {
    package static func convert(_ value: Any, keyPath: String, role: String) throws -> AnimationValue {
        guard let v = animationValue(value) else {
            throw CAAnimationValueError(keyPath: keyPath, role: role, typeName: "\(type(of: value))")
        }
        return v
    }

    /// The engine value for `value`, or nil when it is none of the accepted types.
    package static func animationValue(_ value: Any) -> AnimationValue? {
        // An NSNumber object first: Foundation would also cast it to Bool or Double.
        if value is NSObject, let n = value as? NSNumber { return .number(n.doubleValue) }
        switch value {
        case let v as Bool: return .bool(v)
        case let v as Double: return .number(v)
        case let v as CGFloat: return .number(Double(v))
        case let v as Float: return .number(Double(v))
        case let v as Int: return .number(Double(v))
        case let v as Int32: return .number(Double(v))
        case let v as Int64: return .number(Double(v))
        case let v as UInt: return .number(Double(v))
        case let v as UInt32: return .number(Double(v))
        case let v as CGColor: return .color(v.engine)
        case let v as CGPath: return .path(v.path)
        case let v as CGPoint: return .point(v.engine)
        case let v as CGSize: return .size(v.engine)
        case let v as CGRect: return .rect(v.engine)
        case let v as CATransform3D: return .transform(v.engine)
        case let v as CGAffineTransform: return .transform(Transform3D(v.engine))
        case let v as NSValue: return nsValue(v)
        case let v as [Any]:
            var out: [AnimationValue] = []
            for element in v {
                guard let e = animationValue(element) else { return nil }
                out.append(e)
            }
            return .array(out)
        default: return nil
        }
    }

    private static func nsValue(_ v: NSValue) -> AnimationValue? {
        switch v.objCTypeString {
        case NSValue.transform3DType: return .transform(v.caTransform3DValue.engine)
        case NSValue.affineTransformType: return .transform(Transform3D(v.cgAffineTransformValue.engine))
        case let t where t.hasPrefix("{CGPoint"): return .point(v.pointValue.engine)
        case let t where t.hasPrefix("{CGSize"): return .size(v.sizeValue.engine)
        case let t where t.hasPrefix("{CGRect"): return .rect(v.rectValue.engine)
        default: return nil
        }
    }

    /// The `Any` iOS code reads back for an engine value (the inverse of `animationValue`).
    package static func object(_ value: AnimationValue) -> Any {
        switch value {
        case .number(let n): return NSNumber(value: n)
        case .bool(let b): return NSNumber(value: b)
        case .point(let p): return NSValue(cgPoint: CGPoint(p))
        case .size(let s): return NSValue(cgSize: CGSize(s))
        case .rect(let r): return NSValue(cgRect: CGRect(r))
        case .transform(let t): return NSValue(caTransform3D: CATransform3D(t))
        case .color(let c): return CGColor(c)
        case .path(let p): return CGPath(path: p)
        case .array(let a): return a.map(object)
        }
    }
}
