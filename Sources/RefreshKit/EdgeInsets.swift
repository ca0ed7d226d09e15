import LayerKit

/// Insets from each edge of a rectangle, as `UIEdgeInsets`: positive values shrink the area.
///
/// A scroll view's `contentInset.top` is the room above the content that the scroll view lets
/// the user rest on: the resting offset at the top is `−contentInset.top`.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// The same insets with every non-finite component replaced by 0.
    public var sanitized: EdgeInsets {
        func s(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return EdgeInsets(top: s(top), left: s(left), bottom: s(bottom), right: s(right))
    }

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}
