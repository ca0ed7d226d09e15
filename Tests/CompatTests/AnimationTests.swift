import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing

/// Core Animation's animations through the engine, evaluated on a manual clock.
@Suite(.serialized) struct AnimationTests {
    @Test func nsValueRoundTrips() {
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgRect: r).cgRectValue == r)
        var t = CATransform3DMakeRotation(0.7, 0.2, 1, 0.5)
        t.m34 = -0.002
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
    }

    /// Every numeric type iOS code passes as fromValue/toValue means the same number.
    @Test(arguments: [
        (0 as Any, 1 as Any), (0.0 as Any, 1.0 as Any), (Float(0) as Any, Float(1) as Any),
        (CGFloat(0) as Any, CGFloat(1) as Any), (NSNumber(value: 0) as Any, NSNumber(value: 1.0) as Any),
        (Int32(0) as Any, Int64(1) as Any),
    ])
    func numberConversions(from: Any, to: Any) {
        let stage = Stage()
        let layer = CALayer()
        stage.perform { stage.root.addSublayer(layer) }
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = from
        anim.toValue = to
        anim.duration = 1
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        let errors = reportedErrors { stage.perform { layer.add(anim, forKey: "fade") } }
        #expect(errors.isEmpty)
        stage.at(0.25)
        #expect(near(Double(layer.presentation()!.opacity), 0.25, 1e-6))
    }

    @Test func basicAnimationsFollowTheirTimingFunction() {
        let stage = Stage()
        let layer = CALayer()
        stage.perform {
            stage.root.addSublayer(layer)
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
            move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
            move.duration = 2
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(move, forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 2
            fade.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0, 0.2, 1)
            layer.add(fade, forKey: "fade")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = CGFloat.pi
            turn.duration = 2
            layer.add(turn, forKey: "turn")
        }
        for t in [0.3, 1.0, 1.7] {
            stage.at(t)
            let p = layer.presentation()!
            // easeInEaseOut is the cubic (0.42, 0, 0.58, 1) at the fraction t / duration.
            let e = bezierTiming(0.42, 0, 0.58, 1, at: t / 2)
            #expect(near(p.position, CGPoint(x: 100 * e, y: 50 * e), 1e-4))
            let f = bezierTiming(0.3, 0, 0.2, 1, at: t / 2)
            #expect(near(Double(p.opacity), 1 - f, 1e-4))
            // No timing function: linear; a rotation about z by θ has m11 = cos θ, m12 = sin θ.
            let angle = Double.pi * t / 2
            #expect(near(p.transform.m11, cos(angle), 1e-6) && near(p.transform.m12, sin(angle), 1e-6))
        }
        // The model never changed.
        #expect(layer.position == .zero && layer.opacity == 1)
        stage.at(2.5)
        #expect(layer.presentation()!.position == .zero)
        #expect(layer.animationKeys() == nil)
    }

    @Test func keyframesAlongAPath() {
        let stage = Stage()
        let layer = CALayer()
        let path = CGMutablePath()
        // Two segments of lengths 100 and 50.
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 50))
        stage.perform {
            stage.root.addSublayer(layer)
            let linear = CAKeyframeAnimation(keyPath: "position")
            linear.path = path
            linear.duration = 1
            layer.add(linear, forKey: "linear")
        }
        // Linear mode: each element is one segment of equal time, so at 0.75 the layer is
        // half-way down the second one.
        stage.at(0.75)
        #expect(near(layer.presentation()!.position, CGPoint(x: 100, y: 25), 1e-6))
        stage.perform {
            let paced = CAKeyframeAnimation(keyPath: "position")
            paced.path = path
            paced.duration = 1
            paced.calculationMode = .paced
            paced.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.add(paced, forKey: "linear")
        }
        // Paced: constant speed over 150 points; at 0.75 of the time, 112.5 points along.
        stage.at(1.5)
        #expect(near(layer.presentation()!.position, CGPoint(x: 100, y: 12.5), 1e-3))
    }

    @Test func keyframeValuesAndKeyTimes() {
        let stage = Stage()
        let layer = CALayer()
        stage.perform {
            stage.root.addSublayer(layer)
            let blink = CAKeyframeAnimation(keyPath: "opacity")
            blink.values = [1, 0, 1, 1]
            blink.keyTimes = [0, 0.5, 0.8, 1]
            blink.duration = 1
            layer.add(blink, forKey: "blink")
        }
        // Between key times 0.5 (value 0) and 0.8 (value 1), linearly: at 0.65, 0.5.
        stage.at(0.65)
        #expect(near(Double(layer.presentation()!.opacity), 0.5, 1e-6))
        stage.at(0.25)
        #expect(near(Double(layer.presentation()!.opacity), 0.5, 1e-6))
    }

    @Test func springFollowsTheDampedOscillator() {
        let stage = Stage()
        let layer = CALayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = 3
        stage.perform {
            stage.root.addSublayer(layer)
            layer.add(spring, forKey: "spring")
        }
        // m = 1, k = 100, c = 10: ω₀ = 10, ζ = c / (2√(km)) = 0.5, ω_d = ω₀√(1 − ζ²). The
        // displacement from the end, x(0) = −1, x′(0) = 0, is
        // e^(−ζω₀t)(−cos ω_d t − (ζω₀/ω_d) sin ω_d t).
        let w0 = 10.0
        let zeta = 0.5
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        for t in [0.1, 0.3, 0.6] {
            stage.at(t)
            let x = exp(-zeta * w0 * t) * (-cos(wd * t) - zeta * w0 / wd * sin(wd * t))
            #expect(near(layer.presentation()!.position.x, CGFloat(100 * (1 + x)), 1e-3))
        }
        #expect(spring.settlingDuration > 0.5)
    }

    @Test func groupRunsChildrenInItsTime() {
        let stage = Stage()
        let layer = CAShapeLayer()
        stage.perform {
            stage.root.addSublayer(layer)
            let end = CABasicAnimation(keyPath: "strokeEnd")
            end.fromValue = 0
            end.toValue = 1
            let start = CABasicAnimation(keyPath: "strokeStart")
            start.fromValue = -0.5
            start.toValue = 1
            let group = CAAnimationGroup()
            group.animations = [end, start]
            group.duration = 2
            layer.add(group, forKey: "group")
        }
        // Children without a duration take the group's; linear over 2 s.
        stage.at(0.5)
        let p = layer.presentation()!
        #expect(near(p.strokeEnd, 0.25) && near(p.strokeStart, -0.5 + 1.5 * 0.25))
    }

    @Test func delegateHearsTheCopy() {
        final class Listener: CAAnimationDelegate {
            var started: [CAAnimation] = []
            var stopped: [(CAAnimation, Bool)] = []
            func animationDidStart(_ anim: CAAnimation) { started.append(anim) }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append((anim, flag)) }
        }
        let stage = Stage()
        let layer = CALayer()
        let listener = Listener()
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.toValue = 0
        anim.duration = 1
        anim.delegate = listener
        anim.setValue("fade-id", forKey: "id")
        stage.perform {
            stage.root.addSublayer(layer)
            layer.add(anim, forKey: "fade")
        }
        let running = layer.animation(forKey: "fade")
        #expect(running != nil && running !== anim)
        #expect((running as? CABasicAnimation)?.keyPath == "opacity")
        #expect(running?.value(forKey: "id") as? String == "fade-id")
        anim.duration = 5  // changing the original does not change the running copy
        stage.at(0.1)
        #expect(listener.started.count == 1 && listener.started.first === running)
        stage.at(1.2)
        #expect(listener.stopped.count == 1)
        #expect(listener.stopped.first?.0 === running && listener.stopped.first?.1 == true)
    }

    @Test func wrongValuesAreReported() {
        let stage = Stage()
        let layer = CALayer()
        layer.name = "dot"
        stage.perform { stage.root.addSublayer(layer) }
        let notAValue = CABasicAnimation(keyPath: "position")
        notAValue.toValue = "far away"
        let wrongType = CABasicAnimation(keyPath: "position")
        wrongType.toValue = 3
        let shapeOnly = CABasicAnimation(keyPath: "strokeEnd")
        shapeOnly.toValue = 1
        let unknown = CABasicAnimation(keyPath: "wobble")
        unknown.toValue = 1
        let errors = reportedErrors {
            stage.perform {
                layer.add(notAValue, forKey: "a")
                layer.add(wrongType, forKey: "b")
                layer.add(shapeOnly, forKey: "c")
                layer.add(unknown, forKey: "d")
                layer.contents = "picture.png"
            }
        }
        #expect(errors.count == 5)
        #expect(
            errors[0].contains("CALayer \"dot\"") && errors[0].contains("\"a\"")
                && errors[0].contains("toValue"))
        #expect(errors[0].contains("String"))
        #expect(errors[1].contains("\"b\"") && errors[1].contains("point"))
        #expect(errors[2].contains("strokeEnd"))
        #expect(errors[3].contains("wobble"))
        #expect(errors[4].contains("contents"))
        #expect(layer.animationKeys() == nil)
    }

    @Test func transactionDisablesImplicitAnimations() {
        let stage = Stage()
        let layer = CALayer()
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0.1)  // shown once: implicit animations need something on screen
        stage.perform {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0
            CATransaction.commit()
        }
        stage.at(0.15)
        #expect(layer.presentation()!.opacity == 0)
        // Without disabling, the change animates: 0.25 s on the default curve
        // (0.25, 0.1, 0.25, 1), from 0 to 1.
        stage.perform { layer.opacity = 1 }
        stage.at(0.25)
        let expected = bezierTiming(0.25, 0.1, 0.25, 1, at: 0.1 / 0.25)
        #expect(near(Double(layer.presentation()!.opacity), expected, 1e-4))
        // NSNull in `actions` turns a key's action off (once the animation above has ended).
        stage.at(0.5)
        layer.actions = ["opacity": NSNull()]
        stage.perform { layer.opacity = 0.5 }
        stage.at(0.55)
        #expect(layer.presentation()!.opacity == 0.5)
    }

    @Test func completionBlockRunsWhenAnimationsEnd() {
        let stage = Stage()
        let layer = CALayer()
        let done = MessageBox()
        stage.perform {
            stage.root.addSublayer(layer)
            CATransaction.begin()
            CATransaction.setCompletionBlock { done.messages.append("done") }
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0
            a.duration = 0.5
            layer.add(a, forKey: nil)
            CATransaction.commit()
        }
        stage.at(0.4)
        #expect(done.messages.isEmpty)
        stage.at(0.6)
        #expect(done.messages == ["done"])
    }
}
