import LayerKit
import Loaders

/// The loaders' catalog as the commands' scene source: the five loaders, snapshots built on
/// a manual clock exactly as `loaderlab help render` defines the states, and timelines that
/// go on from there (`LoaderTimeline`).
public struct CatalogSceneSource: SceneSource {
    public init() {}

    public var entries: [LoaderEntry] { Catalog.all }

    public var showcase: [LoaderEntry] { Catalog.showcase }

    public func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        try Catalog.snapshot(id: id, moment: moment, size: size)
    }

    public func timeline(id: String, moment: SceneMoment, size: Size?) throws -> any SceneTimeline {
        CatalogTimeline(try LoaderTimeline(id: id, moment: moment, size: size))
    }
}

/// A catalog loader's timeline for `record`: its live scene, moved forward on a manual clock.
final class CatalogTimeline: SceneTimeline {
    let timeline: LoaderTimeline

    init(_ timeline: LoaderTimeline) {
        self.timeline = timeline
    }

    var size: Size { timeline.size }

    func tree(at time: Double) -> PresentationLayer {
        timeline.advance(to: time)
        return timeline.tree
    }

    var ending: TimelineEnding {
        switch timeline.ending {
        case .loop(let seconds): .loop(seconds)
        case .rest: .rest
        }
    }

    var isAtRest: Bool { timeline.isAtRest }
}
