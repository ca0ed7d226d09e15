import Foundation
import Testing

@testable import LayerKit

/// Updates with no event due skip collecting events, and nothing is lost by it: what comes
/// later, is added later or is moved by a timing change still arrives at its time.
@Suite struct EventLullTests {
    func opacity(
        _ duration: Double, begin: Double = 0, repeatForever: Bool = false, delegate: Recorder? = nil
    )
        -> BasicAnimation
    {
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = duration
        a.beginTime = begin
        if repeatForever { a.repeatCount = .infinity }
        a.delegate = delegate
        return a
    }

    @Test func aLoaderRepeatingForeverCostsNoEventWorkAfterItsStart() throws {
        let stage = Stage(time: 0)
        try stage.layer.add(opacity(0.8, repeatForever: true), forKey: "spin")
        stage.go(1.0 / 60)
        stage.go(2.0 / 60)
        let work = stage.scene.eventWork
        for frame in 3...120 { stage.go(Double(frame) / 60) }
        #expect(stage.scene.eventWork == work)
        #expect(stage.scene.needsFrames)
    }

    @Test func eventsDueLaterStillArriveAtTheirTimes() throws {
        let stage = Stage(time: 0)
        let recorder = Recorder("a", scene: stage.scene)
        try stage.layer.add(opacity(0.8, repeatForever: true), forKey: "spin")
        // Starts at 1.0, stops at 1.5.
        try stage.layer.add(opacity(0.5, begin: 1.0, delegate: recorder), forKey: "late")
        for frame in 1...120 { stage.go(Double(frame) / 60) }
        #expect(recorder.log == ["start a", "stop a true"])
        #expect(recorder.times == [1.0, 1.5])
    }

    /// Animations added and a layer retimed in the middle of a lull: the callbacks and their
    /// times are those of the same scene updated once at the end (the engine's results do not
    /// depend on how often it is updated).
    @Test func whatIsAddedOrRetimedDuringALullIsNotMissed() throws {
        func run(frames: [Double]) throws -> [String] {
            let stage = Stage(time: 0)
            try stage.layer.add(opacity(0.8, repeatForever: true), forKey: "spin")
            for t in frames where t <= 0.5 { stage.go(t) }
            stage.go(0.5)
            let log = Recorder("log", scene: stage.scene)
            try stage.layer.add(opacity(0.25, delegate: log), forKey: "added")
            let slow = Layer()
            stage.root.addSublayer(slow)
            try slow.add(opacity(0.2, delegate: log), forKey: "retimed")
            slow.speed = 0.5
            for t in frames where t > 0.5 { stage.go(t) }
            stage.go(2)
            return zip(log.log, log.times).map { "\($0.0) at \(($0.1 * 1e6).rounded() / 1e6)" }
        }
        let everyFrame = try run(frames: (1...120).map { Double($0) / 60 })
        let oneJump = try run(frames: [])
        #expect(everyFrame.count == 4)
        #expect(everyFrame == oneJump)
    }

    @Test func aClockSetBackCollectsAgain() throws {
        let stage = Stage(time: 0)
        let recorder = Recorder("a", scene: stage.scene)
        try stage.layer.add(opacity(0.8, repeatForever: true), forKey: "spin")
        try stage.layer.add(opacity(0.5, begin: 1.0, delegate: recorder), forKey: "late")
        stage.go(0.5)
        stage.go(0.2)
        stage.go(1.2)
        #expect(recorder.log == ["start a"])
        #expect(recorder.times == [1.0])
    }
}
