import LayerKit
import Loaders

/// A preview that crashed or hung in an earlier preview process: its viewport, in place of its
/// code, says so and why (a contact sheet's cell after a crash). Nothing of the preview runs.
final class FailedPreviewContent: SessionContent {
    private let viewport: Layer
    private let label = TextLayer()

    static let background = Color(red: 0.16, green: 0.04, blue: 0.05, alpha: 1)
    static let textColor = Color(r255: 255, g: 170, b: 170)
    static let fontSize = 11.0
    static let inset = 8.0

    init(reason: String, root: Layer, size: Size) {
        viewport = root
        Transaction.performWithoutActions {
            root.backgroundColor = Self.background
            root.masksToBounds = true
            label.name = "failure"
            label.string = reason
            label.fontSize = Self.fontSize
            label.foregroundColor = Self.textColor
            label.isWrapped = true
            root.addSublayer(label)
        }
        layout(size: size)
    }

    var status: LoaderStatus { .stopped }
    var debugPaths: [(name: String, path: Path, toLayer: String)] { [] }

    func layout(size: Size) {
        Transaction.performWithoutActions {
            label.frame = Rect(
                x: Self.inset, y: Self.inset, width: Swift.max(0, size.width - 2 * Self.inset),
                height: Swift.max(0, size.height - 2 * Self.inset))
        }
    }

    func start() {}
    func stop() {}
}
