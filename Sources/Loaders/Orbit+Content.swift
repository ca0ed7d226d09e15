import LayerKit

/// The orbit ring, centred in the viewport at the original's 200×200 (smaller if the viewport is).
final class OrbitContent: SessionContent {
    static let background = Color(r255: 28, g: 30, b: 40)
    static let viewSide = 200.0
    private let root: Layer
    private var view: OrbitView
    private var running = false

    init(root: Layer, size: Size) {
        self.root = root
        view = OrbitView(frame: Self.frame(in: size))
        Transaction.performWithoutActions {
            root.backgroundColor = Self.background
            root.masksToBounds = true
            root.addSublayer(view.layer)
        }
    }

    private static func frame(in size: Size) -> Rect {
        let side = min(viewSide, size.width, size.height)
        return Rect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
    }

    var status: LoaderStatus { running ? .running : .stopped }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }

    func layout(size: Size) {
        let frame = Self.frame(in: size)
        if frame.size == view.layer.bounds.size {
            view.layer.frame = frame
            return
        }
        // The original builds everything from the view's bounds: a new size is a new view.
        view.layer.removeFromSuperlayer()
        view = OrbitView(frame: frame)
        Transaction.performWithoutActions { root.addSublayer(view.layer) }
        if running { view.makeLayersAnimated() }
    }

    func start() {
        running = true
        view.makeLayersAnimated()
    }

    func stop() {
        running = false
        view.stopAnimations()
    }
}
