import Foundation

/// The outline of a stroke (`CGPath.copy(strokingWithWidth:…)`): a path whose fill, by the
/// non-zero rule, covers what stroking this path with the pen covers.
///
/// How: each subpath is flattened to a polyline (curves cut into straight pieces within
/// `strokeFlatteningTolerance` of the curve) and walked along both sides at half the width:
/// the offset segments, joined on the outer side of each corner by the join (a round join is
/// an arc, a miter its point when within `miterLimit`, else a bevel) and through the corner
/// itself on the inner side, so the overlaps there wind the same way as the rest. An open
/// subpath is one loop, its caps closing the ends (a round cap a half circle, a square cap
/// half a width past the end); a closed one two loops, one per side, wound oppositely. A
/// subpath of one point draws its cap alone (a round cap a dot, a square cap a square), as
/// CoreGraphics does.
extension Path {
    /// How far a flattened curve may stray from the curve, in the path's units.
    public static let strokeFlatteningTolerance = 0.01

    /// The stroke's outline for a pen of `width` (nothing when it is not positive).
    public func strokeOutline(width: Double, cap: LineCap, join: LineJoin, miterLimit: Double) -> Path {
        var out = Path()
        guard width > 0, width.isFinite else { return out }
        let outline = StrokeOutliner(halfWidth: width / 2, cap: cap, join: join, miterLimit: miterLimit)
        for (points, closed) in flattenedSubpaths() {
            outline.add(points, closed: closed, to: &out)
        }
        return out
    }

    /// Each subpath as points (repeated points dropped) and whether it is closed.
    func flattenedSubpaths() -> [(points: [Point], closed: Bool)] {
        var result: [(points: [Point], closed: Bool)] = []
        var points: [Point] = []
        var closed = false
        func add(_ p: Point) {
            if points.last != p { points.append(p) }
        }
        func finish() {
            if !points.isEmpty { result.append((points, closed)) }
            points = []
            closed = false
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                points = [p]
            case .line(let p):
                add(p)
            case .quad(let p, let c):
                guard let p0 = points.last else { continue }
                let dd = Self.distance(p0 - c * 2 + p, .zero)
                let n = max(1, Int((dd / (4 * Self.strokeFlatteningTolerance)).squareRoot().rounded(.up)))
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    add(p0 * (u * u) + c * (2 * u * t) + p * (t * t))
                }
            case .cubic(let p, let c1, let c2):
                guard let p0 = points.last else { continue }
                let dd = max(Self.distance(p0 - c1 * 2 + c2, .zero), Self.distance(c1 - c2 * 2 + p, .zero))
                let n = max(1, Int((0.75 * dd / Self.strokeFlatteningTolerance).squareRoot().rounded(.up)))
                for i in 1...n {
                    let t = Double(i) / Double(n)
                    let u = 1 - t
                    add(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
            case .close:
                closed = true
                let start = points.first
                if let start, points.count > 1, points.last == start { points.removeLast() }
                finish()
                // After a close the next segment starts at the subpath's start.
                if let start { points = [start] }
            }
        }
        finish()
        // A subpath left as the lone start point after a close is not one of its own.
        return result.filter {
            !($0.points.count == 1 && !$0.closed && isStartAfterClose($0.points[0], in: result))
        }
    }

    private func isStartAfterClose(_ p: Point, in subpaths: [(points: [Point], closed: Bool)]) -> Bool {
        subpaths.contains { $0.closed && $0.points.first == p }
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}

/// Walks polylines along both sides at half the pen's width (`Path.strokeOutline`).
struct StrokeOutliner {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double

    func add(_ points: [Point], closed: Bool, to out: inout Path) {
        if points.count == 1 {
            dot(points[0], to: &out)
            return
        }
        if closed && points.count >= 2 {
            // Each side is a loop of its own, the last corner being the start.
            for side in [points, points.reversed()] {
                var ring = side
                ring.append(side[0])
                let first = normal(ring[0], ring[1])
                out.move(to: ring[0] + first)
                walk(ring, to: &out)
                corner(at: ring[0], from: normal(ring[ring.count - 2], ring[0]), to: first, to: &out)
                out.close()
            }
            return
        }
        let n0 = normal(points[0], points[1])
        out.move(to: points[0] + n0)
        walk(points, to: &out)
        endCap(points[points.count - 2], points[points.count - 1], to: &out)
        let back = Array(points.reversed())
        out.addLine(to: back[0] + normal(back[0], back[1]))
        walk(back, to: &out)
        endCap(back[back.count - 2], back[back.count - 1], to: &out)
        out.close()
    }

    /// The offset to the left of travel from `a` to `b`, half a width long.
    func normal(_ a: Point, _ b: Point) -> Point {
        let d = b - a
        let length = Path.distance(d, .zero)
        return Point(x: -d.y / length * halfWidth, y: d.x / length * halfWidth)
    }

    /// Along the left side of `points`: each segment's offset, and the corners between them.
    func walk(_ points: [Point], to out: inout Path) {
        for i in 0..<(points.count - 1) {
            let n = normal(points[i], points[i + 1])
            out.addLine(to: points[i + 1] + n)
            if i + 2 < points.count {
                corner(at: points[i + 1], from: n, to: normal(points[i + 1], points[i + 2]), to: &out)
            }
        }
    }

    /// From `p + n0` to `p + n1`: the join on the outer side of the turn, through `p` on the
    /// inner side.
    func corner(at p: Point, from n0: Point, to n1: Point, to out: inout Path) {
        let cross = n0.x * n1.y - n0.y * n1.x
        let dot = n0.x * n1.x + n0.y * n1.y
        let turn = atan2(cross, dot)
        if turn > 0 || abs(turn) < 1e-12 {
            // Inner side (the offset turns toward this side), or straight on.
            if abs(turn) >= 1e-12 { out.addLine(to: p) }
            out.addLine(to: p + n1)
            return
        }
        switch join {
        case .round:
            let a0 = atan2(n0.y, n0.x)
            out.addArc(center: p, radius: halfWidth, startAngle: a0, endAngle: a0 + turn, clockwise: false)
        case .miter:
            let ratio = 1 / cos(turn / 2)
            if ratio <= miterLimit {
                let m = n0 + n1
                let length = Path.distance(m, .zero)
                out.addLine(to: p + m * (halfWidth * ratio / length))
            }
        case .bevel:
            break
        }
        out.addLine(to: p + n1)
    }

    /// The cap at `b`, the end of travel from `a`: from the left side round to the right.
    func endCap(_ a: Point, _ b: Point, to out: inout Path) {
        let n = normal(a, b)
        let d = Point(x: n.y, y: -n.x)  // along travel, half a width long
        switch cap {
        case .butt:
            break
        case .square:
            out.addLine(to: b + n + d)
            out.addLine(to: b - n + d)
        case .round:
            let a0 = atan2(n.y, n.x)
            out.addArc(
                center: b, radius: halfWidth, startAngle: a0, endAngle: a0 - Double.pi, clockwise: false)
        }
        out.addLine(to: b - n)
    }

    /// A subpath of one point: its cap alone.
    func dot(_ p: Point, to out: inout Path) {
        switch cap {
        case .butt:
            break
        case .round:
            out.addArc(center: p, radius: halfWidth, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
            out.close()
        case .square:
            out.append(
                Path.rect(
                    Rect(x: p.x - halfWidth, y: p.y - halfWidth, width: 2 * halfWidth, height: 2 * halfWidth))
            )
        }
    }
}
