import Foundation

/// Lottie's JSON text: objects with `ty` first and the other keys sorted, strings and numbers
/// as `inspect` writes them. Players such as rlottie read an object's type before its other fields and
/// ignore a shape whose `ty` comes later, so the order is part of the format as they read it.
enum LottieJSON {
    /// `value` (dictionaries, arrays, strings, booleans, integers and doubles) as JSON text.
    static func text(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let object as [String: Any]:
            out += "{"
            let keys = object.keys.sorted { a, b in a == "ty" ? b != "ty" : b == "ty" ? false : a < b }
            for (i, key) in keys.enumerated() {
                if i > 0 { out += "," }
                out += InspectJSON.string(key)
                out += ":"
                write(object[key]!, to: &out)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (i, element) in array.enumerated() {
                if i > 0 { out += "," }
                write(element, to: &out)
            }
            out += "]"
        case let text as String:
            out += InspectJSON.string(text)
        case let flag as Bool:
            out += flag ? "true" : "false"
        case let n as Int:
            out += String(n)
        case let x as Double:
            out += number(x)
        default:
            out += "null"
        }
    }

    /// `x` as `InspectJSON.number` writes it, non-finite as 0 (Lottie has no null number).
    static func number(_ x: Double) -> String {
        x.isFinite ? InspectJSON.number(x) : "0"
    }
}
