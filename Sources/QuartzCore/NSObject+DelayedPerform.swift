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

/// The requests waiting to run: a scene's are its own (an attachment, released with it), as
/// iOS keeps them on the run loop of the thread that made them; those made with no scene for
/// their thread wait on the main queue's list.
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

    /// One list of waiting requests.
    final class Queue: @unchecked Sendable {
        private let lock = NSLock()
        private var pending: [Request] = []

        func append(_ request: Request) { lock.withLock { pending.append(request) } }

        func take(where matches: (Request) -> Bool) -> [Request] {
            lock.withLock {
                let picked = pending.filter(matches)
                pending.removeAll { r in picked.contains { $0 === r } }
                return picked
            }
        }
    }

    /// The requests made with no scene, run by the main queue.
    private static let mainQueueRequests = Queue()

    /// The list for work made now: the scene's, or the main queue's.
    private static func queue(for scene: Scene?) -> Queue {
        scene.map { $0.attachment(Queue.self) { Queue() } } ?? mainQueueRequests
    }

    /// Calls `action` with `argument` after `delay` seconds on the scene clock.
    static func add(_ action: TargetAction, argument: Any?, delay: Double) {
        let request = Request(action: action, argument: argument)
        let scene = SceneClock.scene
        let queue = queue(for: scene)
        queue.append(request)
        request.call = ClockCall(after: delay, in: scene) {
            request.call = nil
            guard !queue.take(where: { $0 === request }).isEmpty else { return }
            request.action.perform(with: request.argument)
        }
    }

    /// Cancels the waiting requests `matches` picks, of this thread's scene and of the main
    /// queue.
    static func cancel(where matches: (Request) -> Bool) {
        var cancelled = mainQueueRequests.take(where: matches)
        if let scene = SceneClock.scene { cancelled += queue(for: scene).take(where: matches) }
        for request in cancelled {
            request.call?.cancel()
            request.call = nil
        }
    }

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
