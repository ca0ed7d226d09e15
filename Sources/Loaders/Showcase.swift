import LayerKit

/// The showcase's loops (`Catalog.showcase`): each shows one LayerKit feature animating, built
/// the way iOS code builds it, centred in the viewport on a dark background.
final class Showcase: SessionContent {
    static let background = Color(r255: 24, g: 26, b: 36)
    static let defaultSize = Size(width: 240, height: 240)

    /// The loops, in showcase order.
    enum Piece: String, CaseIterable {
        case cube, spinner, gradient, reveal, ball, text

        var id: String { "showcase-" + rawValue }

        var title: String {
            switch self {
            case .cube: "Cube (TransformLayer, perspective)"
            case .spinner: "Spinner (ReplicatorLayer)"
            case .gradient: "Shimmer (GradientLayer)"
            case .reveal: "Reveal (mask)"
            case .ball: "Springy ball (shadow)"
            case .text: "Label (TextLayer)"
            }
        }

        /// The piece's layers, laid out in a `side`-point square.
        func build(side: Double) -> ShowcaseStage {
            switch self {
            case .cube: ShowcaseStage.cube(side: side)
            case .spinner: ShowcaseStage.spinner(side: side)
            case .gradient: ShowcaseStage.shimmer(side: side)
            case .reveal: ShowcaseStage.reveal(side: side)
            case .ball: ShowcaseStage.ball(side: side)
            case .text: ShowcaseStage.label(side: side)
            }
        }
    }

    private let piece: Piece
    private let root: Layer
    private var stage: ShowcaseStage
    private var running = false

    /// The showcase piece with catalog id `id`; nil for any other id.
    init?(id: String, root: Layer, size: Size) {
        guard let piece = Piece.allCases.first(where: { $0.id == id }) else { return nil }
        self.piece = piece
        self.root = root
        stage = piece.build(side: Self.side(in: size))
        Transaction.performWithoutActions {
            root.backgroundColor = Self.background
            root.masksToBounds = true
            root.addSublayer(stage.layer)
        }
    }

    private static func side(in size: Size) -> Double { Swift.max(0, Swift.min(size.width, size.height)) }

    var status: LoaderStatus { running ? .running : .stopped }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }

    func layout(size: Size) {
        let side = Self.side(in: size)
        if stage.layer.bounds.size.width != side {
            // Built from its side: a new side is a new stage.
            stage.layer.removeAllAnimationsInSubtree()
            stage.layer.removeFromSuperlayer()
            stage = piece.build(side: side)
            Transaction.performWithoutActions { root.addSublayer(stage.layer) }
            if running { stage.start() }
        }
        Transaction.performWithoutActions {
            stage.layer.position = Point(x: size.width / 2, y: size.height / 2)
        }
    }

    func start() {
        running = true
        stage.start()
    }

    func stop() {
        running = false
        stage.layer.removeAllAnimationsInSubtree()
    }
}

/// One showcase piece's layers: `layer`, a `side`-point square named `stage`, and what
/// `start` adds to them.
struct ShowcaseStage {
    let layer: Layer
    let start: () -> Void

    /// A square stage of `side` points.
    static func square(_ side: Double) -> Layer {
        let layer = Layer()
        layer.name = "stage"
        layer.bounds = Rect(x: 0, y: 0, width: side, height: side)
        return layer
    }

    /// A forever-repeating animation of `duration` seconds.
    static func forever<A: Animation>(_ animation: A, duration: Double) -> A {
        animation.duration = duration
        animation.repeatCount = .infinity
        return animation
    }
}
