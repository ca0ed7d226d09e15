import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// The previewer: every loader in its own tile (or one filling the window), driven by the
/// pointer and the keyboard, drawn through one `Scene`. Knows nothing about the window system:
/// a host feeds it sizes, pointer events, keys and a pixel buffer to draw into.
///
/// Tree: a root layer (the playback controls act on it) holding one tile layer per loader
/// (phone body or card), each holding a screen layer that clips the loader's viewport, the
/// session's `layer`. Each loader's place is one `GalleryTile` value. Titles, the HUD and the
/// overlays are drawn over the tree with the canvas.
///
/// Input (pointer and keys) is in `Gallery+Input.swift`; drawing a frame in
/// `Gallery+Frame.swift`, redrawing only what `GalleryDamage` finds changed; the timeline panel
/// in `Gallery+Timeline.swift`, R's replays in `Gallery+Replay.swift`, the headers' first-look
/// cues in `Gallery+Cue.swift`.
@MainActor
public final class GalleryApp: WindowApp {
    /// The loaders shown, in order: session, layers, layout slot, replay, first use.
    var tiles: [GalleryTile]
    public let scene: Scene
    public let playback: Playback
    /// True when one loader fills the window (`--loader`).
    public let isSingle: Bool
    /// The ids keys 1–9 stand for, in order (the catalog's, or the previews').
    let numbering: [String]

    public private(set) var focusedIndex = 0
    public internal(set) var showsDebugOverlay = false
    public internal(set) var showsHelp = false
    public internal(set) var wantsQuit = false
    public internal(set) var layout: GalleryLayout
    /// The timeline panel (T) and what the pointer hovers.
    let timeline = TimelinePanel()

    let root = Layer()
    var scale = 1.0
    /// The session a drag started on (pointer events go to it until the button is released).
    var dragIndex: Int?
    var stats = FrameStats()

    // Drawing state: the buffer wrapped for Cairo, and what the last frame showed.
    var surface: ImageSurface?
    var canvas: Canvas?
    /// The host's frame target the canvas draws into (recognised by identity).
    var target: PixelBuffer?
    let renderer: LayerRenderer
    var damage = GalleryDamage()
    /// What the last frame cost, for the HUD.
    var lastCost = 0.0
    /// A panel over the tiles (a preview's compile errors); nil shows none.
    public var notice: GalleryNotice? {
        didSet { if notice != oldValue { damage.invalidate() } }
    }
    /// Key V's recordings (Gallery+Recording.swift).
    public let recorder = GalleryRecorder()
    /// Where key E finds the loaders to export (`Gallery+Export.swift`): the catalog, or the
    /// previews; nil: E says it cannot export here.
    public var exportSource: (any SceneSource)?

    public static let backgroundColor = Color(r255: 40, g: 43, b: 52)
    static let phoneColor = Color(r255: 14, g: 15, b: 18)
    static let cardColor = Color(r255: 14, g: 15, b: 18)
    static let focusColor = Color(r255: 90, g: 160, b: 255)
    static let labelColor = Color(r255: 170, g: 176, b: 190)

    /// A gallery of every loader in `Catalog.all`, or only `loaderID` when given (an unknown id
    /// shows the whole gallery). `clock` is the media clock (a `ManualClock` in tests).
    public convenience init(
        loaderID: String? = nil, clock: MediaClock = SystemMediaClock(),
        renderer: LayerRenderer = LayerRenderer()
    ) {
        let infos = Self.infos(loaderID: loaderID)
        self.init(
            infos: infos, single: infos.count == 1, numbering: Catalog.all.map(\.id), clock: clock,
            renderer: renderer, session: Catalog.makeSession)
    }

    /// Starts loading the faces the window's titles and HUD are drawn in, and their glyphs at
    /// the window's `scale`, on a thread of its own (`Canvas.preloadFonts`), so that the first
    /// frame finds them loaded: call it before the gallery that `init(loaderID:)` makes.
    public static func preloadFonts(loaderID: String?, scale: Double) {
        let infos = infos(loaderID: loaderID)
        // In the order the first frame draws them: the titles (with any CJK characters), the
        // headers' cue, then every printable ASCII character at the HUD's size.
        let ascii = String((32...126).map { Character(Unicode.Scalar(UInt8($0))) })
        let texts =
            infos.map { (text: $0.title, size: textSize) } + [
                (FirstLookCue.text, FirstLookCue.size), (FirstLookCue.subtext, FirstLookCue.subtextSize),
                (ascii, HUDPainter.fontSize),
            ]
        Canvas.preloadFonts(for: texts, scale: scale)
    }

    /// The loaders `init(loaderID:)` shows: the one `loaderID` names, else all of them.
    static func infos(loaderID: String?) -> [LoaderInfo] {
        loaderID.flatMap { Catalog.info(id: $0) }.map { [$0] } ?? Catalog.all
    }

    /// The size of the tiles' titles, in points.
    static let textSize = 12.0

    /// A gallery of the loaders `infos` describes, each session made by `makeSession` in its
    /// tile's screen size (previewed loaders: `loaderlab preview`); `single` fills the window
    /// with the one loader. Keys 1–9 toggle the loaders in `numbering` order (nil: `infos`').
    public init(
        infos: [LoaderInfo], single: Bool, numbering: [String]? = nil,
        clock: MediaClock = SystemMediaClock(),
        renderer: LayerRenderer = LayerRenderer(),
        session makeSession: (_ id: String, _ size: Size) -> LoaderSession?
    ) {
        self.renderer = renderer
        self.numbering = numbering ?? infos.map(\.id)
        isSingle = single && infos.count == 1
        let initialSize = Self.preferredSize(for: infos, single: isSingle)
        layout =
            isSingle
            ? .single(size: initialSize) : .gallery(kinds: infos.map(\.kind), size: initialSize)
        var made: [LoaderSession] = []
        for (i, info) in infos.enumerated() {
            let screen = layout.tiles[i].screen.size
            if let session = makeSession(info.id, screen) { made.append(session) }
        }
        let root = self.root
        let slots = layout.tiles
        var tiles: [GalleryTile] = []
        Transaction.performWithoutActions {
            root.isViewBacking = true
            root.name = "gallery"
            root.backgroundColor = Self.backgroundColor
            for (i, session) in made.enumerated() {
                let tile = GalleryTile(session: session, slot: slots[i])
                root.addSublayer(tile.layer)
                tiles.append(tile)
            }
        }
        self.tiles = tiles
        scene = Scene(root: root, clock: clock)
        playback = Playback(root: root)
        // Scroll physics step with every update, after the events due by its time; then the
        // replays, after the sessions' own step.
        scene.addUpdateHandler { [unowned self] in
            for tile in self.tiles { tile.session.tick() }
        }
        scene.addUpdateHandler { [unowned self] in stepReplays() }
        applyLayout()
        scene.update()
    }

    /// The id of the loader whose tile holds `layer` (nil: none, or not in a tile).
    public nonisolated static func tileID(of layer: Layer) -> String? {
        var l: Layer? = layer
        while let current = l {
            if let name = current.name, name.hasPrefix(tilePrefix) {
                return String(name.dropFirst(tilePrefix.count))
            }
            l = current.superlayer
        }
        return nil
    }

    /// A tile layer's name: this, then its loader's id.
    nonisolated static let tilePrefix = "tile."

    /// The window size, in points, a gallery of `infos` prefers (`single`: one loader filling it).
    public static func preferredSize(for infos: [LoaderInfo], single: Bool) -> Size {
        // Five phones of 180×360 points in a row, their titles and the HUD.
        guard single, let info = infos.first else { return Size(width: 1000, height: 480) }
        return Size(width: info.defaultSize.width, height: info.defaultSize.height + GalleryLayout.hudHeight)
    }

    // MARK: - WindowApp

    public var title: String { "LoaderLab" }

    public var preferredSize: Size {
        Self.preferredSize(for: tiles.map(\.session.info), single: isSingle)
    }

    public func resize(to size: Size, scale: Double) {
        let s = Size(
            width: size.width.isFinite ? Swift.max(0, size.width) : 0,
            height: size.height.isFinite ? Swift.max(0, size.height) : 0)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        layout = makeLayout(size: s)
        applyLayout()
        damage.invalidate()
    }

    /// The sessions shown, in tile order.
    public var sessions: [LoaderSession] { tiles.map(\.session) }

    /// Puts the tiles, screens and viewports where the layout says, without animation.
    func applyLayout() {
        Transaction.performWithoutActions {
            root.frame = Rect(origin: .zero, size: layout.size)
            for i in tiles.indices {
                let slot = layout.tiles[i]
                tiles[i].slot = slot
                let tile = tiles[i]
                tile.layer.frame = slot.frame
                switch slot.chrome {
                case .phone:
                    tile.layer.backgroundColor = Self.phoneColor
                    tile.layer.cornerRadius = Swift.min(18, slot.frame.width / 6)
                    tile.screen.cornerRadius = 4
                case .card:
                    tile.layer.backgroundColor = Self.cardColor
                    tile.layer.cornerRadius = 12
                    tile.screen.cornerRadius = 12
                case .none:
                    tile.layer.backgroundColor = nil
                    tile.layer.cornerRadius = 0
                    tile.screen.cornerRadius = 0
                }
                tile.screen.frame = slot.screen
                tile.session.size = slot.screen.size
                tile.session.layer.frame = Rect(origin: .zero, size: slot.screen.size)
            }
            updateFocusRing()
        }
    }

    private func updateFocusRing() {
        for (i, tile) in tiles.enumerated() {
            let focused = i == focusedIndex && !isSingle
            tile.layer.borderWidth = focused ? 2 : 0
            tile.layer.borderColor = Self.focusColor
        }
    }

    /// Moves the focus (and its ring) to tile `index`, wrapping around.
    func setFocus(_ index: Int) {
        guard !tiles.isEmpty else { return }
        let n = tiles.count
        focusedIndex = ((index % n) + n) % n
        Transaction.performWithoutActions { updateFocusRing() }
    }

    /// Something moves or a drag is in flight. While paused, scroll physics and timers stand
    /// still with the tree's time, so only the scene's own pending work and drags count.
    public var needsFrames: Bool {
        if dragIndex != nil || scene.needsFrames || recorder.isBusy { return true }
        if timelineNeedsFrames || replaysNeedFrames || cuesNeedFrames { return true }
        return !playback.isPaused && tiles.contains { $0.session.needsFrames }
    }

    public var focusedSession: LoaderSession? {
        tiles.indices.contains(focusedIndex) ? tiles[focusedIndex].session : nil
    }

    public var frameSummary: String {
        let statuses = tiles.map { "\($0.session.info.id):\($0.session.status.rawValue)" }.joined(
            separator: ",")
        return "focus=\(focusedSession?.info.id ?? "-") status=\(focusedSession?.status.rawValue ?? "-")"
            + " speed=\(playback.speed) paused=\(playback.isPaused ? 1 : 0)"
            + " slow=\(playback.isSlowMotion ? 1 : 0) debug=\(showsDebugOverlay ? 1 : 0)"
            + " help=\(showsHelp ? 1 : 0) recording=\(recorder.isRecording ? 1 : 0) statuses=\(statuses) \(timelineSummary)"
    }

    var hudText: HUDText {
        let loader = focusedSession.map { s in
            let number = (numbering.firstIndex(of: s.info.id) ?? 0) + 1
            return "\(number) \(s.info.title): \(s.status.rawValue)"
        }
        return HUDText(
            loader: loader ?? "no loader", recording: recordingStatus?.text,
            isRecording: recordingStatus?.live == true, timeScale: playback.timeScaleDescription,
            performance: stats.description)
    }
}
