import Foundation
import LayerKit

/// The key-value coding extension Core Animation gives its layers and animations: any key
/// can hold a value (`anim.setValue("spin", forKey: "name")`, read back in the delegate).
///
/// Only keys of the caller's own are stored. Keys that name a property are reported instead
/// of stored (here they would not reach the property; set it directly).
package struct KeyValueStorage {
    private var values: [String: Any] = [:]

    package init() {}

    package func value(forKey key: String) -> Any? { values[key] }

    package mutating func setValue(_ value: Any?, forKey key: String, properties: Set<String>, owner: String)
    {
        guard !properties.contains(key) else {
            CALayer.report(
                "\(owner).setValue(_:forKey: \"\(key)\") does not set the property here; set .\(key) directly"
            )
            return
        }
        values[key] = value
    }
}

extension CAAnimation {
    static let propertyKeys: Set<String> = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode", "timingFunction", "removedOnCompletion", "isRemovedOnCompletion", "delegate", "keyPath",
        "additive", "cumulative", "fromValue", "toValue", "byValue", "values", "path", "keyTimes",
        "timingFunctions", "calculationMode", "rotationMode", "animations", "mass", "stiffness", "damping",
        "initialVelocity", "type", "subtype", "startProgress", "endProgress",
    ]
}

extension CALayer {
    /// The keys that name a property of a layer class: every table entry's key
    /// (`LayerTable.all` …), Swift's names where they differ (`isHidden`), and the properties
    /// that are not model values.
    static let propertyKeys: Set<String> = {
        var keys: Set<String> = [
            "frame", "name", "mask", "sublayers", "actions", "beginTime", "speed", "timeOffset", "isHidden",
            "isDoubleSided",
        ]
        keys.formUnion(LayerTable.all.map(\.key))
        keys.formUnion(ShapeTable.all.map(\.key))
        keys.formUnion(GradientTable.all.map(\.key))
        keys.formUnion(TextTable.all.map(\.key))
        keys.formUnion(ReplicatorTable.all.map(\.key))
        return keys
    }()
}
