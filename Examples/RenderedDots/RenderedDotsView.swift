//
//  RenderedDotsView.swift
//  Three bouncing dots that share one image, drawn once with UIGraphicsImageRenderer: a disc
//  filled with a vertical gradient (orange at the top, pink at the bottom) through a clip, with
//  a small white highlight. The image is each dot layer's contents.
//

import UIKit

enum DotImage {
    static let top = UIColor(red: 1, green: 0.6, blue: 0, alpha: 1)
    static let bottom = UIColor(red: 1, green: 0.2, blue: 0.6, alpha: 1)

    /// A `side`-point disc: the gradient clipped to the circle, then the highlight.
    static func make(side: CGFloat) -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side))
        return renderer.image { context in
            let ctx = context.cgContext
            let disc = CGRect(x: 0, y: 0, width: side, height: side)
            ctx.saveGState()
            ctx.addEllipse(in: disc)
            ctx.clip()
            let colors = [top.cgColor, bottom.cgColor] as CFArray
            let locations: [CGFloat] = [0, 1]
            if let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: locations)
            {
                ctx.drawLinearGradient(
                    gradient, start: CGPoint(x: side / 2, y: 0), end: CGPoint(x: side / 2, y: side),
                    options: [])
            }
            ctx.restoreGState()
            UIColor(white: 1, alpha: 0.8).setFill()
            UIBezierPath(
                ovalIn: CGRect(x: side * 0.25, y: side * 0.2, width: side * 0.25, height: side * 0.2)
            )
            .fill()
        }
    }
}

final class RenderedDotsView: UIView {
    private var dots: [CALayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        let side: CGFloat = 24
        let image = DotImage.make(side: side)
        for i in 0..<3 {
            let dot = CALayer()
            dot.contents = image.cgImage
            dot.contentsScale = image.scale
            dot.frame = CGRect(
                x: bounds.midX - side * 2.5 + CGFloat(i) * side * 2, y: bounds.midY - side / 2, width: side,
                height: side)
            layer.addSublayer(dot)
            dots.append(dot)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Each dot jumps 16 points and lands, 0.15 s after the one before it.
    func startAnimating() {
        for (i, dot) in dots.enumerated() {
            let jump = CABasicAnimation(keyPath: "position.y")
            jump.byValue = -16
            jump.duration = 0.3
            jump.autoreverses = true
            jump.repeatCount = .infinity
            jump.beginTime = CACurrentMediaTime() + 0.15 * Double(i)
            jump.timingFunction = CAMediaTimingFunction(name: .easeOut)
            dot.add(jump, forKey: "jump")
        }
    }
}
