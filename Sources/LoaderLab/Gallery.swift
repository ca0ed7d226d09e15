import Foundation
import LayerKit
import LayerKitCairo
import Loaders

/// The previewer: every loader in its own tile (or one filling the window), driven by the
/// pointer and the keyboard, drawn through one `Scene`. Knows nothing about the window system:
/// a host feeds it sizes, pointer events, keys and a pixel buffer to draw into.
///
/// Tree: a root layer (the playback controls act on it) holding one tile layer per loader
/// (phone body or card), each holding a screen layer that clips the loader's viewport, the
/// session's `layer`. Titles, the HUD and the overlays are drawn over the tree with the canvas.
@MainActor
public final class GalleryApp: WindowApp {
    public let sessions: [LoaderSession]
    public let scene: Scene
    public let playback: Playback
    /// True when one loader fills the window (`--loader`).
    public let isSingle: Bool

    public private(set) var focusedIndex = 0
    public private(set) var showsDebugOverlay = false
    public private(set) var showsHelp = false
    public private(set) var wantsQuit = false
    public private(set) var layout: GalleryLayout

    private let root = Layer()
    private var tileLayers: [Layer] = []
    private var screenLayers: [Layer] = []
    private(set) var scale = 1.0
    /// The session a drag started on (pointer events go to it until the button is released).
    private var dragIndex: Int?
    private var stats = FrameStats()

    // Drawing state: the buffer wrapped for Cairo, and what the last frame showed.
    private var surface: ImageSurface?
    private var canvas: Canvas?
    /// The host's frame target the canvas draws into (recognised by identity).
    private var target: PixelBuffer?
    let renderer: LayerRenderer
    /// Key V's recordings (Gallery+Recording.swift).
    public let recorder = GalleryRecorder()
    private var lastTiles: [PresentationLayer] = []
    private var lastHUD: HUDText?
    private var needsFullRedraw = true

    static let backgroundColor = Color(r255: 40, g: 43, b: 52)
    static let phoneColor = Color(r255: 14, g: 15, b: 18)
    static let cardColor = Color(r255: 14, g: 15, b: 18)
    static let focusColor = Color(r255: 90, g: 160, b: 255)
    static let labelColor = Color(r255: 170, g: 176, b: 190)

    /// A gallery of every loader in `Catalog.all`, or only `loaderID` when given (an unknown id
    /// shows the whole gallery). `clock` is the media clock (a `ManualClock` in tests).
    public init(
        loaderID: String? = nil, clock: MediaClock = SystemMediaClock(),
        renderer: LayerRenderer = LayerRenderer()
    ) {
        self.renderer = renderer
        let infos = loaderID.flatMap { Catalog.info(id: $0) }.map { [$0] } ?? Catalog.all
        isSingle = infos.count == 1
        let initialSize = Self.preferredSize(for: infos, single: isSingle)
        layout =
            isSingle
            ? .single(size: initialSize) : .gallery(kinds: infos.map(\.kind), size: initialSize)
        var made: [LoaderSession] = []
        for (i, info) in infos.enumerated() {
            let screen = layout.tiles[i].screen.size
            if let session = Catalog.makeSession(id: info.id, size: screen) { made.append(session) }
        }
        sessions = made
        let root = self.root
        var tiles: [Layer] = []
        var screens: [Layer] = []
        Transaction.performWithoutActions {
            root.isViewBacking = true
            root.name = "gallery"
            root.backgroundColor = Self.backgroundColor
            for session in made {
                let tile = Layer()
                tile.isViewBacking = true
                tile.name = "tile." + session.info.id
                let screen = Layer()
                screen.isViewBacking = true
                screen.name = "screen"
                screen.masksToBounds = true
                screen.addSublayer(session.layer)
                tile.addSublayer(screen)
                root.addSublayer(tile)
                tiles.append(tile)
                screens.append(screen)
            }
        }
        tileLayers = tiles
        screenLayers = screens
        scene = Scene(root: root, clock: clock)
        playback = Playback(root: root)
        // Scroll physics step with every update, after the events due by its time.
        scene.addUpdateHandler { [unowned self] in
            for session in sessions { session.tick() }
        }
        applyLayout()
        scene.update()
    }

    private static func preferredSize(for infos: [LoaderInfo], single: Bool) -> Size {
        // Five phones of 180×360 points in a row, their titles and the HUD.
        guard single, let info = infos.first else { return Size(width: 1000, height: 480) }
        return Size(width: info.defaultSize.width, height: info.defaultSize.height + GalleryLayout.hudHeight)
    }

    // MARK: - WindowApp

    public var title: String { "LoaderLab" }

    public var preferredSize: Size {
        Self.preferredSize(for: sessions.map(\.info), single: isSingle)
    }

    public func resize(to size: Size, scale: Double) {
        let s = Size(
            width: size.width.isFinite ? Swift.max(0, size.width) : 0,
            height: size.height.isFinite ? Swift.max(0, size.height) : 0)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        layout = isSingle ? .single(size: s) : .gallery(kinds: sessions.map(\.info.kind), size: s)
        applyLayout()
        needsFullRedraw = true
    }

    /// Puts the tiles, screens and viewports where the layout says, without animation.
    private func applyLayout() {
        Transaction.performWithoutActions {
            root.frame = Rect(origin: .zero, size: layout.size)
            for (i, session) in sessions.enumerated() {
                let tile = layout.tiles[i]
                let tileLayer = tileLayers[i]
                tileLayer.frame = tile.frame
                switch tile.chrome {
                case .phone:
                    tileLayer.backgroundColor = Self.phoneColor
                    tileLayer.cornerRadius = Swift.min(18, tile.frame.width / 6)
                    screenLayers[i].cornerRadius = 4
                case .card:
                    tileLayer.backgroundColor = Self.cardColor
                    tileLayer.cornerRadius = 12
                    screenLayers[i].cornerRadius = 12
                case .none:
                    tileLayer.backgroundColor = nil
                    tileLayer.cornerRadius = 0
                    screenLayers[i].cornerRadius = 0
                }
                screenLayers[i].frame = tile.screen
                session.size = tile.screen.size
                session.layer.frame = Rect(origin: .zero, size: tile.screen.size)
            }
            updateFocusRing()
        }
    }

    private func updateFocusRing() {
        for (i, tileLayer) in tileLayers.enumerated() {
            let focused = i == focusedIndex && !isSingle
            tileLayer.borderWidth = focused ? 2 : 0
            tileLayer.borderColor = Self.focusColor
        }
    }

    public func pointer(_ event: PointerEvent) {
        recordingInputArrives()
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
                needsFullRedraw = true
            case "h", "H", "?":
                showsHelp.toggle()
                needsFullRedraw = true
            case "v", "V": toggleRecording()
            case "1", "2", "3", "4", "5":
                toggleLoader(number: Int(String(c)) ?? 0)
            default: break
            }
        }
    }

    /// Keys 1–5: the catalog's N-th loader starts or stops (headers begin or end refreshing)
    /// and takes the focus. With one loader shown, only its own number works.
    public func toggleLoader(number: Int) {
        let catalogIndex = number - 1
        guard Catalog.all.indices.contains(catalogIndex) else { return }
        let id = Catalog.all[catalogIndex].id
        guard let index = sessions.firstIndex(where: { $0.info.id == id }) else { return }
        sessions[index].toggle()
        setFocus(index)
    }

    private func setFocus(_ index: Int) {
        guard !sessions.isEmpty else { return }
        let n = sessions.count
        focusedIndex = ((index % n) + n) % n
        Transaction.performWithoutActions { updateFocusRing() }
    }

    /// Something moves or a drag is in flight. While paused, scroll physics and timers stand
    /// still with the tree's time, so only the scene's own pending work and drags count.
    public var needsFrames: Bool {
        if dragIndex != nil || scene.needsFrames || recorder.isBusy { return true }
        return !playback.isPaused && sessions.contains { $0.needsFrames }
    }

    public var focusedSession: LoaderSession? {
        sessions.indices.contains(focusedIndex) ? sessions[focusedIndex] : nil
    }

    public var frameSummary: String {
        let statuses = sessions.map { "\($0.info.id):\($0.status.rawValue)" }.joined(separator: ",")
        return "focus=\(focusedSession?.info.id ?? "-") status=\(focusedSession?.status.rawValue ?? "-")"
            + " speed=\(playback.speed) paused=\(playback.isPaused ? 1 : 0)"
            + " slow=\(playback.isSlowMotion ? 1 : 0) debug=\(showsDebugOverlay ? 1 : 0)"
            + " help=\(showsHelp ? 1 : 0) recording=\(recorder.isRecording ? 1 : 0) statuses=\(statuses)"
    }

    var hudText: HUDText {
        let loader = focusedSession.map { s in
            let number = (Catalog.all.firstIndex { $0.id == s.info.id } ?? 0) + 1
            return "\(number) \(s.info.title): \(s.status.rawValue)"
        }
        return HUDText(
            loader: loader ?? "no loader", recording: recordingStatus?.text,
            isRecording: recordingStatus?.live == true, timeScale: playback.timeScaleDescription,
            performance: stats.description)
    }

    // MARK: - Frames

    public func renderFrame(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect] {
        let started = scene.clock.now()
        captureRecordedFrames(through: started)
        scene.update(to: started)
        let tree = scene.presentation()
        let canvas = try canvas(for: buffer)

        let tiles = tree.sublayers
        let full = fullRedraw || needsFullRedraw || tiles.count != lastTiles.count
        var regions: [PixelRect] = []
        var tileDamaged = [Bool](repeating: full, count: layout.tiles.count)
        if !full {
            for i in layout.tiles.indices where i < tiles.count && tiles[i] != lastTiles[i] {
                tileDamaged[i] = true
                // Only what changed inside the tile (a pixel more for anti-aliasing), or the
                // whole tile when a change cannot be bounded.
                let tileRegion = pixelRect(layout.tiles[i].region, in: buffer)
                guard let changed = LayerRenderer.damage(from: lastTiles[i], to: tiles[i]) else {
                    regions.append(tileRegion)
                    continue
                }
                let outset = 1 / scale
                var tileRects: [PixelRect] = []
                for rect in changed {
                    let grown = rect.insetBy(dx: -outset, dy: -outset)
                    tileRects.append(pixelRect(grown, in: buffer).intersection(tileRegion))
                }
                regions += Self.coalesced(tileRects.filter { !$0.isEmpty })
            }
        }
        // The HUD reports this frame's numbers: record before composing its text.
        stats.record(time: started, cost: lastCost)
        let hud = hudText
        if full {
            regions = [buffer.bounds]
        } else if hud != lastHUD {
            regions.append(pixelRect(layout.hud, in: buffer))
        }
        regions = Self.merged(regions.filter { !$0.isEmpty })
        for region in regions {
            draw(region, tree: tree, hud: hud, on: canvas)
        }
        canvas.surface.flush()
        lastTiles = tiles
        lastHUD = hud
        needsFullRedraw = false
        lastCost = scene.clock.now() - started
        return regions
    }

    private var lastCost = 0.0

    /// The buffer wrapped as a Cairo surface; re-wrapped when the host hands a different one
    /// (the new canvas starts with a full redraw).
    private func canvas(for buffer: PixelBuffer) throws -> Canvas {
        guard buffer.isValid else { throw RenderFailure("the frame buffer was released before drawing") }
        // A canvas in Cairo's (sticky) error state would draw nothing ever again: replace it.
        if let canvas, canvas.error == nil, target === buffer { return canvas }
        do {
            let s = try ImageSurface(
                wrapping: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride)
            let c = try Canvas(surface: s)
            c.scale(scale, scale)
            surface = s
            canvas = c
            target = buffer
            needsFullRedraw = true
            return c
        } catch {
            throw RenderFailure(
                "cannot draw into the \(buffer.width)x\(buffer.height) frame buffer: \(error)")
        }
    }

    private func pixelRect(_ r: Rect, in buffer: PixelBuffer) -> PixelRect {
        PixelRect(covering: r, scale: scale).intersection(buffer.bounds)
    }

    /// One tile's damage as few rectangles: each redrawn rectangle walks the tile's tree and
    /// pays Cairo's set-up again, so rectangles are joined while their bounding box costs
    /// little more than drawing them apart.
    nonisolated static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
        guard rects.count > 1 else { return rects }
        let union = rects.dropFirst().reduce(rects[0]) { $0.union($1) }
        let sum = rects.reduce(0) { $0 + $1.width * $1.height }
        let unionArea = union.width * union.height
        return unionArea <= sum * 2 ? [union] : rects
    }

    /// Overlapping (or nearly adjacent) regions become one, so nothing is drawn twice.
    nonisolated static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var out: [PixelRect] = []
        for r in rects {
            var current = r
            var i = 0
            while i < out.count {
                let grown = PixelRect(
                    x: current.x - 1, y: current.y - 1, width: current.width + 2, height: current.height + 2)
                if !grown.intersection(out[i]).isEmpty {
                    current = current.union(out.remove(at: i))
                    i = 0
                } else {
                    i += 1
                }
            }
            out.append(current)
        }
        return out
    }

    /// Redraws one region: background, the tiles and titles it touches, overlays, HUD.
    private func draw(_ region: PixelRect, tree: PresentationLayer, hud: HUDText, on canvas: Canvas) {
        let area = Rect(
            x: Double(region.x) / scale, y: Double(region.y) / scale,
            width: Double(region.width) / scale, height: Double(region.height) / scale)
        canvas.save()
        canvas.clip(to: area)
        canvas.fill(area, color: Self.backgroundColor)
        for (i, tile) in layout.tiles.enumerated() where tile.region.intersects(area) {
            guard i < tree.sublayers.count else { continue }
            renderer.draw(tree.sublayers[i], on: canvas)
            if let label = tile.label, label.intersects(area) { drawLabel(i, in: label, on: canvas) }
            if showsDebugOverlay {
                // Only what the tile shows: scrolled-away content is clipped by the screen.
                canvas.save()
                canvas.clip(to: tile.frame)
                DebugOverlay.draw(
                    tile: tree.sublayers[i], paths: sessions[i].debugPaths, scale: scale, on: canvas)
                canvas.restore()
            }
        }
        if layout.hud.intersects(area) { HUDPainter.drawBar(hud, in: layout.hud, on: canvas) }
        if showsHelp {
            HUDPainter.drawHelp(
                in: Rect(x: 0, y: 0, width: layout.size.width, height: layout.hud.minY), on: canvas)
        }
        canvas.restore()
    }

    private func drawLabel(_ index: Int, in rect: Rect, on canvas: Canvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        let session = sessions[index]
        let number = (Catalog.all.firstIndex { $0.id == session.info.id } ?? index) + 1
        let size = 12.0
        let text = Self.fitted(
            "\(number)  \(session.info.title)", width: rect.width - 4,
            measure: { canvas.textWidth($0, size: size) },
            displayable: { canvas.displayable($0, size: size) })
        let width = canvas.textWidth(text, size: size)
        canvas.save()
        canvas.clip(to: rect)
        canvas.drawText(
            text, at: Point(x: rect.midX - width / 2, y: rect.minY + 13), size: size,
            color: index == focusedIndex ? HUDPainter.textColor : Self.labelColor)
        canvas.restore()
    }

    /// `title` as it fits in `width`: whole; else without its parenthesised origin
    /// ("4  Orbit ring"); else cut short with "...".
    nonisolated static func fitted(
        _ title: String, width: Double, measure: (String) -> Double, displayable: (String) -> String
    ) -> String {
        let whole = displayable(title)
        if measure(whole) <= width { return whole }
        var short = whole
        if let paren = short.firstIndex(of: "(") {
            short = String(short[..<paren]).trimmingCharacters(in: .whitespaces)
            if measure(short) <= width { return short }
        }
        while !short.isEmpty, measure(short + "...") > width { short.removeLast() }
        return short.isEmpty ? "" : short + "..."
    }
}
