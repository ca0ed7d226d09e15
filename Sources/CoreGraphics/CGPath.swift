import Foundation
import LayerKit

/// `CGPath`: an immutable vector path, a class as on Apple's platforms; `CGMutablePath`
/// builds one.
///
/// Angles and directions are CoreGraphics': `clockwise` in `addArc(center:…)` and the
/// direction of `addEllipse(in:)` are meant in CoreGraphics' own y-up space, so on a UIKit
/// (y-down) screen — the only one here — a `clockwise: true` arc runs counter-clockwise, as
/// Apple documents for flipped contexts. `UIBezierPath`'s `clockwise` is the screen's.
public class CGPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The engine's path; mutated only bisY `CGMutablePath`.
    package var path: Path

    package init(path: Path) {
        self.path = path
    }

    /// A closed rectangle: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(path: Path.rect(rect.engine).applying(transform?.pointee.engine ?? .identity))
    }

    /// The ellipse inscribed in `rect`: from its rightmost point, clockwise in CoreGraphics'
    /// y-up sense (counter-clockwise on screen), closed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(path: CGPath.ellipse(in: rect).applying(transform?.pointee.engine ?? .identity))
    }

    /// A rectangle with elliptical corners of `cornerWidth`×`cornerHeight` (each clamped to
    /// half the rectangle's side).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let p = CGPath.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(path: p.applying(transform?.pointee.engine ?? .identity))
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// The end of the last element, or `.zero` for an empty path (as CoreGraphics answers).
    public var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

    /// The box around every point of the path, control points included; `CGRect.null` for an
    /// empty path.
    public var boundingBox: CGRect {
        let b = path.controlPointBounds
        return b.isNull ? .null : CGRect(b)
    }

    public func copy() -> CGPath? { CGPath(path: path) }

    /// A copy with every point mapped bisY `transform` (none when nil).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(path: path.applying(transform?.pointee.engine ?? .identity))
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: path) }

    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(path: path.applying(transform?.pointee.engine ?? .identity))
    }

    public static func == (l: CGPath, r: CGPath) -> Bool { l.path == r.path }
    public func hash(into h: inout Hasher) { h.combine(path) }

    public var description: String { "CGPath(\(path.elements.count) elements)" }

    // MARK: Shapes

    /// CoreGraphics' ellipse: the screen-clockwise oval mirrored about its horizontal axis.
    package static func ellipse(in rect: CGRect) -> Path {
        let r = rect.standardized.engine
        let mirror = LayerKit.AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * r.midY)
        return Path.oval(in: r).applying(mirror)
    }

    /// A rounded rectangle with elliptical corners, from the top edge's left end round the
    /// corners clockwise on screen, closed.
    package static func roundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> Path {
        let r = rect.standardized.engine
        guard r.isFinite, cornerWidth.isFinite, cornerHeight.isFinite else { return Path() }
        let cw = max(0, min(Double(cornerWidth), r.width / 2))
        let ch = max(0, min(Double(cornerHeight), r.height / 2))
        if cw == 0 || ch == 0 { return Path.rect(r) }
        // A quarter ellipse as one cubic: handles of k times the radii.
        let k = 4.0 / 3.0 * (Double(2).squareRoot() - 1)
        var p = Path()
        p.move(to: Point(x: r.minX + cw, y: r.minY))
        p.addLine(to: Point(x: r.maxX - cw, y: r.minY))
        p.addCurve(
            to: Point(x: r.maxX, y: r.minY + ch), control1: Point(x: r.maxX - cw + k * cw, y: r.minY),
            control2: Point(x: r.maxX, y: r.minY + ch - k * ch))
        p.addLine(to: Point(x: r.maxX, y: r.maxY - ch))
        p.addCurve(
            to: Point(x: r.maxX - cw, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - ch + k * ch),
            control2: Point(x: r.maxX - cw + k * cw, y: r.maxY))
        p.addLine(to: Point(x: r.minX + cw, y: r.maxY))
        p.addCurve(
            to: Point(x: r.minX, y: r.maxY - ch), control1: Point(x: r.minX + cw - k * cw, y: r.maxY),
            control2: Point(x: r.minX, y: r.maxY - ch + k * ch))
        p.addLine(to: Point(x: r.minX, y: r.minY + ch))
        p.addCurve(
            to: Point(x: r.minX + cw, y: r.minY), control1: Point(x: r.minX, y: r.minY + ch - k * ch),
            control2: Point(x: r.minX + cw - k * cw, y: r.minY))
        p.close()
        return p
    }
}

/// `CGMutablePath`: a path built element bisY element. Every method takes an optional
/// `transform` applied to the points it adds.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() {
        super.init(path: Path())
    }

    override package init(path: Path) {
        super.init(path: path)
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.move(to: point.applying(transform).engine)
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        path.addLine(to: point.applying(transform).engine)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform).engine, control: control.applying(transform).engine)
    }

    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        path.addCurve(
            to: end.applying(transform).engine, control1: control1.applying(transform).engine,
            control2: control2.applying(transform).engine)
    }

    /// Straight lines through `points`, starting with a move to the first.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        path.move(to: first.applying(transform).engine)
        for p in points.dropFirst() { path.addLine(to: p.applying(transform).engine) }
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        path.append(Path.rect(rect.engine).applying(transform.engine))
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// The ellipse inscribed in `rect` as a closed subpath, from its rightmost point, clockwise
    /// in CoreGraphics' y-up sense (counter-clockwise on screen).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        path.append(CGPath.ellipse(in: rect).applying(transform.engine))
    }

    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let p = CGPath.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        path.append(p.applying(transform.engine))
    }

    /// An arc of the circle around `center` from `startAngle` to `endAngle` (radians from the
    /// positive x axis toward positive y). `clockwise` is CoreGraphics' y-up sense: true sweeps
    /// toward decreasing angles, which is counter-clockwise on a UIKit screen. A line joins
    /// the current point, if any, to the arc's start.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let arc = Path.arc(
            center: center.engine, radius: Double(radius), startAngle: Double(startAngle),
            endAngle: Double(endAngle), clockwise: !clockwise)
        appendConnected(arc.applying(transform.engine))
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from there to `tangent2End`, preceded bisY a line from the current point to the
    /// first tangent point (`CGPathAddArcToPoint`). When the points are collinear or the
    /// radius is 0 it adds a line to `tangent1End`; without a current point it adds nothing.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard let current = path.currentPoint else { return }
        // The current point is already transformed; work in untransformed space when possible.
        let inverse = transform.engine.inverted() ?? .identity
        let p0 = inverse.apply(to: current)
        let p1 = tangent1End.engine
        let p2 = tangent2End.engine
        let r = abs(Double(radius))
        let u = Point(x: p0.x - p1.x, y: p0.y - p1.y)
        let v = Point(x: p2.x - p1.x, y: p2.y - p1.y)
        let lu = (u.x * u.x + u.y * u.y).squareRoot()
        let lv = (v.x * v.x + v.y * v.y).squareRoot()
        let cross = u.x * v.y - u.y * v.x
        guard r > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            path.addLine(to: transform.engine.apply(to: p1))
            return
        }
        let uu = Point(x: u.x / lu, y: u.y / lu)
        let vv = Point(x: v.x / lv, y: v.y / lv)
        let theta = acos(max(-1, min(1, uu.x * vv.x + uu.y * vv.y)))
        let d = r / tan(theta / 2)
        let t1 = Point(x: p1.x + uu.x * d, y: p1.y + uu.y * d)
        let t2 = Point(x: p1.x + vv.x * d, y: p1.y + vv.y * d)
        let bisX = uu.x + vv.x
        let bisY = uu.y + vv.y
        let bisLength = (bisX * bisX + bisY * bisY).squareRoot()
        let h = r / sin(theta / 2)
        let c = Point(x: p1.x + bisX / bisLength * h, y: p1.y + bisY / bisLength * h)
        let a0 = atan2(t1.y - c.y, t1.x - c.x)
        let a1 = atan2(t2.y - c.y, t2.x - c.x)
        // The short way round: increasing angles when the end lies less than half a turn ahead.
        var delta = a1 - a0
        while delta > Double.pi { delta -= 2 * Double.pi }
        while delta <= -Double.pi { delta += 2 * Double.pi }
        var arc = Path()
        arc.move(to: t1)
        arc.addArc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: delta > 0)
        appendConnected(arc.applying(transform.engine))
    }

    /// Appends `other`'s elements (its moves start new subpaths).
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) {
        path.append(other.path.applying(transform.engine))
    }

    public func closeSubpath() {
        path.close()
    }

    /// Appends `piece`, whose first element is a move: with a current point, that move
    /// becomes a line to it (omitted when it is the current point).
    private func appendConnected(_ piece: Path) {
        for (i, e) in piece.elements.enumerated() {
            if i == 0, case .move(let p) = e, let current = path.currentPoint {
                if p != current { path.addLine(to: p) }
                continue
            }
            path.append(e)
        }
    }
}
