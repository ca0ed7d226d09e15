import Dispatch
import Foundation
import LayerKit
import Testing
import UIKit

@testable import QuartzCore

/// How a delay is read back from a deadline (`SceneClock.delay(until:now:)`): the caller's
/// `.now()` came a moment before the reading, and anything under a millisecond of that moment
/// still gives the delay written. Expectations are the delays written.
@Suite struct SceneClockReadingTests {
    static let millisecond: UInt64 = 1_000_000

    func nanoseconds(_ seconds: Double) -> UInt64 { UInt64((seconds * 1e9).rounded()) }

    @Test func aReadingUnderAMillisecondLateIsTheDelayWritten() {
        let start: UInt64 = 5_000 * Self.millisecond
        for delay in [2, 0.5, 0.25, 0.125, 0.355, 1.999, 0.001] {
            let deadline = DispatchTime(uptimeNanoseconds: start + nanoseconds(delay))
            for late: UInt64 in [0, 3_000, 999_999] {
                #expect(SceneClock.delay(until: deadline, now: start + late) == delay, "\(late) ns")
            }
            // A whole millisecond late is a millisecond less.
            let less = SceneClock.delay(until: deadline, now: start + Self.millisecond)
            #expect(less.map { abs($0 - (delay - 0.001)) < 1e-12 } == true, "\(String(describing: less))")
        }
        let past = DispatchTime(uptimeNanoseconds: start - 1)
        #expect(SceneClock.delay(until: past, now: start) == 0)
        #expect(SceneClock.delay(until: .distantFuture, now: start) == nil)
    }

    @Test func wallClockDeadlinesReadTheSameWay() {
        let now = DispatchWallTime.now()
        #expect(SceneClock.delay(until: now + 0.355, now: now) == 0.355)
        #expect(SceneClock.delay(until: now, now: now + 1) == 0)
        #expect(SceneClock.delay(until: .distantFuture, now: now) == nil)
    }

    /// Through the main queue: delays with three decimals run at their own times.
    @Test func finelyWrittenDelaysRunAtTheirTimes() {
        let stage = Stage()
        var times: [Double] = []
        stage.perform {
            for delay in [0.355, 0.125, 1.999] {
                DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                    times.append(CACurrentMediaTime())
                }
            }
        }
        stage.at(3)
        #expect(times == [0.125, 0.355, 1.999])
    }
}
