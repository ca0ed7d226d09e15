import LayerKit
import Loaders

/// R: replays the focused loader from its start. A header's replay is a scripted finger
/// (`SyntheticPull`) kept on its tile and stepped with every scene update, in the tile's time.
extension GalleryApp {
    /// R: the focused loader from its start. A standalone loader stops and starts again; a
    /// header gets a synthetic pull and release (a refresh in progress ends first). Runs on
    /// when paused.
    public func replayFocused() {
        guard let session = focusedSession else { return }
        let i = focusedIndex
        markUsed(i)
        if playback.isPaused { playback.togglePause(at: scene.currentTime) }
        if session.info.kind == .header {
            guard tiles[i].pull == nil else { return }
            if session.status == .refreshing { session.stop() }
            tiles[i].pull = SyntheticPull()
        } else {
            session.stop()
            session.start()
        }
    }

    /// Moves every replay's finger to where its script has it now (a scene update handler,
    /// after the sessions' own step); a finished replay is forgotten.
    func stepReplays() {
        for i in tiles.indices {
            guard var pull = tiles[i].pull else { continue }
            let session = tiles[i].session
            let done = pull.step(session, at: session.layer.convertTime(scene.currentTime, from: nil))
            tiles[i].pull = done ? nil : pull
        }
    }

    /// Lets go of tile `i`'s replay finger, if it has one (the user takes over, or scrubs).
    func cancelReplay(_ i: Int) {
        guard tiles.indices.contains(i), let pull = tiles[i].pull else { return }
        tiles[i].pull = nil
        pull.lift(tiles[i].session)
    }

    /// True while a replay runs and the gallery is not paused.
    var replaysNeedFrames: Bool {
        !playback.isPaused && tiles.contains { $0.pull != nil }
    }

    /// How many replays run (the frame log's `replays=`).
    var replayCount: Int { tiles.filter { $0.pull != nil }.count }
}
