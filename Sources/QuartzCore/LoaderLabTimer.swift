import Dispatch
import Foundation
import LayerKit

/// Foundation's `Timer` on the scene clock (`SceneClock`): what `Timer` means in a previewed
/// loader.
///
/// Foundation's `Timer` on Linux fires only while its thread's run loop runs, which the
/// preview process never does, and on wall-clock time; a class of this module named `Timer`
/// would be ambiguous with Foundation's wherever a file imports Foundation itself. So
/// `loaderlab preview` compiles the previewed sources with `typealias Timer =
/// QuartzCore.LoaderLabTimer` in their module (a declaration of the module's own wins over imported
/// ones), and `Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in … }`,
/// `var timer: Timer?` and `RunLoop.main.add(timer, forMode: .common)` compile unchanged and
/// mean this class.
///
/// It has Foundation's API: the scheduled and unscheduled initialisers with a block or a target
/// and selector, `RunLoop.add(_:forMode:)`, `fire()`, `invalidate()`, `isValid`, `fireDate`,
/// `timeInterval`, `userInfo` and `tolerance`. Its first fire is `interval` after it was made
/// (or at its fire date), on the timeline of the scene that runs the code — in root-layer
/// time, so it pauses, slows and steps with the previewer — and a repeating timer fires every
/// `interval` after that, at exact multiples (a timer never drifts or skips here: late fires do
/// not happen). With no scene for this thread (another thread) it fires on the main queue at
/// wall-clock times. A timer added to any run loop, in any mode, runs there; it fires during
/// a drag too (iOS holds `.default`-mode timers while a scroll view tracks).
open class LoaderLabTimer: NSObject {
    /// What a fire calls: a block, or a target's method (given the timer).
    private enum Action {
        case block((LoaderLabTimer) -> Void)
        case target(TargetAction)
    }

    /// The interval between fires of a repeating timer; 0 for a timer that fires once, as on
    /// iOS.
    public let timeInterval: TimeInterval
    /// The object given at creation (the selector forms'), released by `invalidate()`.
    public private(set) var userInfo: Any?
    /// Stored as set: fires here are never late, so there is nothing to allow for.
    open var tolerance: TimeInterval = 0
    /// True until `invalidate()` (or the one fire of a timer that does not repeat).
    public private(set) var isValid = true

    private let repeats: Bool
    /// Seconds between fires: `timeInterval`, at least 0.1 ms for a repeating timer.
    private let period: Double
    private var action: Action?
    /// Where the timer was made: its scene and the scene's root time then.
    private weak var madeIn: Scene?
    private let madeAtRootTime: Double
    /// The first fire, as seconds after it was made.
    private var firstDelay: Double
    /// The wall-clock date of the first fire (with no scene).
    private var firstDate: Date
    /// Once added to a run loop: the scene it runs on (nil: the main queue) and the next fire.
    private var isScheduled = false
    /// Scheduled on a scene's timeline (else on the main queue).
    private var runsOnScene = false
    private weak var scene: Scene?
    /// The next fire in the scene's root time: `anchor + count · period`, counted from the
    /// first fire (or the last `fireDate` set), so that fires land on exact multiples.
    private var anchor = 0.0
    private var count = 0
    private var nextRootTime: Double { anchor + Double(count) * period }
    private var nextDate = Date.distantFuture
    private var pending: ClockCall?

    private init(delay: Double, interval: TimeInterval, repeats: Bool, action: Action, userInfo: Any?) {
        self.repeats = repeats
        let interval = interval.isFinite ? interval : 0
        timeInterval = repeats ? Swift.max(interval, 0.0001) : 0
        period = timeInterval
        self.action = action
        self.userInfo = userInfo
        let scene = SceneClock.scene
        madeIn = scene
        madeAtRootTime = scene?.rootTime ?? 0
        firstDelay = SceneClock.sanitized(delay)
        firstDate = Date(timeIntervalSinceNow: firstDelay)
        super.init()
    }

    /// A timer that fires `block` `interval` seconds after it is made (and every `interval`
    /// after that when it repeats) once added to a run loop.
    public convenience init(
        timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (LoaderLabTimer) -> Void
    ) {
        self.init(delay: interval, interval: interval, repeats: repeats, action: .block(block), userInfo: nil)
    }

    /// A timer that fires `block` at `date` (and every `interval` after that when it repeats)
    /// once added to a run loop.
    public convenience init(
        fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping (LoaderLabTimer) -> Void
    ) {
        self.init(
            delay: date.timeIntervalSinceNow, interval: interval, repeats: repeats, action: .block(block),
            userInfo: nil)
    }

    /// A timer that calls `action`'s method with the timer, `interval` seconds after it is
    /// made (the selector forms, `LoaderLabTimer+Selector.swift`).
    convenience init(
        delay: Double, interval: TimeInterval, action: TargetAction, userInfo: Any?, repeats: Bool
    ) {
        self.init(
            delay: delay, interval: interval, repeats: repeats, action: .target(action), userInfo: userInfo)
    }

    /// A timer that fires `block` `interval` seconds from now, already running.
    @discardableResult
    open class func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (LoaderLabTimer) -> Void
    ) -> LoaderLabTimer {
        let timer = LoaderLabTimer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// When it fires next (a date as far as the scene's time is from now); changing it moves
    /// the next fire (and the ones after it) there.
    open var fireDate: Date {
        get {
            guard isValid else { return firstDate }
            guard isScheduled else { return firstDate }
            guard runsOnScene else { return nextDate }
            guard let scene else { return .distantFuture }
            return Date(timeIntervalSinceNow: nextRootTime - scene.rootTime)
        }
        set {
            guard isValid else { return }
            guard isScheduled else {
                firstDelay = SceneClock.sanitized(newValue.timeIntervalSinceNow)
                firstDate = newValue
                madeIn = nil
                return
            }
            pending?.cancel()
            let delay = SceneClock.sanitized(newValue.timeIntervalSinceNow)
            if !runsOnScene {
                arm(afterWall: delay)
            } else if let scene {
                arm(atRootTime: scene.rootTime + delay)
            }
        }
    }

    /// Fires it now, as a fire at its time would, without moving the fires to come; a timer
    /// that does not repeat is invalidated by it.
    open func fire() {
        guard isValid, let action else { return }
        switch action {
        case .block(let block): block(self)
        case .target(let target): target.perform(with: self)
        }
        if !repeats { invalidate() }
    }

    /// Stops it for good and lets go of its block, target and user info.
    open func invalidate() {
        guard isValid else { return }
        isValid = false
        pending?.cancel()
        pending = nil
        action = nil
        userInfo = nil
    }

    /// Starts it on the scene clock (`RunLoop.add(_:forMode:)`); a second call does nothing.
    func schedule() {
        guard isValid, !isScheduled else { return }
        isScheduled = true
        if let scene = SceneClock.scene {
            self.scene = scene
            runsOnScene = true
            // Counted from when it was made, when that was in this scene.
            let base = madeIn === scene ? madeAtRootTime : scene.rootTime
            let delay = madeIn === scene ? firstDelay : SceneClock.sanitized(firstDate.timeIntervalSinceNow)
            arm(atRootTime: Swift.max(base + delay, scene.rootTime))
        } else {
            arm(afterWall: SceneClock.sanitized(firstDate.timeIntervalSinceNow))
        }
    }

    private func arm(atRootTime time: Double) {
        guard let scene else { return }
        anchor = time
        count = 0
        armNext(in: scene)
    }

    private func armNext(in scene: Scene) {
        let time = nextRootTime
        // The scene keeps the timer until it fires or is invalidated, as a run loop does.
        pending = ClockCall(atRootTime: time, in: scene) { self.due() }
    }

    private func arm(afterWall delay: Double) {
        nextDate = Date(timeIntervalSinceNow: delay)
        pending = ClockCall(after: delay, in: nil) { self.due() }
    }

    /// A fire at its time: the next one is armed first (so the block may invalidate it, or
    /// move it by setting `fireDate`).
    private func due() {
        pending = nil
        guard isValid else { return }
        if repeats {
            if runsOnScene {
                if let scene {
                    count += 1
                    armNext(in: scene)
                }
            } else {
                arm(afterWall: period)
            }
        }
        fire()
    }
}

extension RunLoop {
    /// Starts `timer` on the scene clock (with no scene for this thread, on the main queue):
    /// whichever run loop and mode it is added to.
    public func add(_ timer: LoaderLabTimer, forMode mode: RunLoop.Mode) {
        timer.schedule()
    }
}
