import Foundation
import LayerKit

/// Pause, slow motion and frame stepping for a whole layer tree, done as Core Animation does
/// it: through the root layer's `speed`, `beginTime` and `timeOffset`.
///
/// Every change re-bases the root's timing at the moment it happens — `beginTime` = now,
/// `timeOffset` = the local time reached, then the new `speed` — so local time is continuous:
/// pausing freezes it where it is, resuming or slowing continues from there. Stepping while
/// paused moves `timeOffset` by one 60 Hz frame; seeking (a scrubber) sets it.
///
/// The speed is the playback rate (1, 0.5, 0.25, 0.1 or 0.01), times a tenth in slow motion,
/// or 0 while paused.
public final class Playback {
    public let root: Layer
    public private(set) var isPaused = false
    public private(set) var isSlowMotion = false
    /// One of `rates`.
    public private(set) var rate = 1.0

    /// The playback rates `[` and `]` step through, fastest first.
    public static let rates = [1, 0.5, 0.25, 0.1, 0.01]

    /// Simulator-style slow animations: ten times slower.
    public static let slowMotionSpeed = 0.1
    /// One frame at 60 Hz, the step of ← and →.
    public static let frameStep = 1.0 / 60

    public init(root: Layer) {
        self.root = root
    }

    /// The root's speed the current mode calls for: 0 paused, else the rate (a tenth of it in
    /// slow motion).
    public var speed: Double {
        isPaused ? 0 : (isSlowMotion ? Self.slowMotionSpeed * rate : rate)
    }

    /// How much slower than real time the tree runs, as the HUD shows it ("paused" when 0):
    /// "1x", "0.25x", "0.1x slow motion", "0.025x (0.25x, slow motion)", "paused (0.25x)".
    public var timeScaleDescription: String {
        let r = Self.describe(rate)
        if isPaused {
            var modes: [String] = []
            if rate != 1 { modes.append(r) }
            if isSlowMotion { modes.append("slow motion") }
            return modes.isEmpty ? "paused" : "paused (\(modes.joined(separator: ", ")))"
        }
        if isSlowMotion {
            return rate == 1 ? "0.1x slow motion" : "\(Self.describe(speed)) (\(r), slow motion)"
        }
        return r
    }

    /// "1x", "0.5x", "0.01x": a rate as the HUD and the timeline show it.
    public static func describe(_ rate: Double) -> String {
        // Rates are products of the listed rates and a tenth: four decimals say them exactly.
        // Written out by hand: the HUD asks every frame, and `String(format:)` goes through
        // Foundation's formatter (a few per cent of the window's CPU).
        let scaled = (rate * 10_000).rounded()
        guard scaled.isFinite, Swift.abs(scaled) < 1e15 else {
            var digits = String(format: "%.4f", rate)
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
            return digits + "x"
        }
        let units = Int(Swift.abs(scaled))
        var text = (scaled < 0 ? "-" : "") + String(units / 10_000)
        var fraction = units % 10_000
        if fraction != 0 {
            var places = 4
            while fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text + "x"
    }

    /// Sets the playback rate at scene time `now` (one of `rates`; others are ignored).
    public func setRate(_ newRate: Double, at now: Double) {
        guard Self.rates.contains(newRate), newRate != rate else { return }
        rate = newRate
        retime(at: now)
    }

    /// The next slower rate (`[`), or the next faster (`]`); stays at the ends.
    public func stepRate(slower: Bool, at now: Double) {
        guard let i = Self.rates.firstIndex(of: rate) else { return }
        let next = slower ? Swift.min(i + 1, Self.rates.count - 1) : Swift.max(i - 1, 0)
        setRate(Self.rates[next], at: now)
    }

    /// The next slower rate, after the slowest the fastest again (a click on the rate).
    public func cycleRate(at now: Double) {
        guard let i = Self.rates.firstIndex(of: rate) else { return }
        setRate(Self.rates[(i + 1) % Self.rates.count], at: now)
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

    /// Pauses at scene time `now` (nothing when already paused).
    public func pause(at now: Double) {
        guard !isPaused else { return }
        togglePause(at: now)
    }

    /// While paused: sets the tree's time to `localTime` (a scrubber's position). Returns false
    /// (and does nothing) when not paused or the time is not finite.
    @discardableResult
    public func seek(toLocalTime localTime: Double) -> Bool {
        guard isPaused, localTime.isFinite else { return false }
        if root.timeOffset != localTime { root.timeOffset = localTime }
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
