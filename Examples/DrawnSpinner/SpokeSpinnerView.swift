//
//  SpokeSpinnerView.swift
//  The classic activity spinner: twelve spokes drawn with UIBezierPath in draw(_:), each a
//  little fainter than the one ahead of it, turned a spoke at a time.
//

import UIKit

final class SpokeSpinnerView: UIView {
    var spokeCount = 12
    var color = UIColor.white
    var spokeWidth: CGFloat = 5

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Spoke k points at k × 30° from twelve o'clock, clockwise; the last one (11 o'clock) is
    /// the brightest and each one before it fades by a twelfth.
    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let outer = min(bounds.width, bounds.height) / 2 - spokeWidth / 2
        let inner = outer * 0.5
        for k in 0..<spokeCount {
            let angle = -CGFloat.pi / 2 + CGFloat(k) * 2 * .pi / CGFloat(spokeCount)
            let spoke = UIBezierPath()
            spoke.move(to: CGPoint(x: center.x + inner * cos(angle), y: center.y + inner * sin(angle)))
            spoke.addLine(to: CGPoint(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
            spoke.lineWidth = spokeWidth
            spoke.lineCapStyle = .round
            color.withAlphaComponent(CGFloat(k + 1) / CGFloat(spokeCount)).setStroke()
            spoke.stroke()
        }
    }

    /// Turns the spinner a spoke at a time, once round a second.
    func startAnimating() {
        let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turn.values = (0...spokeCount).map { 2 * Double.pi * Double($0) / Double(spokeCount) }
        turn.calculationMode = .discrete
        turn.duration = 1
        turn.repeatCount = .infinity
        layer.add(turn, forKey: "turn")
    }
}
