import Dispatch
import Foundation
import LayerKit

/// The main queue on the scene clock (`SceneClock`): `DispatchQueue.main.async { }` and
/// `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { }` in a previewed loader run on the
/// scene's root timeline, so a refresh that ends "after 2 s" ends 2 s into the scene — paused,
/// slowed and stepped with it, and in headless renders.
///
/// These overloads take the place of Dispatch's for calls that pass no `qos`, `flags` or
/// `group` (Dispatch's have them defaulted, so a call that omits them picks these), also where a
/// file imports Foundation or Dispatch itself. They route a block when the queue is the main
/// queue and a scene runs the code on this thread; any other queue, or with no scene (another
/// thread), the call is Dispatch's own. A `DispatchWorkItem` (`asyncAfter(deadline:execute:)`
/// with an item) is Dispatch's too: its overload has the same signature as this module would
/// need, which Swift cannot choose between.
extension DispatchQueue {
    /// Runs `work` soon: on the main queue with a scene, at the scene's current time (in this
    /// update, after what is being delivered, when called from one of its callbacks).
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        guard isMainQueue, let scene = SceneClock.scene else {
            async(group: nil, qos: .unspecified, flags: [], execute: work)
            return
        }
        scene.schedule(atRootTime: scene.rootTime, work)
    }

    /// Runs `work` at `deadline`: on the main queue with a scene, the deadline's distance from
    /// now (`.now() + 2`: 2 s, read to the millisecond) from the scene's current time, on its
    /// root timeline. `.distantFuture` never runs.
    public func asyncAfter(
        deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        // The clock first, as close to the caller's `.now()` as can be (`SceneClock.delay`).
        let now = DispatchTime.now().uptimeNanoseconds
        guard isMainQueue, let scene = SceneClock.scene else {
            asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
            return
        }
        guard let delay = SceneClock.delay(until: deadline, now: now) else { return }
        scene.schedule(atRootTime: scene.rootTime + delay, work)
    }

    /// Runs `work` at the wall-clock `wallDeadline`: on the main queue with a scene, its
    /// distance from now on the scene's root timeline, as `asyncAfter(deadline:execute:)`.
    public func asyncAfter(
        wallDeadline: DispatchWallTime, execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        let now = DispatchWallTime.now()
        guard isMainQueue, let scene = SceneClock.scene else {
            asyncAfter(wallDeadline: wallDeadline, qos: .unspecified, flags: [], execute: work)
            return
        }
        guard let delay = SceneClock.delay(until: wallDeadline, now: now) else { return }
        scene.schedule(atRootTime: scene.rootTime + delay, work)
    }

    /// True for the main queue (each `DispatchQueue.main` is a new wrapper of it, so identity
    /// does not tell): read from a value only the main queue holds.
    var isMainQueue: Bool { getSpecific(key: MainQueueMark.key) == MainQueueMark.value }
}

/// The value that marks the main queue (`DispatchQueue.isMainQueue`).
private enum MainQueueMark {
    static let value = 0x6D61_696E
    /// Set on the main queue once, the first time a queue is asked about.
    static let key: DispatchSpecificKey<Int> = {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: value)
        return key
    }()
}
