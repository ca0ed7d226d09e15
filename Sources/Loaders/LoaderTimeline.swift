import Foundation
import LayerKit

/// A loader from a moment on: its scene on a manual clock, moved forward in time on request,
/// with what a finger does scripted at its own times. Time 0 is the moment itself — its tree
/// is `Catalog.snapshot`'s, the picture `loaderlab render` draws — and what follows is the
/// moment going on by itself:
///
/// - a standalone loader at `.time(T)` keeps running;
/// - a header at rest (`.time`) is pulled past its threshold over 0.25 s (the finger going
///   down at 0), held for 0.5 s while the pull's animations settle, and let go, so it refreshes
///   until its simulated load ends and it comes back to rest: `releaseTime` after the start,
///   the tree is `.refreshing(time: 0)`'s;
/// - a header held at `.pull(P)` is let go at once (just after time 0);
/// - a header at `.refreshing(time: T)` goes on refreshing to the end.
///
/// Moving to any time is exact: the scene delivers every event at its own time and the scroll
/// physics are evaluated in closed form, so the tree at a time does not depend on the times
/// asked for before it (only the finger's moves come one window frame, `step`, apart, as in
/// every snapshot).
public final class LoaderTimeline {
    public let info: LoaderInfo
    public let moment: LoaderMoment
    /// The viewport, in points.
    public let size: Size
    /// The moment's own time: T of `.time(T)` and `.refreshing(time: T)`, 0 for a pull.
    public private(set) var momentTime = 0.0

    /// Snapshot stepping: fine enough that scroll physics and callbacks land where they would in
    /// a 120 Hz window.
    static let step = 1.0 / 120
    /// How long the finger takes to pull the list down.
    static let pullTime = 0.25
    /// How long a pull holds the finger still before the picture is taken (or the finger lets
    /// go), so the implicit 0.25 s animations of the pull have settled.
    static let pullSettleTime = 0.5
    /// How far past its threshold a refresh pulls before releasing.
    static let refreshOvershoot = 10.0
    /// When a header at rest is let go: after the pull and the hold.
    public static let releaseTime = pullTime + pullSettleTime

    private let stepper: SessionStepper
    private var session: LoaderSession { stepper.session }
    /// The clock's time at the timeline's time 0 is `base + momentTime`; at time t it is
    /// `base + (momentTime + t)`, so a recording's frame at t and the snapshot at
    /// `momentTime + t` ask the clock for the same number.
    private var base = 0.0
    /// Input still to come, earliest first, at clock times.
    private var script: [ScriptedInput] = []
    /// A held pull lets go at its own moment, once time has moved past the first frame.
    private var releasesAfterStart = false
    private var finger = Point.zero
    /// The last time moved to.
    public private(set) var time = 0.0

    /// One piece of a finger's work at a clock time; `updates` evaluates the scene after it.
    private struct ScriptedInput {
        var time: Double
        var updates: Bool
        var input: () -> Void
    }

    /// Loader `id` at `moment` in a viewport of `size` points (nil: its default size).
    /// Throws a `CatalogError` for an unknown id, a moment its kind does not have, a time or
    /// pull that is not a finite number ≥ 0, or a size that is not finite and positive.
    public convenience init(id: String, moment: LoaderMoment, size: Size? = nil) throws {
        guard let info = Catalog.info(id: id) else { throw CatalogError.unknownLoader(id) }
        try self.init(info: info, moment: moment, size: size) { info, size in
            LoaderSession(info: info, size: size)
        }
    }

    /// The loader `info` describes, its session made by `makeSession` (a previewed loader's),
    /// at `moment` in a viewport of `size` points (nil: `info.defaultSize`). Throws as
    /// `init(id:moment:size:)` does.
    public init(
        info: LoaderInfo, moment: LoaderMoment, size: Size? = nil,
        session makeSession: (LoaderInfo, Size) throws -> LoaderSession?
    ) throws {
        let id = info.id
        let size = size ?? info.defaultSize
        guard size.isFinite, size.width > 0, size.height > 0 else { throw CatalogError.badSize(size) }
        switch moment {
        case .time(let t), .refreshing(let t):
            guard t.isFinite, t >= 0 else { throw CatalogError.badValue(name: "time", value: t) }
        case .pull(let p):
            guard p.isFinite, p >= 0 else { throw CatalogError.badValue(name: "pull", value: p) }
        }
        switch moment {
        case .time: break
        case .pull:
            guard info.kind == .header else { throw CatalogError.notAHeader(id: id, moment: "--pull") }
        case .refreshing:
            guard info.kind == .header else {
                throw CatalogError.notAHeader(id: id, moment: "--refreshing")
            }
        }
        guard let session = try makeSession(info, size) else {
            throw CatalogError.unknownLoader(id)
        }
        self.info = info
        self.moment = moment
        self.size = size
        stepper = SessionStepper(session: session, step: Self.step)

        switch moment {
        case .time(let t):
            momentTime = t
            stepper.jump(to: t)
            if info.kind == .header {
                // At rest now; the finger comes later, frame by frame.
                script = pullScript(from: t, to: refreshPull)
                script.append(release(at: script.last!.time))
            }
        case .pull(let p):
            script = pullScript(from: 0, to: p)
            runScript(through: .infinity)
            base = stepper.now
            releasesAfterStart = true
        case .refreshing(let t):
            momentTime = t
            // T = 0 is the frame of the release itself: the refresh's animations at their start,
            // not the last frame of the pull.
            script = pullScript(from: 0, to: refreshPull)
            script.append(release(at: script.last!.time))
            runScript(through: .infinity)
            base = stepper.now
            stepper.jump(to: base + t)
        }
    }

    /// The pull a refresh starts from: past the threshold.
    private var refreshPull: Double { (session.refreshThreshold ?? 0) + Self.refreshOvershoot }

    /// A finger going down at the top edge at `start` and dragging over `pullTime` so that the
    /// offset ends at exactly −`offset` (the last move lands on the exact finger distance), then
    /// holding still while the implicit animations settle (the last input: the frame at the
    /// end of the hold, where a release follows).
    private func pullScript(from start: Double, to offset: Double) -> [ScriptedInput] {
        let distance = session.fingerDistance(forOffset: offset)
        let top = Point(x: size.width / 2, y: 0)
        let end = Point(x: top.x, y: distance)
        let endTime = start + Self.pullTime
        var inputs = [
            ScriptedInput(time: start, updates: false) { [unowned self] in
                session.pointerDown(at: top)
                finger = top
            }
        ]
        for t in stepper.frameTimes(from: start, to: endTime) {
            inputs.append(
                ScriptedInput(time: t, updates: true) { [unowned self] in
                    let f = min(1, (t - start) / Self.pullTime)
                    finger = t >= endTime ? end : Point(x: top.x, y: distance * f)
                    session.pointerMoved(to: finger)
                    // The last move lands within rounding of −offset; make it exact.
                    if t >= endTime { session.content.holdOffset(y: -offset) }
                })
        }
        inputs.append(ScriptedInput(time: endTime + Self.pullSettleTime, updates: true) {})
        return inputs
    }

    /// The finger lifting where it is, with no flick velocity, and the frame of the release.
    private func release(at time: Double) -> ScriptedInput {
        ScriptedInput(time: time, updates: true) { [unowned self] in session.pointerUp(at: finger) }
    }

    /// Gives the scene every scripted input due at or before clock time `limit`.
    private func runScript(through limit: Double) {
        while let next = script.first, next.time <= limit {
            script.removeFirst()
            stepper.perform(at: next.time, updates: next.updates, next.input)
        }
    }

    /// Moves to `time` seconds after the moment (a time before the last one moved to is taken
    /// as that one: time does not go back) and evaluates the scene there.
    public func advance(to time: Double) {
        guard time.isFinite, time > self.time else { return }
        self.time = time
        if releasesAfterStart {
            releasesAfterStart = false
            stepper.perform(at: base, updates: true) { session.pointerUp(at: finger) }
        }
        let clockTime = base + (momentTime + time)
        runScript(through: clockTime)
        stepper.jump(to: clockTime)
    }

    /// The tree, state and animations at the last time moved to (at its time 0: the moment's
    /// own, what `loaderlab render` draws).
    public var snapshot: LoaderSnapshot {
        LoaderSnapshot(
            tree: tree, state: status.rawValue, time: momentTime, size: size, rootTime: rootTime,
            animations: animatedLayers)
    }

    /// The presentation tree at the last time moved to.
    public var tree: PresentationLayer { stepper.scene.presentation() }

    /// The curves the scene's animations ease by at the last time moved to
    /// (`Layer.timingFunctionsInSubtree`).
    public var timingFunctions: Set<TimingFunction> { stepper.scene.root.timingFunctionsInSubtree }

    /// What the loader is doing at the last time moved to.
    public var status: LoaderStatus { session.status }

    /// The viewport root's local time now (what `inspect --animations` reports as rootTime).
    public var rootTime: Double { session.layer.convertTime(stepper.now, from: nil) }

    /// The animations running on the loader's layers now (`Layer.animatedLayers()`).
    public var animatedLayers: [AnimatedLayer] { session.layer.animatedLayers() }

    /// Nothing moves any more, nor will without new input: no animation runs or waits, no
    /// scroll motion or timer is pending, and the script has nothing left.
    public var isAtRest: Bool {
        script.isEmpty && !releasesAfterStart && !stepper.scene.needsFrames && !session.needsFrames
    }

    /// Every animation running on the loader's layers now, with its cycle in scene seconds.
    public var animationCycles: [AnimationCycle] { session.layer.animationCycles() }

    /// How the loader ends by itself from its moment on.
    public enum Ending: Hashable, Sendable {
        /// It repeats every so many seconds (a standalone loader: the longest cycle of the
        /// animations on its layers, `AnimationCycle.loopDuration(of:)`).
        case loop(Double)
        /// It comes to rest (`isAtRest`) and stays there: a header's pull and refresh, or a
        /// loader with nothing running.
        case rest
    }

    /// How the loader ends by itself, read from what runs at the moment.
    public var ending: Ending {
        guard info.kind == .standalone, let loop = AnimationCycle.loopDuration(of: animationCycles)
        else { return .rest }
        return .loop(loop)
    }
}
