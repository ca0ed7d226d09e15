import Foundation
import LayerKit

/// Paths made from the strokes and dashes of others, as CoreGraphics makes them.
///
/// `copy(strokingWithWidth:…)` computes the stroke's outline (LayerKit's
/// `Path.strokeOutline`): filled with the non-zero rule, or used as a clip, it covers what
/// stroking the path with that pen covers. Deviation: curves are flattened to straight pieces
/// within `Path.strokeFlatteningTolerance` (0.01 of the path's units) before offsetting (round
/// joins and caps stay arcs), and the outline is made of overlapping loops rather than a
/// single traced boundary, so stroking the outline itself shows the overlaps' edges.
extension CGPath {
    /// The outline of this path stroked with a pen of `lineWidth`, `lineCap`, `lineJoin` and
    /// `miterLimit` (a miter longer than `miterLimit` times the width is bevelled), with
    /// `transform` applied to the result. Empty for a width that is not positive.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let outline = path.strokeOutline(
            width: Double(lineWidth), cap: lineCap.engine, join: lineJoin.engine,
            miterLimit: Double(miterLimit))
        return CGPath(path: outline.applying(transform.engine))
    }

    /// `CGPathCreateCopyByStrokingPath`, as Swift imports it: the outline of `path` stroked
    /// (`copy(strokingWithWidth:…)`), with `transform` (nil: none) applied to it. Nil for a
    /// width that is not positive or not finite.
    public convenience init?(
        __byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?, lineWidth: CGFloat,
        lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat
    ) {
        guard lineWidth > 0, lineWidth.isFinite else { return nil }
        let outline = path.path.strokeOutline(
            width: Double(lineWidth), cap: lineCap.engine, join: lineJoin.engine,
            miterLimit: Double(miterLimit))
        self.init(path: outline.applying(transform?.pointee.engine ?? .identity))
    }

    /// This path cut into its dashes: `lengths` on and off in turn (cycled), starting `phase`
    /// into the pattern, with `transform` applied to the result. An empty pattern, or one
    /// whose lengths are all zero, gives the path unchanged.
    public func copy(
        dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity
    )
        -> CGPath
    {
        let pattern = lengths.map(Double.init)
        guard pattern.contains(where: { $0 > 0 }), pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            return CGPath(path: path.applying(transform.engine))
        }
        return CGPath(
            path: path.measure.dashed(pattern: pattern, phase: Double(phase)).applying(transform.engine))
    }
}
