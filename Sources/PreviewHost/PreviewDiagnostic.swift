/// One message of the compiler about a preview's sources: `file:line:column: error: message`.
public struct PreviewDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }

    /// The diagnostics in a compiler's output (its other lines — source excerpts, carets —
    /// are left out).
    static func parse(_ output: String) -> [PreviewDiagnostic] {
        var found: [PreviewDiagnostic] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
            // FILE:LINE:COL: SEVERITY: MESSAGE — the file may itself hold colons, so the
            // severity marker is searched for and the numbers read backwards from it.
            for severity in [Severity.error, .warning, .note] {
                let marker = ": \(severity.rawValue): "
                guard let range = line.range(of: marker) else { continue }
                let head = line[..<range.lowerBound]
                let parts = head.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count >= 3, let col = Int(parts[parts.count - 1]),
                    let row = Int(parts[parts.count - 2])
                else { continue }
                let file = parts[..<(parts.count - 2)].joined(separator: ":")
                found.append(
                    PreviewDiagnostic(
                        file: file, line: row, column: col, severity: severity,
                        message: String(line[range.upperBound...])))
                break
            }
        }
        return found
    }
}
