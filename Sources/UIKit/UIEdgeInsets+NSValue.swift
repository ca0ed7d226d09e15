// The bridge to NSValue that iOS has for UIEdgeInsets (Foundation on Linux cannot box a
// struct by its encoding, so the insets travel as four doubles).
import Foundation

extension NSValue {
    /// The encoding of a box of insets here: four doubles, top, left, bottom, right.
    static let edgeInsetsType = "[4d]"

    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        var d: [Double] = [insets.top, insets.left, insets.bottom, insets.right].map(Double.init)
        self.init(bytes: &d, objCType: NSValue.edgeInsetsType)
    }

    /// The boxed insets; zero when the value holds something else.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard String(cString: objCType) == NSValue.edgeInsetsType else { return .zero }
        var d = [Double](repeating: 0, count: 4)
        getValue(&d)
        return UIEdgeInsets(top: d[0], left: d[1], bottom: d[2], right: d[3])
    }
}

/// Bridged to `NSValue` as on iOS: `change?[.newKey] as? UIEdgeInsets` takes the insets out of
/// a key-value change of `contentInset`.
extension UIEdgeInsets: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(uiEdgeInsets: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout UIEdgeInsets?) {
        result = source.uiEdgeInsetsValue
    }

    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSValue, result: inout UIEdgeInsets?
    ) -> Bool {
        guard String(cString: source.objCType) == NSValue.edgeInsetsType else { return false }
        result = source.uiEdgeInsetsValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> UIEdgeInsets {
        source?.uiEdgeInsetsValue ?? .zero
    }
}
