import QuartzCore

/// The traits an image or colour is asked for in (`UIImage(named:in:compatibleWith:)`): here
/// one appearance, light, at the screen's scale.
open class UITraitCollection {
    public enum UserInterfaceStyle: Int, Sendable {
        case unspecified, light, dark
    }

    public let displayScale: CGFloat
    public let userInterfaceStyle: UserInterfaceStyle

    public init() {
        displayScale = UIScreen.main.scale
        userInterfaceStyle = .light
    }

    public init(displayScale: CGFloat) {
        self.displayScale = displayScale
        userInterfaceStyle = .light
    }

    /// The traits of the preview's screen.
    public static var current: UITraitCollection { UITraitCollection() }

    /// Whether going from `traitCollection` to these traits changes how dynamic colours
    /// resolve: when the interface styles differ, or when there are no traits to compare with
    /// (nil, a first appearance).
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        traitCollection.map { $0.userInterfaceStyle != userInterfaceStyle } ?? true
    }
}
