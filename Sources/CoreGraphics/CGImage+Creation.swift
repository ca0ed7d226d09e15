import Foundation
import LayerKit
import Synchronization

/// `CGColorRenderingIntent`: how colours outside a space are mapped (accepted; every image is
/// drawn in device RGB here).
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// Images made from bytes: the provider's bytes are decoded into pixels once, when the image is
/// made (`CGBitmapLayout` says which layouts are read). A layout that is not read, or a provider
/// with fewer bytes than the size needs, gives nil and a line on standard error naming it,
/// where CoreGraphics would draw it.
extension CGImage {
    /// An image of `width`×`height` pixels read from `provider`'s bytes in the given layout
    /// (`CGImageCreate`). `decode`, `shouldInterpolate` and `intent` are accepted and not used.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        let layout = CGBitmapLayout(
            bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
            bitmapInfo: bitmapInfo, isGray: space.model == .monochrome)
        guard let pixels = Self.decode(provider, layout, width: width, height: height, what: "CGImage")
        else { return nil }
        self.init(pixels: pixels, layout: layout, space: space, provider: provider)
    }

    /// An image mask of `width`×`height` samples read from `provider`'s bytes
    /// (`CGImageMaskCreate`): where a sample is 0 painting shows, where it is 1 (all bits set)
    /// it is masked out, in between partly; `decode` `[1, 0]` reverses that. A pixel of more
    /// bits than a sample (`bitsPerPixel` above `bitsPerComponent`) is read by its first
    /// sample. Used with `masking(_:)` and `CGContext.clip(to:mask:)`; drawn, it is black
    /// where it paints.
    public convenience init?(
        maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool
    ) {
        var layout = CGBitmapLayout(
            bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
            bitmapInfo: CGBitmapInfo(rawValue: 0), isGray: true, isMask: true)
        if let decode { layout.decodesInverted = decode[0] > decode[1] }
        guard
            let pixels = Self.decode(
                provider, layout, width: width, height: height, what: "CGImage(maskWidth:…)")
        else { return nil }
        self.init(pixels: pixels, layout: layout, space: nil, provider: provider)
    }

    private static func decode(
        _ provider: CGDataProvider, _ layout: CGBitmapLayout, width: Int, height: Int, what: String
    ) -> PixelImage? {
        guard width > 0, height > 0 else { return nil }
        if let reason = layout.unsupportedReason(width: width, forContext: false) {
            CGImage.reportOnce("\(what): bytes of \(reason) are not read here; the image is nil")
            return nil
        }
        guard let data = provider.data, data.length >= layout.byteCount(width: width, height: height) else {
            CGImage.reportOnce(
                "\(what): the provider holds \(provider.data?.length ?? 0) bytes, fewer than a \(width)×\(height) image needs (\(layout.byteCount(width: width, height: height))); the image is nil"
            )
            return nil
        }
        return layout.decode(data.bytes, width: width, height: height)
    }

    private static let reported = Mutex<Set<String>>([])

    /// Writes `message` on standard error, once for each message.
    package static func reportOnce(_ message: String) {
        guard reported.withLock({ $0.insert(message).inserted }) else { return }
        StandardStream.error.report("loaderlab: " + message)
    }
}
