import HostSeam
import LayerKit
import Loaders

/// Input: a drag goes to the header under it, keys to the playback controls, the overlays and
/// the loaders.
extension GalleryApp {
    public func pointer(_ event: PointerEvent) {
        recordingInputArrives()
        if inspectorPointer(event) { return }
        switch event {
        case .down(let p):
            guard let index = tileIndex(at: p) else { return }
            setFocus(index)
            let session = sessions[index]
            guard session.info.kind == .header,
                layout.tiles[index].screenInWindow.contains(p)
            else { return }
            dragIndex = index
            session.pointerDown(at: session.layer.convert(p, from: root))
        case .moved(let p):
            guard let index = dragIndex else { return }
            let session = sessions[index]
            session.pointerMoved(to: session.layer.convert(p, from: root))
        case .up(let p):
            guard let index = dragIndex else { return }
            dragIndex = nil
            let session = sessions[index]
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
            case "1", "2", "3", "4", "5", "6", "7", "8", "9":
                toggleLoader(number: Int(String(c)) ?? 0)
            default: inspectorKey(c)
            }
        }
    }

    /// Keys 1–9: the N-th loader (the catalog's or the previews') starts or stops (headers begin or end refreshing)
    /// and takes the focus. With one loader shown, only its own number works.
    public func toggleLoader(number: Int) {
        let catalogIndex = number - 1
        guard numbering.indices.contains(catalogIndex) else { return }
        let id = numbering[catalogIndex]
        guard let index = sessions.firstIndex(where: { $0.info.id == id }) else { return }
        sessions[index].toggle()
        markUsed(index)
        setFocus(index)
    }
}
