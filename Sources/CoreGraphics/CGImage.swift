import Foundation
import LayerKit
import Synchronization

/// `CGImage`: a bitmap image — a reference to an image file the renderer decodes
/// (`UIImage(named:)`), a drawn image (`makeImage()`, `UIGraphicsImageRenderer`), or decoded
/// pixels (`CGImage(width:…provider:…)`, `CGImage(maskWidth:…)`, `masking(_:)`, a
/// `CGContext(data:…)`'s `makeImage()`). Layers show it as `contents`.
///
/// Its bytes (`dataProvider`) and their layout (`bitsPerComponent`, `bitsPerPixel`,
/// `bytesPerRow`, `bitmapInfo`) are what it was made with; a drawn image or a file has UIKit's
/// layout — 8-bit BGRA, premultiplied (`premultipliedFirst` with `byteOrder32Little`) — its
/// bytes made from its pixels the first time they are asked for (a file's and a drawing's
/// through the registered drawing backend), and kept.
public final class CGImage: Hashable, CustomStringConvertible, @unchecked Sendable {
    package let reference: ImageReference
    /// How `dataProvider`'s bytes hold the pixels.
    package let layout: CGBitmapLayout
    private let space: CGColorSpace?
    private let given: CGDataProvider?
    private let pixelCache = Mutex<PixelImage?>(nil)
    private let providerCache = Mutex<CGDataProvider?>(nil)

    /// An image of `reference` in UIKit's layout.
    package init(reference: ImageReference) {
        self.reference = reference
        layout = .uikit(width: Int(reference.pixelSize?.width ?? 0))
        space = CGColorSpace(model: .rgb)
        given = nil
        if let base = reference.bitmap?.base, reference.bitmap?.drawing.isEmpty == true {
            pixelCache.withLock { $0 = base }
        }
    }

    /// An image of decoded `pixels`, at one pixel a point, whose bytes are `provider`'s (or, if
    /// nil, made from the pixels in `layout`).
    package init(pixels: PixelImage, layout: CGBitmapLayout, space: CGColorSpace?, provider: CGDataProvider?)
    {
        reference = ImageReference(bitmap: Bitmap(pixels: pixels), scale: 1)
        self.layout = layout
        self.space = space
        given = provider
        pixelCache.withLock { $0 = pixels }
    }

    /// The width in pixels (0 when the file's size could not be read).
    public var width: Int { Int(reference.pixelSize?.width ?? 0) }
    /// The height in pixels (0 when the file's size could not be read).
    public var height: Int { Int(reference.pixelSize?.height ?? 0) }

    /// Bits in each colour or alpha component (8 here).
    public var bitsPerComponent: Int { layout.bitsPerComponent }
    /// Bits from one pixel to the next.
    public var bitsPerPixel: Int { layout.bitsPerPixel }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { layout.bytesPerRow }
    /// The components' order, alpha and byte order.
    public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }
    /// Where alpha is and whether colours are premultiplied by it.
    public var alphaInfo: CGImageAlphaInfo { layout.alphaInfo }
    /// True for an image mask (`CGImage(maskWidth:…)`).
    public var isMask: Bool { layout.isMask }
    /// The colour space; nil for an image mask.
    public var colorSpace: CGColorSpace? { layout.isMask ? nil : space }

    /// The image's bytes in its layout: the provider it was made with, or its pixels encoded,
    /// made once.
    public var dataProvider: CGDataProvider? {
        if let given { return given }
        if let known = providerCache.withLock({ $0 }) { return known }
        guard let pixels = pixelImage else { return nil }
        var layout = layout
        layout.bytesPerRow = max(layout.bytesPerRow, layout.minimumBytesPerRow(width: pixels.width))
        let provider = CGDataProvider(bytes: layout.encoded(pixels))
        return providerCache.withLock { slot in
            if let other = slot { return other }
            slot = provider
            return provider
        }
    }

    /// The image's pixels, decoded once: a drawing's and a file's made by the registered
    /// drawing backend (nil without one, or for a file of unknown size).
    package var pixelImage: PixelImage? {
        if let known = pixelCache.withLock({ $0 }) { return known }
        guard Drawing.backend != nil, width > 0, height > 0 else { return nil }
        let bitmap =
            reference.bitmap
            ?? Bitmap(
                drawing: Drawing(commands: [
                    .image(
                        reference, rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                        state: DrawingState())
                ]), width: width, height: height, scale: 1)
        guard let pixels = PixelImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
        else { return nil }
        return pixelCache.withLock { slot in
            if let other = slot { return other }
            slot = pixels
            return pixels
        }
    }

    public static func == (l: CGImage, r: CGImage) -> Bool {
        l.reference == r.reference && l.layout == r.layout
    }
    public func hash(into h: inout Hasher) { h.combine(reference) }

    public var description: String { "CGImage(\(reference.path), \(width)×\(height))" }
}
