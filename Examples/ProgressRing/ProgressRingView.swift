//
//  ProgressRingView.swift
//  A circular progress indicator drawn with Core Graphics.
//
//  The view draws the ring's track in draw(_:). The coloured arc and the percentage are drawn
//  by a layer of its own whose `progress` is an animatable property: the layer class says that
//  a change of "progress" needs display, so while a CABasicAnimation of "progress" runs, Core
//  Animation draws the layer again for every frame with the animated value.
//

import UIKit

/// Draws the arc from the top, clockwise, as far as `progress` (0…1) goes, and the percentage.
final class ProgressRingLayer: CALayer {
    // On iOS: @NSManaged var progress: CGFloat
    @Managed var progress: CGFloat

    var lineWidth: CGFloat = 10
    var color = UIColor.systemGreen

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressRingLayer {
            lineWidth = other.lineWidth
            color = other.color
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "progress" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2 - 3
        let start = -CGFloat.pi / 2
        let end = start + 2 * .pi * max(0, min(1, progress))

        // Core Graphics' own arc: in this flipped (y-down) context `clockwise: false` turns
        // clockwise on screen.
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(color.cgColor)
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: false)
        ctx.strokePath()

        UIGraphicsPushContext(ctx)
        let text = "\(Int((progress * 100).rounded()))%" as NSString
        let attributes: [NSAttributedString.Key: Any] = [.foregroundColor: UIColor.white]
        let size = text.size(withAttributes: attributes)
        text.draw(
            at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2),
            withAttributes: attributes)
        UIGraphicsPopContext()
    }
}

final class ProgressRingView: UIView {
    let ringLayer = ProgressRingLayer()
    let lineWidth: CGFloat = 10

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        ringLayer.contentsScale = UIScreen.main.scale
        ringLayer.lineWidth = lineWidth
        layer.addSublayer(ringLayer)
        ringLayer.frame = bounds
        ringLayer.setNeedsDisplay()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        ringLayer.frame = bounds
    }

    /// The track: a faint full circle under the arc.
    override func draw(_ rect: CGRect) {
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2 - 3
        let track = UIBezierPath(
            arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius, startAngle: 0,
            endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = lineWidth
        UIColor(white: 1, alpha: 0.2).setStroke()
        track.stroke()
    }

    /// Animates the arc from 0 to 1 in `duration` seconds, again and again.
    func startAnimating(duration: CFTimeInterval = 2) {
        ringLayer.progress = 1
        let animation = CABasicAnimation(keyPath: "progress")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = duration
        animation.repeatCount = .infinity
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        ringLayer.add(animation, forKey: "progress")
    }
}
