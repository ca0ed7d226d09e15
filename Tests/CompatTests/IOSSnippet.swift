// Written as iOS code is written (this target compiles in Swift 5 mode, as previews are):
// nothing here knows it is not on an iPhone.
#if canImport(UIKit)
    import UIKit

    /// A spinner of the usual kind: a stroked arc whose end chases its start while the layer
    /// turns.
    final class ArcSpinnerView: UIView, CAAnimationDelegate {
        private let arcLayer = CAShapeLayer()
        private(set) var stops = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .clear
            arcLayer.frame = bounds
            arcLayer.fillColor = nil
            arcLayer.strokeColor = UIColor.systemBlue.cgColor
            arcLayer.lineWidth = 6
            arcLayer.lineCap = .round
            arcLayer.strokeEnd = 0
            let radius = min(bounds.width, bounds.height) / 2 - arcLayer.lineWidth
            arcLayer.path =
                UIBezierPath(
                    arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
                    startAngle: -CGFloat.pi / 2, endAngle: 3 * CGFloat.pi / 2, clockwise: true
                ).cgPath
            layer.addSublayer(arcLayer)
        }

        required init?(coder aDecoder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        func startAnimating() {
            let stroke = CABasicAnimation(keyPath: "strokeEnd")
            stroke.fromValue = 0
            stroke.toValue = 1
            stroke.duration = 1
            stroke.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeInEaseOut)
            stroke.fillMode = CAMediaTimingFillMode.forwards
            stroke.isRemovedOnCompletion = false
            stroke.delegate = self
            arcLayer.add(stroke, forKey: "stroke")

            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi * 2
            spin.duration = 2
            spin.repeatCount = HUGE
            arcLayer.add(spin, forKey: "spin")
        }

        func stopAnimating() {
            arcLayer.removeAllAnimations()
        }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stops += 1
        }
    }
#endif
