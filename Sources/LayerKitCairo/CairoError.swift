import CCairo

/// A failure reported by Cairo, or a request Cairo would reject, described in words.
public struct CairoError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, naming the file or the operation.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension cairo_status_t {
    /// Cairo's own wording for the status.
    var text: String { String(cString: cairo_status_to_string(self)) }
    var isSuccess: Bool { self == CAIRO_STATUS_SUCCESS }
}
