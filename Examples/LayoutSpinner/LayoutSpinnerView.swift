//
//  LayoutSpinnerView.swift
//  LayoutSpinner: a ring with a quarter missing, turning forever — a spinner whose geometry
//  lives in `layoutSubviews()`, so it fits whatever size it is given, however it is given it
//  (a frame, `sizeToFit()`, a superview that resizes it through its autoresizing mask).
//

import UIKit

class LayoutSpinnerView: UIView {
    /// The ring's thickness, in points.
    var lineWidth: CGFloat = 4 {
        didSet {
            arcLayer.lineWidth = lineWidth
            setNeedsLayout()
        }
    }

    /// The ring's colour.
    var color: UIColor = .white {
        didSet { arcLayer.strokeColor = color.cgColor }
    }

    /// One turn, in seconds.
    var duration: CFTimeInterval = 1.2

    /// How much of the circle the ring covers, in radians (three quarters by default).
    var arcLength: CGFloat = 1.5 * .pi {
        didSet { setNeedsLayout() }
    }

    private(set) var isAnimating = false

    private let arcLayer = CAShapeLayer()
    private static let rotationKey = "layoutSpinner.rotation"

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        commonInit()
    }

    convenience init(color: UIColor, lineWidth: CGFloat) {
        self.init(frame: .zero)
        self.color = color
        self.lineWidth = lineWidth
        arcLayer.strokeColor = color.cgColor
        arcLayer.lineWidth = lineWidth
    }

    private func commonInit() {
        backgroundColor = .clear
        arcLayer.fillColor = nil
        arcLayer.strokeColor = color.cgColor
        arcLayer.lineWidth = lineWidth
        arcLayer.lineCap = .round
        layer.addSublayer(arcLayer)
    }

    /// The ring follows the bounds: a circle as large as the shorter side allows, the stroke
    /// inside it, from 3 o'clock clockwise for `arcLength`.
    override func layoutSubviews() {
        super.layoutSubviews()
        arcLayer.frame = bounds
        let radius = max(0, min(bounds.width, bounds.height) / 2 - lineWidth / 2)
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        arcLayer.path = UIBezierPath(
            arcCenter: center, radius: radius, startAngle: 0, endAngle: arcLength, clockwise: true
        ).cgPath
    }

    @objc func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = CGFloat.pi * 2
        rotation.duration = duration
        rotation.repeatCount = .infinity
        rotation.timingFunction = CAMediaTimingFunction(name: .linear)
        rotation.isRemovedOnCompletion = false
        arcLayer.add(rotation, forKey: LayoutSpinnerView.rotationKey)
    }

    @objc func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        arcLayer.removeAnimation(forKey: LayoutSpinnerView.rotationKey)
    }
}

// MARK: - Sizing

extension LayoutSpinnerView {
    /// 40×40 points, whatever the line width.
    override var intrinsicContentSize: CGSize {
        return CGSize(width: 40, height: 40)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        return intrinsicContentSize
    }
}
