//
//  SpringBallView.swift
//  A ball dropped onto a spring, over and over, above its shadow on the floor.
//
//  The drop is a CASpringAnimation of the ball's vertical translation: it falls from
//  `dropHeight` above its rest place, overshoots and bobs until it settles. The shadow on the
//  floor runs springs with the same mass, stiffness and damping, so it grows and darkens in step
//  as the ball comes down. Then the ball is lifted back up and dropped again.
//

import QuartzCore
import UIKit

final class SpringBallView: UIView {
    private let ball = CALayer()
    private let floorShadow = CAShapeLayer()

    let ballSize: CGFloat = 32
    let dropHeight: CGFloat = 70
    /// The gap between the resting ball and the floor: room for the spring's overshoot.
    let restGap: CGFloat = 30
    let liftDuration = 0.5

    init(frame: CGRect, color: UIColor) {
        super.init(frame: frame)
        let floorY = bounds.height / 2 + 50

        floorShadow.bounds = CGRect(x: 0, y: 0, width: ballSize * 1.4, height: 8)
        floorShadow.position = CGPoint(x: bounds.width / 2, y: floorY)
        floorShadow.path = UIBezierPath(ovalIn: floorShadow.bounds).cgPath
        floorShadow.fillColor = UIColor.black.cgColor
        floorShadow.opacity = 0.4
        layer.addSublayer(floorShadow)

        ball.bounds = CGRect(x: 0, y: 0, width: ballSize, height: ballSize)
        ball.position = CGPoint(x: bounds.width / 2, y: floorY - restGap - ballSize / 2)
        ball.cornerRadius = ballSize / 2
        ball.backgroundColor = color.cgColor
        // The ball's own soft shadow.
        ball.shadowColor = UIColor.black.cgColor
        ball.shadowOpacity = 0.35
        ball.shadowRadius = 4
        ball.shadowOffset = CGSize(width: 0, height: 3)
        layer.addSublayer(ball)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// A spring from `from` to `to` with the drop's parameters.
    private func spring(_ keyPath: String, from: Double, to: Double) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: keyPath)
        spring.fromValue = from
        spring.toValue = to
        spring.mass = 1
        spring.stiffness = 170
        spring.damping = 9
        spring.initialVelocity = 0
        spring.duration = spring.settlingDuration
        return spring
    }

    /// Eases `keyPath` from `from` back to `to` after the spring has settled.
    private func lift(_ keyPath: String, from: Double, to: Double, at beginTime: Double) -> CABasicAnimation {
        let lift = CABasicAnimation(keyPath: keyPath)
        lift.fromValue = from
        lift.toValue = to
        lift.beginTime = beginTime
        lift.duration = liftDuration
        lift.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return lift
    }

    func startAnimating() {
        let drop = spring("transform.translation.y", from: -Double(dropHeight), to: 0)
        let settle = drop.duration

        let bounce = CAAnimationGroup()
        bounce.animations = [drop, lift("transform.translation.y", from: 0, to: -Double(dropHeight), at: settle)]
        bounce.duration = settle + liftDuration
        bounce.repeatCount = .infinity
        ball.add(bounce, forKey: "bounce")

        // The shadow: small and faint while the ball is high, full when it is down.
        let grow = spring("transform.scale", from: 0.4, to: 1)
        let darken = spring("opacity", from: 0.1, to: 0.4)
        let shadow = CAAnimationGroup()
        shadow.animations = [
            grow, darken,
            lift("transform.scale", from: 1, to: 0.4, at: settle),
            lift("opacity", from: 0.4, to: 0.1, at: settle),
        ]
        shadow.duration = settle + liftDuration
        shadow.repeatCount = .infinity
        floorShadow.add(shadow, forKey: "shadow")
    }
}
