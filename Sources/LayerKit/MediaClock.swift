import Foundation

/// A source of media time in seconds: `CACurrentMediaTime()`'s role.
///
/// The app uses `SystemMediaClock`; tests use `ManualClock` so every frame is reproducible.
public protocol MediaClock: AnyObject, Sendable {
    /// Seconds on a monotonic timeline with an arbitrary origin.
    func now() -> Double
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`), never affected by wall-clock changes.
public final class SystemMediaClock: MediaClock {
    public init() {}

    public func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told to.
public final class ManualClock: MediaClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double

    public init(time: Double = 0) { self.time = time }

    public func now() -> Double {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// Sets the time; a non-finite value is ignored.
    public func set(_ t: Double) {
        guard t.isFinite else { return }
        lock.lock()
        time = t
        lock.unlock()
    }

    /// Moves the time forward (or back, for a negative step); a non-finite step is ignored.
    public func advance(by dt: Double) {
        guard dt.isFinite else { return }
        lock.lock()
        time += dt
        lock.unlock()
    }
}
