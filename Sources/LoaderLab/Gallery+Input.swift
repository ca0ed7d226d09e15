import HostSeam
import LayerKit
import Loaders

/// Input: a drag goes to the header under it, keys to the playback controls, the overlays and
/// the loaders.
extension GalleryApp {
    public func pointer(_ event: PointerEvent) {
        recordingInputArrives()
        if timelinePointer(event) { return }
        switch event {
        case .down(let p):
            guard let index = tileIndex(at: p) else { return }
            let session = tiles[index].session
            let onList = session.info.kind == .header && tiles[index].slot.screenInWindow.contains(p)
            if onList {
                // A press on a header's list is its first use, and stops its replay, before the
                // list gets it.
                markUsed(index)
                cancelReplay(index)
            }
            setFocus(index)
            guard onList else { return }
            dragIndex = index
            session.pointerDown(at: session.layer.convert(p, from: root))
        case .moved(let p):
            guard let index = dragIndex else { return }
            let session = tiles[index].session
            session.pointerMoved(to: session.layer.convert(p, from: root))
        case .up(let p):
            guard let index = dragIndex else { return }
            dragIndex = nil
            let session = tiles[index].session
            session.pointerUp(at: session.layer.convert(p, from: root))
        case .hover:
            break
        }
    }

    /// The tile under `p` (window points), if any.
    public func tileIndex(at p: Point) -> Int? {
        layout.tiles.firstIndex { $0.frame.contains(p) }
    }

    public func key(_ key: KeyInput) {
        recordingInputArrives()
        switch key {
        case .escape: wantsQuit = true
        case .tab: setFocus(focusedIndex + 1)
        case .backTab: setFocus(focusedIndex - 1)
        case .left: playback.step(frames: -1)
        case .right: playback.step(frames: 1)
        case .character(let c):
            switch c {
            case "q", "Q": wantsQuit = true
            case " ": playback.togglePause(at: scene.currentTime)
            case "s", "S": playback.toggleSlowMotion(at: scene.currentTime)
            case "d", "D":
                showsDebugOverlay.toggle()
                damage.invalidate()
            case "h", "H", "?":
                showsHelp.toggle()
                damage.invalidate()
            case "v", "V": toggleRecording()
            case "e", "E": exportFocused()
            case "1", "2", "3", "4", "5", "6", "7", "8", "9":
                toggleLoader(number: Int(String(c)) ?? 0)
            case "t", "T": toggleTimeline()
            case "r", "R": replayFocused()
            case "[": playback.stepRate(slower: true, at: scene.currentTime)
            case "]": playback.stepRate(slower: false, at: scene.currentTime)
            default: break
            }
        }
    }

    /// Keys 1–9: the N-th loader (the catalog's or the previews') starts or stops (headers begin or end refreshing)
    /// and takes the focus. With one loader shown, only its own number works.
    public func toggleLoader(number: Int) {
        let catalogIndex = number - 1
        guard numbering.indices.contains(catalogIndex) else { return }
        let id = numbering[catalogIndex]
        guard let index = tiles.firstIndex(where: { $0.session.info.id == id }) else { return }
        tiles[index].session.toggle()
        markUsed(index)
        setFocus(index)
    }
}
