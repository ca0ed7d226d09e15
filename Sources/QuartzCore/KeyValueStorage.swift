import Foundation

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
    static let propertyKeys: Set<String> = [
        "bounds", "position", "anchorPoint", "frame", "zPosition", "transform", "sublayerTransform",
        "opacity",
        "hidden", "isHidden", "backgroundColor", "cornerRadius", "maskedCorners", "borderWidth",
        "borderColor",
        "masksToBounds", "name", "contents", "contentsGravity", "contentsScale", "contentsRect",
        "contentsCenter",
        "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "mask", "sublayers",
        "actions", "beginTime", "speed", "timeOffset", "path", "fillColor", "fillRule", "strokeColor",
        "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart",
        "strokeEnd", "colors", "locations", "startPoint", "endPoint", "type", "string", "font", "fontSize",
        "foregroundColor", "alignmentMode", "truncationMode", "wrapped", "instanceCount", "instanceTransform",
        "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
        "instanceAlphaOffset", "doubleSided", "isDoubleSided",
        "shouldRasterize", "rasterizationScale",
    ]
}
