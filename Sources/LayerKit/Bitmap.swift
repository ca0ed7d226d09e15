import Synchronization

/// An image made by drawing: a `Drawing` rasterised at a size in pixels — what
/// `UIGraphicsImageRenderer` returns and what a layer's backing store holds — over an optional
/// `base` of decoded pixels (`PixelImage`: a `CGImage` made from samples, the memory of a
/// `CGContext(data:…)`), which the drawing paints on.
///
/// DESIGN. LayerKit has no pixels of its own: they come from the `DrawingBackend` a host
/// registers at start-up (`Drawing.backend`; LayerKitCairo's replays the drawing with Cairo).
/// A bitmap's pixels are made once, the first time anything asks for them (`pixels`: the
/// renderer drawing it as contents, or code reading them), and kept; the drawing is kept too,
/// so two bitmaps of the same drawing at the same size are equal without comparing pixels.
public final class Bitmap: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let drawing: Drawing
    /// The size in pixels.
    public let width: Int
    public let height: Int
    /// Pixels per canvas point: the drawing's canvas is `width / scale` × `height / scale`
    /// points.
    public let scale: Double
    /// An opaque bitmap has no alpha: what the drawing leaves transparent is black.
    public let isOpaque: Bool
    /// Pixels under the drawing, stretched over the whole bitmap; nil for a transparent start.
    /// A bitmap of a base and an empty drawing is those pixels, with no backend involved.
    public let base: PixelImage?

    private let made = Mutex<[UInt32]?>(nil)

    /// A bitmap of `drawing` at `width`×`height` pixels (each at least 1), `scale` pixels per
    /// point (a positive finite number, else 1).
    /// `base`, when given, is painted first (stretched over the bitmap if its size differs).
    public init(
        drawing: Drawing, width: Int, height: Int, scale: Double, isOpaque: Bool = false,
        base: PixelImage? = nil
    ) {
        self.drawing = drawing
        self.width = Swift.max(1, width)
        self.height = Swift.max(1, height)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.isOpaque = isOpaque
        self.base = base
        if let base, drawing.isEmpty, base.width == self.width, base.height == self.height,
            !isOpaque || base.isOpaque
        {
            made.withLock { $0 = base.pixels }
        }
    }

    /// The bitmap of decoded pixels, `scale` pixels per point: no drawing, no backend.
    public convenience init(pixels: PixelImage, scale: Double = 1) {
        self.init(
            drawing: Drawing(), width: pixels.width, height: pixels.height, scale: scale,
            isOpaque: false, base: pixels)
    }

    /// The size in points.
    public var pointSize: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The pixels, row by row from the top, each a 32-bit ARGB word with its colour
    /// premultiplied by its alpha (Cairo's ARGB32). Made by the registered backend the first
    /// time they are asked for; all transparent (black when opaque) when none is registered.
    public var pixels: [UInt32] {
        if let known = made.withLock({ $0 }) { return known }
        let count = width * height
        guard let backend = Drawing.backend else {
            // Not kept: a backend registered later makes the real ones.
            return [UInt32](repeating: isOpaque ? 0xFF00_0000 : 0, count: count)
        }
        var result = backend.pixels(of: self)
        if result.count != count {
            result = [UInt32](repeating: isOpaque ? 0xFF00_0000 : 0, count: count)
        }
        return made.withLock { slot in
            if let other = slot { return other }
            slot = result
            return result
        }
    }

    /// True once the pixels have been made.
    public var hasPixels: Bool { made.withLock { $0 != nil } }

    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        a === b
            || (a.width == b.width && a.height == b.height && a.scale == b.scale && a.isOpaque == b.isOpaque
                && a.base == b.base && a.drawing == b.drawing)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(scale)
        hasher.combine(drawing.commands.count)
        hasher.combine(base?.contentHash)
    }

    public var description: String {
        "bitmap \(width)×\(height) @\(scale)x, \(drawing.commands.count) commands"
            + (base.map { " over \($0)" } ?? "")
    }
}

/// What turns drawings into pixels: LayerKitCairo's, registered by the program at start-up
/// (`Drawing.backend`), so that LayerKit and the compatibility modules stay free of C.
public protocol DrawingBackend: Sendable {
    /// `bitmap`'s pixels: `bitmap.width × bitmap.height` premultiplied ARGB32 words, top row
    /// first — its `base`, if any, with its drawing painted over it.
    func pixels(of bitmap: Bitmap) -> [UInt32]
}

extension Drawing {
    private static let registered = Mutex<(any DrawingBackend)?>(nil)

    /// The backend that rasterises bitmaps; nil until a host registers one.
    public static var backend: (any DrawingBackend)? {
        get { registered.withLock { $0 } }
        set { registered.withLock { $0 = newValue } }
    }
}
