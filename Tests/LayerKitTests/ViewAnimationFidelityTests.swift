import Foundation
import Testing

@testable import LayerKit

/// A scene on a manual clock with one view-backing layer (a UIView's own layer) in it.
private struct ViewRig {
    let clock = ManualClock(time: 0)
    let root = Layer()
    let view = Layer()
    let scene: Scene

    init(viewBacking: Bool = true) {
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        view.isViewBacking = viewBacking
        root.addSublayer(view)
        scene = Scene(root: root, clock: clock)
        scene.update()
    }

    func go(_ t: Double) {
        clock.set(t)
        scene.update()
    }

    /// What the last update showed.
    var shown: LayerProperties { scene.presentation(of: view)! }
    /// What is on screen at the clock's time, between updates (`CALayer.presentation()`).
    var onScreen: LayerProperties { view.presentation()!.properties }
}

/// Completion calls: (scene time, finished).
private final class CompletionLog {
    var calls: [(time: Double, finished: Bool)] = []
    func callback(_ scene: Scene) -> (Bool) -> Void {
        { [unowned self, weak scene] finished in calls.append((scene?.currentTime ?? .nan, finished)) }
    }
}

/// y at x on the cubic Bézier timing curve (0,0) (x1,y1) (x2,y2) (1,1), by bisection.
private func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return b(y1, y2, (lo + hi) / 2)
}

/// UIKit's default view-animation curve, ease-in-ease-out (0.42, 0, 0.58, 1).
private func easeInOut(_ x: Double) -> Double { curve(0.42, 0, 0.58, 1, x) }

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
private func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
    near(a.x, b.x, tol) && near(a.y, b.y, tol)
}
private func near(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
    a.isClose(to: b, tolerance: tol)
}

/// UIKit (iOS 8 and later): view animations without `.beginFromCurrentState` are additive —
/// each change adds an animation from (old model − new model) to zero on top of the model —
/// so a change during a running animation keeps it and nothing jumps.
@Suite struct AdditiveViewAnimationTests {
    @Test func aChangeDuringARunningAnimationAddsOnTopAndBothFinish() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            let log2 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, animations: { view.position = Point(x: 100, y: 0) },
                completion: log1.callback(rig.scene))
            rig.go(0.4)
            let before = Point(x: 100 * easeInOut(0.4), y: 0)
            #expect(near(rig.shown.position, before))
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.position = Point(x: 0, y: 50) },
                completion: log2.callback(rig.scene))
            // Nothing jumps at the change, and the running animation is still there.
            #expect(near(rig.onScreen.position, before))
            #expect(view.animationKeys() == ["position", "position-2"])
            // model + Σ delta·(1 − progress): delta1 = (0,0) − (100,0), delta2 = (100,0) − (0,50).
            rig.go(0.9)
            let p1 = easeInOut(0.9)
            let p2 = 0.5
            let expected = Point(x: -100 * (1 - p1) + 100 * (1 - p2), y: 50 - 50 * (1 - p2))
            #expect(near(rig.shown.position, expected))
            rig.go(1.2)
            #expect(log1.calls.count == 1 && near(log1.calls[0].time, 1) && log1.calls[0].finished)
            #expect(log2.calls.isEmpty)
            #expect(view.animationKeys() == ["position-2"])
            rig.go(1.5)
            #expect(log2.calls.count == 1 && near(log2.calls[0].time, 1.4) && log2.calls[0].finished)
            #expect(rig.shown.position == Point(x: 0, y: 50))
            #expect(!rig.scene.needsFrames)
        }
    }

    @Test func aDelayedChangeLeavesTheRunningMotionAloneUntilItStarts() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            let log2 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.opacity = 0 },
                completion: log1.callback(rig.scene))
            rig.go(0.5)
            ViewAnimation.animate(
                withDuration: 0.5, delay: 0.25, options: .curveLinear, animations: { view.opacity = 1 },
                completion: log2.callback(rig.scene))
            // Block 1 alone shows 1 − t; block 2 holds its start offset (0 − 1) during its delay.
            #expect(near(rig.onScreen.opacity, 0.5))
            rig.go(0.6)
            #expect(near(rig.shown.opacity, 1 + (1 - 0.6) - 1))
            // At 1.0 block 1 is done; block 2 is half-way from −1 to 0 over the model value 1.
            rig.go(1)
            #expect(near(rig.shown.opacity, 1 - 1 * (1 - 0.5)))
            rig.go(2)
            #expect(log1.calls.map { $0.finished } == [true] && near(log1.calls[0].time, 1))
            #expect(log2.calls.map { $0.finished } == [true] && near(log2.calls[0].time, 1.25))
            #expect(rig.shown.opacity == 1)
        }
    }

    @Test func coloursAndRectsAddComponentWise() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            view.backgroundColor = Color(red: 1, green: 0, blue: 0)
            view.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: {
                    view.backgroundColor = Color(red: 0, green: 0, blue: 1)
                    view.bounds = Rect(x: 0, y: 0, width: 30, height: 10)
                })
            rig.go(0.5)
            let colourBefore = rig.shown.backgroundColor!
            #expect(near(colourBefore.red, 0.5) && near(colourBefore.blue, 0.5))
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: {
                    view.backgroundColor = Color(red: 0, green: 1, blue: 0)
                    view.bounds = Rect(x: 0, y: 0, width: 10, height: 20)
                })
            let now = rig.onScreen
            let c0 = now.backgroundColor!
            #expect(near(c0.red, colourBefore.red) && near(c0.green, colourBefore.green))
            #expect(near(c0.blue, colourBefore.blue) && near(c0.alpha, colourBefore.alpha))
            #expect(near(now.bounds.width, 20) && near(now.bounds.height, 10))
            #expect(
                Set(view.animationKeys()) == ["backgroundColor", "backgroundColor-2", "bounds", "bounds-2"])
            // At 1.0 only block 2's delta is left, half-way: model + (old − new)·0.5.
            rig.go(1)
            let c = rig.shown.backgroundColor!
            #expect(near(c.red, 0) && near(c.green, 1 - 0.5) && near(c.blue, 0.5) && near(c.alpha, 1))
            #expect(
                near(rig.shown.bounds.width, 10 + 20 * 0.5) && near(rig.shown.bounds.height, 20 - 10 * 0.5))
        }
    }

    @Test func translationsStackByConcatenation() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: { view.transform = Transform3D(translationX: 100, y: 0) },
                completion: log1.callback(rig.scene))
            rig.go(0.5)
            let before = rig.shown.transform
            #expect(near(before.m41, 50))
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: { view.transform = Transform3D(translationX: 0, y: 40) })
            #expect(near(rig.onScreen.transform, before))
            #expect(view.animationKeys() == ["transform", "transform-2"])
            // Translations commute: at 1.0 block 1 is done, block 2's delta (100, −40) is halved.
            rig.go(1)
            #expect(near(rig.shown.transform, Transform3D(translationX: 50, y: 40 - 20)))
            #expect(log1.calls.map { $0.finished } == [true])
        }
    }

    @Test func transformsThatDoNotCommuteStartFromTheScreenInsteadOfJumping() {
        // A running delta is re-applied to the new model; a non-uniform scale under a new
        // rotation would jump, so the new animation starts from what is shown and replaces.
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: { view.transform = Transform3D(scaleX: 3, y: 1) },
                completion: log1.callback(rig.scene))
            rig.go(0.5)
            let before = rig.shown.transform
            #expect(near(before.m11, 2) && near(before.m22, 1))
            let rotated = Transform3D(rotationZ: Double.pi / 2)
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.transform = rotated })
            #expect(near(rig.onScreen.transform, before))
            #expect(view.animationKeys() == ["transform"])
            rig.go(0.6)
            #expect(log1.calls.count == 1 && near(log1.calls[0].time, 0.5) && !log1.calls[0].finished)
            rig.go(2)
            #expect(near(rig.shown.transform, rotated))
        }
    }

    @Test func aSingularTransformReplacesFromTheOldModelValue() {
        // No delta exists over a singular model, so the change replaces the running
        // animation as before iOS 8: from the old model value (scale 2) to the new one.
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: { view.transform = Transform3D(scaleX: 2, y: 2) },
                completion: log1.callback(rig.scene))
            rig.go(0.5)
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: { view.transform = Transform3D(scaleX: 0, y: 0) })
            #expect(view.animationKeys() == ["transform"])
            #expect(near(rig.onScreen.transform.m11, 2))
            rig.go(1)
            #expect(near(rig.shown.transform.m11, 1) && near(rig.shown.transform.m22, 1))
            #expect(log1.calls.map { $0.finished } == [false])
        }
    }

    /// iOS 8 and later: `.beginFromCurrentState` stacks additively too; every block finishes.
    @Test func beginFromCurrentStateStacksLikeAnyOtherBlock() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log1 = CompletionLog()
            let log2 = CompletionLog()
            let log3 = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.position = Point(x: 100, y: 0) },
                completion: log1.callback(rig.scene))
            rig.go(0.25)
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.position = Point(x: 0, y: 100) },
                completion: log2.callback(rig.scene))
            rig.go(0.5)
            // model (0,100) + (−100,0)·0.5 + (100,−100)·0.75
            let shown = Point(x: -50 + 75, y: 100 - 75)
            #expect(near(rig.shown.position, shown))
            ViewAnimation.animate(
                withDuration: 1, options: [.curveLinear, .beginFromCurrentState],
                animations: { view.position = Point(x: 0, y: 0) }, completion: log3.callback(rig.scene))
            #expect(view.animationKeys() == ["position", "position-2", "position-3"])
            #expect(near(rig.onScreen.position, shown))
            rig.go(1)
            // model (0,0) + the first ended + (100,−100)·0.25 + (0,100)·0.5
            #expect(near(rig.shown.position, Point(x: 25, y: 25)))
            rig.go(2)
            #expect(log1.calls.map { $0.finished } == [true] && near(log1.calls[0].time, 1))
            #expect(log2.calls.map { $0.finished } == [true] && near(log2.calls[0].time, 1.25))
            #expect(log3.calls.map { $0.finished } == [true] && near(log3.calls[0].time, 1.5))
        }
    }

    @Test func implicitAnimationsOfPlainLayersStillReplace() {
        let rig = ViewRig(viewBacking: false)
        rig.view.opacity = 0
        rig.go(0.1)
        rig.view.opacity = 1
        #expect(rig.view.animationKeys() == ["opacity"])
        #expect((rig.view.animation(forKey: "opacity") as? PropertyAnimation)?.isAdditive == false)
    }
}

/// UIKit: changing one property twice in one block animates once, from the value before the
/// block to the last value set.
@Suite struct SameBlockChangeTests {
    @Test(arguments: [false, true])
    func twoChangesMakeOneAnimation(fromCurrentState: Bool) {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log = CompletionLog()
            var options: ViewAnimationOptions = .curveLinear
            if fromCurrentState { options.insert(.beginFromCurrentState) }
            ViewAnimation.animate(
                withDuration: 1, options: options,
                animations: {
                    view.position = Point(x: 50, y: 0)
                    view.position = Point(x: 100, y: 20)
                }, completion: log.callback(rig.scene))
            #expect(view.animationKeys() == ["position"])
            rig.go(0.5)
            #expect(near(rig.shown.position, Point(x: 50, y: 10)))
            rig.go(1.5)
            #expect(log.calls.count == 1 && near(log.calls[0].time, 1) && log.calls[0].finished)
        }
    }

    @Test func twoChangesOverARunningAnimationStackOnce() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear, animations: { view.opacity = 0 })
            rig.go(0.5)
            let log = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1, options: .curveLinear,
                animations: {
                    view.opacity = 0.8
                    view.opacity = 0.6
                }, completion: log.callback(rig.scene))
            #expect(view.animationKeys() == ["opacity", "opacity-2"])
            #expect(near(rig.onScreen.opacity, 0.5))
            // At 1.0: model 0.6 + block 1's delta (1 − 0) done + block 2's (0 − 0.6)·0.5.
            rig.go(1)
            #expect(near(rig.shown.opacity, 0.6 - 0.6 * 0.5))
            rig.go(2)
            #expect(log.calls.map { $0.finished } == [true])
        }
    }

    @Test func changingBackToTheStartValueAnimatesNothing() {
        let rig = ViewRig()
        rig.scene.perform {
            let view = rig.view
            let log = CompletionLog()
            ViewAnimation.animate(
                withDuration: 1,
                animations: {
                    view.opacity = 0.3
                    view.opacity = 1
                }, completion: log.callback(rig.scene))
            #expect(view.animationKeys().isEmpty)
            rig.go(0.1)
            // A block with nothing left to animate completes at once (dated when it ran).
            #expect(log.calls.count == 1 && log.calls[0].time == 0 && log.calls[0].finished)
        }
    }
}

/// `CATransaction`: completion blocks and nesting.
@Suite struct TransactionFidelityTests {
    @Test func aCompletionWithNoAnimationsRunsInsideCommit() {
        let rig = ViewRig(viewBacking: false)
        rig.scene.perform {
            var ran = false
            Transaction.begin()
            Transaction.setCompletionBlock { ran = true }
            Transaction.commit()
            #expect(ran)
            #expect(!rig.scene.needsFrames)
        }
    }

    @Test func anOuterBlockWaitsForAnimationsOfNestedTransactionsWithoutBlocks() {
        let rig = ViewRig(viewBacking: false)
        rig.scene.perform {
            var log: [String] = []
            Transaction.begin()
            Transaction.setCompletionBlock { log.append("outer@\(rig.scene.currentTime)") }
            Transaction.begin()
            Transaction.setAnimationDuration(3)
            rig.view.opacity = 0.5
            Transaction.commit()
            Transaction.commit()
            #expect(log.isEmpty)
            rig.go(2)
            #expect(log.isEmpty)
            rig.go(4)
            #expect(log == ["outer@3.0"])
        }
    }

    @Test func anInnerBlockWithNoAnimationsRunsAtItsCommitWhileTheOuterWaits() {
        let rig = ViewRig(viewBacking: false)
        rig.scene.perform {
            var log: [String] = []
            Transaction.begin()
            Transaction.setAnimationDuration(1)
            Transaction.setCompletionBlock { log.append("outer") }
            rig.view.opacity = 0.5
            Transaction.begin()
            Transaction.setCompletionBlock { log.append("inner") }
            Transaction.commit()
            #expect(log == ["inner"])
            Transaction.commit()
            rig.go(2)
            #expect(log == ["inner", "outer"])
        }
    }

    @Test func replacingACompletionBlockHandsTheOldOneOff() {
        let rig = ViewRig(viewBacking: false)
        rig.scene.perform {
            var log: [String] = []
            Transaction.begin()
            Transaction.setCompletionBlock { log.append("none") }
            // Replaced before any animation: it runs at once.
            Transaction.setCompletionBlock { log.append("a@\(rig.scene.currentTime)") }
            #expect(log == ["none"])
            Transaction.setAnimationDuration(1)
            rig.view.opacity = 0.5
            Transaction.setCompletionBlock { log.append("b@\(rig.scene.currentTime)") }
            Transaction.setAnimationDuration(2)
            rig.view.position = Point(x: 10, y: 0)
            Transaction.commit()
            rig.go(5)
            // "a" waits only for the animation added before it was replaced.
            #expect(log == ["none", "a@1.0", "b@2.0"])
        }
    }
}

/// `CalculationMode.cubicPaced`: constant speed along the Catmull-Rom spline itself.
@Suite struct CubicPacedTests {
    @Test func positionMovesAtConstantSpeedAlongTheCurve() throws {
        let rig = ViewRig(viewBacking: false)
        // Segments of very different lengths, with sharp turns: straight-line pacing and the
        // spline's own parameter would both give very uneven speeds here.
        let values = [Point(x: 0, y: 0), Point(x: 150, y: 0), Point(x: 150, y: 20), Point(x: 0, y: 120)]
        let anim = KeyframeAnimation(keyPath: "position")
        anim.values = values.map { .point($0) }
        anim.calculationMode = .cubicPaced
        anim.keyTimes = [0, 0.9, 0.95, 1]  // ignored in paced modes
        anim.duration = 1
        anim.fillMode = .forwards
        anim.isRemovedOnCompletion = false
        try rig.view.add(anim, forKey: "move")
        let steps = 400
        var samples: [Point] = []
        for k in 0...steps {
            rig.go(Double(k) / Double(steps))
            samples.append(rig.shown.position)
        }
        #expect(samples[0] == values[0] && samples[steps] == values[3])
        var chords: [Double] = []
        for k in 1...steps {
            let a = samples[k - 1]
            let b = samples[k]
            chords.append(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        // Constant speed: every equal time step covers the same distance along the curve.
        let mean = chords.reduce(0, +) / Double(chords.count)
        let worst = chords.map { abs($0 - mean) / mean }.max()!
        #expect(worst < 0.005, "speed varies by \(worst * 100)%")
        // The curve passes through every value (within one step).
        for v in values.dropFirst() {
            let nearest = samples.map { p in
                ((p.x - v.x) * (p.x - v.x) + (p.y - v.y) * (p.y - v.y)).squareRoot()
            }.min()!
            #expect(nearest <= mean)
        }
    }

    @Test func degenerateValuesDoNotBreakPacing() throws {
        let rig = ViewRig(viewBacking: false)
        let anim = KeyframeAnimation(keyPath: "position")
        anim.values = [.point(Point(x: 5, y: 5)), .point(Point(x: 5, y: 5)), .point(Point(x: 5, y: 5))]
        anim.calculationMode = .cubicPaced
        anim.duration = 1
        try rig.view.add(anim, forKey: "still")
        rig.go(0.5)
        #expect(rig.shown.position == Point(x: 5, y: 5))
        let bad = KeyframeAnimation(keyPath: "opacity")
        bad.values = [0, .number(.nan), 1]
        bad.calculationMode = .cubicPaced
        bad.duration = 1
        try rig.view.add(bad, forKey: "bad")
        rig.go(0.75)
        #expect(rig.shown.opacity.isFinite)
    }
}
