//
//  FlipSquareSpinner.swift
//  A square that flips over in 3D: about its horizontal axis, then its vertical one, then back.
//
//  The perspective is the container's `sublayerTransform` (m34 = -1/500: the eye 500 points in
//  front of the screen), so the square's turns about x and y, keyframed on
//  `transform.rotation.x` and `transform.rotation.y`, show their near edge larger.
//

import QuartzCore
import UIKit

final class FlipSquareSpinner {
    let color: UIColor
    /// One full sequence of four flips, in seconds.
    let duration: Double

    init(color: UIColor, duration: Double = 3.0) {
        self.color = color
        self.duration = duration
    }

    /// Adds the square, `size` points, in the middle of `layer` and starts it.
    func setUpAnimation(in layer: CALayer, size: CGSize) {
        let container = CALayer()
        container.frame = layer.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        layer.addSublayer(container)

        let square = CALayer()
        square.frame = CGRect(
            x: (container.bounds.width - size.width) / 2, y: (container.bounds.height - size.height) / 2,
            width: size.width, height: size.height)
        square.backgroundColor = color.cgColor
        square.cornerRadius = 4
        container.addSublayer(square)

        // Each quarter of the sequence is one flip by half a turn.
        let keyTimes: [NSNumber] = [0, 0.25, 0.5, 0.75, 1]
        let easing = CAMediaTimingFunction(controlPoints: 0.09, 0.57, 0.49, 0.9)

        let flipX = CAKeyframeAnimation(keyPath: "transform.rotation.x")
        flipX.values = [0.0, -Double.pi, -Double.pi, 0.0, 0.0]
        flipX.keyTimes = keyTimes
        flipX.timingFunctions = [easing, easing, easing, easing]

        let flipY = CAKeyframeAnimation(keyPath: "transform.rotation.y")
        flipY.values = [0.0, 0.0, -Double.pi, -Double.pi, 0.0]
        flipY.keyTimes = keyTimes
        flipY.timingFunctions = [easing, easing, easing, easing]

        let flips = CAAnimationGroup()
        flips.animations = [flipX, flipY]
        flips.duration = duration
        flips.repeatCount = .infinity
        square.add(flips, forKey: "flips")
    }
}
