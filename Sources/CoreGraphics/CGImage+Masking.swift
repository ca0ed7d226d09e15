import LayerKit

/// `CGImageCreateWithMask`: an image shown through a mask, made into pixels at once.
extension CGImage {
    /// This image with `mask` applied (`CGImageCreateWithMask`), `mask` stretched over it: an
    /// image mask (`CGImage(maskWidth:…)`) shows the image where its samples are 0 and hides it
    /// where they are 1; an image without alpha (a grayscale image) is used as alpha, white
    /// showing and black hiding. Nil, as in CoreGraphics, when this image is itself a mask or
    /// `mask` is an image with alpha; nil too when the pixels cannot be had (no drawing
    /// backend). The result has this image's size and layout.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard !isMask else { return nil }
        if !mask.isMask, ![.none, .noneSkipFirst, .noneSkipLast].contains(mask.alphaInfo) {
            CGImage.reportOnce(
                "CGImage.masking(_:): a mask that is an image must have no alpha; the result is nil")
            return nil
        }
        guard let pixels = pixelImage, let coverage = mask.pixelImage else { return nil }
        var out = pixels.pixels
        let w = pixels.width
        let h = pixels.height
        for y in 0..<h {
            let my = min(coverage.height - 1, y * coverage.height / h)
            for x in 0..<w {
                let mx = min(coverage.width - 1, x * coverage.width / w)
                let m = coverage.pixels[my * coverage.width + mx]
                let c: UInt32
                if mask.isMask {
                    c = m >> 24
                } else {
                    // Rec. 601 luma of the opaque mask's colour.
                    c = ((m >> 16 & 0xFF) * 299 + (m >> 8 & 0xFF) * 587 + (m & 0xFF) * 114 + 500) / 1000
                }
                out[y * w + x] = Self.scaled(out[y * w + x], by: c)
            }
        }
        guard let masked = PixelImage(width: w, height: h, pixels: out) else { return nil }
        var layout = layout.unsupportedReason(width: w, forContext: false) == nil ? layout : .uikit(width: w)
        layout.bytesPerRow = max(layout.bytesPerRow, layout.minimumBytesPerRow(width: w))
        return CGImage(pixels: masked, layout: layout, space: colorSpace, provider: nil)
    }

    /// Every component of the premultiplied `word` times `coverage` / 255.
    private static func scaled(_ word: UInt32, by coverage: UInt32) -> UInt32 {
        if coverage == 255 { return word }
        var result: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let c = (word >> UInt32(shift)) & 0xFF
            result |= ((c * coverage + 127) / 255) << UInt32(shift)
        }
        return result
    }
}
