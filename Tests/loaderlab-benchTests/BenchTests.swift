import Foundation
import LoaderLab
import Testing

@testable import loaderlab_bench

@Suite struct BenchTests {
    @Test func nearestRankPercentiles() {
        // 1…100 ms shuffled: the p-th percentile by nearest rank is the p-th smallest.
        let samples = (1...100).map { Double($0) / 1000 }.shuffled()
        let stats = BenchStats(samples)
        #expect(stats.p50 == 0.050)
        #expect(stats.p95 == 0.095)
        #expect(stats.p99 == 0.099)
        #expect(stats.max == 0.100)
        // Four samples: p50 is rank ceil(2) = 2, p99 rank ceil(3.96) = 4.
        let few = BenchStats([4, 1, 3, 2])
        #expect(few.p50 == 2)
        #expect(few.p99 == 4)
        #expect(BenchStats([]).p50.isNaN)
        #expect(BenchStats([.nan, 1]).count == 1)
    }

    @Test func optionsParse() throws {
        let defaults = try #require(try Bench.parse([]))
        #expect(defaults.frames >= 600)
        #expect(defaults.sections == Set(Bench.Options.Section.allCases))
        let o = try #require(
            try Bench.parse([
                "--frames", "50", "--only", "frames,headless", "--loader", "orbit", "--scale", "2",
            ]))
        #expect(o.frames == 50)
        #expect(o.sections == [.frames, .headless])
        #expect(o.only == ["orbit"])
        #expect(o.scales == [2])
        #expect(try Bench.parse(["--only", "record", "--loader", "balls"])?.sections == [.record])
        #expect(try Bench.parse(["--help"]) == nil)
        #expect(defaults.pacedFrames > 0)
        #expect(try Bench.parse(["--paced-frames", "0"])?.pacedFrames == 0)
        #expect(throws: ArgumentError.self) { try Bench.parse(["--paced-frames", "-1"]) }
        #expect(throws: ArgumentError.self) { try Bench.parse(["--frames", "0"]) }
        #expect(throws: ArgumentError.self) { try Bench.parse(["--frames"]) }
        #expect(throws: ArgumentError.self) { try Bench.parse(["--only", "nothing"]) }
        #expect(throws: ArgumentError.self) { try Bench.parse(["--scale", "nan"]) }
        #expect(throws: ArgumentError.self) { try Bench.parse(["--bogus"]) }
    }

    /// The record section on one loader: a line per setting and scale, each naming frames
    /// (balls: one 1.6 s loop at 30 fps, 48 frames) and a size.
    @Test func recordSectionReports() throws {
        let capture = Lines()
        let io = CommandIO(out: { capture.add($0) }, err: { capture.add("ERR " + $0) })
        let status = Bench(io: io).run(["--only", "record", "--loader", "balls"])
        #expect(status == 0)
        let rows = capture.lines.filter { $0.hasPrefix("balls ") }
        #expect(rows.count == 2 * Bench.recordSettings.count)
        #expect(rows.allSatisfy { $0.split(separator: " ").contains("48") }, "\(rows)")
    }
}

final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
