//
//  ReplicatorDotsSpinner.swift
//  A ring of dots that swell and fade one after another.
//
//  One dot layer is drawn `dotCount` times round a circle by a CAReplicatorLayer: each copy is
//  turned a further 1/dotCount of a turn (`instanceTransform`) and runs the dot's animation
//  1/dotCount of a period later (`instanceDelay`), so the brightest dot goes round the ring.
//

import QuartzCore
import UIKit

final class ReplicatorDotsSpinner {
    let dotCount: Int
    /// One turn of the bright dot round the ring, in seconds.
    let duration: Double
    let color: UIColor

    init(color: UIColor, dotCount: Int = 12, duration: Double = 1.0) {
        self.color = color
        self.dotCount = dotCount
        self.duration = duration
    }

    /// Adds the spinner, `size` points square, in the middle of `layer` and starts it.
    func setUpAnimation(in layer: CALayer, size: CGSize) {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(
            x: (layer.bounds.width - size.width) / 2, y: (layer.bounds.height - size.height) / 2,
            width: size.width, height: size.height)
        replicator.instanceCount = dotCount
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(dotCount), 0, 0, 1)
        replicator.instanceDelay = duration / Double(dotCount)

        // The dot at the top of the ring; the copies turn about the replicator's centre.
        let dotSize = size.width / 7
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: dotSize, height: dotSize)
        dot.position = CGPoint(x: size.width / 2, y: dotSize / 2)
        dot.cornerRadius = dotSize / 2
        dot.backgroundColor = color.cgColor
        // At rest a dot is small and faint: the copies whose turn has not come yet look like
        // the end of the animation, so the first turn starts as smoothly as the others.
        dot.opacity = 0.15
        dot.transform = CATransform3DMakeScale(0.3, 0.3, 1)
        replicator.addSublayer(dot)
        layer.addSublayer(replicator)

        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 1.0
        scale.toValue = 0.3

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15

        let pulse = CAAnimationGroup()
        pulse.animations = [scale, fade]
        pulse.duration = duration
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeOut)
        dot.add(pulse, forKey: "pulse")
    }
}
