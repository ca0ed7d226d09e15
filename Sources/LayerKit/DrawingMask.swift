/// An image mask a drawing is clipped to (`CGContext.clip(to:mask:)`): the image stretched over
/// `rect` in the user space of `transform`, its coverage multiplying what is painted. An image
/// with transparency covers by its alpha; an opaque one (a grayscale mask) by its brightness,
/// white painting and black masking out, as CoreGraphics takes a grayscale image's samples.
public struct DrawingMask: Hashable, Sendable {
    public var image: ImageReference
    /// Where the image lies, in the user space of `transform` (its first row along the
    /// rectangle's minimum y).
    public var rect: Rect
    /// User space to canvas space when the mask was set.
    public var transform: AffineTransform

    public init(image: ImageReference, rect: Rect, transform: AffineTransform) {
        self.image = image
        self.rect = rect
        self.transform = transform
    }
}
