import Foundation
import Testing

@testable import LayerKit

/// Implicit animations, transactions and view animations.
@Suite struct ActionTests {
    /// The default curve (0.25, 0.1, 0.25, 1) at x.
    func defaultEase(_ x: Double) -> Double { referenceEase(0.25, 0.1, 0.25, 1, x) }

    @Test func settingAPropertyAnimatesImplicitly() {
        let stage = Stage(time: 0)
        stage.layer.opacity = 0
        #expect(stage.layer.opacity == 0)  // the model changes at once
        #expect(stage.layer.animationKeys() == ["opacity"])
        stage.go(0.125)
        // 0.25 s on the default curve from 1 to 0: half the time in.
        #expect(close(stage.shown.opacity, 1 - defaultEase(0.5), 1e-6))
        stage.go(0.25)
        #expect(stage.shown.opacity == 0)
        #expect(!stage.scene.needsFrames)
        #expect(stage.layer.animationKeys().isEmpty)
    }

    @Test func anInterruptedImplicitAnimationStartsFromWhatIsShown() {
        let stage = Stage(time: 0)
        stage.layer.position = Point(x: 100, y: 0)
        stage.go(0.1)
        let shownAt01 = 100 * defaultEase(0.4)
        #expect(close(stage.shown.position.x, shownAt01, 1e-6))
        stage.layer.position = Point(x: 0, y: 0)
        stage.go(0.1 + 0.125)
        #expect(close(stage.shown.position.x, shownAt01 * (1 - defaultEase(0.5)), 1e-6))
    }

    @Test func disableActionsChangesAtOnce() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.begin()
            Transaction.setDisableActions(true)
            stage.layer.opacity = 0.5
            #expect(Transaction.disableActions())
            // Nested transactions inherit the setting.
            Transaction.begin()
            stage.layer.cornerRadius = 4
            Transaction.commit()
            Transaction.commit()
            #expect(!Transaction.disableActions())
            #expect(stage.layer.animationKeys().isEmpty)
            Transaction.performWithoutActions { stage.layer.position = Point(x: 9, y: 9) }
            stage.go(0.01)
            #expect(
                stage.shown.opacity == 0.5 && stage.shown.position.x == 9 && stage.shown.cornerRadius == 4)
        }
    }

    @Test func transactionDurationCurveAndCompletion() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            var firedAt: [Double] = []
            Transaction.begin()
            Transaction.setAnimationDuration(1)
            Transaction.setAnimationTimingFunction(.linear)
            Transaction.setCompletionBlock { firedAt.append(stage.scene.currentTime) }
            stage.layer.position = Point(x: 100, y: 0)
            Transaction.commit()
            #expect(Transaction.animationDuration() == 0.25)
            stage.go(0.5)
            #expect(close(stage.shown.position.x, 50))
            #expect(firedAt.isEmpty)
            stage.go(3)
            #expect(firedAt == [1])
            #expect(!stage.scene.needsFrames)
            // With no animation the completion runs at once, inside commit (as in Core Animation).
            Transaction.begin()
            Transaction.setCompletionBlock { firedAt.append(stage.scene.currentTime) }
            Transaction.commit()
            #expect(firedAt == [1, 3])
            #expect(!stage.scene.needsFrames)
        }
    }

    @Test func viewBackingAndLooseLayersDoNotAnimateImplicitly() {
        let stage = Stage(time: 0)
        stage.layer.isViewBacking = true
        stage.layer.opacity = 0.2
        #expect(stage.layer.animationKeys().isEmpty)
        let loose = Layer()
        loose.opacity = 0.3
        #expect(loose.animationKeys().isEmpty)
        stage.root.addSublayer(loose)
        stage.go(0)
        #expect(stage.shown.opacity == 0.2)
        #expect(stage.scene.presentation(of: loose)!.opacity == 0.3)
        // A layer added to a scene does not animate until a frame has shown it.
        let fresh = Layer()
        stage.root.addSublayer(fresh)
        fresh.position = Point(x: 40, y: 40)
        #expect(fresh.animationKeys().isEmpty)
        stage.go(0.1)
        fresh.position = Point(x: 0, y: 0)
        #expect(fresh.animationKeys() == ["position"])
    }

    @Test func shapeAndFrameChangesAnimateImplicitly() {
        let shape = ShapeLayer()
        let stage = Stage(time: 0, layer: shape)
        shape.strokeEnd = 0
        shape.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(Set(shape.animationKeys()) == ["strokeEnd", "bounds", "position"])
        stage.go(0.125)
        let e = defaultEase(0.5)
        #expect(close(stage.scene.shapePresentation(of: shape)!.strokeEnd, 1 - e, 1e-6))
        #expect(close(stage.shown.position.x, 20 * e, 1e-6))
        #expect(close(stage.shown.bounds.width, 20 * e, 1e-6))
    }

    // MARK: View animations

    final class Balls {
        let ball = Layer()
        var completions: [(Double, Bool)] = []
        let scene: Scene

        init(stage: Stage) {
            scene = stage.scene
            ball.isViewBacking = true
            ball.frame = Rect(x: 0, y: 0, width: 13, height: 13)
            stage.root.addSublayer(ball)
        }

        /// The balls loader's scale pulse (from `animationDidStart`): delay 0.3, 0.5 s each way.
        func pulse() {
            let delay = 0.3
            let duration = 1.6 / 2 - delay
            ViewAnimation.animate(
                withDuration: duration, delay: delay, options: [.curveEaseOut, .beginFromCurrentState],
                animations: { self.ball.affineTransform = AffineTransform(scaleX: 1.5, y: 1.5) },
                completion: { finished in
                    self.completions.append((self.scene.currentTime, finished))
                    ViewAnimation.animate(
                        withDuration: duration, delay: delay,
                        options: [.curveEaseInOut, .beginFromCurrentState],
                        animations: { self.ball.affineTransform = .identity })
                })
        }
    }

    @Test(arguments: [false, true])
    func viewAnimationWithDelayAndChainedCompletion(oneJump: Bool) {
        let stage = Stage(time: 0)
        let balls = Balls(stage: stage)
        stage.go(0)
        stage.scene.perform { balls.pulse() }
        #expect(balls.ball.affineTransform == AffineTransform(scaleX: 1.5, y: 1.5))
        func scale() -> Double { stage.scene.presentation(of: balls.ball)!.transform.m11 }
        if !oneJump {
            stage.go(0.2)
            #expect(scale() == 1)  // still in the delay: the start value shows
            stage.go(0.55)
            #expect(close(scale(), 1 + 0.5 * referenceEase(0, 0, 0.58, 1, 0.5), 1e-6))
        }
        // The completion arrives at 0.8 and the way back runs 1.1 … 1.6 (ease-in-ease-out).
        stage.go(1.35)
        #expect(balls.completions.count == 1)
        #expect(close(balls.completions[0].0, 0.8, 1e-9) && balls.completions[0].1)
        #expect(close(scale(), 1.5 - 0.5 * referenceEase(0.42, 0, 0.58, 1, 0.5), 1e-6))
        stage.go(1.7)
        #expect(scale() == 1)
        #expect(!stage.scene.needsFrames)
    }

    @Test(arguments: [true, false])
    func beginFromCurrentState(_ fromCurrent: Bool) {
        let stage = Stage(time: 0)
        stage.scene.perform {
            let view = stage.layer
            view.isViewBacking = true
            view.opacity = 0
            ViewAnimation.animate(withDuration: 1, options: .curveLinear, animations: { view.opacity = 1 })
            stage.go(0.5)
            #expect(close(stage.shown.opacity, 0.5))
            var result: Bool?
            ViewAnimation.animate(
                withDuration: 1,
                options: fromCurrent ? [.curveLinear, .beginFromCurrentState] : .curveLinear,
                animations: { view.opacity = 0 }, completion: { result = $0 })
            stage.go(1)
            // iOS 8 and later add the second animation on top either way: the model 0, the
            // first animation ended (0), the second's +1 half gone.
            #expect(close(stage.shown.opacity, 0.5))
            stage.go(2)
            #expect(result == true)
        }
    }

    @Test func replacedViewAnimationCompletesUnfinished() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            let view = stage.layer
            view.isViewBacking = true
            var results: [(Double, Bool)] = []
            ViewAnimation.animate(
                withDuration: 1, animations: { view.position = Point(x: 50, y: 0) },
                completion: { results.append((stage.scene.currentTime, $0)) })
            stage.go(0.5)
            // Positions add (iOS 8 and later), with or without `.beginFromCurrentState`: the
            // first block runs to its end and finishes.
            ViewAnimation.animate(
                withDuration: 1, options: .beginFromCurrentState,
                animations: { view.position = Point(x: 0, y: 0) })
            stage.go(3)
            #expect(results.count == 1)
            #expect(results.first?.0 == 1 && results.first?.1 == true)
            // A scale to zero cannot add (its difference is singular): the second block
            // replaces the first, which UIKit reports as interrupted when its animation goes,
            // not at its own end time.
            results.removeAll()
            ViewAnimation.animate(
                withDuration: 1, animations: { view.affineTransform = AffineTransform(scaleX: 2, y: 2) },
                completion: { results.append((stage.scene.currentTime, $0)) })
            stage.go(3.5)
            ViewAnimation.animate(
                withDuration: 1, options: .beginFromCurrentState,
                animations: { view.affineTransform = AffineTransform(scaleX: 0, y: 0) })
            stage.go(6)
            #expect(results.count == 1)
            #expect(results.first?.0 == 3.5 && results.first?.1 == false)
        }
    }

    @Test func viewAnimationWithoutLayerChangesCompletesAtOnce() {
        // UIKit: a block with nothing to animate runs its completion right away, not after
        // its duration.
        let stage = Stage(time: 0)
        stage.scene.perform {
            var at: Double?
            var finished: Bool?
            ViewAnimation.animate(
                withDuration: 0.5, delay: 0.25, animations: {},
                completion: {
                    at = stage.scene.currentTime
                    finished = $0
                })
            #expect(stage.scene.needsFrames)
            stage.go(0.1)
            // Delivered at the next update, dated when the block ran (events carry their own time).
            #expect(at == 0 && finished == true)
            #expect(!stage.scene.needsFrames)
        }
    }

    @Test func removedViewAnimationCompletesWhenRemoved() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            let view = stage.layer
            view.isViewBacking = true
            var results: [(Double, Bool)] = []
            ViewAnimation.animate(
                withDuration: 1, delay: 0.5, animations: { view.opacity = 0 },
                completion: { results.append((stage.scene.currentTime, $0)) })
            stage.go(0.25)
            view.removeAllAnimations()
            stage.go(0.3)
            #expect(results.count == 1)
            // Delivered at the next update, dated when the animation was removed.
            #expect(results.first?.0 == 0.25 && results.first?.1 == false)
            #expect(!stage.scene.needsFrames)
        }
    }

    @Test func curveOptionsMapToTimingFunctions() {
        #expect(ViewAnimationOptions().timingFunction == .easeInEaseOut)
        #expect(ViewAnimationOptions.curveEaseIn.timingFunction == .easeIn)
        #expect(ViewAnimationOptions.curveEaseOut.timingFunction == .easeOut)
        #expect(ViewAnimationOptions.curveLinear.timingFunction == .linear)
        let both: ViewAnimationOptions = [.curveLinear, .beginFromCurrentState]
        #expect(both.timingFunction == .linear)
    }
}

@Suite struct TransactionTests {
    @Test func nestedTransactionsWaitForInnerAnimations() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            var order: [String] = []
            Transaction.begin()
            Transaction.setAnimationDuration(2)
            Transaction.setCompletionBlock { order.append("outer@\(stage.scene.currentTime)") }
            stage.layer.opacity = 0.5  // 2 s, from the outer transaction's setting
            Transaction.begin()
            Transaction.setAnimationDuration(3)
            Transaction.setCompletionBlock { order.append("inner@\(stage.scene.currentTime)") }
            stage.layer.position = Point(x: 10, y: 0)  // 3 s
            Transaction.commit()
            Transaction.commit()
            stage.go(10)
            // The inner block waits for its 3 s animation; the outer for both.
            #expect(order == ["inner@3.0", "outer@3.0"])
        }
    }

    @Test func transactionDurationAppliesToZeroDurationsAndZeroTurnsActionsOff() throws {
        let stage = Stage(time: 0)
        try stage.scene.perform {
            Transaction.begin()
            Transaction.setAnimationDuration(2)
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            try stage.layer.add(a, forKey: "a")  // duration 0: the transaction's 2 s
            Transaction.setAnimationDuration(0)
            stage.layer.opacity = 0.5  // no implicit animation
            Transaction.commit()
            #expect(stage.layer.animationKeys() == ["a"])
            stage.go(1)
            #expect(close(stage.shown.position.x, 50))
            #expect(stage.shown.opacity == 0.5)
        }
    }

    @Test func settingsOutsideBeginGoToTheImplicitTransactionUntilTheNextUpdate() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.setDisableActions(true)
            stage.layer.opacity = 0.5
            #expect(stage.layer.animationKeys().isEmpty)
            stage.go(0.1)  // commits the implicit transaction
            #expect(!Transaction.disableActions())
            stage.layer.opacity = 1
            #expect(stage.layer.animationKeys() == ["opacity"])
        }
    }

    @Test func completionWithoutAnySceneRunsAtCommit() {
        // A fresh thread has no scene: the block runs at once.
        let done = Thread.detachNewThreadAndWait {
            var ran = false
            Transaction.begin()
            Transaction.setCompletionBlock { ran = true }
            Transaction.commit()
            return ran
        }
        #expect(done)
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for its result.
    static func detachNewThreadAndWait(_ body: @escaping @Sendable () -> Bool) -> Bool {
        final class Box: @unchecked Sendable { var value = false }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        done.wait()
        return box.value
    }
}
