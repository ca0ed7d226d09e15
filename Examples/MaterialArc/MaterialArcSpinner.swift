//
//  MaterialArcSpinner.swift
//  An indeterminate circular progress indicator in the Material style.
//
//  The view's own layer is a CAShapeLayer holding a full circle that starts at the top. A
//  group moves the arc's head (strokeEnd) round first and its tail (strokeStart) after it, so
//  the arc grows and shrinks, while the whole layer turns at a different pace, so each new arc
//  starts somewhere else on the circle.
//

import QuartzCore
import UIKit

final class MaterialArcSpinner: UIView {
    override class var layerClass: AnyClass {
        return CAShapeLayer.self
    }

    private var shapeLayer: CAShapeLayer {
        return layer as! CAShapeLayer
    }

    let lineWidth: CGFloat
    /// Material's "standard" easing curve.
    private let easing = CAMediaTimingFunction(controlPoints: 0.4, 0.0, 0.2, 1.0)

    init(frame: CGRect, color: UIColor, lineWidth: CGFloat = 4) {
        self.lineWidth = lineWidth
        super.init(frame: frame)
        shapeLayer.fillColor = UIColor.clear.cgColor
        shapeLayer.strokeColor = color.cgColor
        shapeLayer.lineWidth = lineWidth
        shapeLayer.lineCap = .round
        shapeLayer.strokeStart = 0
        shapeLayer.strokeEnd = 1
        updatePath()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        updatePath()
    }

    /// A circle inside the bounds (the stroke included), from the top, clockwise.
    private func updatePath() {
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
        shapeLayer.path = UIBezierPath(
            arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true
        ).cgPath
    }

    func startAnimating() {
        // The head runs round first …
        let head = CABasicAnimation(keyPath: "strokeEnd")
        head.fromValue = 0.0
        head.toValue = 1.0
        head.duration = 0.75
        head.timingFunction = easing

        // … and the tail follows half a second behind.
        let tail = CABasicAnimation(keyPath: "strokeStart")
        tail.beginTime = 0.5
        tail.fromValue = 0.0
        tail.toValue = 1.0
        tail.duration = 0.75
        tail.timingFunction = easing

        let stroke = CAAnimationGroup()
        stroke.animations = [head, tail]
        stroke.duration = 1.25
        stroke.repeatCount = .infinity
        shapeLayer.add(stroke, forKey: "stroke")

        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0.0
        rotation.toValue = 2 * Double.pi
        rotation.duration = 2.0
        rotation.repeatCount = .infinity
        rotation.timingFunction = CAMediaTimingFunction(name: .linear)
        shapeLayer.add(rotation, forKey: "rotation")
    }

    func stopAnimating() {
        shapeLayer.removeAnimation(forKey: "stroke")
        shapeLayer.removeAnimation(forKey: "rotation")
    }
}
