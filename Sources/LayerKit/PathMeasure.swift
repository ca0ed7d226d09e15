import Foundation

/// Lengths, positions and tangents along a `Path`, and the trimmed and dashed paths cut from
/// it — built once, queried many times (like Skia's `SkContourMeasure`, for the whole path).
///
/// Use `path.measure`, which builds the measure on first use and caches it with the path
/// value; `PathMeasure(path)` builds a fresh one.
///
/// **Segments.** Every element except `move` is one segment, in element order, including
/// `close`, which is measured as the straight line back to its subpath's start (so the closing
/// line counts in the length). This is the segment table a keyframe animation with a path uses.
///
/// **Contours.** A contour is a run of segments after a move: it ends at the next `move`, or
/// after a `close` (a drawing element after a close starts a new contour at the closed
/// subpath's start, as in CoreGraphics). Moves with no drawing element after them make no
/// contour, so a path of only moves has no contours and no segments.
///
/// **Distances** run along all contours one after another: contour *k* starts at the sum of
/// the lengths of the contours before it. Arc lengths of curves are integrated to about 1e-12
/// of the curve's size; positions at a distance invert that length on the segment (Newton
/// with bisection fallback), not by a polyline lookup.
///
/// **Edge cases** (the contract; each is tested):
/// - Empty path, or only moves: `length` 0, no contours or segments; position and tangent
///   queries return nil; `trimmed` and `dashed` return an empty path.
/// - Zero-length path (e.g. a move and a line to the same point): `length` 0; positions
///   return the first segment's start; tangents return nil (there is no direction).
/// - Distances are clamped to 0…`length`; a NaN distance returns nil.
/// - At a distance where one segment ends and the next starts, the earlier segment answers;
///   zero-length segments never answer a distance query when a longer one can.
/// - A segment with a non-finite coordinate has length 0, is skipped by distance queries,
///   `trimmed` and `dashed`, and `position(inSegment:…)` returns nil for it; the rest of
///   the path is measured normally.
/// - Fractions for `trimmed`/`pieces` are clamped to 0…1; NaN in either gives nothing;
///   start ≥ end gives nothing (as `strokeStart == strokeEnd` draws nothing).
public final class PathMeasure: Sendable {
    /// One subpath's place along the path.
    public struct Contour: Hashable, Sendable {
        /// Distance from the path's start to this contour's start.
        public let startDistance: Double
        /// This contour's length, including its closing line.
        public let length: Double
        /// True when the contour ends with a `close` element.
        public let isClosed: Bool
        /// Indices into `segments` of this contour's segments.
        public let segmentIndices: Range<Int>
    }

    /// One non-move element's place along the path.
    public struct Segment: Hashable, Sendable {
        /// Index of the element in `path.elements`.
        public let elementIndex: Int
        /// Index into `contours` of the contour holding this segment.
        public let contourIndex: Int
        /// Distance from the path's start to this segment's start.
        public let startDistance: Double
        /// Arc length of the segment (0 when it has a non-finite coordinate).
        public let length: Double
        /// Where the segment starts (the current point before the element).
        public let start: Point
        /// Where the segment ends (for `close`, the subpath's start).
        public let end: Point
        /// True for a `close` element.
        public let isClose: Bool
    }

    /// Total length of all contours.
    public let length: Double
    public let contours: [Contour]
    public let segments: [Segment]

    /// The measured path's elements, kept to return the undashed path.
    let elements: [PathElement]
    /// Each segment's geometry (`close` as a line).
    let curves: [BezierCurve]
    /// Arc-length tables of the curved segments; nil for lines and non-finite segments.
    let tables: [ArcLengthTable?]
    /// Indices of the segments with a positive length, in order, and their end distances:
    /// what distance queries search.
    private let measuredSegments: [Int]
    private let measuredEnds: [Double]

    /// Measures `path` (prefer `path.measure`, which is cached).
    public convenience init(_ path: Path) {
        self.init(elements: path.elements)
    }

    init(elements: [PathElement]) {
        var segments: [Segment] = []
        var contours: [Contour] = []
        var curves: [BezierCurve] = []
        var tables: [ArcLengthTable?] = []
        var current: Point?
        var subpathStart: Point?
        var total = 0.0
        var contourFirstSegment: Int?
        var contourStartDistance = 0.0

        func endContour(closed: Bool) {
            guard let first = contourFirstSegment else { return }
            contours.append(
                Contour(
                    startDistance: contourStartDistance, length: total - contourStartDistance,
                    isClosed: closed, segmentIndices: first..<segments.count))
            contourFirstSegment = nil
        }

        func add(_ curve: BezierCurve, elementIndex: Int, isClose: Bool) {
            if contourFirstSegment == nil {
                contourFirstSegment = segments.count
                contourStartDistance = total
            }
            var length = 0.0
            var table: ArcLengthTable?
            if curve.isFinite {
                if case .line(let a, let b) = curve {
                    length = BezierCurve.distance(a, b)
                } else {
                    let t = ArcLengthTable(curve: curve)
                    length = t.totalLength
                    table = t
                }
                // Finite points can still overflow (e.g. ±1e308): measure such a segment as 0.
                if !length.isFinite {
                    length = 0
                    table = nil
                }
            }
            segments.append(
                Segment(
                    elementIndex: elementIndex, contourIndex: contours.count,
                    startDistance: total, length: length, start: curve.start, end: curve.end,
                    isClose: isClose))
            curves.append(curve)
            tables.append(table)
            total += length
        }

        for (i, e) in elements.enumerated() {
            switch e {
            case .move(let p):
                endContour(closed: false)
                current = p
                subpathStart = p
            case .line(let p):
                let from = current ?? p
                add(.line(from, p), elementIndex: i, isClose: false)
                current = p
            case .quad(let p, let c):
                let from = current ?? p
                add(.quad(from, c, p), elementIndex: i, isClose: false)
                current = p
            case .cubic(let p, let c1, let c2):
                let from = current ?? p
                add(.cubic(from, c1, c2, p), elementIndex: i, isClose: false)
                current = p
            case .close:
                guard let from = current, let to = subpathStart else { continue }
                add(.line(from, to), elementIndex: i, isClose: true)
                endContour(closed: true)
                current = to
            }
        }
        endContour(closed: false)

        var measured: [Int] = []
        var ends: [Double] = []
        for (i, s) in segments.enumerated() where s.length > 0 {
            measured.append(i)
            ends.append(s.startDistance + s.length)
        }
        self.elements = elements
        self.segments = segments
        self.contours = contours
        self.curves = curves
        self.tables = tables
        self.measuredSegments = measured
        self.measuredEnds = ends
        self.length = total
    }

    // MARK: Queries by distance

    /// The segment and its Bézier parameter at `distance` from the path's start.
    ///
    /// The distance is clamped to 0…`length`; nil when it is NaN or the path has no segment
    /// with finite coordinates. With length 0 the answer is the first finite segment at 0.
    public func segmentLocation(atDistance distance: Double) -> (segment: Int, parameter: Double)? {
        guard !distance.isNaN else { return nil }
        guard !measuredSegments.isEmpty else {
            guard let first = curves.firstIndex(where: { $0.isFinite }) else { return nil }
            return (first, 0)
        }
        let d = min(max(distance, 0), length)
        // The first measured segment ending at or after d.
        var lo = 0
        var hi = measuredEnds.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if measuredEnds[mid] >= d { hi = mid } else { lo = mid + 1 }
        }
        let index = measuredSegments[lo]
        let local = d - segments[index].startDistance
        return (index, parameter(inSegment: index, atLength: local))
    }

    /// The point at `distance` along the path (see the type's contract for clamping and nil).
    public func position(atDistance distance: Double) -> Point? {
        guard let (i, t) = segmentLocation(atDistance: distance) else { return nil }
        return curves[i].point(at: t)
    }

    /// The unit tangent (direction of travel) at `distance`; nil when the path has no length.
    public func tangent(atDistance distance: Double) -> Point? {
        positionAndTangent(atDistance: distance)?.tangent
    }

    /// Position and unit tangent at `distance`; nil when either is undefined.
    public func positionAndTangent(atDistance distance: Double) -> (position: Point, tangent: Point)? {
        guard let (i, t) = segmentLocation(atDistance: distance), segments[i].length > 0,
            let tangent = curves[i].unitTangent(at: t)
        else { return nil }
        return (curves[i].point(at: t), tangent)
    }

    // MARK: Queries by segment

    /// The point at Bézier parameter `parameter` (clamped to 0…1) of segment `index`, as the
    /// element itself parametrises it (not by arc length). Nil for a bad index, a NaN
    /// parameter or a segment with a non-finite coordinate.
    public func position(inSegment index: Int, parameter: Double) -> Point? {
        guard segments.indices.contains(index), !parameter.isNaN, curves[index].isFinite else {
            return nil
        }
        return curves[index].point(at: min(max(parameter, 0), 1))
    }

    /// The unit tangent at Bézier parameter `parameter` (clamped to 0…1) of segment `index`.
    /// Where the element's derivative vanishes (a handle on an end point) it is the limit
    /// direction. Nil for a bad index, a NaN parameter, or a segment with no direction
    /// (zero length or non-finite).
    public func tangent(inSegment index: Int, parameter: Double) -> Point? {
        guard segments.indices.contains(index), !parameter.isNaN, segments[index].length > 0 else {
            return nil
        }
        return curves[index].unitTangent(at: min(max(parameter, 0), 1))
    }

    /// The Bézier parameter at arc length `s` from segment `index`'s start (clamped).
    func parameter(inSegment index: Int, atLength s: Double) -> Double {
        let len = segments[index].length
        guard len > 0 else { return 0 }
        if let table = tables[index] {
            return table.parameter(atLength: s, of: curves[index])
        }
        return min(max(s / len, 0), 1)
    }
}
