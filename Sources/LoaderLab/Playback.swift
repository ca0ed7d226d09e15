import LayerKit

/// Pause, slow motion and frame stepping for a whole layer tree, done as Core Animation does
/// it: through the root layer's `speed`, `beginTime` and `timeOffset`.
///
/// Every change re-bases the root's timing at the moment it happens — `beginTime` = now,
/// `timeOffset` = the local time reached, then the new `speed` — so local time is continuous:
/// pausing freezes it where it is, resuming or slowing continues from there. Stepping while
/// paused moves `timeOffset` by one 60 Hz frame.
public final class Playback {
    public let root: Layer
    public private(set) var isPaused = false
    public private(set) var isSlowMotion = false

    /// Simulator-style slow animations: ten times slower.
    public static let slowMotionSpeed = 0.1
    /// One frame at 60 Hz, the step of ← and →.
    public static let frameStep = 1.0 / 60

    public init(root: Layer) {
        self.root = root
    }

    /// The root's speed the current mode calls for (0 paused, 0.1 slow, else 1).
    public var speed: Double { isPaused ? 0 : (isSlowMotion ? Self.slowMotionSpeed : 1) }

    /// How much slower than real time the tree runs, as the HUD shows it ("paused" when 0).
    public var timeScaleDescription: String {
        if isPaused { return isSlowMotion ? "paused (slow motion)" : "paused" }
        return isSlowMotion ? "0.1x slow motion" : "1x"
    }

    /// Pauses or resumes at scene time `now`.
    public func togglePause(at now: Double) {
        isPaused.toggle()
        retime(at: now)
    }

    /// Switches 10× slow motion on or off at scene time `now` (kept while paused).
    public func toggleSlowMotion(at now: Double) {
        isSlowMotion.toggle()
        retime(at: now)
    }

    /// While paused: moves the tree's time by `frames` 60 Hz frames (negative steps back).
    /// Returns false (and does nothing) when not paused.
    @discardableResult
    public func step(frames: Int) -> Bool {
        guard isPaused else { return false }
        root.timeOffset += Double(frames) * Self.frameStep
        return true
    }

    /// The root's local time at scene time `now`.
    public func localTime(at now: Double) -> Double {
        root.convertTime(now, from: nil)
    }

    private func retime(at now: Double) {
        guard now.isFinite else { return }
        let local = localTime(at: now)
        root.beginTime = now
        root.timeOffset = local.isFinite ? local : 0
        root.speed = speed
    }
}
