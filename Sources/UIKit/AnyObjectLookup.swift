import CoreGraphics
import Foundation
import QuartzCore

/// What `(value as AnyObject).cgPointValue` reads on iOS, where any object can be sent any
/// method by name (`AnyObject` lookup, which Linux's Swift lacks): the member's value if the
/// object has it, else nil, as an implicitly unwrapped optional, so `.y` after it reads the
/// point and `if let p = (change?[.newKey] as AnyObject).cgPointValue` binds it.
///
/// `loaderlab preview` writes such an expression as `AnyObjectLookup(value).cgPointValue` ("iOS
/// code: what is rewritten"), for the members below: the geometry `NSValue` boxes
/// (`cgPointValue`, `cgSizeValue`, `cgRectValue`, `cgAffineTransformValue`,
/// `caTransform3DValue`, `uiEdgeInsetsValue`) and `NSNumber`'s numbers (`doubleValue`,
/// `floatValue`, `intValue`, `boolValue`). A box of another kind of value reads as nil here
/// (iOS would reinterpret its bytes), as does nil, `NSNull` or an object of another class.
public struct AnyObjectLookup {
    /// The object the members are read from (nil: none).
    public let object: Any?

    /// Looks members up on `value` (an optional's wrapped value, if any).
    public init(_ value: Any?) {
        object = value
    }

    private var box: NSValue? {
        guard let value = object, let box = value as? NSValue, !(box is NSNumber) else { return nil }
        return box
    }

    private func box(prefixed prefix: String) -> NSValue? {
        guard let box, String(cString: box.objCType).hasPrefix(prefix) else { return nil }
        return box
    }

    private var number: NSNumber? {
        guard let value = object, value is NSObject else { return nil }
        return value as? NSNumber
    }

    /// The boxed point; nil when the object is not a box of one.
    public var cgPointValue: CGPoint! { box(prefixed: "{CGPoint")?.cgPointValue }
    /// The boxed size; nil when the object is not a box of one.
    public var cgSizeValue: CGSize! { box(prefixed: "{CGSize")?.cgSizeValue }
    /// The boxed rectangle; nil when the object is not a box of one.
    public var cgRectValue: CGRect! { box(prefixed: "{CGRect")?.cgRectValue }
    /// The boxed affine transform; nil when the object is not a box of one.
    public var cgAffineTransformValue: CGAffineTransform! {
        box(prefixed: NSValue.affineTransformType)?.cgAffineTransformValue
    }
    /// The boxed 3D transform; nil when the object is not a box of one.
    public var caTransform3DValue: CATransform3D! {
        box(prefixed: NSValue.transform3DType)?.caTransform3DValue
    }
    /// The boxed insets; nil when the object is not a box of them.
    public var uiEdgeInsetsValue: UIEdgeInsets! { box(prefixed: NSValue.edgeInsetsType)?.uiEdgeInsetsValue }
    /// The number as a `Double`; nil when the object is not an `NSNumber`.
    public var doubleValue: Double! { number?.doubleValue }
    /// The number as a `Float`; nil when the object is not an `NSNumber`.
    public var floatValue: Float! { number?.floatValue }
    /// The number as an `Int`; nil when the object is not an `NSNumber`.
    public var intValue: Int! { number?.intValue }
    /// The number as a `Bool`; nil when the object is not an `NSNumber`.
    public var boolValue: Bool! { number?.boolValue }
}
