import Foundation

/// `UIViewController`: the owner of a view — made on first use of `view` (`loadView()`, then
/// `viewDidLoad()`) — that hears when the view appears and disappears.
///
/// A controller's view is shown by making it a window's `rootViewController`: the view fills
/// the window, and when the window is shown (or the controller is set on a shown window, such
/// as the preview's: `UIApplication.shared.keyWindow`) the controller hears
/// `viewWillAppear(_:)` before its view is in the window and `viewDidAppear(_:)` after, with
/// `animated` false; `viewWillDisappear(_:)`/`viewDidDisappear(_:)` when it is replaced or the
/// window hidden. Its view's `next` responder is its superview, as any view's.
///
/// Deviations: there is no presentation (`present`, `dismiss`), containment, navigation,
/// storyboard, rotation or status bar here. `didReceiveMemoryWarning()`,
/// `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` are never called; `shouldAutorotate`,
/// `supportedInterfaceOrientations` and `prefersStatusBarHidden` are iOS's defaults, read by
/// nothing here; `init(nibName:bundle:)` loads no nib. A controller's view is shown only as a
/// window's root (a view added to another view by hand appears without the controller hearing).
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// Whether the controller's view is shown (between the appear and disappear calls).
    private var isAppeared = false

    /// The nib's name (stored; no nib is loaded here).
    public let nibName: String?
    /// The nib's bundle (stored; no nib is loaded here).
    public let nibBundle: Bundle?

    /// The controller's title (stored as set; nothing shows it here).
    open var title: String?

    /// A controller (no nib is loaded here: the view is made by `loadView()`).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The controller's view, made on first use: `loadView()` then `viewDidLoad()`.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// The view if it has been made (nil: not yet; reading this makes nothing).
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the view has been made.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view: UIKit's makes a plain `UIView` the size of the screen. Override it to
    /// set `view` to a view of your own (without calling `super`).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Makes the view if it has not been made: `loadView()` (a plain view if it left `view`
    /// nil), then `viewDidLoad()`.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// After the view was made. Does nothing by itself.
    open func viewDidLoad() {}
    /// Before the view is put in a shown window. Does nothing by itself.
    open func viewWillAppear(_ animated: Bool) {}
    /// After the view was put in a shown window. Does nothing by itself.
    open func viewDidAppear(_ animated: Bool) {}
    /// Before the view leaves a shown window. Does nothing by itself.
    open func viewWillDisappear(_ animated: Bool) {}
    /// After the view left a shown window. Does nothing by itself.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Never called here (there is no view controller layout pass). Does nothing by itself.
    open func viewWillLayoutSubviews() {}
    /// Never called here (there is no view controller layout pass). Does nothing by itself.
    open func viewDidLayoutSubviews() {}
    /// Never called here (there are no memory warnings). Does nothing by itself.
    open func didReceiveMemoryWarning() {}

    /// True, iOS's default; nothing rotates here.
    open var shouldAutorotate: Bool { true }
    /// iOS's default on iPhone, every orientation but upside down; nothing rotates here.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    /// False, iOS's default; there is no status bar here.
    open var prefersStatusBarHidden: Bool { false }
    /// Does nothing: there is no status bar here.
    open func setNeedsStatusBarAppearanceUpdate() {}

    /// `viewWillAppear(false)`, unless already shown.
    func beginAppearance() {
        guard !isAppeared else { return }
        viewWillAppear(false)
    }

    /// `viewDidAppear(false)`, unless already shown.
    func endAppearance() {
        guard !isAppeared else { return }
        isAppeared = true
        viewDidAppear(false)
    }

    /// `viewWillDisappear(false)`, if shown.
    func beginDisappearance() {
        guard isAppeared else { return }
        viewWillDisappear(false)
    }

    /// `viewDidDisappear(false)`, if shown.
    func endDisappearance() {
        guard isAppeared else { return }
        isAppeared = false
        viewDidDisappear(false)
    }
}
