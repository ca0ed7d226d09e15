import Foundation

/// A contiguous stretch of one contour, cut out by `PathMeasure.pieces(from:to:)`.
public struct PathPiece: Hashable, Sendable {
    /// The stretch as a path: one subpath (a fully included closed contour keeps its close).
    public let path: Path
    /// Index into `PathMeasure.contours` of the contour it was cut from.
    public let contourIndex: Int
    /// Arc length from the contour's start to the piece's start. A renderer that strokes the
    /// piece with dash phase `phase + distanceInContour` keeps the dashes where they would be
    /// on the untrimmed path (Core Graphics restarts the dash pattern at every subpath).
    public let distanceInContour: Double
}

extension PathMeasure {
    /// The most dashes `dashed(pattern:phase:)` will produce; above it the path is returned
    /// undashed rather than spending unbounded time and memory on a pattern far finer than a
    /// pixel (as Skia does).
    public static let maximumDashCount = 100_000

    /// The stretches of the path between fractions `start` and `end` of the total length
    /// (`strokeStart`/`strokeEnd`), one piece per contour touched, in path order.
    ///
    /// Fractions are clamped to 0…1. NaN in either, or `start ≥ end`, gives no pieces. Curves
    /// are cut exactly at the ends by de Casteljau. A contour that lies entirely inside the
    /// range is returned whole, keeping its `close`; a partly covered contour is an open
    /// subpath (a cut closing line becomes a line). A contour of zero length is included when
    /// its position lies within the range; a contour of positive length only when the range
    /// overlaps it by a positive length (touching it at one end is not enough).
    public func pieces(from start: Double, to end: Double) -> [PathPiece] {
        guard !start.isNaN, !end.isNaN else { return [] }
        let a = min(max(start, 0), 1)
        let b = min(max(end, 0), 1)
        guard a < b else { return [] }
        let d0 = a == 0 ? 0 : a * length
        let d1 = b == 1 ? length : b * length
        var result: [PathPiece] = []
        for (k, c) in contours.enumerated() {
            let cEnd = c.startDistance + c.length
            if c.length == 0 {
                guard d0 <= c.startDistance, c.startDistance <= d1 else { continue }
                let p = contourPath(k, from: 0, to: 0, keepClose: true)
                if !p.isEmpty { result.append(PathPiece(path: p, contourIndex: k, distanceInContour: 0)) }
                continue
            }
            let lo = max(d0, c.startDistance)
            let hi = min(d1, cEnd)
            guard hi > lo else { continue }
            let from = d0 <= c.startDistance ? 0 : lo - c.startDistance
            let to = d1 >= cEnd ? c.length : hi - c.startDistance
            let p = contourPath(k, from: from, to: to, keepClose: true)
            if !p.isEmpty {
                result.append(PathPiece(path: p, contourIndex: k, distanceInContour: from))
            }
        }
        return result
    }

    /// The path between fractions `start` and `end` of the total length, across all contours:
    /// the `pieces(from:to:)` one after another (same contract: clamped, NaN or start ≥ end
    /// gives an empty path).
    public func trimmed(from start: Double, to end: Double) -> Path {
        var out = Path()
        for piece in pieces(from: start, to: end) { out.append(piece.path) }
        return out
    }

    /// The "on" stretches of a dash pattern as open subpaths, as Core Graphics dashes a stroke.
    ///
    /// `pattern` alternates on and off lengths starting with on; an odd count is repeated to
    /// make it even. `phase` is how far into the pattern the dashing starts (wrapped into one
    /// period; negative values count back; non-finite counts as 0). The pattern restarts at
    /// every contour; contours of zero length have no dashes. An on-length of 0 gives a
    /// zero-length subpath (a dot under a round cap).
    ///
    /// No dashing (the path's own elements are returned) when the pattern is empty, has a
    /// negative or non-finite entry, or sums to 0, or when it would produce more than
    /// `maximumDashCount` dashes.
    public func dashed(pattern: [Double], phase: Double) -> Path {
        let undashed = Path(elements: elements)
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return undashed }
        let intervals = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = intervals.reduce(0, +)
        guard period > 0, period.isFinite else { return undashed }
        let estimate =
            (length / period).rounded(.up) * Double(intervals.count / 2)
            + Double(contours.count)
        guard estimate <= Double(Self.maximumDashCount) else { return undashed }

        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if offset < 0 { offset += period }
        if offset >= period { offset = 0 }
        // The interval the phase falls in, and how far into it. A zero on-length exactly at
        // the phase point still counts (it is a dot there); a used-up interval does not.
        var firstIndex = 0
        while offset >= intervals[firstIndex], !(intervals[firstIndex] == 0 && offset == 0) {
            offset -= intervals[firstIndex]
            firstIndex = (firstIndex + 1) % intervals.count
        }

        var out = Path()
        for (k, c) in contours.enumerated() where c.length > 0 {
            var i = firstIndex
            var position = 0.0
            var remaining = intervals[i] - offset
            while position < c.length {
                let stop = min(position + remaining, c.length)
                if i % 2 == 0 {
                    out.append(contourPath(k, from: position, to: stop, keepClose: false))
                }
                position += remaining
                i = (i + 1) % intervals.count
                remaining = intervals[i]
            }
        }
        return out
    }

    /// Contour `k` between distances `from` ≤ `to` measured from the contour's start, as one
    /// subpath. The whole contour (from 0 to its length) is copied element by element, with its
    /// close when `keepClose`; a zero-length stretch is a move and a line to the same point.
    func contourPath(_ k: Int, from: Double, to: Double, keepClose: Bool) -> Path {
        let c = contours[k]
        var out = Path()
        let whole = from <= 0 && to >= c.length
        if whole && c.segmentIndices.allSatisfy({ curves[$0].isFinite }) {
            guard let first = c.segmentIndices.first else { return out }
            out.move(to: curves[first].start)
            for i in c.segmentIndices {
                if segments[i].isClose {
                    if keepClose { out.close() } else { out.addLine(to: curves[i].end) }
                } else {
                    out.append(curves[i].element)
                }
            }
            return out
        }
        if to <= from {
            guard let p = point(inContour: k, atDistance: from) else { return out }
            out.move(to: p)
            out.addLine(to: p)
            return out
        }
        for i in c.segmentIndices {
            let s = segments[i]
            guard s.length > 0 else { continue }
            let s0 = s.startDistance - c.startDistance
            let s1 = s0 + s.length
            guard s1 > from, s0 < to else { continue }
            let t0 = from > s0 ? parameter(inSegment: i, atLength: from - s0) : 0
            let t1 = to < s1 ? parameter(inSegment: i, atLength: to - s0) : 1
            guard t1 > t0 else { continue }
            let piece = curves[i].split(from: t0, to: t1)
            if out.currentPoint != piece.start { out.move(to: piece.start) }
            out.append(piece.element)
        }
        return out
    }

    /// The point at distance `d` from contour `k`'s start (looked up within the contour, so a
    /// distance at the contour's start is not answered by the previous contour's end).
    func point(inContour k: Int, atDistance d: Double) -> Point? {
        let c = contours[k]
        for i in c.segmentIndices where segments[i].length > 0 {
            let s0 = segments[i].startDistance - c.startDistance
            if d <= s0 + segments[i].length {
                return curves[i].point(at: parameter(inSegment: i, atLength: d - s0))
            }
        }
        return c.segmentIndices.lazy.map { self.curves[$0] }.first(where: { $0.isFinite })?.end
    }
}
