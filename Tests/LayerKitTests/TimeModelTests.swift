import Foundation
import Testing

@testable import LayerKit

/// The CAMediaTiming model, case by case. Every case animates `position.x` from 0 to 100 over
/// a 1 s linear cycle, added at scene time 10 (so beginTime 0 is stamped as 10). The model
/// value is −1, which is what shows when the animation has no effect.
@Suite struct TimeModelTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var configure: @Sendable (BasicAnimation) -> Void
        /// (scene time, expected position.x)
        var samples: [(Double, Double)]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain", configure: { _ in }, samples: [(10, 0), (10.25, 25), (10.99, 99), (11.5, -1)]),
        // A future beginTime under each fill mode: before it only backwards/both show the
        // start value; after the end only forwards/both keep the end value.
        Case(
            name: "future begin, removed",
            configure: {
                $0.beginTime = 12
                $0.fillMode = .removed
            },
            samples: [(11, -1), (12.5, 50), (14, -1)]),
        Case(
            name: "future begin, backwards",
            configure: {
                $0.beginTime = 12
                $0.fillMode = .backwards
            },
            samples: [(11, 0), (12.5, 50), (14, -1)]),
        Case(
            name: "future begin, forwards",
            configure: {
                $0.beginTime = 12
                $0.fillMode = .forwards
            },
            samples: [(11, -1), (12.5, 50), (14, 100)]),
        Case(
            name: "future begin, both",
            configure: {
                $0.beginTime = 12
                $0.fillMode = .both
            },
            samples: [(11, 0), (12.5, 50), (14, 100)]),
        // 2.5 cycles: at 12.25 the third cycle is a quarter through; it ends half-way through.
        Case(
            name: "fractional repeatCount",
            configure: {
                $0.repeatCount = 2.5
                $0.fillMode = .forwards
            },
            samples: [(11.25, 25), (12.25, 25), (12.4, 40), (13, 50)]),
        // Repeats for 1.5 s: the second cycle stops half-way.
        Case(
            name: "repeatDuration",
            configure: {
                $0.repeatDuration = 1.5
                $0.fillMode = .forwards
            },
            samples: [(10.5, 50), (11.25, 25), (12, 50)]),
        // Forward in the first second, backward in the next: 1.25 s in is 0.75 of the way.
        Case(
            name: "autoreverses",
            configure: {
                $0.autoreverses = true
                $0.fillMode = .forwards
            },
            samples: [(10.25, 25), (11.25, 75), (11.9, 10), (13, 0)]),
        // Two forward-and-back cycles, 4 s in all.
        Case(
            name: "autoreverses twice",
            configure: {
                $0.autoreverses = true
                $0.repeatCount = 2
                $0.fillMode = .forwards
            },
            samples: [(12.5, 50), (13.5, 50), (13.75, 25), (15, 0)]),
        // Twice as fast: a quarter second in is half-way; it ends at 10.5.
        Case(
            name: "speed 2",
            configure: {
                $0.speed = 2
                $0.fillMode = .forwards
            },
            samples: [(10.25, 50), (10.4, 80), (10.6, 100)]),
        // Speed 0 freezes the animation at its time offset.
        Case(
            name: "speed 0",
            configure: {
                $0.speed = 0
                $0.timeOffset = 0.3
            },
            samples: [(10, 30), (15, 30), (1000, 30)]),
        // The offset shifts the start; the part before it plays after the rest.
        Case(
            name: "timeOffset",
            configure: { $0.timeOffset = 0.3 },
            samples: [(10, 30), (10.6, 90), (10.8, 10), (10.95, 25), (11.5, -1)]),
        // Infinite repeats never end.
        Case(
            name: "infinite repeatCount",
            configure: { $0.repeatCount = .infinity },
            samples: [(10.5, 50), (1010.25, 25)]),
        // Duration 0 means 0.25 s.
        Case(
            name: "zero duration",
            configure: {
                $0.duration = 0
                $0.fillMode = .forwards
            },
            samples: [(10.125, 50), (10.3, 100)]),
    ]

    @Test(arguments: cases)
    func timeModel(_ c: Case) throws {
        let stage = Stage(time: 10)
        stage.layer.position = Point(x: -1, y: 0)
        let anim = BasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 1
        anim.isRemovedOnCompletion = false
        c.configure(anim)
        try stage.layer.add(anim, forKey: "x")
        for (t, expected) in c.samples {
            stage.go(t)
            let x = stage.shown.position.x
            #expect(close(x, expected, 1e-9), "\(c.name) at \(t): \(x) ≠ \(expected)")
        }
        // The model is never changed by the animation.
        #expect(stage.layer.position.x == -1)
    }

    @Test func pausedSubtreeFreezesAndResumes() throws {
        let stage = Stage(time: 10)
        let parent = stage.layer
        let child = Layer()
        parent.addSublayer(child)
        let anim = BasicAnimation(keyPath: "position.x")
        anim.fromValue = 0
        anim.toValue = 100
        anim.duration = 1
        try child.add(anim, forKey: "x")
        stage.go(10.3)
        #expect(close(stage.scene.presentation(of: child)!.position.x, 30))
        // Pause as Apple's Technical Q&A 1673 does: speed 0, timeOffset = current local time.
        let pausedTime = parent.convertTime(stage.scene.currentTime, from: nil)
        parent.speed = 0
        parent.timeOffset = pausedTime
        stage.go(20)
        #expect(close(stage.scene.presentation(of: child)!.position.x, 30))
        #expect(!stage.scene.needsFrames, "a paused subtree is static")
        // Resume: the local time continues from 10.3 when the scene is at 20.
        parent.speed = 1
        parent.timeOffset = 0
        parent.beginTime = 0
        parent.beginTime = parent.convertTime(stage.scene.currentTime, from: nil) - pausedTime
        stage.go(20)
        #expect(close(stage.scene.presentation(of: child)!.position.x, 30))
        stage.go(20.2)
        #expect(close(stage.scene.presentation(of: child)!.position.x, 50, 1e-9))
        #expect(stage.scene.needsFrames)
    }

    @Test func layerSpeedScalesChildTime() throws {
        // The root runs at half speed ("slow animations"): 1 s of animation takes 2 s.
        let stage = Stage(time: 0)
        stage.root.speed = 0.5
        let anim = BasicAnimation(keyPath: "opacity")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 1
        try stage.layer.add(anim, forKey: nil)
        stage.go(1)
        #expect(close(stage.shown.opacity, 0.5))
        stage.go(1.5)
        #expect(close(stage.shown.opacity, 0.75))
    }

    @Test func convertTimeBetweenLayers() {
        let a = Layer()
        let b = Layer()
        a.addSublayer(b)
        a.speed = 2
        a.beginTime = 1
        b.timeOffset = 5
        // a's local time at scene time 3 is (3 − 1)·2 = 4; b's is 4 + 5 = 9.
        #expect(close(a.convertTime(3, from: nil), 4))
        #expect(close(b.convertTime(3, from: nil), 9))
        #expect(close(b.convertTime(4, from: a), 9))
        #expect(close(b.convertTime(9, to: nil), 3))
    }
}
