// swift-format-ignore-file: AvoidRetroactiveConformances

// On iOS, Foundation bridges CGPoint, CGSize and CGRect to NSValue; the conformances below
// are that bridge, which Foundation on Linux lacks.
import Foundation

/// A geometry value that travels in an `NSValue` as on iOS: `value as? CGPoint` takes the
/// point out of an `NSValue` holding one (a key-value change's `.newKey`, an animation's
/// `fromValue` read back), and `point as? NSValue` (or `as AnyObject`) boxes it.
/// A box of another type does not cast.
extension CGPoint: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.cgPointValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        guard source.objCTypeString.hasPrefix("{CGPoint") else { return false }
        result = source.cgPointValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
        source?.cgPointValue ?? .zero
    }
}

/// Bridged to `NSValue` as on iOS (see `CGPoint`).
extension CGSize: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.cgSizeValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        guard source.objCTypeString.hasPrefix("{CGSize") else { return false }
        result = source.cgSizeValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
        source?.cgSizeValue ?? .zero
    }
}

/// Bridged to `NSValue` as on iOS (see `CGPoint`).
extension CGRect: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.cgRectValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        guard source.objCTypeString.hasPrefix("{CGRect") else { return false }
        result = source.cgRectValue
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        source?.cgRectValue ?? .zero
    }
}
