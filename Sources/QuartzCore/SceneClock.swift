import Dispatch
import Foundation
import LayerKit

/// Where a previewed loader's timed work runs: the main queue's blocks, timers, display links
/// and delayed performs.
///
/// On iOS these run on the main run loop at wall-clock times. Here, when a scene runs the code
/// on this thread (`Scene.scheduling`: the previewer's window, a headless command, a test's
/// `perform`), they run on that scene's root timeline instead — in `CACurrentMediaTime()`'s
/// timebase, as `SceneTimer`s on the root — so they pause, slow and step with the previewer's
/// playback controls and run at their own times, in order, in headless renders. With no scene
/// for this thread they keep their plain meaning: the main queue, at wall-clock times.
enum SceneClock {
    /// The scene timed work made now on this thread runs on; nil: none (wall clock).
    static var scene: Scene? { Scene.scheduling }

    /// Seconds from `now` (uptime nanoseconds) to `deadline`, ≥ 0, read to the millisecond and
    /// rounded up (nil: never, `.distantFuture`).
    ///
    /// `.now() + 2` was read a moment before the caller read `now`, so the time left is 2 s less
    /// that moment; rounded up to the millisecond it is 2 s exactly, and work asked for at one
    /// instant for the same delay runs at one scene time, in order, in every run. The callers
    /// read `now` first thing, so that moment is the call itself: microseconds, well under the
    /// millisecond the rounding allows (code that reads the clock, works, then hands the
    /// reading over gets the delay less the work, as a deadline on iOS means).
    static func delay(until deadline: DispatchTime, now: UInt64) -> Double? {
        guard deadline != .distantFuture else { return nil }
        let due = deadline.uptimeNanoseconds
        return due > now ? milliseconds(roundingUp: due - now) : 0
    }

    /// Seconds from `now` to the wall-clock `deadline`, as `delay(until:now:)` reads them.
    static func delay(until deadline: DispatchWallTime, now: DispatchWallTime) -> Double? {
        guard deadline.rawValue != DispatchWallTime.distantFuture.rawValue else { return nil }
        // Dispatch encodes wall-clock times counting down: a later time is a smaller value.
        let left = Int64(bitPattern: now.rawValue &- deadline.rawValue)
        return left > 0 ? milliseconds(roundingUp: UInt64(left)) : 0
    }

    /// `nanoseconds` in seconds, rounded up to the millisecond.
    static func milliseconds(roundingUp nanoseconds: UInt64) -> Double {
        let whole = nanoseconds / 1_000_000
        return Double(nanoseconds % 1_000_000 == 0 ? whole : whole + 1) / 1000
    }

    /// Seconds in a delay that a scene can wait: a non-finite or negative one is none.
    static func sanitized(_ delay: Double) -> Double {
        delay.isFinite && delay > 0 ? delay : 0
    }
}

/// One call waiting on the scene clock: a `SceneTimer` on the root of the scene it was made
/// for, or with no scene a block on the main queue at a wall-clock time.
final class ClockCall {
    private var timer: SceneTimer?
    private var item: DispatchWorkItem?

    /// `action` when `scene`'s root time reaches `rootTime`.
    init(atRootTime rootTime: Double, in scene: Scene, _ action: @escaping () -> Void) {
        timer = scene.schedule(atRootTime: rootTime, action)
    }

    /// `action` after `delay` seconds on `scene`'s root timeline, or with no scene on the
    /// main queue after `delay` wall-clock seconds.
    init(after delay: Double, in scene: Scene?, _ action: @escaping () -> Void) {
        let delay = SceneClock.sanitized(delay)
        if let scene {
            timer = scene.schedule(atRootTime: scene.rootTime + delay, action)
        } else {
            let item = DispatchWorkItem(block: action)
            self.item = item
            DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: item)
        }
    }

    /// Stops it from running (nothing if it ran or was cancelled).
    func cancel() {
        timer?.cancel()
        item?.cancel()
        timer = nil
        item = nil
    }
}
