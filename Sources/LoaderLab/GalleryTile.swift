import LayerKit
import Loaders

/// One loader's place in the gallery, as one value: its session, the layers that frame it, the
/// slot the layout gives it, the replay R runs on it and, for a header, when it was first used.
///
/// Its layers: the tile (phone body or card, named `tile.ID`), a sublayer of the gallery's root
/// in tile order, holding the screen (named `screen`), which clips the session's viewport.
@MainActor
struct GalleryTile {
    let session: LoaderSession
    /// The phone body or card.
    let layer: Layer
    /// Clips the loader's viewport (`session.layer`).
    let screen: Layer
    /// Where the layout puts the tile (`GalleryApp.applyLayout()` keeps it the layout's).
    var slot: GalleryLayout.Tile
    /// The scripted pull and release R runs on a header (Gallery+Replay.swift); nil when none
    /// runs.
    var pull: SyntheticPull?
    /// When a header was first used (app clock): its "pull down" cue fades from then
    /// (Gallery+Cue.swift).
    var usedAt: Double?
    /// How visible the cue was in the last frame drawn (nil: not drawn yet).
    var drawnCueAlpha: Double?

    /// Makes the tile's layers around `session`'s viewport (call without actions).
    init(session: LoaderSession, slot: GalleryLayout.Tile) {
        self.session = session
        self.slot = slot
        layer = Layer()
        layer.isViewBacking = true
        layer.name = GalleryApp.tilePrefix + session.info.id
        screen = Layer()
        screen.isViewBacking = true
        screen.name = "screen"
        screen.masksToBounds = true
        screen.addSublayer(session.layer)
        layer.addSublayer(screen)
    }

    var isHeader: Bool { session.info.kind == .header }
}
