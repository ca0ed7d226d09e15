import Foundation
import LayerKit
import QuartzCore

/// Painting a path into the current context (`UIGraphicsGetCurrentContext()`), as UIKit does:
/// with the path's own line settings, the context's colours, and the context's state left as
/// it was (but for `addClip()`). Nothing happens without a current context.
extension UIBezierPath {
    /// Fills the path's inside (even-odd when `usesEvenOddFillRule`) with the fill colour.
    public func fill() {
        fill(with: .normal, alpha: 1)
    }

    /// Fills with `blendMode` at `alpha`.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.beginPath()
        ctx.addPath(cgPath)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path with the stroke colour, `lineWidth`, `lineCapStyle`, `lineJoinStyle`,
    /// `miterLimit` and the dash pattern.
    public func stroke() {
        stroke(with: .normal, alpha: 1)
    }

    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        ctx.setAlpha(alpha)
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: dashPhase, lengths: dashPattern)
        ctx.beginPath()
        ctx.addPath(cgPath)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the path's inside.
    public func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.beginPath()
        ctx.addPath(cgPath)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

/// Setting the current context's colours (`UIColor.setFill()` …).
extension UIColor {
    /// Both the fill and the stroke colour of the current context.
    public func set() {
        setFill()
        setStroke()
    }

    public func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    public func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }
}

/// Drawing an image into the current context, upright (unlike `CGContext.draw(_:in:)`).
extension UIImage {
    /// `UIImage.imageOrientation`'s values (only `.up` is drawn as such).
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// Draws the image at its size in points with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image stretched over `rect`.
    public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), let cgImage else { return }
        ctx.drawUpright(cgImage.reference, in: rect, blendMode: blendMode, alpha: alpha)
    }
}
