import Foundation
import LayerKit
import Loaders

/// One loader as the commands list it: the loaders' own description.
public typealias LoaderEntry = LoaderInfo

extension LoaderInfo {
    /// A pull-to-refresh header (it can be pulled and refreshed), not a standalone loader.
    public var isHeader: Bool { kind == .header }
}

/// The moment a command shows (the STATE of `loaderlab help render`): the loaders' own moment.
public typealias SceneMoment = LoaderMoment

/// A presentation tree at one moment, with what `inspect` reports about it: the loaders' own
/// snapshot.
public typealias SceneSnapshot = LoaderSnapshot

/// Where the headless commands get their loaders: the list and a snapshot of any of them at
/// any moment. The app uses the loaders' catalog; tests can use a scene they can reason about.
public protocol SceneSource {
    /// Every loader, in listing order.
    var entries: [LoaderEntry] { get }
    /// Loaders reachable by id besides `entries`, not listed with them: the showcase
    /// (`sheet --showcase` draws them). None unless a source has some.
    var showcase: [LoaderEntry] { get }
    /// The loader `id` at `moment` in a viewport of `size` points (nil: its default size).
    /// Throws an error whose description names the problem.
    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot
    /// The loader `id` going on from `moment` in a viewport of `size` points (nil: its default
    /// size), for `record`. A source with live scenes steps them (`CatalogSceneSource`); the
    /// default takes a snapshot per frame (`SnapshotTimeline`). Throws an error whose
    /// description names the problem.
    func timeline(id: String, moment: SceneMoment, size: Size?) throws -> any SceneTimeline
}

extension SceneSource {
    public func entry(id: String) -> LoaderEntry? {
        entries.first { $0.id == id } ?? showcase.first { $0.id == id }
    }

    public var showcase: [LoaderEntry] { [] }

    /// Every id `--loader` accepts: the entries', then the showcase's.
    public var loaderIDs: [String] { (entries + showcase).map(\.id) }
}

/// A scene going on from a moment, as `record` steps it: time 0 shows what `snapshot` shows
/// for that moment, and frame k of a recording at F frames per second is `tree(at: k/F)`.
public protocol SceneTimeline: AnyObject {
    /// The viewport, in points.
    var size: Size { get }
    /// Moves to `time` seconds after the moment and returns the tree there. Times asked for
    /// never decrease. Throws an error whose description names the problem.
    func tree(at time: Double) throws -> PresentationLayer
    /// How the scene ends by itself from the moment on.
    var ending: TimelineEnding { get }
    /// After `tree(at:)`: nothing moves any more, nor will without input.
    var isAtRest: Bool { get }
    /// After `tree(at:)`: the curves the scene's animations ease by (none when the source has
    /// no animations, only snapshots).
    var timingFunctions: Set<TimingFunction> { get }
}

extension SceneTimeline {
    public var timingFunctions: Set<TimingFunction> { [] }
}

/// How a timeline ends by itself, which gives a recording its default length.
public enum TimelineEnding: Hashable, Sendable {
    /// It repeats every so many seconds: one loop makes a seamless recording.
    case loop(Double)
    /// It comes to rest: a recording goes on until then.
    case rest
    /// The source cannot tell (it has snapshots, not animations): a recording needs a length.
    case unknown
}

extension SceneSource {
    /// A timeline made of snapshots (`SnapshotTimeline`), for a source that has nothing more.
    public func timeline(id: String, moment: SceneMoment, size: Size?) throws -> any SceneTimeline {
        try SnapshotTimeline(source: self, id: id, moment: moment, size: size)
    }
}

/// A timeline made of a source's snapshots: the tree at time t is the snapshot at the moment
/// moved on by t — a standalone loader's `.time(T + t)`, a header's `.refreshing(time: T + t)`;
/// a header at rest stays at rest and a held pull stays held (a snapshot cannot let go). It
/// sees no animations, so its ending is unknown.
public final class SnapshotTimeline: SceneTimeline {
    public let source: any SceneSource
    public let id: String
    public let moment: SceneMoment
    public let size: Size
    private let requestedSize: Size?
    private var time = 0.0
    private var last: PresentationLayer

    public init(source: any SceneSource, id: String, moment: SceneMoment, size: Size?) throws {
        self.source = source
        self.id = id
        self.moment = moment
        requestedSize = size
        let first = try source.snapshot(id: id, moment: moment, size: size)
        self.size = first.size
        last = first.tree
    }

    public func tree(at time: Double) throws -> PresentationLayer {
        guard time.isFinite, time > self.time else { return last }
        self.time = time
        let shifted: SceneMoment
        switch moment {
        case .time(let t): shifted = .time(t + time)
        case .refreshing(let t): shifted = .refreshing(time: t + time)
        case .pull: shifted = moment
        }
        last = try source.snapshot(id: id, moment: shifted, size: requestedSize).tree
        return last
    }

    public var ending: TimelineEnding { .unknown }
    public var isAtRest: Bool { false }
}
