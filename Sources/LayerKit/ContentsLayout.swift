/// Where a layer's contents image goes: which rectangles of the image (in pixels) are drawn
/// into which rectangles of the layer (in points), from `contentsRect`, `contentsCenter`,
/// `contentsScale` and `contentsGravity`.
///
/// The rules, from Apple's CALayer header, in order (each is tested):
/// - **Scale.** The image's size in points is its pixel size divided by `contentsScale` and by
///   the `ImageReference`'s own scale (the `UIImage.scale` of a loader's image; code that sets
///   `contentsScale` itself leaves that at 1). A scale that is not a positive finite number
///   counts as 1.
/// - **contentsRect** (unit coordinates of the image, default (0, 0, 1, 1)) picks the part
///   shown; the gravity lays that part out as if it were the whole image. Parts outside the unit
///   square repeat the image's edge pixels outwards (the renderer pads). An empty or
///   non-finite rectangle draws nothing ("undefined" in Apple's header); a negative size is
///   read standardised.
/// - **contentsCenter** (unit coordinates of that part, default (0, 0, 1, 1)) cuts it into
///   3×3 pieces: when the part is drawn at another size, the corners keep their size, the top
///   and bottom edges stretch horizontally, the left and right ones vertically, and the centre
///   both ways ("9-slice scaling"). A zero width or height stands for one source pixel centred
///   there (Apple's special case). Values outside 0…1 are clamped (undefined in the header); a
///   non-finite rectangle counts as the default. Where the destination is smaller than the two
///   fixed parts together (undefined too), both shrink in proportion and the middle vanishes.
/// Pieces with no area are left out; with the default centre there is one piece.
public enum ContentsLayout {
    /// One rectangle of the image drawn into one rectangle of the layer.
    public struct Piece: Hashable, Sendable {
        /// In the image's pixels.
        public var source: Rect
        /// In the layer's coordinates.
        public var destination: Rect

        public init(source: Rect, destination: Rect) {
            self.source = source
            self.destination = destination
        }
    }

    public static let unitRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// The pieces for an image of `pixels`, at `imageScale` pixels per point, in a layer with
    /// properties `p`; `place` lays the part out by the gravity (`(bounds, part size in points)
    /// → destination`), as the renderer's gravity rule does.
    public static func pieces(
        pixels: Size, imageScale: Double, properties p: LayerProperties, place: (Rect, Size) -> Rect
    ) -> [Piece] {
        guard pixels.width > 0, pixels.height > 0, pixels.isFinite else { return [] }
        func positive(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 1 }
        let pixelsPerPoint = positive(imageScale) * positive(p.contentsScale)
        guard p.contentsRect.isFinite else { return [] }
        let r = p.contentsRect.standardized
        guard r.width > 0, r.height > 0 else { return [] }
        let part = Rect(
            x: r.minX * pixels.width, y: r.minY * pixels.height,
            width: r.width * pixels.width, height: r.height * pixels.height)
        let natural = Size(width: part.width / pixelsPerPoint, height: part.height / pixelsPerPoint)
        let destination = place(p.bounds.standardized, natural).standardized
        guard destination.isFinite, destination.width > 0, destination.height > 0 else { return [] }
        let center = p.contentsCenter.isFinite ? p.contentsCenter.standardized : unitRect
        let columns = slices(
            part.minX, part.width, from: center.minX, to: center.maxX, into: destination.minX,
            destination.width,
            pixelsPerPoint: pixelsPerPoint)
        let rows = slices(
            part.minY, part.height, from: center.minY, to: center.maxY, into: destination.minY,
            destination.height,
            pixelsPerPoint: pixelsPerPoint)
        var pieces: [Piece] = []
        for row in rows {
            for column in columns {
                pieces.append(
                    Piece(
                        source: Rect(
                            x: column.source.0, y: row.source.0, width: column.source.1, height: row.source.1),
                        destination: Rect(
                            x: column.destination.0, y: row.destination.0, width: column.destination.1,
                            height: row.destination.1)))
            }
        }
        return pieces
    }

    /// One axis cut in three: (start, length) in source pixels and in destination points, for
    /// the pieces that have length in both.
    static func slices(
        _ start: Double, _ length: Double, from c0: Double, to c1: Double, into dStart: Double,
        _ dLength: Double,
        pixelsPerPoint: Double
    ) -> [(source: (Double, Double), destination: (Double, Double))] {
        let lo = min(max(c0, 0), 1)
        let hi = min(max(c1, lo), 1)
        // Source cut points; a zero-length middle is one pixel centred there, kept in the part.
        let end = start + length
        var a = start + lo * length
        var b = start + hi * length
        if b == a {
            a = max(start, min(a - 0.5, end - 1))
            b = min(end, a + 1)
        }
        // The fixed parts keep their size in points, shrinking together if they do not fit.
        var first = (a - start) / pixelsPerPoint
        var last = (end - b) / pixelsPerPoint
        if first + last > dLength {
            let f = dLength / (first + last)
            first *= f
            last *= f
        }
        let middle = dLength - first - last
        let source = [(start, a - start), (a, b - a), (b, end - b)]
        let destination = [(dStart, first), (dStart + first, middle), (dStart + first + middle, last)]
        return zip(source, destination).filter { $0.0.1 > 0 && $0.1.1 > 0 }.map {
            (source: $0.0, destination: $0.1)
        }
    }
}
