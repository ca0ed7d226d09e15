import LayerKit
import Loaders

/// The loaders' catalog as the commands' scene source: the five loaders, snapshots built on
/// a manual clock exactly as `loaderlab help render` defines the states.
public struct CatalogSceneSource: SceneSource {
    public init() {}

    public var entries: [LoaderEntry] { Catalog.all }

    public func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        try Catalog.snapshot(id: id, moment: moment, size: size)
    }
}
