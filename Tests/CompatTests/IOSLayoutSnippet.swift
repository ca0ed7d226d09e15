// Written as iOS code is written (this target compiles in Swift 5 mode, as previews are):
// nothing here knows it is not on an iPhone.
#if canImport(UIKit)
    import UIKit

    /// Four dots on a ring, the first red and the others blue. The view builds its layers once
    /// and places them in `layoutSubviews()` from whatever size it is given, and turns while it
    /// is in a window.
    final class DotRingView: UIView {
        private let dots: [CAShapeLayer] = (0..<4).map { _ in CAShapeLayer() }
        var dotRadius: CGFloat = 6

        override init(frame: CGRect) {
            super.init(frame: frame)
            for (index, dot) in dots.enumerated() {
                dot.fillColor = (index == 0 ? UIColor.red : UIColor.blue).cgColor
                layer.addSublayer(dot)
            }
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            let ring = min(bounds.width, bounds.height) / 2 - dotRadius
            for (index, dot) in dots.enumerated() {
                let angle = CGFloat(index) * .pi / 2
                dot.frame = CGRect(
                    x: center.x + ring * cos(angle) - dotRadius, y: center.y + ring * sin(angle) - dotRadius,
                    width: dotRadius * 2, height: dotRadius * 2)
                dot.path = UIBezierPath(ovalIn: dot.bounds).cgPath
            }
            CATransaction.commit()
        }

        override func didMoveToWindow() {
            super.didMoveToWindow()
            if window != nil {
                startAnimating()
            } else {
                stopAnimating()
            }
        }

        func startAnimating() {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi * 2
            spin.duration = 1
            spin.repeatCount = .infinity
            spin.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(spin, forKey: "spin")
        }

        func stopAnimating() {
            layer.removeAnimation(forKey: "spin")
        }
    }

    struct DotRingPreviews: LoaderPreviewProvider {
        static var previews: [LoaderPreview] {
            [
                LoaderPreview("dot-ring", size: CGSize(width: 100, height: 100)) { layer in
                    let ring = DotRingView()
                    ring.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
                    layer.addSublayer(ring.layer)
                }
            ]
        }
    }
#endif
