//
//  XLBallLoading.swift
//  Balls: the three-ball loader "XLBallLoading" (docs/loaders.md).
//
//  Three balls in a rounded box. Each cycle the outer balls trade places along two arcs, one
//  under and one over the middle ball (`position` keyframes along a path), while all three grow
//  and shrink. The right ball's animation delegate drives the cycle: it starts the scaling when
//  the path animation starts and the next cycle when it stops.
//

import QuartzCore
import UIKit

class XLBallLoading: UIView, CAAnimationDelegate {
    /// How much the balls grow in the middle of a cycle.
    var ballScale: CGFloat = 1.5

    private var ballContainer: UIView!
    private var ball1: UIView!
    private var ball2: UIView!
    private var ball3: UIView!

    private var stopAnimationByUser = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        initUI()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func initUI() {
        // A light blurred box in the original (a UIVisualEffectView with a light blur effect);
        // a flat, slightly translucent light grey here.
        ballContainer = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        ballContainer.backgroundColor = UIColor(white: 0.94, alpha: 0.92)
        ballContainer.center = CGPoint(x: bounds.size.width / 2.0, y: bounds.size.height / 2.0)
        ballContainer.layer.cornerRadius = 10.0
        ballContainer.layer.masksToBounds = true
        addSubview(ballContainer)

        let ballWidth: CGFloat = 13.0
        let ballMargin: CGFloat = 3.0

        ball1 = UIView(frame: CGRect(x: 0, y: 0, width: ballWidth, height: ballWidth))
        ball1.center = CGPoint(x: ballWidth / 2.0 + ballMargin, y: ballContainer.bounds.size.height / 2.0)
        ball1.layer.cornerRadius = ballWidth / 2.0
        ball1.backgroundColor = UIColor(red: 54 / 255.0, green: 136 / 255.0, blue: 250 / 255.0, alpha: 1)
        ballContainer.addSubview(ball1)

        ball2 = UIView(frame: CGRect(x: 0, y: 0, width: ballWidth, height: ballWidth))
        ball2.center = CGPoint(x: ballContainer.bounds.size.width / 2.0, y: ballContainer.bounds.size.height / 2.0)
        ball2.layer.cornerRadius = ballWidth / 2.0
        ball2.backgroundColor = UIColor(red: 100 / 255.0, green: 100 / 255.0, blue: 100 / 255.0, alpha: 1)
        ballContainer.addSubview(ball2)

        ball3 = UIView(frame: CGRect(x: 0, y: 0, width: ballWidth, height: ballWidth))
        ball3.center = CGPoint(
            x: ballContainer.bounds.size.width - ballWidth / 2.0 - ballMargin, y: ballContainer.bounds.size.height / 2.0)
        ball3.layer.cornerRadius = ballWidth / 2.0
        ball3.backgroundColor = UIColor(red: 234 / 255.0, green: 67 / 255.0, blue: 69 / 255.0, alpha: 1)
        ballContainer.addSubview(ball3)
    }

    private func startPathAnimate() {
        // The container's width.
        let width = ballContainer.bounds.size.width
        // The small circle's radius.
        let r = (ball1.bounds.size.width) * ballScale / 2.0
        // The big circle's radius.
        let R = (width / 2 + r) / 2.0

        let path1 = UIBezierPath()
        // Start where the ball is.
        path1.move(to: ball1.center)
        // The big arc (the first part of the trip).
        path1.addArc(
            withCenter: CGPoint(x: R + r, y: width / 2), radius: R, startAngle: .pi, endAngle: .pi * 2,
            clockwise: false)

        // The small arc: centred on the grey ball, twice the (grown) ball's radius.
        let path1_1 = UIBezierPath()
        path1_1.addArc(
            withCenter: CGPoint(x: width / 2, y: width / 2), radius: r * 2, startAngle: .pi * 2, endAngle: .pi,
            clockwise: false)
        path1.append(path1_1)

        // Back home.
        path1.addLine(to: ball1.center)

        // The animation.
        let animation1 = CAKeyframeAnimation(keyPath: "position")
        animation1.path = path1.cgPath
        animation1.isRemovedOnCompletion = true
        animation1.duration = animationDuration()
        animation1.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        ball1.layer.add(animation1, forKey: "animation1")

        // The third ball: the first one's trip, mirrored.
        let path3 = UIBezierPath()
        path3.move(to: ball3.center)
        path3.addArc(
            withCenter: CGPoint(x: width - (R + r), y: width / 2), radius: R, startAngle: 2 * .pi, endAngle: .pi,
            clockwise: false)
        let path3_1 = UIBezierPath()
        path3_1.addArc(
            withCenter: CGPoint(x: width / 2, y: width / 2), radius: r * 2, startAngle: .pi, endAngle: .pi * 2,
            clockwise: false)
        path3.append(path3_1)
        path3.addLine(to: ball3.center)

        let animation3 = CAKeyframeAnimation(keyPath: "position")
        animation3.path = path3.cgPath
        animation3.isRemovedOnCompletion = true
        animation3.duration = animationDuration()
        animation3.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation3.delegate = self
        ball3.layer.add(animation3, forKey: "animation3")
    }

    // MARK: - CAAnimationDelegate

    /// Grow, then shrink back.
    func animationDidStart(_ anim: CAAnimation) {
        let delay: TimeInterval = 0.3
        let duration = animationDuration() / 2 - delay

        UIView.animate(
            withDuration: duration, delay: delay, options: [.curveEaseOut, .beginFromCurrentState],
            animations: {
                self.ball1.transform = CGAffineTransform(scaleX: self.ballScale, y: self.ballScale)
                self.ball2.transform = CGAffineTransform(scaleX: self.ballScale, y: self.ballScale)
                self.ball3.transform = CGAffineTransform(scaleX: self.ballScale, y: self.ballScale)
            },
            completion: { _ in
                UIView.animate(
                    withDuration: duration, delay: delay, options: [.curveEaseInOut, .beginFromCurrentState],
                    animations: {
                        self.ball1.transform = CGAffineTransform.identity
                        self.ball2.transform = CGAffineTransform.identity
                        self.ball3.transform = CGAffineTransform.identity
                    }, completion: nil)
            })
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if stopAnimationByUser { return }
        startPathAnimate()
    }

    private func animationDuration() -> TimeInterval {
        return 1.6
    }

    // MARK: - Start and stop

    func start() {
        startPathAnimate()
        stopAnimationByUser = false
    }

    /// Stops after the current cycle's animations are removed. (The original also takes the
    /// balls out of the box, as the view is about to go.)
    func stop() {
        stopAnimationByUser = true
        ball1.layer.removeAllAnimations()
        ball2.layer.removeAllAnimations()
        ball3.layer.removeAllAnimations()
    }
}
