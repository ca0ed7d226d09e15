//
//  CPMatchingView.swift
//  Orbit ring: the "matching" view (docs/loaders.md).
//
//  A ball runs round a ring while a solid line fills the ring's dashes, slowing at the top and
//  speeding up past it. There is no API for a layer circling a point, so the ball sits on a
//  parent layer that turns about its own centre ("rotate the parent"); the ring's strokeEnd
//  and the parent's rotation share duration and curve, so the ball rides the line's end.
//
//  Layers, bottom to top:
//  - an outer circle (the whole view),
//  - a dashed inner circle,
//  - the solid inner circle that animates,
//  - the parent layer that turns, carrying a ball,
//  - a fixed ball at the top.
//

import QuartzCore
import UIKit

class CPMatchingView: UIView {
    private var bigLayer: CAShapeLayer!
    private var dynamicBallLayer: CAShapeLayer!
    private var dynamicContentLayer: CAShapeLayer!
    private var staticBallLayer: CAShapeLayer!
    private var staticContentLayer: CAShapeLayer!
    private var dashCircleLayer: CAShapeLayer!
    private var dynamicCircleLayer: CAShapeLayer!

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.clear
        configureSublayers()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func configureSublayers() {
        configureContentLayer()
        makeLayersAnimated()
    }

    private func configureContentLayer() {
        // The outer circle and the dashed inner circle: their Bézier paths, drawn as they are.
        let bigLayerWidth = bounds.size.width
        let bigLayerHeight = bounds.size.height
        let position = CGPoint(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let bigLayerPath = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: bigLayerWidth, height: bigLayerHeight))
        bigLayer = CAShapeLayer()
        bigLayer.frame = CGRect(x: 0, y: 0, width: bigLayerWidth, height: bigLayerHeight)
        bigLayer.path = bigLayerPath.cgPath
        bigLayer.lineWidth = 1
        bigLayer.strokeColor = UIColor.white.cgColor
        bigLayer.fillColor = UIColor.clear.cgColor
        bigLayer.position = position
        layer.addSublayer(bigLayer)

        let contentLayerWidth = bigLayerWidth - 32
        let contentLayerHeight = bigLayerHeight - 32
        let contentLayerRect = CGRect(x: 0, y: 0, width: contentLayerWidth, height: contentLayerHeight)
        let centralCirclePath = UIBezierPath(ovalIn: contentLayerRect)
        dashCircleLayer = CAShapeLayer()
        dashCircleLayer.bounds = contentLayerRect
        dashCircleLayer.path = centralCirclePath.cgPath
        dashCircleLayer.fillColor = UIColor.clear.cgColor
        dashCircleLayer.strokeColor = UIColor.white.cgColor
        dashCircleLayer.lineDashPattern = [1, 1]
        dashCircleLayer.lineWidth = 0.5
        dashCircleLayer.position = position
        layer.addSublayer(dashCircleLayer)

        // The ring that animates.
        dynamicCircleLayer = CAShapeLayer()
        dynamicCircleLayer.bounds = contentLayerRect
        dynamicCircleLayer.path = centralCirclePath.cgPath
        dynamicCircleLayer.fillColor = UIColor.clear.cgColor
        dynamicCircleLayer.lineWidth = 1.0
        dynamicCircleLayer.strokeColor = UIColor.white.cgColor
        dynamicCircleLayer.strokeStart = 0
        dynamicCircleLayer.strokeEnd = 1
        dynamicCircleLayer.setAffineTransform(CGAffineTransform(rotationAngle: .pi + .pi / 2))
        dynamicCircleLayer.position = position
        layer.addSublayer(dynamicCircleLayer)

        // The parent layer that turns.
        let rectPath = UIBezierPath(rect: contentLayerRect)
        dynamicContentLayer = CAShapeLayer()
        dynamicContentLayer.bounds = contentLayerRect
        dynamicContentLayer.path = rectPath.cgPath
        dynamicContentLayer.fillColor = UIColor.clear.cgColor
        // The original strokes this square red (UIColor.red) to show the trick while building it;
        // the finished view shows no square.
        dynamicContentLayer.strokeColor = nil
        dynamicContentLayer.position = position
        layer.addSublayer(dynamicContentLayer)

        // The ball on the parent layer.
        let ballLayerRadius: CGFloat = 4
        dynamicBallLayer = CAShapeLayer()
        dynamicBallLayer.frame = CGRect(x: 0, y: 0, width: 2 * ballLayerRadius, height: 2 * ballLayerRadius)
        dynamicBallLayer.cornerRadius = ballLayerRadius
        dynamicBallLayer.backgroundColor = UIColor.white.cgColor
        dynamicBallLayer.position = CGPoint(x: contentLayerWidth / 2.0, y: 0)
        dynamicContentLayer.addSublayer(dynamicBallLayer)

        // The ball that stays.
        staticContentLayer = CAShapeLayer()
        staticContentLayer.bounds = contentLayerRect
        staticContentLayer.fillColor = UIColor.clear.cgColor
        staticContentLayer.strokeColor = UIColor.white.cgColor
        staticContentLayer.position = position
        layer.addSublayer(staticContentLayer)

        staticBallLayer = CAShapeLayer()
        staticBallLayer.frame = CGRect(x: 0, y: 0, width: 2 * ballLayerRadius, height: 2 * ballLayerRadius)
        staticBallLayer.cornerRadius = ballLayerRadius
        staticBallLayer.backgroundColor = UIColor.white.cgColor
        staticBallLayer.position = CGPoint(x: contentLayerWidth / 2.0, y: 0)
        staticContentLayer.addSublayer(staticBallLayer)
    }

    /// Gravity with a timing curve instead of a physics engine: both animations ease in and out.
    private func makeLayersAnimated() {
        // The ring.
        let pathAnimation = CABasicAnimation(keyPath: "strokeEnd")
        pathAnimation.duration = 3.0
        // Ease in and out, standing in for gravity.
        pathAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        pathAnimation.fromValue = 0.0
        pathAnimation.toValue = 1.0
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        pathAnimation.repeatCount = .infinity
        dynamicCircleLayer.add(pathAnimation, forKey: "strokeEndAnimation")
        // The ball.
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation"
        animation.duration = 3.0
        animation.repeatCount = .infinity
        animation.byValue = Double.pi * 2
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dynamicContentLayer.add(animation, forKey: animation.keyPath)
    }
}
