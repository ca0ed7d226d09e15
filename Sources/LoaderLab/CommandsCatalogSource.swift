import LayerKit
import Loaders

/// The loaders' catalog as the commands' scene source: the five loaders, snapshots built on
/// a manual clock exactly as CLI.md defines the states.
public struct CatalogSceneSource: SceneSource {
    public init() {}

    public var entries: [LoaderEntry] {
        Catalog.all.map {
            LoaderEntry(id: $0.id, title: $0.title, kind: $0.kind.rawValue, defaultSize: $0.defaultSize)
        }
    }

    public func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        try Catalog.snapshot(id: id, moment: moment, size: size)
    }
}
