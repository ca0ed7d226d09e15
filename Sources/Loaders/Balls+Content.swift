import LayerKit

/// The three balls in their container, centred in the viewport.
final class BallsContent: SessionContent {
    static let background = Color(r255: 62, g: 72, b: 88)
    private let root: Layer
    private var view: BallLoadingView

    init(root: Layer, size: Size) {
        self.root = root
        view = BallLoadingView(frame: Rect(origin: .zero, size: size))
        Transaction.performWithoutActions {
            root.backgroundColor = Self.background
            root.masksToBounds = true
            root.addSublayer(view.layer)
        }
    }

    var status: LoaderStatus { view.isAnimating ? .running : .stopped }

    var debugPaths: [(name: String, path: Path, toLayer: String)] {
        guard view.isAnimating else { return [] }
        return [
            (name: "ball.1 path", path: view.path1, toLayer: "container"),
            (name: "ball.3 path", path: view.path3, toLayer: "container"),
        ]
    }

    func layout(size: Size) {
        let old = view.layer.bounds.size
        let width = { (s: Size) in min(BallLoadingView.containerWidth, s.width, s.height) }
        if width(old) == width(size) {
            view.layer.frame = Rect(origin: .zero, size: size)
            view.ballContainer.position = Point(x: size.width / 2, y: size.height / 2)
            return
        }
        // The paths are built from the container's width: a new width is a new view.
        let wasRunning = view.isAnimating
        view.stop()
        view.layer.removeFromSuperlayer()
        view = BallLoadingView(frame: Rect(origin: .zero, size: size))
        Transaction.performWithoutActions { root.addSublayer(view.layer) }
        if wasRunning { view.start() }
    }

    func start() { view.start() }
    func stop() { view.stop() }
}
