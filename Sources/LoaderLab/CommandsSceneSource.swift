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
    /// The loader `id` at `moment` in a viewport of `size` points (nil: its default size).
    /// Throws an error whose description names the problem.
    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot
}

extension SceneSource {
    public func entry(id: String) -> LoaderEntry? { entries.first { $0.id == id } }
}
