import Foundation
import LayerKit
import RefreshKit

/// The four-dots pull-to-refresh header of "SURefresh", ported line by line (docs/loaders.md,
/// "Four dots").
///
/// A 35×35 view with four dots (top, left, bottom, right) and one line layer made of four
/// straight subpaths (top→left, left→bottom, bottom→right, right→top). While pulling, the
/// line's strokeStart/strokeEnd follow the pull through 4 stages of 2 sub-stages each, the
/// line "stretching" from one dot to the next and then "shrinking" into it, each dot appearing
/// when the line reaches it. Past `PullLen` all four dots show; releasing there starts the
/// refresh: the content inset grows to `PullLen`, the whole view spins and each dot moves in and
/// out twice per turn.
///
/// The dots and the line are plain shape layers, so the original's property changes animate
/// implicitly over 0.25 s, as on iOS; the view's own layer (`header`) is a view's backing
/// layer and moves without animation.
final class FourDotsHeader: RefreshHeader {
    /// `SURefreshHeaderHeight`: the whole animated view's size.
    static let headerHeight = 35.0
    /// `SURefreshPointRadius`.
    static let pointRadius = 5.0
    /// `SURefreshPullLen`: 85 in the version ported here (the original project used 55).
    static let pullLen = 85.0
    /// `SURefreshTranslatLen`.
    static let translateLen = 5.0

    static let topPointColor = Color(r255: 90, g: 200, b: 200)
    static let leftPointColor = Color(r255: 250, g: 85, b: 78)
    static let bottomPointColor = Color(r255: 92, g: 201, b: 105)
    static let rightPointColor = Color(r255: 253, g: 175, b: 75)

    /// The view's own layer: it carries the dots and the line, and spins while refreshing.
    let layer: Layer
    let topPointLayer: ShapeLayer
    let leftPointLayer: ShapeLayer
    let bottomPointLayer: ShapeLayer
    let rightPointLayer: ShapeLayer
    let lineLayer = ShapeLayer()

    /// True from the start of the refresh until the end animation finishes (`isAnimating`).
    private(set) var isAnimating = false
    private(set) weak var control: RefreshControl?

    init() {
        layer = Layer()
        layer.isViewBacking = true
        layer.name = "header"
        let h = Self.headerHeight
        let radius = Self.pointRadius
        let centerLine = h / 2
        let topPoint = Point(x: centerLine, y: radius)
        let leftPoint = Point(x: radius, y: centerLine)
        let bottomPoint = Point(x: centerLine, y: h - radius)
        let rightPoint = Point(x: h - radius, y: centerLine)
        topPointLayer = Self.layer(with: topPoint, color: Self.topPointColor)
        leftPointLayer = Self.layer(with: leftPoint, color: Self.leftPointColor)
        bottomPointLayer = Self.layer(with: bottomPoint, color: Self.bottomPointColor)
        rightPointLayer = Self.layer(with: rightPoint, color: Self.rightPointColor)
        topPointLayer.name = "dot.top"
        leftPointLayer.name = "dot.left"
        bottomPointLayer.name = "dot.bottom"
        rightPointLayer.name = "dot.right"

        Transaction.performWithoutActions {
            layer.bounds = Rect(x: 0, y: 0, width: h, height: h)
            // Top.
            topPointLayer.isHidden = false
            topPointLayer.opacity = 0
            layer.addSublayer(topPointLayer)
            // Left, bottom, right.
            layer.addSublayer(leftPointLayer)
            layer.addSublayer(bottomPointLayer)
            layer.addSublayer(rightPointLayer)

            // The line joining the dots: four subpaths, each started with a move.
            lineLayer.name = "line"
            lineLayer.frame = layer.bounds
            lineLayer.lineWidth = radius * 2
            lineLayer.lineCap = .round
            lineLayer.lineJoin = .round
            lineLayer.fillColor = Self.topPointColor
            lineLayer.strokeColor = Self.topPointColor
            var path = Path()
            path.move(to: topPoint)
            path.addLine(to: leftPoint)
            path.move(to: leftPoint)
            path.addLine(to: bottomPoint)
            path.move(to: bottomPoint)
            path.addLine(to: rightPoint)
            path.move(to: rightPoint)
            path.addLine(to: topPoint)
            lineLayer.path = path
            lineLayer.strokeStart = 0
            lineLayer.strokeEnd = 0
            layer.insertSublayer(lineLayer, above: topPointLayer)
        }
    }

    /// `layerWithPoint:color:`: a hidden dot of radius 5 centred on `center`.
    private static func layer(with center: Point, color: Color) -> ShapeLayer {
        let layer = ShapeLayer()
        Transaction.performWithoutActions {
            let r = pointRadius
            layer.frame = Rect(x: center.x - r, y: center.y - r, width: r * 2, height: r * 2)
            layer.fillColor = color
            layer.path = pointPath()
            layer.isHidden = true
        }
        return layer
    }

    /// `pointPath`.
    private static func pointPath() -> Path {
        Path.arc(
            center: Point(x: pointRadius, y: pointRadius), radius: pointRadius, startAngle: 0,
            endAngle: Double.pi * 2, clockwise: true)
    }

    // MARK: Pulling

    /// `setLineLayerStrokeWithProgress:`: dots and line for a pull of `progress` points.
    func setLineLayerStroke(progress: Double) {
        let pullLen = Self.pullLen
        var startProgress = 0.0
        var endProgress = 0.0
        if !(progress >= 0) {
            // Hidden (also for NaN, which no comparison admits).
            topPointLayer.opacity = 0
            adjustPointState(index: 0)
        } else if progress < pullLen - 40 {
            // The top dot fades in (opacity is clamped to 1 when drawn, as in Core Animation).
            topPointLayer.opacity = progress / 20
            adjustPointState(index: 0)
        } else if progress < pullLen {
            // The 4 stages of 10 points.
            topPointLayer.opacity = 1
            let stage = Int((progress - (pullLen - 40)) / 10)  // 0…3
            let subProgress = (progress - (pullLen - 40)) - Double(stage) * 10
            if subProgress >= 0 && subProgress <= 5 {
                // First half: the line grows from this stage's dot towards the next.
                adjustPointState(index: stage * 2)
                startProgress = Double(stage) / 4
                endProgress = Double(stage) / 4 + subProgress / 40 * 2
            }
            if subProgress > 5 && subProgress < 10 {
                // Second half: the next dot shows and the line shrinks into it.
                adjustPointState(index: stage * 2 + 1)
                startProgress = Double(stage) / 4 + (subProgress - 5) / 40 * 2
                if startProgress < Double(stage + 1) / 4 - 0.1 {
                    startProgress = Double(stage + 1) / 4 - 0.1
                }
                endProgress = Double(stage + 1) / 4
            }
        } else {
            // Past PullLen: all four dots show.
            topPointLayer.opacity = 1
            adjustPointState(index: Int.max)
            startProgress = 1
            endProgress = 1
        }
        lineLayer.strokeStart = startProgress
        lineLayer.strokeEnd = endProgress
    }

    /// `adjustPointStateWithIndex:`: which dots show for sub-stage `index` (0…7), and the line
    /// takes the colour of the newest one.
    func adjustPointState(index: Int) {
        leftPointLayer.isHidden = !(index > 1)
        bottomPointLayer.isHidden = !(index > 3)
        rightPointLayer.isHidden = !(index > 5)
        lineLayer.strokeColor =
            index > 5
            ? Self.rightPointColor
            : index > 3 ? Self.bottomPointColor : index > 1 ? Self.leftPointColor : Self.topPointColor
    }

    /// The header's top edge in the scroll view's content while pulled by `progress` (original
    /// project): it hangs from the top of the revealed gap until the gap is taller than the
    /// view, then stays centred in the gap, and stops in the middle of the `PullLen` inset.
    static func headerY(progress: Double) -> Double {
        let h = headerHeight
        if progress >= pullLen { return -(pullLen - (pullLen - h) / 2) }
        if progress <= h { return -progress }
        return -(h + (progress - h) / 2)
    }

    // MARK: Refreshing

    /// `startAni`: each dot moves in and out twice per turn while the whole view spins.
    func startAni() {
        let d = Self.translateLen
        addTranslationAni(to: topPointLayer, x: 0, y: d)
        addTranslationAni(to: leftPointLayer, x: d, y: 0)
        addTranslationAni(to: bottomPointLayer, x: 0, y: -d)
        addTranslationAni(to: rightPointLayer, x: -d, y: 0)
        addRotationAni(to: layer)
    }

    /// `addTranslationAniToLayer:xValue:yValue:`.
    private func addTranslationAni(to layer: Layer, x: Double, y: Double) {
        let translationKeyframeAni = KeyframeAnimation(keyPath: "transform")
        translationKeyframeAni.duration = 1.0
        translationKeyframeAni.repeatCount = .infinity
        translationKeyframeAni.isRemovedOnCompletion = false
        translationKeyframeAni.fillMode = .forwards
        translationKeyframeAni.timingFunction = .linear
        let fromValue = AnimationValue.transform(Transform3D(translationX: 0, y: 0, z: 0))
        let toValue = AnimationValue.transform(Transform3D(translationX: x, y: y, z: 0))
        translationKeyframeAni.values = [fromValue, toValue, fromValue, toValue, fromValue]
        layer.addAnimation(translationKeyframeAni, forKey: "translationKeyframeAni")
    }

    /// `addRotationAniToLayer:`.
    private func addRotationAni(to layer: Layer) {
        let rotationAni = BasicAnimation(keyPath: "transform.rotation.z")
        rotationAni.fromValue = 0
        rotationAni.toValue = .number(Double.pi * 2)
        rotationAni.duration = 1.0
        rotationAni.timingFunction = .linear
        rotationAni.repeatCount = .infinity
        rotationAni.fillMode = .forwards
        rotationAni.isRemovedOnCompletion = false
        layer.addAnimation(rotationAni, forKey: "rotationAni")
    }

    /// Removes the spin and the dots' movement (and any implicit animation still in flight);
    /// `stateDidChange` then shows the dots as the current pull does.
    private func stopAni() {
        for l in [layer, topPointLayer, leftPointLayer, bottomPointLayer, rightPointLayer] {
            l.removeAllAnimations()
        }
    }

    // MARK: RefreshHeader

    /// The refresh state machine, set up as the original's header behaves: refresh on release past
    /// `PullLen`; the inset grows to `PullLen` over 0.5 s (`UIView.animate`, ease-in-ease-out)
    /// and goes back over 0.5 s.
    static let refreshSettings = RefreshSettings(
        headerHeight: headerHeight, threshold: pullLen, refreshingInset: pullLen,
        beginAnimation: ScrollAnimation(duration: 0.5), endAnimation: ScrollAnimation(duration: 0.5),
        simulatedLoad: simulatedLoad)

    /// The demo's simulated load (the original does not say; long enough for three turns).
    static let simulatedLoad = 3.0

    func attach(to control: RefreshControl) {
        self.control = control
        control.onOffsetChange = { [weak self] _ in self?.scrollViewDidScroll() }
        control.onStateChange = { [weak self] control, old in self?.stateDidChange(control.state, from: old) }
        layoutInScrollView()
        Transaction.performWithoutActions { scrollViewDidScroll() }
    }

    /// Centred horizontally, at the height the pull gives it.
    func layoutInScrollView() {
        guard let control else { return }
        let progress = -control.scrollView.contentOffset.y
        layer.frame = Rect(
            x: (control.scrollView.viewportSize.width - Self.headerHeight) / 2,
            y: Self.headerY(progress: progress), width: Self.headerHeight, height: Self.headerHeight)
    }

    /// The offset changed (the original observes `contentOffset`). The pull drives the dots and
    /// the line only while not animating; the header keeps its place in the revealed gap.
    func scrollViewDidScroll() {
        guard let control else { return }
        layoutInScrollView()
        if !isAnimating {
            setLineLayerStroke(progress: -control.scrollView.contentOffset.y)
        }
    }

    /// Refresh starts when the finger lifts past `PullLen` (the control's threshold) or from
    /// code; it ends when the inset is back.
    private func stateDidChange(_ state: RefreshState, from old: RefreshState) {
        switch state {
        case .refreshing where !isAnimating:
            // Started from code, the pull never showed the dots: show them all, as past PullLen.
            setLineLayerStroke(progress: Self.pullLen)
            isAnimating = true
            startAni()
        case .idle where old == .ending:
            // The end animation finished: the spin stops and the dots show the pull again.
            stopAni()
            isAnimating = false
            scrollViewDidScroll()
        default:
            break
        }
    }

    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }
}
