import Foundation

/// Monotonic time for the benchmarks: `clock_gettime(CLOCK_MONOTONIC)`, never affected by
/// wall-clock changes.
enum BenchClock {
    /// Seconds on the monotonic clock (arbitrary origin).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds of CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`): unlike the
    /// monotonic clock it does not run while the thread is preempted, so on a busy machine it
    /// shows the cost of the work itself.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result with the seconds it took.
    @inline(__always)
    static func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = now()
        let value = try body()
        return (value, now() - start)
    }

    /// Runs `body` and returns its result with the monotonic seconds and the thread CPU
    /// seconds it took.
    @inline(__always)
    static func timeBoth<T>(_ body: () throws -> T) rethrows -> (T, wall: Double, cpu: Double) {
        let cpu = threadCPU()
        let start = now()
        let value = try body()
        let end = now()
        return (value, end - start, threadCPU() - cpu)
    }
}

/// Percentiles of a set of durations (seconds), by the nearest-rank method: p-th percentile is
/// the smallest sample with at least p % of the samples at or below it.
struct BenchStats: Sendable {
    let sorted: [Double]

    init(_ samples: [Double]) {
        sorted = samples.filter(\.isFinite).sorted()
    }

    var count: Int { sorted.count }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var p50: Double { percentile(50) }
    var p95: Double { percentile(95) }
    var p99: Double { percentile(99) }
    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }
    var max: Double { sorted.last ?? .nan }
}

/// Number formatting for the report: fixed decimals, no locale.
enum BenchFormat {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "n/a" }
        return String(format: "%.\(decimals)f", value)
    }

    /// Milliseconds with three decimals from seconds.
    static func ms(_ seconds: Double) -> String { fixed(seconds * 1000, 3) }

    /// `text` padded with spaces on the right to `width` characters.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` padded with spaces on the left to `width` characters.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
