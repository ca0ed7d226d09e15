import Foundation

/// `UIScene` (iOS 13): one instance of the app's interface. Here there is one, the preview's
/// `UIWindowScene` (`UIApplication.shared.connectedScenes`), always in the foreground and
/// active; no scene is made, connected or disconnected, and no scene notification is posted.
open class UIScene: UIResponder {
    /// `.foregroundActive`: the preview is always shown.
    open var activationState: ActivationState { .foregroundActive }

    /// The scene's title (stored as set; nothing shows it).
    open var title: String = ""

    override init() {
        super.init()
    }

    /// A scene's states, with iOS's raw values.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }
}

/// `UIWindowScene`: the scene the preview's windows are in — `UIApplication.shared`'s windows,
/// on `UIScreen.main`, oriented as `statusBarOrientation` says. `UIWindow(windowScene:)` makes
/// a window of the screen's size in it.
open class UIWindowScene: UIScene {
    /// The preview's scene.
    nonisolated(unsafe) static let preview = UIWindowScene()

    private override init() {
        super.init()
    }

    /// The screen: the preview's.
    open var screen: UIScreen { .main }

    /// The app's windows (`UIApplication.shared.windows`).
    open var windows: [UIWindow] { UIApplication.shared.windows }

    /// The app's key window (`UIApplication.shared.keyWindow`).
    open var keyWindow: UIWindow? { UIApplication.shared.keyWindow }

    /// `UIApplication.shared.statusBarOrientation`.
    open var interfaceOrientation: UIInterfaceOrientation { UIApplication.shared.statusBarOrientation }
}
