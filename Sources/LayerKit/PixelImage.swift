/// Decoded pixels: an image that exists as samples rather than as a drawing or a file — what a
/// `CGImage` made from a data provider holds, or the memory of a `CGContext(data:…)`.
///
/// DESIGN. A value: the samples are an array (shared on copy, copied on write), and the content
/// hash is computed once when the value is made, so comparing two pixel images — as the
/// presentation tree's equality, and so damage, does every frame for an image shown as contents —
/// is a hash comparison, and the samples are compared only when the hashes agree (an array
/// compared with itself returns at once). Nothing decodes or hashes again per frame.
///
/// The samples are in Cairo's ARGB32 layout, the renderer's own: one 32-bit word a pixel, alpha in
/// the top byte, then red, green, blue, each colour premultiplied by alpha; rows from the top,
/// `width` words a row. Formats are converted when the image is made (CoreGraphics'
/// `CGContext` and `CGImage` do it), not when it is drawn.
public struct PixelImage: Hashable, Sendable, CustomStringConvertible {
    /// The size in pixels (each at least 1).
    public let width: Int
    public let height: Int
    /// `width × height` premultiplied ARGB32 words, top row first.
    public let pixels: [UInt32]
    /// A hash of the size and every sample, computed once.
    public let contentHash: Int

    /// An image of `pixels` (premultiplied ARGB32, top row first); nil when the count is not
    /// `width × height` or a side is below 1. A colour component above its alpha is clamped to
    /// it (such a word is not premultiplied).
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels.contains(where: Self.isOverAlpha) ? pixels.map(Self.clampedToAlpha) : pixels
        var hasher = Hasher()
        hasher.combine(width)
        hasher.combine(height)
        self.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
        contentHash = hasher.finalize()
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool { pixels.allSatisfy { $0 >> 24 == 0xFF } }

    /// The pixel at column `x`, row `y` (from the top) as premultiplied components 0…255.
    public func components(x: Int, y: Int) -> (alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        let word = pixels[y * width + x]
        return (UInt8(word >> 24), UInt8((word >> 16) & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word & 0xFF))
    }

    /// The premultiplied ARGB32 word of a colour given by straight (not premultiplied)
    /// components 0…255, rounded as CoreGraphics rounds (to nearest).
    public static func premultiplied(alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) -> UInt32 {
        func times(_ c: UInt8) -> UInt32 { (UInt32(c) * UInt32(alpha) + 127) / 255 }
        return UInt32(alpha) << 24 | times(red) << 16 | times(green) << 8 | times(blue)
    }

    /// The straight components 0…255 of a premultiplied ARGB32 word (0 for a transparent one).
    public static func straight(_ word: UInt32) -> (alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        let a = word >> 24
        guard a > 0 else { return (0, 0, 0, 0) }
        func over(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (UInt8(a), over((word >> 16) & 0xFF), over((word >> 8) & 0xFF), over(word & 0xFF))
    }

    private static func isOverAlpha(_ w: UInt32) -> Bool {
        let a = w >> 24
        return (w >> 16) & 0xFF > a || (w >> 8) & 0xFF > a || w & 0xFF > a
    }

    private static func clampedToAlpha(_ w: UInt32) -> UInt32 {
        let a = w >> 24
        return a << 24 | min((w >> 16) & 0xFF, a) << 16 | min((w >> 8) & 0xFF, a) << 8 | min(w & 0xFF, a)
    }

    public static func == (l: PixelImage, r: PixelImage) -> Bool {
        l.contentHash == r.contentHash && l.width == r.width && l.height == r.height && l.pixels == r.pixels
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(contentHash) }

    public var description: String { "pixels \(width)×\(height)" }
}
