import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit

/// `UIScrollViewDelegate`: hears a scroll view scroll and be dragged. Every method is
/// optional (empty by default).
///
/// Deviation: the protocol asks only for a class (`AnyObject`), not `NSObjectProtocol`.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// `velocity` is in points per millisecond (positive y: the content moves up); setting
    /// `targetContentOffset.pointee` makes the scroll view end there instead.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// After `setContentOffset(_:animated: true)` has moved the content to its end.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

/// `UIScrollView`: a vertically scrolling view over RefreshKit's `ScrollView` (offset, inset,
/// the pan with its rubber band, bounce and deceleration).
///
/// Its layer's bounds origin is the content offset, so subviews placed in content
/// coordinates scroll with it, and a header added at negative y shows when the content is
/// pulled down. `contentInset` set inside `UIView.animate` slides the content to its new
/// rest position with the block's duration and curve, as on iOS.
///
/// The preview host makes the scroll view of a header preview (`init(hosting:layer:)`, in a
/// window whose layer is the viewport's) and drives it: the mouse drag is the finger, and the host keeps the layer's bounds origin at
/// the offset. A scroll view made with `init(frame:)` keeps its own layer in step and steps
/// its motion at its scene's updates, but no pointer reaches it.
///
/// Key-value observing works as on iOS for `contentOffset` (and `bounds`, which moves with
/// it), `contentSize`, `contentInset`, `frame` and `panGestureRecognizer.state`
/// (KeyValueObservingKeys.swift): observers hear each change after the delegate's
/// `scrollViewDidScroll`, the pan's state changes before the scrolling they cause.
///
/// Deviations: only the vertical axis scrolls; no zooming, paging or scroll indicators
/// (their insets and flags are stored as set); the content always bounces (`bounces` and
/// `alwaysBounceVertical` are stored as set); `setContentOffset(_:animated: true)` takes
/// 0.3 s, ease-in-ease-out; the `targetContentOffset` offered to the delegate is the
/// projected end of the deceleration (or the edge it bounces back to); there is no safe area,
/// so `adjustedContentInset` is `contentInset`.
open class UIScrollView: UIView {
    /// The physics model.
    package private(set) var model: ScrollView
    /// True when this view made its model (and so keeps its layer's bounds in step).
    private var ownsModel: Bool
    private var observerTokens: [ScrollView.Token] = []
    private var wasDecelerating = false
    /// True from an animated `setContentOffset` until its motion ends.
    private var isScrollingAnimation = false
    private var tickToken: (scene: Scene, token: Int)?
    /// The values observers last heard (the model has already changed when it tells).
    private var reportedOffset = CGPoint.zero
    private var reportedInset = UIEdgeInsets.zero
    private var reportedContentSize = CGSize.zero
    /// Counts the offset changes the model reported.
    private var offsetChanges = 0
    private let pan = UIPanGestureRecognizer()

    open weak var delegate: UIScrollViewDelegate?

    public override init(frame: CGRect) {
        model = ScrollView(viewportSize: frame.size.engine)
        ownsModel = true
        super.init(frame: frame)
        model.timeline = layer.engineLayer
        pan.view = self
        observe()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Wraps a scroll view the host owns, shown by `layer` (its bounds origin kept at the
    /// offset by the host). A convenience initialiser, so that subclasses see only UIKit's.
    @_spi(LoaderLabHost) public convenience init(hosting scrollView: ScrollView, layer: Layer) {
        self.init(frame: CGRect(origin: .zero, size: CGSize(scrollView.viewportSize)))
        for token in observerTokens { model.removeObserver(token) }
        observerTokens = []
        model = scrollView
        ownsModel = false
        adopt(LayerRegistry.wrapper(layer))
        observe()
    }

    deinit {
        for token in observerTokens { model.removeObserver(token) }
        if let tickToken { tickToken.scene.removeUpdateHandler(tickToken.token) }
    }

    private func observe() {
        reportedOffset = CGPoint(model.contentOffset)
        reportedInset = UIEdgeInsets(model.contentInset)
        reportedContentSize = CGSize(model.contentSize)
        observerTokens.append(
            model.addOffsetObserver { [weak self] _ in self?.offsetDidChange() })
        observerTokens.append(
            model.addInsetObserver { [weak self] _ in self?.insetDidChange() })
        observerTokens.append(
            model.addDragObserver { [weak self] _, event in self?.dragDidChange(event) })
    }

    /// The scene time in the scroll view's layer: scroll physics run in layer time.
    var now: Double {
        let l = layer.engineLayer
        guard let scene = l.scene else { return model.time }
        return l.convertTime(scene.currentTime, from: nil)
    }

    // MARK: State

    /// The content point shown at the top-left corner; negative y when pulled down past the top.
    open var contentOffset: CGPoint {
        get { CGPoint(model.contentOffset) }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content to `offset`, at once or over 0.3 s (then the delegate hears
    /// `scrollViewDidEndScrollingAnimation`). Observers of `contentOffset` hear a set that
    /// leaves the offset where it was too, as on iOS.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        let changes = offsetChanges
        model.setContentOffset(
            contentOffset.engine, animation: animated ? ScrollAnimation(duration: 0.3) : nil, at: now)
        if animated, model.isAnimating, !model.isDecelerating { isScrollingAnimation = true }
        if !animated, changes == offsetChanges {
            let offset = self.contentOffset
            KeyValueObservingRegistry.post(
                self, key: "contentOffset", old: NSValue(cgPoint: offset), new: NSValue(cgPoint: offset))
        }
        startTickingIfNeeded()
    }

    /// Room around the content; the resting offset at the top is `−contentInset.top`.
    /// Inside `UIView.animate` the content slides to its new place with the block's timing.
    open var contentInset: UIEdgeInsets {
        get { UIEdgeInsets(model.contentInset) }
        set {
            let animation = UIView.animationBlock.flatMap { block in
                block.duration > 0
                    ? ScrollAnimation(duration: block.duration, timingFunction: block.timingFunction) : nil
            }
            model.setContentInset(newValue.engine, animation: animation, at: now)
            startTickingIfNeeded()
        }
    }

    open var contentSize: CGSize {
        get { CGSize(model.contentSize) }
        set {
            model.setContentSize(newValue.engine, at: now)
            contentSizeDidChange()
            startTickingIfNeeded()
        }
    }

    /// The inset the content is laid out with: `contentInset` (there is no safe area here).
    open var adjustedContentInset: UIEdgeInsets { contentInset }

    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0
        case scrollableAxes = 1
        case never = 2
        case always = 3
    }

    /// Stored as set: with no safe area, every behaviour adjusts nothing.
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic

    /// The pan of the drag: its `state` follows the finger (`.began`, `.changed` as the drag
    /// moves the content, `.ended`, then `.possible`), observable with KVO.
    open var panGestureRecognizer: UIPanGestureRecognizer { pan }

    /// Stored as set: the content always bounces here (the refresh headers need it).
    open var bounces = true

    /// False: the finger does not scroll the content (a pan in progress goes on); code still
    /// can. Default true.
    open var isScrollEnabled: Bool {
        get { model.isScrollEnabled }
        set { model.isScrollEnabled = newValue }
    }
    /// Stored as set: the content always bounces vertically here.
    open var alwaysBounceVertical = false
    /// Stored as set (only the vertical axis scrolls).
    open var alwaysBounceHorizontal = false
    /// Stored as set: no scroll indicators are drawn.
    open var showsVerticalScrollIndicator = true
    /// Stored as set: no scroll indicators are drawn.
    open var showsHorizontalScrollIndicator = true
    /// Stored as set: no scroll indicators are drawn.
    open var scrollIndicatorInsets = UIEdgeInsets.zero
    /// Stored as set: no scroll indicators are drawn.
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Stored as set: no scroll indicators are drawn.
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Stored as set: there is no status bar to tap.
    open var scrollsToTop = true

    /// `UIScrollView.DecelerationRate`: how fast a flick slows, per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: CGFloat(ScrollPhysics.normalDecelerationRate))
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The flick's slow-down (`.normal`, 0.998; `.fast`, 0.99).
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(model.decelerationRate)) }
        set { model.decelerationRate = Double(newValue.rawValue) }
    }

    /// True while the finger is down and the content follows it.
    open var isDragging: Bool { model.isDragging }
    /// True while the finger is down.
    open var isTracking: Bool { model.isTracking }
    /// True while the content moves on after the finger lifted (flick or bounce).
    open var isDecelerating: Bool { model.isDecelerating }

    /// A new size is the model's new viewport (the host sizes the viewport of one it owns).
    override func boundsSizeDidChange(from oldSize: CGSize) {
        if ownsModel { model.setViewportSize(bounds.size.engine, at: now) }
    }

    /// Observers of `frame` hear each set, and those of `bounds` a change of its size.
    open override var frame: CGRect {
        get { super.frame }
        set {
            let oldFrame = super.frame
            let oldBounds = super.bounds
            super.frame = newValue
            if super.bounds != oldBounds {
                KeyValueObservingRegistry.post(
                    self, key: "bounds", old: NSValue(cgRect: oldBounds), new: NSValue(cgRect: self.bounds))
            }
            KeyValueObservingRegistry.post(
                self, key: "frame", old: NSValue(cgRect: oldFrame), new: NSValue(cgRect: self.frame))
        }
    }

    /// The origin is the content offset, as in UIKit: a new origin scrolls there. Observers of
    /// `bounds` hear each set.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let oldBounds = CGRect(origin: reportedOffset, size: super.bounds.size)
            let changes = offsetChanges
            super.bounds = newValue
            if newValue.origin != contentOffset { setContentOffset(newValue.origin, animated: false) }
            // A scroll has told them already.
            if changes == offsetChanges {
                KeyValueObservingRegistry.post(
                    self, key: "bounds", old: NSValue(cgRect: oldBounds),
                    new: NSValue(cgRect: CGRect(origin: contentOffset, size: super.bounds.size)))
            }
        }
    }

    // MARK: Events

    private func offsetDidChange() {
        offsetChanges += 1
        // The finger moved the content: the pan changed (before the scroll it causes).
        if model.isDragging, pan.state == .began || pan.state == .changed { pan.state = .changed }
        // Scrolling lays the scroll view out, as in UIKit (code that places views by the
        // offset does it in `layoutSubviews()`).
        setNeedsLayout()
        if ownsModel {
            var b = layer.engineLayer.bounds
            b.origin = model.contentOffset
            let slide = model.offsetChangeAnimation
            if slide != nil, ViewAnimation.isInsideBlock {
                // Set inside a view-animation block: the bounds change is that block's (its
                // completion waits for the slide), as in UIKit.
                layer.engineLayer.bounds = b
            } else if let slide {
                Transaction.begin()
                Transaction.setAnimationTimingFunction(slide.timingFunction)
                ViewAnimation.animate(withDuration: slide.duration) { layer.engineLayer.bounds = b }
                Transaction.commit()
            } else {
                Transaction.performWithoutActions { layer.engineLayer.bounds = b }
            }
        }
        delegate?.scrollViewDidScroll(self)
        // Key-value observers, after the delegate (UIKit's KVO wraps the setter that tells it):
        // the bounds, whose origin is the offset, then the offset.
        let old = reportedOffset
        let new = contentOffset
        reportedOffset = new
        let size = bounds.size
        KeyValueObservingRegistry.post(
            self, key: "bounds", old: NSValue(cgRect: CGRect(origin: old, size: size)),
            new: NSValue(cgRect: CGRect(origin: new, size: size)))
        KeyValueObservingRegistry.post(
            self, key: "contentOffset", old: NSValue(cgPoint: old), new: NSValue(cgPoint: new))
        contentSizeDidChange()
        if wasDecelerating, !model.isDecelerating {
            wasDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        }
        if isScrollingAnimation, !model.isAnimating {
            isScrollingAnimation = false
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    private func insetDidChange() {
        // A change made on the model (a refresh control's) may start a motion to step.
        startTickingIfNeeded()
        let old = reportedInset
        let new = contentInset
        reportedInset = new
        KeyValueObservingRegistry.post(
            self, key: "contentInset", old: NSValue(uiEdgeInsets: old), new: NSValue(uiEdgeInsets: new))
    }

    /// Tells observers of a new content size (set here, or by the host on its model).
    private func contentSizeDidChange() {
        let new = contentSize
        guard new != reportedContentSize else { return }
        let old = reportedContentSize
        reportedContentSize = new
        KeyValueObservingRegistry.post(
            self, key: "contentSize", old: NSValue(cgSize: old), new: NSValue(cgSize: new))
    }

    private func dragDidChange(_ event: ScrollView.DragEvent) {
        contentSizeDidChange()
        switch event {
        case .began:
            wasDecelerating = false
            isScrollingAnimation = false
            pan.translationOffset = .zero
            pan.state = .began
            delegate?.scrollViewWillBeginDragging(self)
        case .ended(let velocity):
            pan.state = .ended
            let projected = projectedRestOffset(velocity: velocity)
            var target = CGPoint(x: model.contentOffset.x, y: projected)
            delegate?.scrollViewWillEndDragging(
                self, withVelocity: CGPoint(x: 0, y: velocity / 1000), targetContentOffset: &target)
            if target.y != projected, target.y.isFinite {
                let seconds = ScrollPhysics.decelerationDuration(
                    velocity: velocity, rate: model.decelerationRate)
                model.setContentOffset(
                    target.engine,
                    animation: ScrollAnimation(duration: max(seconds, 0.3), timingFunction: .easeOut), at: now
                )
            }
            let decelerates = model.isDecelerating
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
            if decelerates {
                wasDecelerating = true
                delegate?.scrollViewWillBeginDecelerating(self)
            }
            // The recognizer resets once the touches are over, as UIKit's does.
            pan.state = .possible
            startTickingIfNeeded()
        }
    }

    /// Where the motion after a release at `velocity` (points/s) comes to rest: the edge it
    /// bounces back to, or the end of the flick's exponential slow-down
    /// (distance = v₀ / −ln(rate) with v₀ in points per millisecond), clamped to the range.
    private func projectedRestOffset(velocity: Double) -> Double {
        let y = model.contentOffset.y
        let lo = model.minContentOffsetY
        let hi = model.maxContentOffsetY
        if y < lo { return lo }
        if y > hi { return hi }
        guard model.isDecelerating else { return y }
        let distance = velocity / 1000 / -log(model.decelerationRate)
        return min(max(y + distance, lo), hi)
    }

    /// A scroll view with its own model steps its motion at every update of its scene while
    /// the motion lasts (the host steps the ones it owns).
    private func startTickingIfNeeded() {
        guard ownsModel, tickToken == nil, model.isAnimating, let scene = layer.engineLayer.scene else {
            return
        }
        let token = scene.addUpdateHandler { [weak self] in
            guard let self else { return }
            self.model.advance(to: self.now)
            if !self.model.isAnimating, let t = self.tickToken {
                t.scene.removeUpdateHandler(t.token)
                self.tickToken = nil
            }
        }
        tickToken = (scene, token)
    }
}
