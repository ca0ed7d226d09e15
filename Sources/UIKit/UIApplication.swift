import Foundation

/// `UIApplication.shared`: the app a preview runs in — its windows, its one scene, its state
/// and the names of the notifications iOS posts about them.
///
/// `windows` are the previews' windows (each preview is shown in one, `UIWindow.swift`) and
/// the windows the code made visible (`makeKeyAndVisible()`, `isHidden = false`), in the order
/// they appeared, while they exist; `keyWindow` is the last one of them made key — the window
/// of the preview whose code is being set up, or the one the code made key since.
/// `connectedScenes` holds the one `UIWindowScene` every window is in (foreground-active).
///
/// The app stays active: `applicationState` is `.active` and nothing posts the application's
/// notifications here (the preview never goes to the background); code may post them itself,
/// and observers hear them (`NotificationCenter.addObserver(_:selector:name:object:)`).
/// `statusBarOrientation` is read from the screen (`UIScreen.main`, the preview's viewport):
/// `.portrait`, or `.landscapeRight` when it is wider than tall. `isIdleTimerDisabled`,
/// `applicationIconBadgeNumber` and `isNetworkActivityIndicatorVisible` are stored as set and
/// change nothing (there is no idle timer, icon or status bar here).
open class UIApplication: UIResponder {
    /// The app.
    nonisolated(unsafe) public static let shared = UIApplication()

    private override init() {
        super.init()
    }

    /// Windows that appeared (previews' windows, and windows made visible), held weakly.
    private final class WeakWindow {
        weak var window: UIWindow?
        init(_ window: UIWindow) { self.window = window }
    }
    private var appeared: [WeakWindow] = []
    private weak var key: UIWindow?

    /// The app's windows that exist and are not hidden, in the order they appeared.
    open var windows: [UIWindow] {
        appeared.removeAll { $0.window == nil }
        return appeared.compactMap(\.window).filter { !$0.isHidden }
    }

    /// The window last made key that is still among `windows` (nil: none).
    open var keyWindow: UIWindow? {
        guard let key, windows.contains(where: { $0 === key }) else { return nil }
        return key
    }

    /// The scenes: the preview's one window scene.
    open var connectedScenes: Set<UIScene> { [UIWindowScene.preview] }

    /// Whether the app is in the foreground and active: always `.active` here.
    open var applicationState: State { .active }

    /// Stored as set; there is no idle timer to keep from dimming a screen here.
    open var isIdleTimerDisabled = false

    /// Stored as set; there is no icon to badge here.
    open var applicationIconBadgeNumber = 0

    /// Stored as set; there is no status bar to show it in here.
    open var isNetworkActivityIndicatorVisible = false

    /// `.portrait`, or `.landscapeRight` when the screen (the preview's viewport) is wider
    /// than tall.
    open var statusBarOrientation: UIInterfaceOrientation {
        let size = UIScreen.main.bounds.size
        return size.width > size.height ? .landscapeRight : .portrait
    }

    /// Left to right: the only layout direction drawn here.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// `window` appeared: it is among `windows` from now on (once).
    func windowDidAppear(_ window: UIWindow) {
        appeared.removeAll { $0.window == nil }
        if !appeared.contains(where: { $0.window === window }) { appeared.append(WeakWindow(window)) }
    }

    /// `window` is the key window.
    func makeKey(_ window: UIWindow) {
        windowDidAppear(window)
        key = window
    }

    /// Whether `window` is the key window.
    func isKey(_ window: UIWindow) -> Bool { keyWindow === window }

    /// The app's states, with iOS's raw values.
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// iOS's names of the application's notifications (nothing posts them here).
    public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = NSNotification.Name(
        "UIApplicationWillTerminateNotification")
    public static let didFinishLaunchingNotification = NSNotification.Name(
        "UIApplicationDidFinishLaunchingNotification")
    public static let didReceiveMemoryWarningNotification = NSNotification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")
    public static let significantTimeChangeNotification = NSNotification.Name(
        "UIApplicationSignificantTimeChangeNotification")
    public static let willChangeStatusBarOrientationNotification = NSNotification.Name(
        "UIApplicationWillChangeStatusBarOrientationNotification")
    public static let didChangeStatusBarOrientationNotification = NSNotification.Name(
        "UIApplicationDidChangeStatusBarOrientationNotification")
    public static let willChangeStatusBarFrameNotification = NSNotification.Name(
        "UIApplicationWillChangeStatusBarFrameNotification")
    public static let didChangeStatusBarFrameNotification = NSNotification.Name(
        "UIApplicationDidChangeStatusBarFrameNotification")
}

/// `UIInterfaceOrientation`, with iOS's raw values.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// `.portrait` or `.portraitUpsideDown`.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// `.landscapeLeft` or `.landscapeRight`.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// `UIInterfaceOrientationMask`, with iOS's bits (one per `UIInterfaceOrientation` raw value).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

/// `UIUserInterfaceLayoutDirection`, with iOS's raw values.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}
