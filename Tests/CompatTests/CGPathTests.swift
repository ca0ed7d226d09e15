import CoreGraphics
import Foundation
import LayerKit
import Testing
import UIKit

/// Paths: element structure, and which way arcs and ovals run on a y-down screen.
///
/// Apple documents that CoreGraphics' `clockwise` is meant in its own y-up space, so "in a
/// flipped coordinate system (the default for UIView drawing methods in iOS), specifying a
/// clockwise arc results in a counterclockwise arc"; UIBezierPath's `clockwise` is the
/// screen's. Angles are measured from +x toward +y (down on screen) in both.
@Suite struct CGPathTests {
    /// The end point of the first drawing element after the first move.
    func firstEnd(_ path: Path) -> Point? {
        for e in path.elements {
            switch e {
            case .line(let p), .quad(let p, _), .cubic(let p, _, _): return p
            default: continue
            }
        }
        return nil
    }

    @Test func uiBezierClockwiseArcTurnsClockwiseOnScreen() {
        // From angle 0 (right of the centre) clockwise on screen to π/2 (below it): a quarter
        // turn, one cubic ending at (cx, cy + r).
        let p = UIBezierPath(
            arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(p.path.elements.count == 2)
        #expect(p.path.elements.first == .move(to: Point(x: 60, y: 50)))
        #expect(near(CGPoint(firstEnd(p.path)!), CGPoint(x: 50, y: 60)))
        #expect(near(p.currentPoint, CGPoint(x: 50, y: 60)))
    }

    @Test func cgPathClockwiseArcTurnsCounterClockwiseOnScreen() {
        // The same call on CGMutablePath sweeps toward decreasing angles: three quarter turns,
        // first through angle −π/2, which is above the centre on screen.
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(p.path.elements.count == 4)
        #expect(near(CGPoint(firstEnd(p.path)!), CGPoint(x: 50, y: 40)))
        #expect(near(p.currentPoint, CGPoint(x: 50, y: 60)))
        // clockwise: false is UIBezierPath's clockwise: true.
        let q = CGMutablePath()
        q.addArc(
            center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(q.path.elements.count == 2)
        #expect(near(CGPoint(firstEnd(q.path)!), CGPoint(x: 50, y: 60)))
    }

    @Test func ovalsRunOppositeWays() {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 10)
        // UIBezierPath(ovalIn:): rightmost point, then down (clockwise on screen).
        let ui = UIBezierPath(ovalIn: rect).path
        #expect(ui.elements.first == .move(to: Point(x: 20, y: 5)))
        #expect(firstEnd(ui) == Point(x: 10, y: 10))
        // CGPath(ellipseIn:): clockwise in CoreGraphics' y-up sense, so up first on screen.
        let cg = CGPath(ellipseIn: rect, transform: nil).path
        #expect(cg.elements.first == .move(to: Point(x: 20, y: 5)))
        #expect(firstEnd(cg) == Point(x: 10, y: 0))
        #expect(cg.elements.last == .close)
        #expect(cg.elements.count == 6)
    }

    @Test func mutablePathElements() {
        let p = CGMutablePath()
        #expect(p.isEmpty)
        #expect(p.currentPoint == .zero)
        #expect(p.boundingBox.isNull)
        p.move(to: CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 5, y: 2))
        p.addQuadCurve(to: CGPoint(x: 5, y: 8), control: CGPoint(x: 9, y: 5))
        p.addCurve(to: CGPoint(x: 1, y: 8), control1: CGPoint(x: 4, y: 9), control2: CGPoint(x: 2, y: 9))
        p.closeSubpath()
        #expect(
            p.path.elements == [
                .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 5, y: 2)),
                .quad(to: Point(x: 5, y: 8), control: Point(x: 9, y: 5)),
                .cubic(to: Point(x: 1, y: 8), control1: Point(x: 4, y: 9), control2: Point(x: 2, y: 9)),
                .close,
            ])
        // Control points count in the bounding box: x up to 9, y up to 9.
        #expect(p.boundingBox == CGRect(x: 1, y: 2, width: 8, height: 7))
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
    }

    @Test func transformsApplyToAddedPoints() {
        let p = CGMutablePath()
        let t = CGAffineTransform(translationX: 10, y: 20)
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0)], transform: t)
        p.addRect(CGRect(x: 0, y: 0, width: 2, height: 3))
        #expect(p.path.elements[0] == .move(to: Point(x: 10, y: 20)))
        #expect(p.path.elements[1] == .line(to: Point(x: 11, y: 20)))
        // addRect: a new subpath (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY), closed.
        #expect(
            Array(p.path.elements[2...]) == [
                .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 2, y: 0)), .line(to: Point(x: 2, y: 3)),
                .line(to: Point(x: 0, y: 3)), .close,
            ])
        var scale = CGAffineTransform(scaleX: 2, y: 2)
        let copy = p.copy(using: &scale)!
        #expect(copy.path.elements[1] == .line(to: Point(x: 22, y: 40)))
        #expect(p.copy() == p)
    }

    @Test func tangentArcRoundsTheCorner() {
        // From (0,0) toward the corner (10,0), then down to (10,10), radius 2: the circle
        // touching both lines has its centre at (8, 2), so the tangent points are (8, 0) and
        // (10, 2).
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        #expect(p.path.elements[1] == .line(to: Point(x: 8, y: 0)))
        #expect(near(p.currentPoint, CGPoint(x: 10, y: 2)))
        #expect(p.path.elements.count == 3)
        // Collinear points give a straight line to the first tangent end.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(q.path.elements == [.move(to: .zero), .line(to: Point(x: 5, y: 0))])
    }

    @Test func roundedRectsAndAppending() {
        let r = CGPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 4, cornerHeight: 6,
            transform: nil)
        // Starts on the top edge after the top-left corner, ends closed; the bounding box is the rect.
        #expect(r.path.elements.first == .move(to: Point(x: 4, y: 0)))
        #expect(r.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 20))
        let a = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        a.append(UIBezierPath(ovalIn: CGRect(x: 20, y: 0, width: 10, height: 10)))
        #expect(a.path.elements.filter { if case .move = $0 { true } else { false } }.count == 2)
        a.apply(CGAffineTransform(translationX: 5, y: 0))
        #expect(a.path.elements.first == .move(to: Point(x: 5, y: 0)))
        #expect(UIBezierPath(cgPath: a.cgPath).cgPath == a.cgPath)
    }
}
