import Foundation
import LayerKit

/// Whether a loader is a pull-to-refresh header above a list or a standalone loading view.
public enum LoaderKind: String, Hashable, Sendable {
    case header
    case standalone
}

/// What the catalog knows about one loader.
public struct LoaderInfo: Hashable, Sendable {
    /// The stable id used on the command line (`four-dots`, `three-dots`, …).
    public var id: String
    public var title: String
    public var kind: LoaderKind
    /// The viewport it looks right in, in points.
    public var defaultSize: Size

    public init(id: String, title: String, kind: LoaderKind, defaultSize: Size) {
        self.id = id
        self.title = title
        self.kind = kind
        self.defaultSize = defaultSize
    }
}

/// What a loader is doing.
///
/// Headers go idle → pulling (past the threshold with the finger down) → refreshing → ending
/// → idle; standalone loaders are running or stopped.
public enum LoaderStatus: String, Hashable, Sendable {
    case idle, pulling, refreshing, ending, running, stopped
}

/// A moment to show a loader at, as `loaderlab render/inspect` name them (`loaderlab help render`).
public enum LoaderMoment: Hashable, Sendable {
    /// A standalone loader this many seconds after it started; a header at rest.
    case time(Double)
    /// A header held pulled down so that `contentOffset.y = −points`, finger still down.
    case pull(Double)
    /// A header this many seconds after the finger was released past its threshold.
    case refreshing(time: Double)
}

/// A loader's presentation tree at one moment, and the animations running then.
public struct LoaderSnapshot: Hashable, Sendable {
    public var tree: PresentationLayer
    /// The loader's `LoaderStatus` at that moment, as its raw value (e.g. `"running"`,
    /// `"pulling"`, `"refreshing"`, `"idle"`).
    public var state: String
    public var time: Double
    public var size: Size
    /// The root layer's local time at that moment: the time the animations' begin times are
    /// counted in (`time` counts from the state's own start, e.g. a header's release).
    public var rootTime: Double
    /// The layers of `tree` with animations on them (index paths into `tree`), and those.
    public var animations: [AnimatedLayer]

    public init(
        tree: PresentationLayer, state: String, time: Double, size: Size, rootTime: Double? = nil,
        animations: [AnimatedLayer] = []
    ) {
        self.tree = tree
        self.state = state
        self.time = time
        self.size = size
        self.rootTime = rootTime ?? time
        self.animations = animations
    }
}

/// Why `Catalog.snapshot` could not make a snapshot.
public enum CatalogError: Error, Equatable, CustomStringConvertible {
    case unknownLoader(String)
    case notAHeader(id: String, moment: String)
    case badValue(name: String, value: Double)
    case badSize(Size)

    public var description: String {
        switch self {
        case .unknownLoader(let id):
            "unknown loader id \"\(id)\" (known: \(Catalog.all.map(\.id).joined(separator: ", ")))"
        case .notAHeader(let id, let moment):
            "\(moment) needs a pull-to-refresh header; \"\(id)\" is a standalone loader"
        case .badValue(let name, let value):
            "\(name) must be a finite number ≥ 0, not \(value)"
        case .badSize(let size):
            "size must be finite and positive, not \(size.width)×\(size.height)"
        }
    }
}

/// The five loaders: their ids, titles and default viewports, sessions and snapshots.
public enum Catalog {
    /// In gallery order: the three headers, then the two standalone loaders.
    public static let all: [LoaderInfo] = [
        LoaderInfo(
            id: "four-dots", title: "Four dots (SURefresh)", kind: .header,
            defaultSize: Size(width: 320, height: 400)),
        LoaderInfo(
            id: "three-dots", title: "Three dots (Boss直聘)", kind: .header,
            defaultSize: Size(width: 320, height: 400)),
        LoaderInfo(
            id: "airplane", title: "Airplane", kind: .header,
            defaultSize: Size(width: 320, height: 400)),
        LoaderInfo(
            id: "orbit", title: "Orbit ring (CPMatchingView)", kind: .standalone,
            defaultSize: Size(width: 200, height: 200)),
        LoaderInfo(
            id: "balls", title: "Balls (XLBallLoading)", kind: .standalone,
            defaultSize: Size(width: 200, height: 200)),
    ]

    /// The loader `id` among `all` and then `showcase`.
    public static func info(id: String) -> LoaderInfo? {
        all.first { $0.id == id } ?? showcase.first { $0.id == id }
    }

    /// A new session of loader `id` in a viewport of `size` points, or nil for an unknown id.
    /// A standalone loader starts running at once; a header rests above its list.
    public static func makeSession(id: String, size: Size) -> LoaderSession? {
        guard let info = info(id: id) else { return nil }
        return LoaderSession(info: info, size: size)
    }

    /// The presentation tree of loader `id` at `moment`, built on a manual clock exactly as
    /// the command line defines the states (`loaderlab help render`). `size` nil means the
    /// loader's default size. It is the first frame of a `LoaderTimeline` from that moment.
    public static func snapshot(id: String, moment: LoaderMoment, size: Size? = nil) throws
        -> LoaderSnapshot
    {
        try LoaderTimeline(id: id, moment: moment, size: size).snapshot
    }
}

/// A loader session in its own scene on a manual clock. A finger's pull is stepped frame by
/// frame, as a window delivers the moves; time without input is one jump (`jump(to:)`): the
/// scene delivers every animation event and timer at its own time and the session's scroll
/// physics are evaluated in closed form, so the state at any time is exact, not a replay —
/// except where code watches the motion (`SessionContent.stepsFrameByFrame`), which sees it
/// frame by frame.
final class SessionStepper {
    let clock = ManualClock(time: 0)
    let session: LoaderSession
    let scene: Scene
    /// Frame length, in seconds.
    let step: Double
    /// The clock's time after the last step.
    private(set) var now = 0.0

    /// Puts `session` in a new scene at time 0 and evaluates that first frame.
    init(session: LoaderSession, step: Double) {
        self.session = session
        self.step = step
        scene = Scene(root: session.layer, clock: clock)
        // The session's scroll physics step with every update, after the events due by then.
        scene.addUpdateHandler { [unowned session] in session.tick() }
        scene.update()
    }

    /// Moves to `time` (never back), gives the scene `input` there, and evaluates the scene
    /// at that time when `updates` (a finger going down changes nothing until it moves).
    func perform(at time: Double, updates: Bool, _ input: () -> Void) {
        if time > now {
            now = time
            clock.set(now)
        }
        input()
        if updates { update() }
    }

    /// Steps frame by frame until `time`, calling `each` with every frame's time first (before
    /// the scene updates): for input that arrives frame by frame, such as a finger's moves.
    func run(to time: Double, _ each: ((Double) -> Void)? = nil) {
        for t in frameTimes(from: now, to: time) {
            perform(at: t, updates: true) { each?(t) }
        }
    }

    /// The times of the frames from `start` to `end` at which a window would deliver input,
    /// one `step` apart, the last exactly at `end`.
    func frameTimes(from start: Double, to end: Double) -> [Double] {
        var times: [Double] = []
        var t = start
        while t < end {
            // Land exactly on `end` rather than a hair before or after it.
            let next = t + step
            t = next > end - 1e-9 ? end : next
            times.append(t)
        }
        return times
    }

    /// Moves straight to `time` (never back) and evaluates the scene there. For a session that
    /// `stepsFrameByFrame`, the scene is first evaluated at every frame on the way while it
    /// needs frames — frames at whole multiples of `step`, so where they fall does not depend on
    /// the times moved to before.
    func jump(to time: Double) {
        guard time > now else { return }
        while session.stepsFrameByFrame, session.needsFrames {
            var frame = ((now / step).rounded(.down) + 1) * step
            if frame <= now { frame += step }  // `now` was a frame whose quotient rounded down
            guard frame < time - 1e-9 else { break }
            now = frame
            clock.set(now)
            update()
        }
        now = time
        clock.set(now)
        update()
    }

    /// Updates the scene at the clock's time, again while an update left events due (an event
    /// storm delivers at most `Scene.maxEventsPerUpdate` per update).
    private func update() {
        scene.update()
        var rounds = 0
        while scene.hasOverdueEvents, rounds < Self.maxCatchUpRounds {
            scene.update()
            rounds += 1
        }
    }

    /// A bound on catching up: two million events at one instant is a loop, not a loader.
    static let maxCatchUpRounds = 1000
}
