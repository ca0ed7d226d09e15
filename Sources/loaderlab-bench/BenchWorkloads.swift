import Foundation
import LayerKit
import LoaderLab
import Loaders

extension Bench {
    /// The name of the workload with every loader at once.
    static let galleryName = "gallery"

    /// The workloads of the frame section: each loader of the catalog, then the gallery.
    static var workloadNames: [String] { Catalog.all.map(\.id) + [galleryName] }

    /// The workload called `name`, one of `workloadNames`.
    static func makeWorkload(_ name: String, size: Size) -> BenchWorkload {
        if name == galleryName {
            // The window's own gallery (tiles, phone screens clipping each loader), laid out
            // at `size`; its HUD and titles are measured in the app-frame section.
            return GalleryWorkload(name: name, size: size)
        }
        return SessionWorkload(name: name, ids: [name], size: size)
    }
}

/// Live loader sessions in one `Scene` on a `ManualClock`, stepped as the window steps them:
/// clock, `tick()` of every session, `Scene.update()`, `presentation()`.
///
/// One loader fills the viewport. The gallery lays the loaders out in a 3×2 grid of equal
/// tiles, each session sized to its tile. Standalone loaders run from the start; a header is
/// made to refresh (`start()`) whenever it is idle, so every loader animates in every frame
/// except for the moments a header's refresh ends and restarts.
final class SessionWorkload: BenchWorkload {
    let name: String
    let size: Size
    let clock = ManualClock(time: 0)
    let sessions: [LoaderSession]
    let scene: Scene

    init(name: String, ids: [String], size: Size) {
        self.name = name
        self.size = size
        if ids.count == 1, let session = Catalog.makeSession(id: ids[0], size: size) {
            sessions = [session]
            scene = Scene(root: session.layer, clock: clock)
        } else {
            let root = Layer()
            root.isViewBacking = true
            root.name = "gallery"
            let columns = 3
            let rows = max(1, (ids.count + columns - 1) / columns)
            let tile = Size(width: size.width / Double(columns), height: size.height / Double(rows))
            var made: [LoaderSession] = []
            Transaction.performWithoutActions {
                root.frame = Rect(origin: .zero, size: size)
                for (index, id) in ids.enumerated() {
                    guard let session = Catalog.makeSession(id: id, size: tile) else { continue }
                    let origin = Point(
                        x: Double(index % columns) * tile.width, y: Double(index / columns) * tile.height)
                    session.layer.frame = Rect(origin: origin, size: tile)
                    root.addSublayer(session.layer)
                    made.append(session)
                }
            }
            sessions = made
            scene = Scene(root: root, clock: clock)
        }
        scene.update()
    }

    func nextFrame(dt: Double) -> PresentationLayer {
        clock.advance(by: dt)
        for session in sessions {
            if session.info.kind == .header, session.status == .idle { session.start() }
            session.tick()
        }
        scene.update()
        return scene.presentation()
    }
}

/// The previewer's gallery scene (`GalleryApp`) on a `ManualClock`: each frame ticks every
/// session and updates the app's scene, as `GalleryApp.renderFrame` does before drawing, and
/// returns the whole tree (background, tiles, clipped screens, loaders). Headers are made to
/// refresh whenever idle, as in `SessionWorkload`.
final class GalleryWorkload: BenchWorkload {
    let name: String
    let size: Size
    let clock = ManualClock(time: 0)
    let app: GalleryApp

    init(name: String, size: Size) {
        self.name = name
        self.size = size
        let clock = self.clock
        app = MainActor.assumeIsolated {
            let app = GalleryApp(clock: clock)
            app.resize(to: size, scale: 1)
            return app
        }
    }

    func nextFrame(dt: Double) -> PresentationLayer {
        clock.advance(by: dt)
        let app = self.app
        return MainActor.assumeIsolated {
            for session in app.sessions {
                if session.info.kind == .header, session.status == .idle { session.start() }
                session.tick()
            }
            app.scene.update()
            return app.scene.presentation()
        }
    }
}
