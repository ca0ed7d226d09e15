import Foundation
import LayerKit

/// `CGImage`: a bitmap image, here a reference to an image file the renderer decodes (see
/// `UIImage(named:)`, the only way to make one). Layers show it as `contents`.
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    package let reference: ImageReference

    package init(reference: ImageReference) {
        self.reference = reference
    }

    /// The width in pixels (0 when the file's size could not be read).
    public var width: Int { Int(reference.pixelSize?.width ?? 0) }
    /// The height in pixels (0 when the file's size could not be read).
    public var height: Int { Int(reference.pixelSize?.height ?? 0) }

    public static func == (l: CGImage, r: CGImage) -> Bool { l.reference == r.reference }
    public func hash(into h: inout Hasher) { h.combine(reference) }

    public var description: String { "CGImage(\(reference.path), \(width)×\(height))" }
}
