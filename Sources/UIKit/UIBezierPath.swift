import Foundation
import LayerKit
import QuartzCore

/// `UIBezierPath`: a path built in UIKit's terms, shown through `cgPath` (a shape layer's
/// `path`).
///
/// Angles are radians from the positive x axis toward positive y, and `clockwise` is the
/// screen's: `clockwise: true` sweeps toward increasing angles, which turn clockwise on a
/// y-down screen (the opposite of `CGMutablePath.addArc`'s flag, as on iOS). `fill()`,
/// `stroke()` and `addClip()` paint into the current context with the path's own line settings
/// (UIBezierPath+Drawing.swift); a shape layer reads only the path.
open class UIBezierPath: NSObject, NSCopying {
    package var path = Path()

    /// The settings `stroke()` and `fill()` use (a shape layer has its own).
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
    /// Kept for code that sets it: curves are drawn as curves.
    open var flatness: CGFloat = 0.6
    /// `setLineDash(_:count:phase:)`'s pattern and phase.
    package var dashPattern: [CGFloat] = []
    package var dashPhase: CGFloat = 0

    public override init() {
        super.init()
    }

    /// A closed rectangle from its top-left corner, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        path = Path.rect(rect.engine)
    }

    /// The oval inscribed in `rect`: from its rightmost point, clockwise on screen, closed.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path = Path.oval(in: rect.engine)
    }

    /// A rectangle with circular corners of `cornerRadius` (at most half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path = Path.roundedRect(rect.engine, cornerRadius: Double(cornerRadius))
    }

    /// An arc of the circle around `center` (see the type's note on `clockwise`).
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(
            withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
            clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.path
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The path as a `CGPath` (a copy); setting it replaces the path.
    open var cgPath: CGPath {
        get { CGPath(path: path) }
        set { path = newValue.path }
    }

    /// The box around every point of the path, control points included.
    open var bounds: CGRect {
        let b = path.controlPointBounds
        return b.isNull ? .null : CGRect(b)
    }

    /// Where the next element starts (`.zero` for an empty path).
    open var currentPoint: CGPoint { path.currentPoint.map(CGPoint.init) ?? .zero }

    open var isEmpty: Bool { path.isEmpty }

    open func move(to point: CGPoint) {
        path.move(to: point.engine)
    }

    open func addLine(to point: CGPoint) {
        path.addLine(to: point.engine)
    }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint.engine, control: controlPoint.engine)
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint.engine, control1: controlPoint1.engine, control2: controlPoint2.engine)
    }

    /// An arc of the circle around `center`; a line joins the current point, if any, to its
    /// start. `clockwise` is the screen's (see the type).
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(
            center: center.engine, radius: Double(radius), startAngle: Double(startAngle),
            endAngle: Double(endAngle), clockwise: clockwise)
    }

    open func close() {
        path.close()
    }

    open func removeAllPoints() {
        path = Path()
    }

    /// Appends `bezierPath`'s elements (its first move starts a new subpath).
    open func append(_ bezierPath: UIBezierPath) {
        path.append(bezierPath.path)
    }

    /// Maps every point of the path through `transform`.
    open func apply(_ transform: CGAffineTransform) {
        path = path.applying(transform.engine)
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let c = UIBezierPath()
        c.path = path
        c.lineWidth = lineWidth
        c.lineCapStyle = lineCapStyle
        c.lineJoinStyle = lineJoinStyle
        c.miterLimit = miterLimit
        c.usesEvenOddFillRule = usesEvenOddFillRule
        c.flatness = flatness
        c.dashPattern = dashPattern
        c.dashPhase = dashPhase
        return c
    }

    /// The dash pattern `stroke()` uses: `count` lengths from `pattern` (on, off, …), starting
    /// `phase` into it; none (nil or a count of 0) strokes solid lines.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = (0..<count).map { pattern[$0] }
        dashPhase = phase
    }

    /// Copies the dash pattern into `pattern` (as many lengths as it has, when not nil) and
    /// says how many there are and the phase.
    open func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern { for (i, length) in dashPattern.enumerated() { pattern[i] = length } }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }
}
