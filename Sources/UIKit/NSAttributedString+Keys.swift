import Foundation

/// The text attributes string drawing reads (Foundation here has no UIKit keys).
extension NSAttributedString.Key {
    /// A font (`UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
