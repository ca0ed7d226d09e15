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
/// Deviations: only the vertical axis scrolls; no zooming, paging, scroll indicators or
/// `scrollViewDidEndScrollingAnimation`; `setContentOffset(_:animated: true)` takes 0.3 s,
/// ease-in-ease-out; the `targetContentOffset` offered to the delegate is the projected end
/// of the deceleration (or the edge it bounces back to).
open class UIScrollView: UIView {
    /// The physics model.
    package private(set) var model: ScrollView
    /// True when this view made its model (and so keeps its layer's bounds in step).
    private var ownsModel: Bool
    private var observerTokens: [ScrollView.Token] = []
    private var wasDecelerating = false
    private var tickToken: (scene: Scene, token: Int)?

    open weak var delegate: UIScrollViewDelegate?

    public override init(frame: CGRect) {
        model = ScrollView(viewportSize: frame.size.engine)
        ownsModel = true
        super.init(frame: frame)
        model.timeline = layer.engineLayer
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
        observerTokens.append(
            model.addOffsetObserver { [weak self] _ in self?.offsetDidChange() })
        observerTokens.append(
            model.addDragObserver { [weak self] _, event in self?.dragDidChange(event) })
    }

    /// The scene time in the scroll view's layer: scroll physics run in layer time.
    private var now: Double {
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

    /// Moves the content to `offset`, at once or over 0.3 s.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        model.setContentOffset(
            contentOffset.engine, animation: animated ? ScrollAnimation(duration: 0.3) : nil, at: now)
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
            startTickingIfNeeded()
        }
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

    // MARK: Events

    private func offsetDidChange() {
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
        if wasDecelerating, !model.isDecelerating {
            wasDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    private func dragDidChange(_ event: ScrollView.DragEvent) {
        switch event {
        case .began:
            wasDecelerating = false
            delegate?.scrollViewWillBeginDragging(self)
        case .ended(let velocity):
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
