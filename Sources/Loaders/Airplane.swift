import Foundation
import LayerKit
import LoaderLabResources
import RefreshKit

/// The airplane pull-to-refresh view from a well-known Swift animation course, ported line by
/// line (docs/loaders.md, "Airplane").
///
/// A 110-point view above the list, full width, over a sky: a dashed white circle whose
/// strokeEnd follows the pull, and an airplane image at the circle's start (its rightmost
/// point) whose opacity follows the pull. Releasing with the view fully revealed refreshes:
/// the inset grows by the view's height over 0.3 s; the circle runs a strokeStart/strokeEnd
/// group and the airplane flies the circle's own path (paced keyframes) while turning once,
/// both groups 1.5 s long and repeated for 5 s. The demo's simulated load ends it after 4 s.
///
/// The circle and the airplane are plain layers: the pull's changes animate implicitly over
/// 0.25 s, as on iOS. The view's own layer (`header`) moves without animation.
final class AirplaneRefreshView: RefreshHeader {
    /// `kRefreshViewHeight`.
    static let refreshViewHeight = 110.0
    /// The simulated load of the course's view controller (`delay(seconds: 4)`).
    static let simulatedLoad = 4.0
    /// The flat colour standing in for the course's sky background image.
    static let skyColor = Color(r255: 120, g: 190, b: 240)
    /// The airplane's size when its image cannot be read (the renderer shows a placeholder).
    static let fallbackImageSize = Size(width: 28, height: 28)

    /// The refresh view's own layer.
    let layer: Layer
    /// The course's background image view.
    let backgroundLayer = Layer()
    let ovalShapeLayer = ShapeLayer()
    let airplaneLayer = Layer()

    /// `isRefreshing`.
    private(set) var isRefreshing = false
    /// `progress`: how much of the view the pull reveals, 0…1.
    private(set) var progress = 0.0
    private(set) weak var control: RefreshControl?
    private var frameSize: Size

    /// `init(frame:scrollView:)` minus the scroll view, which `attach(to:)` supplies.
    init(width: Double) {
        layer = Layer()
        layer.isViewBacking = true
        layer.name = "header"
        frameSize = Size(width: max(0, width), height: Self.refreshViewHeight)
        Transaction.performWithoutActions {
            layer.frame = Rect(
                x: 0, y: -Self.refreshViewHeight, width: frameSize.width, height: frameSize.height)
            // The background image view: scale-aspect-fill, clipped to the view.
            backgroundLayer.name = "sky"
            backgroundLayer.isViewBacking = true
            backgroundLayer.backgroundColor = Self.skyColor
            backgroundLayer.masksToBounds = true
            layer.addSublayer(backgroundLayer)

            ovalShapeLayer.name = "track"
            ovalShapeLayer.strokeColor = .white
            ovalShapeLayer.fillColor = .clear
            ovalShapeLayer.lineWidth = 4.0
            ovalShapeLayer.lineDashPattern = [2, 3]
            layer.addSublayer(ovalShapeLayer)

            airplaneLayer.name = "airplane"
            airplaneLayer.opacity = 1.0
            let (image, size) = Self.airplaneImage()
            airplaneLayer.contents = image
            airplaneLayer.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
            layer.addSublayer(airplaneLayer)
            layoutSublayers()
        }
    }

    /// The parts of `init(frame:)` that depend on the frame: the oval and the airplane's place.
    private func layoutSublayers() {
        let size = frameSize
        backgroundLayer.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let refreshRadius = size.height / 2 * 0.8
        ovalShapeLayer.path = Path.oval(
            in: Rect(
                x: size.width / 2 - refreshRadius, y: size.height / 2 - refreshRadius,
                width: 2 * refreshRadius, height: 2 * refreshRadius))
        airplaneLayer.position = Point(x: size.width / 2 + size.height / 2 * 0.8, y: size.height / 2)
    }

    /// `UIImage(named: "airplane.png")`: the bundled 2× PNG, sized from its header.
    static func airplaneImage() -> (ImageReference, Size) {
        let scale = 2.0
        guard let path = LoaderLabResources.imagePath("airplane.png") else {
            return (ImageReference(path: "airplane.png", scale: scale), fallbackImageSize)
        }
        guard let pixels = PNGHeader.pixelSize(atPath: path) else {
            return (ImageReference(path: path, scale: scale), fallbackImageSize)
        }
        let image = ImageReference(path: path, pixelSize: pixels, scale: scale)
        return (image, image.pointSize ?? fallbackImageSize)
    }

    // MARK: Scroll view delegate

    func scrollViewDidScroll() {
        guard let scrollView = control?.scrollView else { return }
        let offsetY = max(-(scrollView.contentOffset.y + scrollView.contentInset.top), 0.0)
        progress = min(max(offsetY / frameSize.height, 0.0), 1.0)
        if !progress.isFinite { progress = 0 }
        if !isRefreshing {
            redrawFromProgress(progress)
        }
    }

    // `scrollViewWillEndDragging`: `if !isRefreshing && progress >= 1 { beginRefreshing() }` is
    // the refresh control's release past its threshold (the view's height), which then calls
    // `stateDidChange` → `beginRefreshing`; the view controller's `refreshViewDidRefresh`
    // starts the 4 s load (the control's simulated load).

    // MARK: Animating the refresh view

    /// `beginRefreshing` without its inset block (the control's begin animation: inset.top +=
    /// the view's height over 0.3 s).
    func beginRefreshing() {
        isRefreshing = true

        let strokeStartAnimation = BasicAnimation(keyPath: "strokeStart")
        strokeStartAnimation.fromValue = -0.5
        strokeStartAnimation.toValue = 1

        let strokeEndAnimation = BasicAnimation(keyPath: "strokeEnd")
        strokeEndAnimation.fromValue = 0.0
        strokeEndAnimation.toValue = 1.0

        let strokeAnimationGroup = AnimationGroup()
        strokeAnimationGroup.duration = 1.5
        strokeAnimationGroup.repeatDuration = 5.0
        strokeAnimationGroup.animations = [strokeStartAnimation, strokeEndAnimation]
        ovalShapeLayer.addAnimation(strokeAnimationGroup, forKey: nil)

        let flightAnimation = KeyframeAnimation(keyPath: "position")
        flightAnimation.path = ovalShapeLayer.path
        flightAnimation.calculationMode = .paced

        let airplaneOrientationAnimation = BasicAnimation(keyPath: "transform.rotation")
        airplaneOrientationAnimation.fromValue = 0
        airplaneOrientationAnimation.toValue = .number(2 * Double.pi)

        let flightAnimationGroup = AnimationGroup()
        flightAnimationGroup.duration = 1.5
        flightAnimationGroup.repeatDuration = 5.0
        flightAnimationGroup.animations = [flightAnimation, airplaneOrientationAnimation]
        airplaneLayer.addAnimation(flightAnimationGroup, forKey: nil)
    }

    /// `endRefreshing` without its inset block (the control's end animation: inset.top −= the
    /// view's height over 0.3 s, ease-out). The groups keep flying until their 5 s are up.
    func endRefreshing() {
        isRefreshing = false
    }

    /// `redrawFromProgress`.
    func redrawFromProgress(_ progress: Double) {
        ovalShapeLayer.strokeEnd = progress
        airplaneLayer.opacity = progress
    }

    // MARK: RefreshHeader

    /// The refresh state machine, set up as the course's view and view controller behave.
    static let refreshSettings = RefreshSettings(
        headerHeight: refreshViewHeight, threshold: refreshViewHeight, refreshingInset: refreshViewHeight,
        beginAnimation: ScrollAnimation(duration: 0.3),
        endAnimation: ScrollAnimation(duration: 0.3, timingFunction: .easeOut), simulatedLoad: simulatedLoad)

    func attach(to control: RefreshControl) {
        self.control = control
        control.onOffsetChange = { [weak self] _ in self?.scrollViewDidScroll() }
        control.onStateChange = { [weak self] control, old in self?.stateDidChange(control.state, from: old) }
        layoutInScrollView()
        // UIKit tells the delegate about the first layout's offset before anything is drawn, so
        // the circle and the airplane start from the resting progress without animating.
        Transaction.performWithoutActions { scrollViewDidScroll() }
    }

    /// Full width, bottom edge at the content's top.
    func layoutInScrollView() {
        guard let control else { return }
        let width = max(0, control.scrollView.viewportSize.width)
        Transaction.performWithoutActions {
            frameSize.width = width
            layer.frame = Rect(x: 0, y: -Self.refreshViewHeight, width: width, height: frameSize.height)
            layoutSublayers()
        }
    }

    private func stateDidChange(_ state: RefreshState, from old: RefreshState) {
        switch state {
        case .refreshing where !isRefreshing:
            // Started from code, the pull never showed the airplane: show it as a full pull does.
            redrawFromProgress(1)
            beginRefreshing()
        case .ending:
            endRefreshing()
        default:
            break
        }
    }

    var debugPaths: [(name: String, path: Path, toLayer: String)] {
        guard let path = ovalShapeLayer.path else { return [] }
        return [(name: "flight", path: path, toLayer: "header")]
    }
}

/// Reads a PNG's pixel size from its IHDR chunk, without decoding the image.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width and height in pixels, or nil when the file is missing, short or not a PNG.
    static func pixelSize(atPath path: String) -> Size? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24) else { return nil }
        return pixelSize(of: [UInt8](data))
    }

    /// The size from the first 24 bytes: signature, IHDR length and type, width, height.
    static func pixelSize(of bytes: [UInt8]) -> Size? {
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature else { return nil }
        guard Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> UInt32 {
            bytes[i..<i + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        let width = be32(16)
        let height = be32(20)
        // The PNG specification allows 1…2³¹−1 in each dimension.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { return nil }
        return Size(width: Double(width), height: Double(height))
    }
}
