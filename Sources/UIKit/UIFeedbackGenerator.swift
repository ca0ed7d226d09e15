/// Haptic feedback, as refresh headers give it when a pull passes its threshold. A desktop has
/// nothing to tap: the generators accept every call and do nothing, so such code runs as it is.
open class UIFeedbackGenerator {
    public init() {}
    /// Would wake the Taptic Engine on a device; nothing here.
    open func prepare() {}
}

/// An impact (`.light`, `.medium`, `.heavy`, `.soft`, `.rigid`): nothing to feel here.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    open func impactOccurred() {}
    open func impactOccurred(intensity: CGFloat) {}
}

/// A selection change: nothing to feel here.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {}
}

/// A success, warning or error: nothing to feel here.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
