import Foundation
import LayerKit

/// `perform(_:with:afterDelay:)` on the scene clock (`SceneClock`), and the requests
/// `cancelPreviousPerformRequests(withTarget:)` cancels.
///
/// A request holds its target and argument until it runs or is cancelled, as on iOS; it runs
/// `delay` seconds of the scene's root time after it was made (with no scene for this thread,
/// on the main queue at wall-clock time). Requests due at one time run in the order they were
/// made.
extension NSObject {
    /// Cancels every request of `perform(_:with:afterDelay:)` made with `aTarget` as the
    /// target that has not run yet.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerforms.cancel { $0.action.target === (aTarget as AnyObject) }
    }
}

/// The requests waiting to run.
enum DelayedPerforms {
    final class Request {
        let action: TargetAction
        let argument: Any?
        var call: ClockCall?

        init(action: TargetAction, argument: Any?) {
            self.action = action
            self.argument = argument
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [Request] = []

    /// Calls `action` with `argument` after `delay` seconds on the scene clock.
    static func add(_ action: TargetAction, argument: Any?, delay: Double) {
        let request = Request(action: action, argument: argument)
        lock.withLock { pending.append(request) }
        request.call = ClockCall(after: delay, in: SceneClock.scene) {
            request.call = nil
            guard remove(request) else { return }
            request.action.perform(with: request.argument)
        }
    }

    /// Cancels the waiting requests `matches` picks.
    static func cancel(where matches: (Request) -> Bool) {
        let cancelled: [Request] = lock.withLock {
            let picked = pending.filter(matches)
            pending.removeAll { r in picked.contains { $0 === r } }
            return picked
        }
        for request in cancelled {
            request.call?.cancel()
            request.call = nil
        }
    }

    /// Takes `request` out of the waiting ones; false when it was not there (cancelled).
    private static func remove(_ request: Request) -> Bool {
        lock.withLock {
            guard let i = pending.firstIndex(where: { $0 === request }) else { return false }
            pending.remove(at: i)
            return true
        }
    }

    /// How many requests wait (for tests).
    static var count: Int { lock.withLock { pending.count } }

    /// Whether two perform arguments are the same, as iOS's `isEqual:` tells (nil matches nil).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            if let x = a as? NSObject, let y = b as? NSObject { return x.isEqual(y) }
            if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
            return (a as AnyObject) === (b as AnyObject)
        }
    }
}
