import Foundation
import LayerKit
import RefreshKit

/// The three-dots pull-to-refresh header "CYXRefreshHeader" (after the Boss直聘 app), ported
/// line by line (docs/loaders.md, "Three dots").
///
/// A white 50×10 view with three dots, all centred at first. While pulling, the outer dots
/// spread apart with the pull and the view rises with them; releasing past 40 points starts
/// the refresh: the inset grows to 40 and each dot blinks (`opacity` keyframes 1, 0, 1, 1 over
/// 1 s), the second a quarter of a second after the first and the third half a second after,
/// so the blink runs along the row as a wave.
///
/// The dots are plain shape layers: setting their frames animates implicitly over 0.25 s, as
/// on iOS. The header itself is a view and moves without animation.
final class ThreeDotsHeader: RefreshHeader {
    /// `HeaderHeight`.
    static let headerHeight = 10.0
    /// `HeaderWidth`.
    static let headerWidth = 50.0
    /// `RefreshFullOffset`: the pull that triggers the refresh, and the refreshing inset.
    static let refreshFullOffset = 40.0
    /// `RefreshArcRadius`.
    static let refreshArcRadius = 5.0
    /// `RefreshMaxWidth`: how far the outer dots move out.
    static let refreshMaxWidth = 20.0
    /// `KeyAnimationDuration`.
    static let keyAnimationDuration = 0.5
    static let pointColor = Color(r255: 90, g: 200, b: 200)

    let layer: Layer
    let firstPointLayer = ShapeLayer()
    let secondPointLayer = ShapeLayer()
    let thirdPointLayer = ShapeLayer()

    /// `isAnimating`: from the start of the refresh until the stop animation has finished.
    private(set) var isAnimating = false
    /// `offSet`: the last observed `contentOffset.y`.
    private(set) var offSet = 0.0
    private(set) weak var control: RefreshControl?

    init() {
        layer = Layer()
        layer.isViewBacking = true
        layer.name = "header"
        Transaction.performWithoutActions {
            layer.backgroundColor = .white
            layer.frame = Rect(x: 0, y: Self.headerHeight, width: Self.headerWidth, height: Self.headerHeight)
            firstPointLayer.name = "dot.1"
            secondPointLayer.name = "dot.2"
            thirdPointLayer.name = "dot.3"
            for dot in [firstPointLayer, secondPointLayer, thirdPointLayer] {
                // The original's lazy getters: a dot filled with the theme colour.
                dot.fillColor = Self.pointColor
                layer.addSublayer(dot)
                dot.frame = Self.centredDotFrame
                dot.path = Self.pointPath()
            }
        }
    }

    /// Where every dot sits at rest: in the middle of the header.
    static var centredDotFrame: Rect {
        Rect(
            x: headerWidth / 2 - refreshArcRadius, y: headerHeight / 2 - refreshArcRadius,
            width: refreshArcRadius * 2, height: refreshArcRadius * 2)
    }

    /// `pointPath`.
    private static func pointPath() -> Path {
        Path.arc(
            center: Point(x: refreshArcRadius, y: refreshArcRadius), radius: refreshArcRadius,
            startAngle: 0, endAngle: Double.pi * 2, clockwise: true)
    }

    // MARK: Pulling

    /// `setOffSetUI`: spreads the dots with the pull and raises the view with them. (The original's
    /// trigger — `-offSet >= RefreshFullOffset && !isAnimating && !dragging` — is the refresh
    /// control's release past its threshold.)
    func setOffSetUI() {
        if !isAnimating && offSet <= 0 {
            var scale = -offSet / Self.refreshFullOffset
            if scale > 1 { scale = 1 }
            if !(scale >= 0) { scale = 0 }  // also NaN
            layoutDots(scale: scale)
        }
    }

    /// The body of `setOffSetUI` for a spread of `scale` (0…1).
    func layoutDots(scale: Double) {
        let full = Self.refreshFullOffset
        let arc = Self.refreshArcRadius
        let centerX = Self.headerWidth / 2
        let maxLeftX = centerX - Self.refreshMaxWidth
        let maxLeftDistance = centerX - maxLeftX
        let maxRightX = centerX + Self.refreshMaxWidth
        let maxRightDistance = maxRightX - centerX

        firstPointLayer.frame = Rect(
            x: centerX - maxLeftDistance * scale - arc, y: Self.headerHeight / 2 - arc,
            width: arc * 2, height: arc * 2)
        thirdPointLayer.frame = Rect(
            x: centerX + maxRightDistance * scale - arc, y: Self.headerHeight / 2 - arc,
            width: arc * 2, height: arc * 2)
        // The view's top edge rises with the spread.
        let topY = -(full / 2 - full / 2.0 * (1.0 - scale)) - arc * 2
        var frame = layer.frame
        frame.origin.y = topY
        layer.frame = frame
    }

    // MARK: Refreshing

    /// `startAnimation` without its inset block (the refresh control's begin animation: the
    /// inset grows to 40 over 0.5 s): the dots blink in a wave.
    func startAnimation() {
        isAnimating = true
        // CACurrentMediaTime() in the dots' own time, so a paused or slowed scene staggers
        // them in its own time too.
        let now = firstPointLayer.currentLocalTime
        var animation = opacityAnimation()
        firstPointLayer.addAnimation(animation, forKey: "opacity")

        animation = opacityAnimation()
        animation.beginTime = now + Self.keyAnimationDuration / 2
        secondPointLayer.addAnimation(animation, forKey: "opacity")

        animation = opacityAnimation()
        animation.beginTime = now + Self.keyAnimationDuration
        thirdPointLayer.addAnimation(animation, forKey: "opacity")
    }

    /// `opacityAnimation`: 1, 0, 1, 1 over 1 s (the original sets the duration twice; the second,
    /// `KeyAnimationDuration * 2`, wins), forever.
    func opacityAnimation() -> KeyframeAnimation {
        let animation = KeyframeAnimation(keyPath: "opacity")
        animation.duration = Self.keyAnimationDuration
        animation.repeatCount = .infinity
        animation.fillMode = .forwards
        animation.duration = Self.keyAnimationDuration * 2
        animation.values = [1.0, 0.0, 1.0, 1.0]
        return animation
    }

    /// `initLayerFrame`: every dot back in the middle.
    func initLayerFrame() {
        firstPointLayer.frame = Self.centredDotFrame
        secondPointLayer.frame = Self.centredDotFrame
        thirdPointLayer.frame = Self.centredDotFrame
    }

    /// `stopAnimation`'s completion: the blinking stops.
    ///
    /// The original's `endRefresh` animates the inset to 0 over 0.5 s and, when done, calls
    /// `stopAnimation` and `initLayerFrame`. `stopAnimation` animates the inset to 0 once more;
    /// it is already 0, so that block animates nothing and UIKit runs its completion at once:
    /// the animations go and `isAnimating` clears together with the dots' return.
    func stopAnimation() {
        thirdPointLayer.removeAllAnimations()
        firstPointLayer.removeAllAnimations()
        secondPointLayer.removeAllAnimations()
        isAnimating = false
    }

    // MARK: RefreshHeader

    /// The refresh state machine, set up as the original's header behaves: refresh on release past
    /// 40 points; the inset grows to 40 over 0.5 s and goes back over 0.5 s (`UIView.animate`,
    /// ease-in-ease-out).
    static let refreshSettings = RefreshSettings(
        headerHeight: headerHeight, threshold: refreshFullOffset, refreshingInset: refreshFullOffset,
        beginAnimation: ScrollAnimation(duration: 0.5), endAnimation: ScrollAnimation(duration: 0.5),
        simulatedLoad: simulatedLoad)

    /// The demo's simulated load (the original does not say; long enough for a few waves).
    static let simulatedLoad = 3.0

    /// `willMoveToSuperview:`: centred horizontally, bottom edge at the content's top, and
    /// observing the offset.
    func attach(to control: RefreshControl) {
        self.control = control
        control.onOffsetChange = { [weak self] control in
            self?.offSet = control.scrollView.contentOffset.y
            self?.setOffSetUI()
        }
        control.onStateChange = { [weak self] control, old in self?.stateDidChange(control.state, from: old) }
        Transaction.performWithoutActions {
            var frame = layer.frame
            frame.origin.x = control.scrollView.viewportSize.width / 2 - Self.headerWidth / 2
            frame.origin.y = -Self.headerHeight
            layer.frame = frame
        }
    }

    /// Keeps the header centred when the scroll view's width changes.
    func layoutInScrollView() {
        guard let control else { return }
        var frame = layer.frame
        frame.origin.x = control.scrollView.viewportSize.width / 2 - Self.headerWidth / 2
        layer.frame = frame
    }

    private func stateDidChange(_ state: RefreshState, from old: RefreshState) {
        switch state {
        case .refreshing where !isAnimating:
            // Started from code, the pull never spread the dots: spread them as a full pull does.
            layoutDots(scale: 1)
            startAnimation()
        case .idle where old == .ending:
            // `endRefresh`'s completion.
            stopAnimation()
            initLayerFrame()
        default:
            break
        }
    }

    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }
}
