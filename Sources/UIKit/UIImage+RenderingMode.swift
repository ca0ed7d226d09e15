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
        guard let cgImage else { return self }
        if cgImage.reference.bitmap != nil {
            // A drawn image: the same pixels.
            return RenderingModeImage(cgImage: cgImage, scale: scale, mode: renderingMode)
        }
        guard let copy = RenderingModeImage(path: cgImage.reference.path, scale: scale, mode: renderingMode)
        else {
            return self
        }
        return copy
    }
}

/// A `UIImage` with a rendering mode of its own: the same file, read again, or the same drawn
/// pixels.
final class RenderingModeImage: UIImage {
    let mode: UIImage.RenderingMode

    init?(path: String, scale: CGFloat, mode: UIImage.RenderingMode) {
        self.mode = mode
        super.init(contentsOfFile: path, scale: Double(scale))
    }

    init(cgImage: CGImage, scale: CGFloat, mode: UIImage.RenderingMode) {
        self.mode = mode
        super.init(cgImage: cgImage, scale: scale, orientation: .up)
    }

    required init?(coder: NSCoder) {
        return nil
    }
}
