import Foundation

/// Lottie's JSON text: objects with `ty` first and the other keys sorted, numbers in their
/// shortest form. Players such as rlottie read an object's type before its other fields and
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
                string(key, to: &out)
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
            string(text, to: &out)
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

    /// `x` in its shortest form: a whole number without a point, non-finite as 0.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    private static func string(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
