import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore

/// `UIView`: a rectangle in a view tree, shown by its `layer`.
///
/// The view's properties are its layer's (`frame`, `bounds`, `center`, `transform`, `alpha`,
/// `backgroundColor`, `isHidden`, `clipsToBounds`); the layer is a view's layer, so changes
/// animate only inside `UIView.animate` blocks, as on iOS, while the layers a view's code adds
/// to it animate implicitly.
///
/// Its initialisers are UIKit's: `init(frame:)` and `init?(coder:)` are the designated ones and
/// `init()` is `init(frame: .zero)`, so a subclass that overrides both (the usual pair) is made
/// with `Subclass()` as on iOS.
///
/// Layout runs as UIKit runs it (UIView+Layout.swift): `layoutSubviews()` runs top down, once,
/// before the next frame of the scene the view is shown in, after its bounds change size,
/// `setNeedsLayout()`, or its arrival in a view (a new view is laid out before its first
/// frame); `layoutIfNeeded()` runs a pending layout at once. A superview's new size moves and
/// sizes its subviews by their `autoresizingMask`.
///
/// A view is in a window (`window`, `willMove(toWindow:)`, `didMoveToWindow()`) when its
/// superviews lead to a `UIWindow`, or when its layer is in one's layer: a preview's root layer
/// is a window's (`UIWindow.swift`), so a view whose layer the preview's code adds to it
/// (`root.addSublayer(spinner.layer)`) is in that window, kept by it, and laid out.
///
/// A view that overrides `draw(_:)` draws into its layer's backing store (UIView+Drawing.swift):
/// when first shown, after `setNeedsDisplay()`, and after a change of size with
/// `contentMode = .redraw`, at the screen's scale.
///
/// `layerClass` may name a framework layer class or a subclass registered with
/// `CALayer.register` (as `loaderlab preview` registers the previewed sources' own); another is
/// reported, and the view gets the nearest class above it that can be made.
///
/// Deviations: there is no touch handling, Auto Layout or archive support (`init?(coder:)`
/// always fails); the types are not bound to the main actor.
open class UIView: UIResponder {
    /// The view's layer, of `layerClass` (or the host's, for a preview's window and scroll view).
    public private(set) var layer: CALayer
    public internal(set) weak var superview: UIView?
    public internal(set) var subviews: [UIView] = []
    open var tag: Int = 0
    private var backgroundColorObject: UIColor?
    /// The tint set on this view (nil: its superview's), `UIView+Tint.swift`.
    var ownTintColor: UIColor?
    /// `isUserInteractionEnabled`: stored as set; nothing here delivers touches to views.
    open var isUserInteractionEnabled = true
    /// The recognizers added with `addGestureRecognizer(_:)` (UIView+Gestures.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// `isMultipleTouchEnabled`: stored as set (false by default); the mouse is one finger.
    open var isMultipleTouchEnabled = false

    /// How the subviews follow a change of this view's size (UIKit's springs and struts).
    open var autoresizingMask: UIView.AutoresizingMask = []
    /// True (the default): a change of this view's size resizes the subviews by their masks.
    open var autoresizesSubviews = true

    // Layout state (UIView+Layout.swift).
    /// A layout is pending (a new view has one).
    var needsLayout = true
    /// The bounds size the view last knew of: a different size on its layer was set under it.
    var lastBoundsSize = CGSize.zero
    /// The layout pass of its scene that last laid it out.
    var layoutPass = -1
    /// The views of the scene it is shown in (ViewScene.swift).
    weak var viewScene: ViewScene?
    /// The window that keeps it alive while its layer alone puts it there (`UIWindow.swift`).
    weak var attachingWindow: UIWindow?
    /// True while UIKit moves its layer (the tree observer leaves that move to UIKit).
    var isMovingLayer = false
    /// Set by `UIView.draw(_:)` itself: a view whose drawing reaches it draws nothing of its own.
    var drawReachedBase = false

    /// Told when the bounds took a new size, before the subviews follow it (a scroll view
    /// keeps its model's viewport in step).
    func boundsSizeDidChange(from oldSize: CGSize) {}

    /// Its own tint if set, else its superview's, else the system blue (`UIView+Tint.swift`).
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? UIColor.systemBlue }
        set {
            ownTintColor = newValue
            tintColorDidChangeInSubtree()
        }
    }

    /// Called when the tint this view shows changes (set here or on a superview it inherits
    /// from, or a move under a new superview).
    open func tintColorDidChange() {}

    /// How the layer's contents (an image, or what `draw(_:)` drew) fit the bounds: the
    /// layer's `contentsGravity`; `.redraw` stretches like `.scaleToFill` and draws again after
    /// a change of size (the layer's `needsDisplayOnBoundsChange`).
    open var contentMode: UIView.ContentMode {
        get {
            let mode = UIView.ContentMode(layer.contentsGravity)
            return mode == .scaleToFill && layer.needsDisplayOnBoundsChange ? .redraw : mode
        }
        set {
            layer.contentsGravity = newValue.gravity
            layer.needsDisplayOnBoundsChange = newValue == .redraw
        }
    }

    /// The class of the view's layer (override with `CAShapeLayer.self` …).
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        layer = UIView.makeLayer(Self.layerClass, for: Self.self)
        super.init()
        layer.engineLayer.isViewBacking = true
        layer.frame = frame
        lastBoundsSize = layer.bounds.size
        ViewRegistry.register(self)
        setUpDrawing()
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// There are no archives (storyboards, nibs) here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    deinit {
        ViewRegistry.unregister(layer.engineLayer, of: nil)
    }

    /// Makes `hosted`, a layer the host made (a preview's root, a scroll view's layer), this
    /// view's layer in place of the one `init(frame:)` made; its values are left as they are.
    /// Hosting happens after initialisation, so that subclasses see only UIKit's initialisers.
    func adopt(_ hosted: CALayer) {
        ViewRegistry.unregister(layer.engineLayer, of: self)
        layer = hosted
        lastBoundsSize = hosted.bounds.size
        ViewRegistry.register(self)
        ViewTree.didMove([self], layer: hosted.engineLayer)
    }

    /// A layer of `cls` (`layerClass`): a framework class, or a subclass registered with
    /// `CALayer.register` (`loaderlab preview` registers those of the previewed sources). Any
    /// other class is reported, once, and the view gets the nearest class above it that can be
    /// made.
    private static func makeLayer(_ cls: AnyClass, for view: UIView.Type) -> CALayer {
        let (layer, problem) = LayerClasses.makeLayer(of: cls)
        if let problem, LayerClasses.firstReport(cls, "layerClass") {
            CALayer.errorReporter("UIKit: \(view).layerClass: " + problem)
        }
        return layer
    }

    // MARK: Geometry

    /// A new size resizes the subviews by their `autoresizingMask` at once and lays this view
    /// out before the next frame.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != old { boundsSizeChanged(from: old) }
        }
    }
    /// A new size resizes the subviews by their `autoresizingMask` at once and lays this view
    /// out before the next frame.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if layer.bounds.size != old { boundsSizeChanged(from: old) }
        }
    }
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: Appearance

    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    open var backgroundColor: UIColor? {
        get { backgroundColorObject }
        set {
            backgroundColorObject = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    // MARK: The tree

    /// The window the view is in: its superview's, or for a view with none whose layer was put
    /// in another view's layer (a preview's root), that view's; a window's is itself.
    open var window: UIWindow? {
        if let held = windowBeforeMove { return held }
        return ViewTree.window(of: self)
    }

    /// During a move that changes this view's window, the window it had until
    /// `didMoveToWindow()` (nil outside one): as on iOS, `window` changes only then.
    var windowBeforeMove: UIWindow??

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped); its layer goes just below the
    /// layer of the subview that follows it, or on top.
    ///
    /// A view coming from elsewhere hears, in UIKit's order, `willMove(toSuperview:)`, then after
    /// the move `didMoveToSuperview()` and this view `didAddSubview(_:)`, then — it and the views
    /// in it, when their window changes — `willMove(toWindow:)` and `didMoveToWindow()` (as
    /// logged on iOS: the superview is set when the window callbacks come); both views (and the
    /// old superview) are laid out before the next frame.
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self, let i = subviews.firstIndex(of: view) {
            // Only the order changes.
            subviews.remove(at: i)
            let at = min(max(index, 0), subviews.count)
            subviews.insert(view, at: at)
            placeLayer(of: view, at: at)
            return
        }
        let moved = view.layer.engineLayer
        let carried = ViewRegistry.views(inSubtreeOf: moved)
        let target = layer.engineLayer
        let changes = ViewTree.windowChanges(
            carried, parentView: { $0 === view ? self : $0.superview },
            parentLayer: { $0 === moved ? target : $0.superlayer })
        for change in changes { change.view.windowBeforeMove = .some(change.view.window) }
        view.willMove(toSuperview: self)
        let oldSuperview = view.superview
        if let oldSuperview {
            oldSuperview.willRemoveSubview(view)
            oldSuperview.subviews.removeAll { $0 === view }
        }
        let at = min(max(index, 0), subviews.count)
        subviews.insert(view, at: at)
        view.superview = self
        placeLayer(of: view, at: at)
        view.didMoveToSuperview()
        didAddSubview(view)
        // The window follows: a view hears of its new window with its superview already set
        // (refresh headers start observing their scroll view in `willMove(toWindow:)`).
        for change in changes { change.view.willMove(toWindow: change.window) }
        for change in changes { change.view.windowBeforeMove = nil }
        ViewTree.didMove(carried, layer: moved)
        for change in changes { change.view.didMoveToWindow() }
        oldSuperview?.setNeedsLayout()
        view.setNeedsLayout()
        setNeedsLayout()
        if view.ownTintColor == nil { view.tintColorDidChangeInSubtree() }
    }

    /// Puts the layer of `view`, the subview at `index`, in place among this view's sublayers.
    private func placeLayer(of view: UIView, at index: Int) {
        view.isMovingLayer = true
        defer { view.isMovingLayer = false }
        if index == 0 {
            // At the back: below every sublayer, also those of no subview (as a table's header
            // inserted at 0 goes behind its cells — here, the preview host's list).
            layer.insertSublayer(view.layer, at: 0)
        } else if index + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[index + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let i = subviews.firstIndex(of: siblingSubview) else { return addSubview(view) }
        let current = subviews.firstIndex(of: view)
        insertSubview(view, at: current.map { $0 < i ? i : i + 1 } ?? i + 1)
    }

    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let i = subviews.firstIndex(of: siblingSubview) else { return insertSubview(view, at: 0) }
        let current = subviews.firstIndex(of: view)
        insertSubview(view, at: current.map { $0 < i ? i - 1 : i } ?? i)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Takes the view (and its layer) out of its superview, which is laid out again. It hears,
    /// in UIKit's order, `willMove(toSuperview: nil)`, `willMove(toWindow: nil)` (with the
    /// views in it, when it was in a window), then after the move `didMoveToWindow()` and
    /// `didMoveToSuperview()`. Nothing happens for a view without a superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        let moved = layer.engineLayer
        let carried = ViewRegistry.views(inSubtreeOf: moved)
        let changes = ViewTree.windowChanges(
            carried, parentView: { $0 === self ? nil : $0.superview },
            parentLayer: { $0 === moved ? nil : $0.superlayer })
        willMove(toSuperview: nil)
        for change in changes { change.view.willMove(toWindow: change.window) }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        isMovingLayer = true
        layer.removeFromSuperlayer()
        isMovingLayer = false
        ViewTree.didMove(carried, layer: moved)
        for change in changes { change.view.didMoveToWindow() }
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    /// True when `view` is this view or one of its ancestors.
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The first view in this subtree (this view first, then depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviews {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    /// Before the view's window changes (a move into or out of a window, or between two).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// After the view's window changed; `window` is the new one.
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Coordinates

    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: view?.layer)
    }

    // MARK: Drawing

    /// Draws the view's content in the current context (`UIGraphicsGetCurrentContext()`),
    /// whose user space is the view's bounds; `rect` is the part to draw (here always the
    /// bounds). The default draws nothing, and a view that does not override it has no backing
    /// store.
    open func draw(_ rect: CGRect) {
        drawReachedBase = true
    }

    /// Stored as set (true by default, as UIKit's). Deviation: UIKit gives an opaque view
    /// that draws an opaque store (black where `draw(_:)` paints nothing and no opaque
    /// background fills it); here a view's store keeps its alpha.
    open var isOpaque = true

    /// True (the default): the store starts transparent before `draw(_:)`, as it always does
    /// here.
    open var clearsContextBeforeDrawing = true

    /// Draws the view again (`draw(_:)`) before the next frame.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Draws the view again before the next frame (all of it: `rect` does not limit it).
    open func setNeedsDisplay(_ rect: CGRect) {
        layer.setNeedsDisplay(rect)
    }

    // MARK: Layout

    /// Lays out the subviews; the default does nothing. UIKit calls it before the next frame
    /// after the bounds change size or `setNeedsLayout()`, superviews before their subviews.
    open func layoutSubviews() {}

    /// Asks for `layoutSubviews()` before the next frame (or at `layoutIfNeeded()`); many
    /// calls before then make one layout.
    open func setNeedsLayout() {
        needsLayout = true
        ViewScene.layoutRequested(for: self)
    }

    /// Runs a pending layout now: from the outermost of this view and the superviews above it
    /// that wait for layout (as `CALayer.layoutIfNeeded()` goes up), that view's first, then
    /// its subviews' in turn.
    open func layoutIfNeeded() {
        var top = self
        while let parent = top.superview, parent.needsLayout || parent.bounds.size != parent.lastBoundsSize {
            top = parent
        }
        top.layOutSubtree(pass: nil)
    }

    // MARK: Sizing

    /// The size the view's content wants, without Auto Layout's constraints: by default none
    /// (`UIView.noIntrinsicMetric` both ways). Code that lays views out by hand reads it.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Says the intrinsic size changed: the superview, which places this view, is laid out
    /// again before the next frame.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// The size that best fits `size`; by default the view's current size, as UIKit's.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its top-left corner (its centre
    /// when it has a transform).
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        if CATransform3DIsIdentity(layer.transform) {
            frame = CGRect(origin: frame.origin, size: size)
        } else {
            bounds = CGRect(origin: bounds.origin, size: size)
        }
    }

    // MARK: Auto Layout, safe area, traits (UIView+Environment.swift)

    /// Stored as set (true by default, as for views made in code); there is no Auto Layout
    /// here, so frames are what places views either way.
    open var translatesAutoresizingMaskIntoConstraints = true

    /// The insets that keep content clear of bars, notches and rounded corners: none here, the
    /// preview's screen has none.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// Called when `safeAreaInsets` change: never, here.
    open func safeAreaInsetsDidChange() {}

    /// The view's traits: the preview screen's (light, at its scale).
    open var traitCollection: UITraitCollection { UITraitCollection() }

    /// Called when the traits change: never, here (one appearance, one scale).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Hit testing (UIView+Environment.swift)

    /// Whether `point`, in this view's coordinates, is inside the view: by default, inside its
    /// bounds. A subclass returns false to let touches through.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest view under `point` (this view's coordinates), as UIKit finds it: nil when
    /// this view is hidden, ignores interaction, is almost transparent (alpha below 0.01) or
    /// `point(inside:with:)` says no; else the last subview (the frontmost) that answers,
    /// asked in turn from the front, or this view.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        hitTestDefault(point, with: event)
    }
}
