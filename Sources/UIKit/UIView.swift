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
/// `layoutSubviews()` runs after the bounds change (or `setNeedsLayout()`), once, at the next
/// frame of the scene the view is shown in, or at `layoutIfNeeded()`.
///
/// Deviations: there is no `UIResponder`, touch handling, window, Auto Layout, drawing
/// (`draw(_:)`) or archive support (`init?(coder:)` always fails); `layerClass` may name
/// `CALayer`, `CAShapeLayer`, `CAGradientLayer`, `CATextLayer` or `CAReplicatorLayer` (a
/// layer class declared elsewhere cannot be made by the view, and is reported); the types are
/// not bound to the main actor.
open class UIView: NSObject {
    /// The view's layer, of `layerClass`.
    public let layer: CALayer
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    open var tag: Int = 0
    private var needsLayout = true
    private var backgroundColorObject: UIColor?
    /// The tint set on this view (nil: its superview's), `UIView+Tint.swift`.
    var ownTintColor: UIColor?
    /// `isUserInteractionEnabled`: stored as set; nothing here delivers touches to views.
    open var isUserInteractionEnabled = true

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

    /// How the layer's contents (an image) fit the bounds: the layer's `contentsGravity`.
    open var contentMode: UIView.ContentMode {
        get { UIView.ContentMode(layer.contentsGravity) }
        set { layer.contentsGravity = newValue.gravity }
    }

    /// The class of the view's layer (override with `CAShapeLayer.self` …).
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect) {
        layer = UIView.makeLayer(Self.layerClass, for: Self.self)
        super.init()
        layer.engineLayer.isViewBacking = true
        layer.frame = frame
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// There are no archives (storyboards, nibs) here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Wraps a layer the host made (a scroll view's).
    init(hostingLayer: CALayer) {
        layer = hostingLayer
        super.init()
    }

    private static func makeLayer(_ cls: AnyClass, for view: UIView.Type) -> CALayer {
        let id = ObjectIdentifier(cls)
        switch id {
        case ObjectIdentifier(CALayer.self): return CALayer()
        case ObjectIdentifier(CAShapeLayer.self): return CAShapeLayer()
        case ObjectIdentifier(CAGradientLayer.self): return CAGradientLayer()
        case ObjectIdentifier(CATextLayer.self): return CATextLayer()
        case ObjectIdentifier(CAReplicatorLayer.self): return CAReplicatorLayer()
        default:
            CALayer.errorReporter(
                "UIKit: \(view).layerClass \(cls) cannot be made here (only CALayer, CAShapeLayer, "
                    + "CAGradientLayer, CATextLayer and CAReplicatorLayer); the view has a CALayer")
            return CALayer()
        }
    }

    // MARK: Geometry

    open var frame: CGRect {
        get { layer.frame }
        set {
            let old = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != old { setNeedsLayout() }
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let old = layer.bounds.size
            layer.bounds = newValue
            if layer.bounds.size != old { setNeedsLayout() }
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

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped); its layer goes just below the
    /// layer of the subview that follows it, or on top.
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self, let i = subviews.firstIndex(of: view) {
            subviews.remove(at: i)
        } else {
            view.willMove(toSuperview: self)
            view.detach()
        }
        let i = min(max(index, 0), subviews.count)
        subviews.insert(view, at: i)
        let isNew = view.superview !== self
        view.superview = self
        if i == 0 {
            // At the back: below every sublayer, also those of no subview (as a table's header
            // inserted at 0 goes behind its cells — here, the preview host's list).
            layer.insertSublayer(view.layer, at: 0)
        } else if i + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
        if isNew {
            view.setNeedsLayout()
            didAddSubview(view)
            view.didMoveToSuperview()
            if view.ownTintColor == nil { view.tintColorDidChangeInSubtree() }
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

    open func removeFromSuperview() {
        guard superview != nil else { return }
        willMove(toSuperview: nil)
        detach()
        didMoveToSuperview()
    }

    /// Takes the view out of its superview without telling it.
    private func detach() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
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

    // MARK: Layout

    /// Lays out the subviews; the default does nothing. Called after the bounds change.
    open func layoutSubviews() {}

    /// Asks for `layoutSubviews()` at the next frame (or at `layoutIfNeeded()`).
    open func setNeedsLayout() {
        needsLayout = true
        LayoutQueue.enqueue(self)
    }

    /// Runs a pending layout now, this view's first, then its subviews'.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for sub in subviews { sub.layoutIfNeeded() }
    }
}

/// Views waiting for `layoutSubviews()`; laid out at their scene's next update.
enum LayoutQueue {
    private final class Entry {
        weak var view: UIView?
        init(_ view: UIView) { self.view = view }
    }

    private static let lock = NSLock()
    /// The views waiting, by scene.
    nonisolated(unsafe) private static var pending: [ObjectIdentifier: [Entry]] = [:]

    static func enqueue(_ view: UIView) {
        guard let scene = view.layer.engineLayer.scene else { return }
        let id = ObjectIdentifier(scene)
        lock.lock()
        let isFirst = pending[id] == nil
        if pending[id, default: []].contains(where: { $0.view === view }) == false {
            pending[id, default: []].append(Entry(view))
        }
        lock.unlock()
        guard isFirst else { return }
        let root = scene.root
        scene.schedule(at: root.convertTime(scene.currentTime, from: nil), on: root) {
            flush(id)
        }
    }

    /// Lays out every view waiting in one scene, outermost first.
    private static func flush(_ id: ObjectIdentifier) {
        lock.lock()
        let views = pending.removeValue(forKey: id)?.compactMap(\.view) ?? []
        lock.unlock()
        let roots = views.filter { v in !views.contains { $0 !== v && v.isDescendant(of: $0) } }
        for v in roots { v.layoutIfNeeded() }
    }
}
