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

/// A loader's timeline for `record` (the catalog's, or a preview's): its live scene, moved
/// forward on a manual clock.
public final class CatalogTimeline: SceneTimeline {
    let timeline: LoaderTimeline

    public init(_ timeline: LoaderTimeline) {
        self.timeline = timeline
    }

    public var size: Size { timeline.size }

    public func tree(at time: Double) -> PresentationLayer {
        timeline.advance(to: time)
        return timeline.tree
    }

    public var ending: TimelineEnding {
        switch timeline.ending {
        case .loop(let seconds): .loop(seconds)
        case .rest: .rest
        }
    }

    public var isAtRest: Bool { timeline.isAtRest }

    public var timingFunctions: Set<TimingFunction> { timeline.timingFunctions }
}
