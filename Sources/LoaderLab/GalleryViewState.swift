import LayerKit

/// What a person set up in the gallery's window and expects to keep when the previews behind it
/// are replaced (a preview process that crashed and was started again, a reload): the focused
/// loader, the playback rate, pause and slow motion, the timeline panel and its height, the
/// debug overlay and help.
///
/// Carried between processes as one line (`encoded`): `key=value` pairs separated by spaces, the
/// focused loader's id last so it may hold spaces.
public struct GalleryViewState: Equatable, Sendable {
    public var focusedID: String?
    public var rate = 1.0
    public var isPaused = false
    public var isSlowMotion = false
    public var isTimelineOpen = false
    public var panelHeight: Double?
    public var showsDebugOverlay = false
    public var showsHelp = false

    public init() {}

    public var encoded: String {
        var fields = [
            "rate=\(rate)", "paused=\(isPaused ? 1 : 0)", "slow=\(isSlowMotion ? 1 : 0)",
            "timeline=\(isTimelineOpen ? 1 : 0)", "debug=\(showsDebugOverlay ? 1 : 0)",
            "help=\(showsHelp ? 1 : 0)",
        ]
        if let panelHeight { fields.append("panel=\(panelHeight)") }
        if let focusedID { fields.append("focus=\(focusedID)") }
        return fields.joined(separator: " ")
    }

    /// Reads `encoded`'s form; unknown or malformed fields are left at their defaults.
    public init(encoded: String) {
        var rest = Substring(encoded)
        while !rest.isEmpty {
            if rest.hasPrefix("focus=") {
                focusedID = String(rest.dropFirst("focus=".count))
                break
            }
            let field = rest.prefix { $0 != " " }
            rest = rest.dropFirst(field.count).drop { $0 == " " }
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = Double(parts[1]).flatMap { $0.isFinite ? $0 : nil }
            switch parts[0] {
            case "rate": rate = value ?? rate
            case "paused": isPaused = value == 1
            case "slow": isSlowMotion = value == 1
            case "timeline": isTimelineOpen = value == 1
            case "panel": panelHeight = value
            case "debug": showsDebugOverlay = value == 1
            case "help": showsHelp = value == 1
            default: break
            }
        }
    }
}

extension GalleryApp {
    /// The view as it is now.
    public var viewState: GalleryViewState {
        var s = GalleryViewState()
        s.focusedID = focusedSession?.info.id
        s.rate = playback.rate
        s.isPaused = playback.isPaused
        s.isSlowMotion = playback.isSlowMotion
        s.isTimelineOpen = timeline.isOpen
        s.panelHeight = timeline.panelHeight
        s.showsDebugOverlay = showsDebugOverlay
        s.showsHelp = showsHelp
        return s
    }

    /// Takes up `state`: a loader no longer shown keeps the focus where it is.
    public func restore(_ state: GalleryViewState) {
        if let id = state.focusedID, let i = tiles.firstIndex(where: { $0.session.info.id == id }) {
            setFocus(i)
        }
        let now = scene.currentTime
        playback.setRate(state.rate, at: now)
        if playback.isSlowMotion != state.isSlowMotion { playback.toggleSlowMotion(at: now) }
        if playback.isPaused != state.isPaused { playback.togglePause(at: now) }
        if let h = state.panelHeight, h.isFinite { timeline.panelHeight = h }
        if timeline.isOpen != state.isTimelineOpen {
            toggleTimeline()
        } else if timeline.isOpen {
            relayout()
        }
        showsDebugOverlay = state.showsDebugOverlay
        showsHelp = state.showsHelp
        damage.invalidate()
    }
}
