/// Text from outside the program (an argument, a file name) made safe to quote in a one-line
/// message on a terminal.
///
/// Control characters would move the cursor, recolour the terminal or break the line, so they
/// are shown as escapes: `\e`, `\n`, `\r`, `\t`, `\0`, and `\u{…}` for the rest (C0, DEL, C1,
/// line and paragraph separators, bidirectional overrides). A backslash is doubled so an
/// escape cannot be mistaken for the text. Bytes that are not UTF-8 are shown as `\x…`. Text
/// longer than the limit keeps its start and end around a "…".
public enum MessageText {
    /// How many characters of an argument a message quotes.
    public static let argumentLimit = 60
    /// How many characters of a file name a message quotes: enough for a usual path.
    public static let pathLimit = 160

    /// `text` escaped and cut to at most `limit` characters (plus the "…").
    public static func escaped(_ text: String, limit: Int = argumentLimit) -> String {
        cut(text.unicodeScalars.map(piece), limit: limit)
    }

    /// `text` escaped and cut as `escaped(_:limit:)` does, between single quotes.
    public static func quoted(_ text: String, limit: Int = argumentLimit) -> String {
        "'" + escaped(text, limit: limit) + "'"
    }

    /// The file name `bytes` escaped and cut to at most `limit` characters (plus the "…").
    public static func escaped(bytes: [UInt8], limit: Int = pathLimit) -> String {
        var pieces: [String] = []
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        decoding: while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                pieces.append(piece(Unicode.UTF8.decode(encoded)))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    pieces.append("\\x" + hex(UInt32(byte), width: 2))
                }
                offset += length
            case .emptyInput:
                break decoding
            }
        }
        return cut(pieces, limit: limit)
    }

    /// A whole message line with its control characters escaped (backslashes kept as they
    /// are, so quoted parts already escaped read the same).
    public static func line(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += piece(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            // The bidirectional embeddings, overrides, isolates and marks, which reorder what
            // follows them on the line.
            switch scalar.value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
    }

    /// One character as it appears in a message.
    static func piece(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        case "\u{1B}": return "\\e"
        default:
            return needsEscape(scalar) ? "\\u{" + hex(scalar.value, width: 2) + "}" : String(scalar)
        }
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The pieces joined, or, when longer than `limit` characters, the first two thirds of the
    /// limit and the last third around "…" (never splitting an escape).
    static func cut(_ pieces: [String], limit: Int) -> String {
        let lengths = pieces.map { $0.unicodeScalars.count }
        guard lengths.reduce(0, +) > limit else { return pieces.joined() }
        let headBudget = limit * 2 / 3
        var head = 0
        var used = 0
        while head < pieces.count && used + lengths[head] <= headBudget {
            used += lengths[head]
            head += 1
        }
        var tail = pieces.count
        var tailUsed = 0
        while tail > head && tailUsed + lengths[tail - 1] <= limit - headBudget - 1 {
            tailUsed += lengths[tail - 1]
            tail -= 1
        }
        return pieces[..<head].joined() + "…" + pieces[tail...].joined()
    }
}
