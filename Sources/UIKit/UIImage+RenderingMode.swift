import Foundation

extension UIImage {
    /// `UIImage.RenderingMode`, with iOS's raw values: how an image view shows the image.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: an image view shows the image as it is.
        case automatic = 0
        case alwaysOriginal = 1
        /// Only the image's alpha counts: it is filled with the image view's `tintColor`.
        case alwaysTemplate = 2
    }

    /// `.automatic` unless the image came from `withRenderingMode(_:)`.
    public var renderingMode: UIImage.RenderingMode {
        (self as? RenderingModeImage)?.mode ?? .automatic
    }

    /// The same picture with another rendering mode (`.alwaysTemplate`: tinted by image views).
    public func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage {
        if renderingMode == self.renderingMode { return self }
        guard let path = cgImage?.reference.path,
            let copy = RenderingModeImage(path: path, mode: renderingMode)
        else { return self }
        return copy
    }
}

/// A `UIImage` with a rendering mode of its own: the same file, read again.
final class RenderingModeImage: UIImage {
    let mode: UIImage.RenderingMode

    init?(path: String, mode: UIImage.RenderingMode) {
        self.mode = mode
        super.init(contentsOfFile: path)
    }

    required init?(coder: NSCoder) {
        return nil
    }
}
