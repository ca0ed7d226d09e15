import Foundation
import RefreshKit

/// `UIEdgeInsets`: distances from each edge of a rectangle inward.
public struct UIEdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public static let zero = UIEdgeInsets()

    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public var description: String {
        "UIEdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))"
    }

    var engine: EdgeInsets {
        EdgeInsets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }

    init(_ e: EdgeInsets) {
        self.init(
            top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right))
    }
}

extension CGRect {
    /// The rectangle shrunk by `insets` (`CGRect.inset(by:)` from UIKit).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
