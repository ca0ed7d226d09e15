import Foundation
import Synchronization

/// One element of a path, as `CGPathElement` lists them.
public enum PathElement: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quad(to: Point, control: Point)
    case cubic(to: Point, control1: Point, control2: Point)
    case close
}

/// A vector path: a value, like `CGPath`, built the way `UIBezierPath` builds one.
///
/// Angles are in radians in UIKit's flipped space: angle 0 points right, π/2 points *down*,
/// and `clockwise: true` means increasing angle, which is clockwise on screen.
public struct Path: Hashable, Sendable {
    /// The elements and drawing state live in a copy-on-write box, so copies of a path share
    /// one box and with it one cached `PathMeasure` (see `measure`).
    private var storage: PathStorage

    /// The path's elements, in order.
    public var elements: [PathElement] { storage.elements }
    /// Where the next element starts, or nil before the first move.
    public var currentPoint: Point? { storage.currentPoint }

    public init() { storage = PathStorage() }

    public init(elements: [PathElement]) {
        storage = PathStorage()
        storage.elements.reserveCapacity(elements.count)
        for e in elements { append(e) }
    }

    public var isEmpty: Bool { storage.elements.isEmpty }

    /// The path's measure (lengths, segment table, trimming, dashing), built on first use and
    /// then shared by every copy of this path value until one of them is mutated.
    /// Safe to call from several threads at once; the measure is built once.
    public var measure: PathMeasure { storage.measure() }

    /// Gives this value its own box before a mutation, so other copies keep their elements
    /// and their cached measure; a box already owned alone just drops its cached measure.
    private mutating func makeUnique() {
        if isKnownUniquelyReferenced(&storage) {
            storage.invalidateMeasure()
        } else {
            storage = storage.copy()
        }
    }

    /// Appends one element, keeping the current point and subpath start up to date.
    public mutating func append(_ e: PathElement) {
        makeUnique()
        let s = storage
        switch e {
        case .move(let p):
            s.subpathStart = p
            s.currentPoint = p
        case .line(let p), .quad(let p, _), .cubic(let p, _, _):
            if s.currentPoint == nil {
                // As CGPath does, a drawing element with no current point starts a subpath.
                s.elements.append(.move(to: p))
                s.subpathStart = p
            }
            s.currentPoint = p
        case .close:
            guard s.currentPoint != nil else { return }
            s.currentPoint = s.subpathStart
        }
        s.elements.append(e)
    }

    public mutating func move(to p: Point) { append(.move(to: p)) }
    public mutating func addLine(to p: Point) { append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) {
        append(.quad(to: p, control: control))
    }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        append(.cubic(to: p, control1: control1, control2: control2))
    }
    public mutating func close() { append(.close) }

    /// Appends all of `other`'s elements (`UIBezierPath.append`): its first move starts a new
    /// subpath, no connecting line is added.
    public mutating func append(_ other: Path) {
        for e in other.elements { append(e) }
    }

    /// `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
    ///
    /// When there is a current point, a straight line joins it to the arc's start, as UIKit
    /// does; otherwise the arc starts a new subpath. The sweep follows CoreGraphics: going
    /// `clockwise` (increasing angle) from start to end, wrapping once around when the end lies
    /// behind the start; a sweep of a full turn or more, or angles exactly one turn apart in
    /// either direction, is exactly one full circle. The arc is
    /// built from cubic pieces of at most a quarter turn. Non-finite input adds nothing.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            return
        }
        let r = abs(radius)
        let sweep = Path.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
        if currentPoint == nil {
            move(to: start)
        } else if currentPoint != start {
            addLine(to: start)
        }
        guard sweep != 0, r > 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // A cubic through the ends of an arc of angle θ with tangent handles of length
        // k·r, k = 4/3·tan(θ/4), is the standard approximation (error < 3e-4·r per quarter).
        let k = 4.0 / 3.0 * tan(step / 4)
        // The last piece ends at exactly the point UIKit leaves as the current point: the one
        // at `endAngle` (or the start itself for a full turn). `startAngle + sweep` names the
        // same direction, but rounding would leave it a few ulps off, and a following arc or
        // line from that point would then gain a spurious connecting segment.
        let lastAngle = abs(sweep) >= 2 * Double.pi ? startAngle : endAngle
        var a0 = startAngle
        var p0 = start
        for i in 0..<pieces {
            let a1 = i == pieces - 1 ? lastAngle : a0 + step
            let p3 = Point(x: center.x + r * cos(a1), y: center.y + r * sin(a1))
            let c1 = Point(x: p0.x - k * r * sin(a0), y: p0.y + k * r * cos(a0))
            let c2 = Point(x: p3.x + k * r * sin(a1), y: p3.y - k * r * cos(a1))
            addCurve(to: p3, control1: c1, control2: c2)
            a0 = a1
            p0 = p3
        }
    }

    /// The signed sweep of an arc from `start` to `end`: positive when `clockwise`.
    ///
    /// Angles exactly one turn apart make a full circle in either direction: CoreGraphics draws
    /// `addArc(… startAngle: 0, endAngle: 2π, clockwise: false)` (UIKit's flag) as a whole
    /// circle, not as nothing — common loader code (shape helpers' circles) relies on it.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let twoPi = 2 * Double.pi
        var delta = end - start
        if abs(abs(delta) - twoPi) <= fullTurnTolerance { return clockwise ? twoPi : -twoPi }
        if clockwise {
            if delta >= twoPi { return twoPi }
            if delta < 0 {
                delta = delta.truncatingRemainder(dividingBy: twoPi)
                if delta < 0 { delta += twoPi }
            }
        } else {
            if delta <= -twoPi { return -twoPi }
            if delta > 0 {
                delta = delta.truncatingRemainder(dividingBy: twoPi)
                if delta > 0 { delta -= twoPi }
            }
        }
        return delta
    }

    /// How close to one turn apart (radians) an arc's angles count as exactly one turn: the
    /// rounding of `2 * .pi` computed in `CGFloat`/`Float` and then widened.
    static let fullTurnTolerance = 1e-6

    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public static func arc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) -> Path {
        var p = Path()
        p.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise)
        return p
    }

    /// `UIBezierPath(ovalIn:)`: four cubic quarter-curves starting at the rightmost point and
    /// running clockwise on screen, closed.
    public static func oval(in rect: Rect) -> Path {
        var p = Path()
        let r = rect.standardized
        guard r.isFinite else { return p }
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        let k = 4.0 / 3.0 * (Double(2).squareRoot() - 1)  // tan(π/8)·4/3
        p.move(to: Point(x: cx + rx, y: cy))
        p.addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
            control2: Point(x: cx + k * rx, y: cy + ry))
        p.addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + k * ry))
        p.addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
            control2: Point(x: cx - k * rx, y: cy - ry))
        p.addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - k * ry))
        p.close()
        return p
    }

    /// `UIBezierPath(rect:)`: starts at the top-left corner and runs clockwise on screen.
    public static func rect(_ rect: Rect) -> Path {
        var p = Path()
        let r = rect.standardized
        guard r.isFinite else { return p }
        p.move(to: Point(x: r.minX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.minY))
        p.addLine(to: Point(x: r.maxX, y: r.maxY))
        p.addLine(to: Point(x: r.minX, y: r.maxY))
        p.close()
        return p
    }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter
    /// side), starting after the top-left corner and running clockwise on screen.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        let r = rect.standardized
        guard r.isFinite, cornerRadius.isFinite else { return Path() }
        let radius = max(0, min(cornerRadius, min(r.width, r.height) / 2))
        if radius == 0 { return Path.rect(r) }
        var p = Path()
        let h = Double.pi / 2
        p.move(to: Point(x: r.minX + radius, y: r.minY))
        p.addArc(
            center: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius,
            startAngle: -h, endAngle: 0, clockwise: true)
        p.addArc(
            center: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius,
            startAngle: 0, endAngle: h, clockwise: true)
        p.addArc(
            center: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius,
            startAngle: h, endAngle: 2 * h, clockwise: true)
        p.addArc(
            center: Point(x: r.minX + radius, y: r.minY + radius), radius: radius,
            startAngle: 2 * h, endAngle: 3 * h, clockwise: true)
        p.close()
        return p
    }

    /// Every element's points mapped through `t`.
    public func applying(_ t: AffineTransform) -> Path {
        var out = Path()
        for e in elements {
            switch e {
            case .move(let p): out.append(.move(to: t.apply(to: p)))
            case .line(let p): out.append(.line(to: t.apply(to: p)))
            case .quad(let p, let c): out.append(.quad(to: t.apply(to: p), control: t.apply(to: c)))
            case .cubic(let p, let c1, let c2):
                out.append(
                    .cubic(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2)))
            case .close: out.append(.close)
            }
        }
        return out
    }

    /// The box around every point of the path including control points
    /// (`CGPathGetBoundingBox`); `Rect.null` for an empty path.
    public var controlPointBounds: Rect {
        var x0 = Double.infinity
        var y0 = Double.infinity
        var x1 = -Double.infinity
        var y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let p, let c):
                add(p)
                add(c)
            case .cubic(let p, let c1, let c2):
                add(p)
                add(c1)
                add(c2)
            case .close: break
            }
        }
        if x0 > x1 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when every coordinate in the path is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return p.isFinite
            case .quad(let p, let c): return p.isFinite && c.isFinite
            case .cubic(let p, let c1, let c2): return p.isFinite && c1.isFinite && c2.isFinite
            case .close: return true
            }
        }
    }

    public static func == (l: Path, r: Path) -> Bool {
        l.storage === r.storage || l.storage.elements == r.storage.elements
    }
    /// The elements' hash, computed once per box (a cache key holding a path, as the stroke
    /// cache's, hashes it on every lookup).
    public func hash(into h: inout Hasher) { h.combine(storage.elementsHash()) }
}

/// The copy-on-write box behind `Path`.
///
/// `@unchecked Sendable` because `elements`, `currentPoint` and `subpathStart` are mutable:
/// `Path` mutates them only after `isKnownUniquelyReferenced` proved that no other value (and
/// so no other thread) can see this box. The cached measure is shared and sits behind a mutex.
private final class PathStorage: @unchecked Sendable {
    var elements: [PathElement] = []
    var currentPoint: Point?
    /// Where the current subpath started (the target of `close`).
    var subpathStart: Point?
    private let cachedMeasure = Mutex<PathMeasure?>(nil)
    private let cachedHash = Mutex<Int?>(nil)

    init() {}

    func copy() -> PathStorage {
        let c = PathStorage()
        c.elements = elements
        c.currentPoint = currentPoint
        c.subpathStart = subpathStart
        return c
    }

    /// Drops what was worked out from the elements (the measure, the hash) before they change.
    func invalidateMeasure() {
        cachedMeasure.withLock { $0 = nil }
        cachedHash.withLock { $0 = nil }
    }

    /// The elements' `hashValue`, worked out on first use and kept until they change.
    func elementsHash() -> Int {
        cachedHash.withLock { cached in
            if let h = cached { return h }
            let h = elements.hashValue
            cached = h
            return h
        }
    }

    /// The cached measure, built under the lock on first use so concurrent callers build it
    /// once. The measure keeps only its own tables, not the path, so there is no cycle.
    func measure() -> PathMeasure {
        cachedMeasure.withLock { cached in
            if let m = cached { return m }
            let m = PathMeasure(elements: elements)
            cached = m
            return m
        }
    }
}
