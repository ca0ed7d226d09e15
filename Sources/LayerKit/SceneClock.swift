import Foundation

/// The scene's root timeline as a clock for code that asks for time rather than animating:
/// what a previewed loader's `DispatchQueue.main.asyncAfter`, timers, display links and
/// delayed performs run on (QuartzCore's `SceneClock`).
///
/// Times are in the root layer's local time — `CACurrentMediaTime()`'s timebase — so such work
/// pauses, slows and steps with the previewer's playback controls, which act on the root's
/// timing, and a headless render at time T runs it exactly as the window does: each call is a
/// `SceneTimer` on the root, delivered in time order with the animation events, with
/// `currentTime` at its own due time.
extension Scene {
    /// The scene that timed work made on this thread belongs to: the one bound by `perform` (or
    /// delivering a callback) on this task, else on the main thread `Scene.main`, else none.
    /// Unlike `active`, never `main` off the main thread: a scene is driven from one thread,
    /// and work another thread asks for keeps its own clock.
    public static var scheduling: Scene? {
        ActiveScene.current?.scene ?? (Thread.isMainThread ? mainStorage : nil)
    }

    /// The root layer's local time now: `CACurrentMediaTime()` in this scene (during a callback,
    /// at the callback's own time).
    public var rootTime: Double { root.convertTime(currentTime, from: nil) }

    /// Runs `action` when the root's local time reaches `rootTime` (a time already reached: at
    /// once, in this update if one is delivering events, else the next); see
    /// `schedule(at:on:_:)`.
    @discardableResult
    public func schedule(atRootTime rootTime: Double, _ action: @escaping () -> Void) -> SceneTimer {
        schedule(at: rootTime, on: root, action)
    }
}
