/// Estimates a finger's velocity from timed position samples, as a pan gesture recognizer does.
///
/// The velocity at time `t` is the average over the samples of the last `window` seconds:
/// (newest − oldest) / (their time difference). With fewer than two samples in the window
/// (the finger rested), it is 0.
public struct VelocityTracker: Sendable {
    /// How far back samples count, in seconds.
    public var window: Double

    private var samples: [(time: Double, position: Double)] = []

    public init(window: Double = 0.1) {
        self.window = window.isFinite && window > 0 ? window : 0.1
    }

    public mutating func reset() { samples.removeAll() }

    /// Adds a sample; non-finite values and samples older than the newest are ignored.
    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        samples.append((time, position))
        // Keep a little more than the window so a later query still finds its samples.
        if let newest = samples.last?.time {
            samples.removeAll { newest - $0.time > window * 4 }
        }
    }

    /// Points per second at `time`.
    public func velocity(at time: Double) -> Double {
        let recent = samples.filter { time - $0.time <= window && $0.time <= time }
        guard let first = recent.first, let last = recent.last, last.time - first.time > 1e-6 else {
            return 0
        }
        return (last.position - first.position) / (last.time - first.time)
    }
}
