// swift-format-ignore-file: AvoidRetroactiveConformances

import Foundation

// `CGFloat` bridged to `NSNumber`, as on iOS: a number that key-value coding returns
// (`layer.value(forKeyPath: "transform.rotation.z") as! CGFloat`) or a change dictionary holds
// casts to `CGFloat`, and a `CGFloat` put in an `Any` casts to `NSNumber`. Foundation on Linux
// bridges `Double`, `Float` and the integers so, but not `CGFloat`; this conformance is what
// the runtime's casts look for.
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber

    public func _bridgeToObjectiveC() -> NSNumber {
        NSNumber(value: Double(self))
    }

    public static func _forceBridgeFromObjectiveC(_ x: NSNumber, result: inout CGFloat?) {
        result = CGFloat(x.doubleValue)
    }

    /// Any number converts, as on iOS (`CGFloat` is a `Double` there): a Boolean as 0 or 1.
    public static func _conditionallyBridgeFromObjectiveC(_ x: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(x.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}
