import Foundation
import Testing

@testable import LoaderLab

/// The recording's progress bar on a clock the test moves.
@Suite struct ProgressBarTests {
    final class Clock {
        // Binary fractions of a second, so the sums are exact.
        var now = 0.0
    }

    @Test func showsAfterHalfASecondAtMostTenTimesASecondAndGoesAway() {
        let clock = Clock()
        var lines: [String] = []
        let bar = ProgressBar(label: "recording orbit", show: { lines.append($0) }, clock: { clock.now })
        clock.now += 0.25
        bar.update(done: 10, total: 90)
        #expect(lines.isEmpty, "a short job shows nothing")
        clock.now += 0.75
        // 45 of 90 after 1 s: half the bar (12 of 24), and 1 s per 45 frames → 1.0 s left.
        bar.update(done: 45, total: 90)
        #expect(lines == ["recording orbit [############............] 45/90 frames, about 1.0 s left"])
        clock.now += 0.0625
        bar.update(done: 46, total: 90)
        #expect(lines.count == 1, "redrawn at most every 0.1 s")
        clock.now += 0.0625
        // 60 of 90 after 1.125 s: 16 of 24; 1.125 / 60 · 30 = 0.5625 s left.
        bar.update(done: 60, total: 90)
        #expect(lines.last == "recording orbit [################........] 60/90 frames, about 0.6 s left")
        bar.finish()
        #expect(lines.last == "")
    }

    @Test func longEstimatesInWholeSeconds() {
        // 10 of 1000 after 2 s: 0.2 s a frame, 990 left: 198 s.
        #expect(
            ProgressBar.line(label: "r", done: 10, total: 1000, elapsed: 2)
                == "r [........................] 10/1000 frames, about 198 s left")
    }

    @Test func aBarNeverShownIsNotTakenAway() {
        var lines: [String] = []
        let bar = ProgressBar(label: "r", show: { lines.append($0) }, clock: { 0 })
        bar.update(done: 1, total: 2)
        bar.finish()
        #expect(lines.isEmpty)
    }
}
