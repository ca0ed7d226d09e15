import CoreGraphics
import Foundation
import LayerKit
import QuartzCore
import Testing
import UIKit

/// `CGPath.copy(strokingWithWidth:…)`, `CGPath(__byStroking:…)`, `copy(dashingWithPhase:…)` and
/// `CGContext.clip(to:mask:)`, checked by filling the outlines and against plain geometry:
/// points known to lie inside or outside a stroke of that pen.
@Suite("CGPath stroking and image masks")
struct CGPathStrokingTests {
    /// Whether the pixel at (x, y) is painted when `outline` is filled in red.
    func painted(_ outline: CGPath, _ points: [(Int, Int)]) -> [Bool] {
        let pixels = ImagePixels(
            render(CGSize(width: 100, height: 100)) { ctx in
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.addPath(outline)
                ctx.fillPath()
            })
        return points.map { pixels.alpha($0.0, $0.1) > 128 }
    }

    func line(_ points: [CGPoint], closed: Bool = false) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: points)
        if closed { path.closeSubpath() }
        return path
    }

    @Test("a line's outline covers half the width each side; caps as CoreGraphics draws them")
    func caps() {
        let segment = line([CGPoint(x: 10, y: 20), CGPoint(x: 50, y: 20)])
        // Pixel centres: (30.5, 17.5) is 2.5 from the line, (30.5, 26.5) is 6.5; (6.5, 20.5) is
        // 3.5 before the start, 3.54 from it; (3.5, 20.5) is 6.5 before it, 6.52 from it.
        let points = [(30, 17), (30, 26), (6, 20), (3, 20)]
        let butt = segment.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(painted(butt, points) == [true, false, false, false])
        let round = segment.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        #expect(painted(round, points) == [true, false, true, false])
        let square = CGPath(
            __byStroking: segment, transform: nil, lineWidth: 10, lineCap: .square, lineJoin: .miter,
            miterLimit: 10)
        #expect(square.map { painted($0, points) } == [true, false, true, false])
        #expect(
            CGPath(
                __byStroking: segment, transform: nil, lineWidth: 0, lineCap: .butt, lineJoin: .miter,
                miterLimit: 10) == nil)
    }

    @Test("corners: a miter reaches the corner's point, a bevel cuts it, a round join rounds it")
    func joins() {
        let corner = line([CGPoint(x: 10, y: 10), CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 50)])
        // The outer corner of the pen's square is (55, 5). (54.5, 5.5) is inside the miter, past
        // the bevel's edge y = x - 45, and 6.36 from the corner (outside a round join);
        // (53.5, 7.5) is 4.3 from it (inside a round join, past the bevel's edge).
        let points = [(54, 5), (53, 7), (47, 30), (30, 13)]
        let miter = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(painted(miter, points) == [true, true, true, true])
        let bevel = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        #expect(painted(bevel, points) == [false, false, true, true])
        let round = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        #expect(painted(round, points) == [false, true, true, true])
        // A miter of 1.41 widths over a limit of 1.2 is bevelled.
        let limited = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1.2)
        #expect(painted(limited, points) == [false, false, true, true])
    }

    @Test("a closed circle's outline is a ring: its hole stays empty")
    func ring() {
        let circle = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        let outline = circle.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        // Distances from the centre (50, 50): 0.7 (hole), 27.5 and 32.5 (ring), 37.5 (outside).
        #expect(painted(outline, [(50, 50), (50, 22), (50, 17), (50, 12)]) == [false, true, true, false])
    }

    @Test("the outline filled covers what Cairo's stroke of the path covers")
    func matchesStroke() {
        let arc = CGMutablePath()
        arc.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: 0, endAngle: 4, clockwise: false)
        arc.addLine(to: CGPoint(x: 80, y: 90))
        let outline = arc.copy(strokingWithWidth: 12, lineCap: .round, lineJoin: .round, miterLimit: 10)
        let filled = ImagePixels(
            render(CGSize(width: 100, height: 100)) { ctx in
                ctx.addPath(outline)
                ctx.fillPath()
            })
        let stroked = ImagePixels(
            render(CGSize(width: 100, height: 100)) { ctx in
                ctx.setLineWidth(12)
                ctx.setLineCap(.round)
                ctx.setLineJoin(.round)
                ctx.addPath(arc)
                ctx.strokePath()
            })
        var differing = 0
        var covered = 0
        for y in 0..<100 {
            for x in 0..<100 {
                if stroked.alpha(x, y) > 128 { covered += 1 }
                if abs(filled.alpha(x, y) - stroked.alpha(x, y)) > 96 { differing += 1 }
            }
        }
        #expect(covered > 1500)
        #expect(differing < covered / 100)
    }

    @Test("dashing cuts the path into its on lengths")
    func dashing() {
        let segment = line([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)])
        let dashed = segment.copy(dashingWithPhase: 5, lengths: [10, 20])
        // From 5 into the pattern: on 0–5, off 5–25, on 25–35, off 35–55, on 55–65, off 65–85, on 85–95.
        let moves = dashed.path.elements.filter {
            if case .move = $0 { return true }
            return false
        }.count
        #expect(moves == 4)
        #expect(dashed.boundingBox == CGRect(x: 0, y: 0, width: 95, height: 0))
    }

    @Test("clip(to:mask:) takes an image's alpha, or an opaque image's brightness, as coverage")
    func imageMasks() {
        // The mask's top half is opaque; placed as draw(_:in:) places an image in a UIKit
        // context, upside down, it lets the bottom half through.
        let topHalf = render(CGSize(width: 20, height: 20)) { ctx in
            ctx.setFillColor(UIColor.black.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        let alphaMasked = ImagePixels(
            render(CGSize(width: 20, height: 20)) { ctx in
                ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: topHalf.cgImage!)
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            })
        #expect(alphaMasked(5, 15) == opaqueRed)
        #expect(alphaMasked(5, 5) == transparent)
        // An opaque mask, white on the left and black on the right.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let leftWhite = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image {
            r in
            UIColor.black.setFill()
            r.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            UIColor.white.setFill()
            r.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        }
        let grayMasked = ImagePixels(
            render(CGSize(width: 20, height: 20)) { ctx in
                ctx.saveGState()
                ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: leftWhite.cgImage!)
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
                ctx.restoreGState()
            })
        #expect(grayMasked(5, 5) == opaqueRed)
        #expect(grayMasked(15, 5) == transparent)
    }
}
