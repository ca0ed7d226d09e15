/// `CACornerMask`: which corners `cornerRadius` rounds (`CALayer.maskedCorners`), with Core
/// Animation's raw values. Names are read in the layer's own coordinates, where y grows
/// downward as in UIKit: `layerMinXMinYCorner` is the top-left corner on screen.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Top-left (1).
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// Top-right (2).
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// Bottom-left (4).
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// Bottom-right (8).
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// All four, the default.
    public static let all: CornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}
