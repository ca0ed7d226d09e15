import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// What the gallery's inspector keeps between frames: the timeline panel (T) and its rows, the
/// replays R started, the headers' first-look cues, and what the pointer hovers.
///
/// Nothing here runs while the panel is closed, no replay runs and no cue fades: the panel's
/// rows are gathered only in frames drawn with it open, and a hover asks for a frame only when
/// what it highlights changes.
@MainActor
final class TimelineInspector {
    var isOpen = false
    /// The panel's height in points (dragging its top edge changes it).
    var panelHeight = TimelineGeometry.height(rows: 5)

    /// The session whose animations the rows are.
    var tile: Int?
    /// The running animations, in tree order, and those that went (greyed, for a while).
    var rows: [TimelineRow] = []
    var completed: [TimelineRow] = []
    var axis: TimelineAxis?
    /// The animations the axis was fitted to.
    var axisIDs: Set<UInt64> = []
    /// What this frame shows and what the last frame showed.
    var content: TimelineContent?
    var drawnContent: TimelineContent?

    enum Drag {
        case resize(startY: Double, startHeight: Double)
        case scrub
    }
    var drag: Drag?

    /// The row under the pointer, and the layer being inspected: the hovered row's, or the one
    /// under the pointer in the focused tile while the debug overlay is on.
    var hoveredRow: Int?
    var target: [Int]?
    /// The inspected layer's box in the window this frame and in the last drawn one.
    var outline: Rect?
    var drawnOutline: Rect?
    var hoverChanged = false

    /// When each header was first used (app clock): its cue fades from then.
    var usedAt: [Int: Double] = [:]
    var drawnCueAlpha: [Int: Double] = [:]

    /// The replays running, by session.
    var pulls: [Int: SyntheticPull] = [:]

    /// Forgets the rows and the axis (another tile, the panel reopened).
    func resetRows() {
        rows = []
        completed = []
        axis = nil
        axisIDs = []
        hoveredRow = nil
        target = nil
    }

    /// How long a header's cue takes to fade after its first use.
    static let cueFade = 0.6
}

extension GalleryApp {
    // MARK: - Layout

    /// The layout for `size`, with the timeline panel when it is open.
    func makeLayout(size: Size) -> GalleryLayout {
        let panel =
            inspector.isOpen ? clampedPanelHeight(inspector.panelHeight, windowHeight: size.height) : 0
        return isSingle
            ? .single(size: size, timelineHeight: panel)
            : .gallery(kinds: sessions.map(\.info.kind), size: size, timelineHeight: panel)
    }

    /// A panel height between one row's and what leaves the tiles 120 points.
    func clampedPanelHeight(_ h: Double, windowHeight: Double) -> Double {
        let lowest = TimelineGeometry.height(rows: 1)
        let highest = Swift.max(lowest, windowHeight - GalleryLayout.hudHeight - 120)
        return Swift.min(Swift.max(h.isFinite ? h : lowest, lowest), highest)
    }

    func relayout() {
        layout = makeLayout(size: layout.size)
        applyLayout()
        damage.invalidate()
    }

    /// Steps the replays with every update, after the sessions' own step.
    func installInspector() {
        scene.addUpdateHandler { [unowned self] in stepReplays() }
    }

    // MARK: - Keys

    /// T, R, [ and ].
    func inspectorKey(_ c: Character) {
        switch c {
        case "t", "T": toggleTimeline()
        case "r", "R": replayFocused()
        case "[": playback.stepRate(slower: true, at: scene.currentTime)
        case "]": playback.stepRate(slower: false, at: scene.currentTime)
        default: break
        }
    }

    /// Opens or closes the timeline panel; the tiles make room for it.
    public func toggleTimeline() {
        inspector.isOpen.toggle()
        inspector.resetRows()
        inspector.drag = nil
        inspector.content = nil
        relayout()
    }

    public var isTimelineOpen: Bool { inspector.isOpen }

    // MARK: - Replays and first use

    /// R: the focused loader from its start. A standalone loader stops and starts again; a
    /// header gets a synthetic pull and release (a refresh in progress ends first). Runs on
    /// when paused.
    public func replayFocused() {
        guard let session = focusedSession else { return }
        let i = focusedIndex
        markUsed(i)
        if playback.isPaused { playback.togglePause(at: scene.currentTime) }
        if session.info.kind == .header {
            guard inspector.pulls[i] == nil else { return }
            if session.status == .refreshing { session.stop() }
            inspector.pulls[i] = SyntheticPull()
        } else {
            session.stop()
            session.start()
        }
    }

    private func stepReplays() {
        for (i, pull) in inspector.pulls {
            let session = sessions[i]
            var p = pull
            let done = p.step(session, at: session.layer.convertTime(scene.currentTime, from: nil))
            inspector.pulls[i] = done ? nil : p
        }
    }

    /// Lets go of a replay's finger (the user takes over, or scrubs).
    private func cancelReplay(_ i: Int) {
        guard let pull = inspector.pulls.removeValue(forKey: i) else { return }
        pull.lift(sessions[i])
    }

    /// A header's first use (a press on its list, its key, R): its cue starts fading.
    func markUsed(_ i: Int) {
        guard sessions.indices.contains(i), sessions[i].info.kind == .header, inspector.usedAt[i] == nil
        else { return }
        inspector.usedAt[i] = scene.clock.now()
    }

    /// How visible header `i`'s "pull down" cue is: 1 while it rests and was never used, then
    /// fading to 0 from its first use; 0 while it is not at rest however that came about.
    func cueAlpha(_ i: Int, now: Double) -> Double {
        guard sessions.indices.contains(i), sessions[i].info.kind == .header, sessions[i].status == .idle
        else { return 0 }
        guard let used = inspector.usedAt[i] else { return 1 }
        return Swift.max(0, 1 - (now - used) / TimelineInspector.cueFade)
    }

    /// Where header `i`'s cue is drawn: across the top of its screen.
    func cueRect(_ i: Int) -> Rect {
        let screen = layout.tiles[i].screenInWindow
        return Rect(x: screen.minX, y: screen.minY + 6, width: screen.width, height: 42)
    }

    // MARK: - Pointer

    /// The panel's share of pointer events; true when it took the event. A press on a
    /// header's list counts as its first use (and stops its replay) before the list gets it.
    func inspectorPointer(_ event: PointerEvent) -> Bool {
        switch event {
        case .hover(let p):
            hover(at: p)
            return true
        case .down(let p):
            if let panel = layout.timeline {
                let g = TimelineGeometry(rect: panel)
                if g.resizeEdge.contains(p) {
                    inspector.drag = .resize(startY: p.y, startHeight: panel.height)
                    return true
                }
                if panel.contains(p) {
                    if g.playButton.contains(p) {
                        playback.togglePause(at: scene.currentTime)
                    } else if g.rateButton.contains(p) {
                        playback.cycleRate(at: scene.currentTime)
                    } else if g.scrubArea.contains(p) {
                        beginScrub(at: p)
                    }
                    return true
                }
            }
            if let i = tileIndex(at: p), sessions[i].info.kind == .header,
                layout.tiles[i].screenInWindow.contains(p)
            {
                markUsed(i)
                cancelReplay(i)
            }
            return false
        case .moved(let p):
            guard let drag = inspector.drag else { return false }
            switch drag {
            case .resize(let y0, let h0): setPanelHeight(h0 + (y0 - p.y))
            case .scrub: scrub(to: p)
            }
            return true
        case .up(let p):
            guard let drag = inspector.drag else { return false }
            if case .scrub = drag { scrub(to: p) }
            inspector.drag = nil
            return true
        }
    }

    private func setPanelHeight(_ h: Double) {
        let clamped = clampedPanelHeight(h, windowHeight: layout.size.height)
        guard clamped != inspector.panelHeight else { return }
        inspector.panelHeight = clamped
        relayout()
    }

    /// Pauses the gallery and moves it to the time under `p` (the replays let go first: their
    /// script runs forwards only).
    private func beginScrub(at p: Point) {
        for i in Array(inspector.pulls.keys) { cancelReplay(i) }
        playback.pause(at: scene.currentTime)
        inspector.drag = .scrub
        scrub(to: p)
    }

    /// Moves the (paused) gallery to the time under `p`: the tiles, screens and viewports have
    /// no timing of their own, so a tile's time is the root's.
    private func scrub(to p: Point) {
        guard let panel = layout.timeline, let axis = inspector.axis else { return }
        let g = TimelineGeometry(rect: panel)
        let x = Swift.min(Swift.max(p.x, g.barMinX), g.barMaxX)
        playback.seek(toLocalTime: axis.time(atX: x, minX: g.barMinX, maxX: g.barMaxX))
    }

    /// What the pointer points at: a row of the panel (its layer is outlined in the tile), or
    /// with the debug overlay on a layer of the focused tile (its rows are highlighted). Asks
    /// for a frame only when that changes.
    private func hover(at p: Point) {
        var row: Int?
        var target: [Int]?
        if inspector.isOpen, let content = inspector.content {
            if let panel = layout.timeline, panel.contains(p) {
                row = TimelineGeometry(rect: panel).row(at: p, count: content.rows.count)
                target = row.map { content.rows[$0].indexPath }
            } else if showsDebugOverlay, layout.tiles.indices.contains(focusedIndex),
                layout.tiles[focusedIndex].screenInWindow.contains(p)
            {
                target = animatedLayer(at: p, rows: content.rows)
            }
        }
        guard row != inspector.hoveredRow || target != inspector.target else { return }
        inspector.hoveredRow = row
        inspector.target = target
        inspector.hoverChanged = true
    }

    /// The deepest layer of the focused tile under `p` that has rows.
    private func animatedLayer(at p: Point, rows: [TimelineRow]) -> [Int]? {
        let tree = scene.presentation()
        var best: [Int]?
        for path in Set(rows.map(\.indexPath)) {
            guard let (layer, toWindow) = viewportLayer(tile: focusedIndex, path: path, tree: tree),
                let inverse = toWindow.inverted(), layer.properties.bounds.contains(inverse.apply(to: p))
            else { continue }
            // The deepest; of two at one depth, the one drawn later (on top).
            if let b = best,
                path.count < b.count || (path.count == b.count && path.lexicographicallyPrecedes(b))
            {
                continue
            }
            best = path
        }
        return best
    }

    /// The layer at `path` below tile `i`'s viewport in `tree`, and the map from its bounds to
    /// window points (the tree is gallery → tile → screen → viewport → …).
    func viewportLayer(tile i: Int, path: [Int], tree: PresentationLayer)
        -> (PresentationLayer, LayerKit.AffineTransform)?
    {
        var layer = tree
        var toWindow = tree.transformToSuperlayer(nil)
        for index in [i, 0, 0] + path {
            guard layer.sublayers.indices.contains(index) else { return nil }
            let child = layer.sublayers[index]
            toWindow = child.transformToSuperlayer(layer).concatenating(toWindow)
            layer = child
        }
        return toWindow.isFinite ? (layer, toWindow) : nil
    }

    // MARK: - Frames

    /// True while the inspector itself moves: a replay runs, a cue fades, a completed row
    /// fades, or a hover changed what is highlighted.
    var inspectorNeedsFrames: Bool {
        if inspector.hoverChanged { return true }
        if !inspector.pulls.isEmpty, !playback.isPaused { return true }
        let now = scene.clock.now()
        if inspector.usedAt.values.contains(where: { now - $0 < TimelineInspector.cueFade }) { return true }
        return inspector.isOpen && !inspector.completed.isEmpty
    }

    /// Gathers what the panel shows this frame (only while it is open).
    func prepareInspector(tree: PresentationLayer) {
        guard inspector.isOpen, layout.timeline != nil, let session = focusedSession else {
            inspector.content = nil
            inspector.outline = nil
            return
        }
        if inspector.tile != focusedIndex {
            inspector.resetRows()
            inspector.tile = focusedIndex
        }
        let now = scene.clock.now()
        let playhead = session.layer.convertTime(scene.lastUpdate ?? scene.currentTime, from: nil)
        let current = TimelineRow.rows(from: session.layer.animatedLayers())
        let ids = Set(current.map(\.id))
        for row in inspector.rows where !ids.contains(row.id) {
            var gone = row
            gone.completedAt = now
            inspector.completed.append(gone)
        }
        inspector.completed.removeAll {
            ids.contains($0.id) || now - ($0.completedAt ?? now) >= TimelinePainter.completedLifetime
        }
        inspector.rows = current
        if case .scrub = inspector.drag {
            // The axis holds still under a scrubbing pointer.
        } else {
            let tops = current.filter { !$0.isChild }
            let topIDs = Set(tops.map(\.id))
            if let axis = inspector.axis {
                let fresh = tops.filter { !inspector.axisIDs.contains($0.id) }
                let fits = fresh.allSatisfy { row in
                    let (begin, end) = row.interval
                    return begin >= axis.start && (end <= axis.end || !end.isFinite)
                }
                if fits {
                    inspector.axis = axis.paging(to: playhead)
                    inspector.axisIDs.formUnion(topIDs)
                } else {
                    inspector.axis = TimelineAxis.fitting(current, playhead: playhead)
                    inspector.axisIDs = topIDs
                }
            } else {
                inspector.axis = TimelineAxis.fitting(current, playhead: playhead)
                inspector.axisIDs = topIDs
            }
        }
        let all = current + inspector.completed
        if let row = inspector.hoveredRow, row >= all.count { inspector.hoveredRow = nil }
        let number = (numbering.firstIndex(of: session.info.id) ?? focusedIndex) + 1
        inspector.content = TimelineContent(
            title: "\(number) \(session.info.title): \(session.status.rawValue)", rows: all,
            axis: inspector.axis ?? TimelineAxis.fitting(all, playhead: playhead), playhead: playhead,
            controls: .init(isPaused: playback.isPaused, rate: Playback.describe(playback.rate)),
            now: inspector.completed.isEmpty ? 0 : now, hoveredRow: inspector.hoveredRow,
            highlightedLayer: inspector.target)
        inspector.outline = inspector.target.flatMap { path in
            viewportLayer(tile: focusedIndex, path: path, tree: tree).map { layer, toWindow in
                toWindow.apply(to: layer.properties.bounds).insetBy(dx: -3, dy: -3)
            }
        }
    }

    /// What the inspector changed since the last frame, in pixels: the panel (or only the
    /// playhead's old and new strips), the outline where it was and where it is, the cues whose
    /// opacity changed. A cue or outline that `damage` (the frame's other regions) cuts into is
    /// redrawn whole: Cairo anti-aliases a shape cut by a clip edge a little differently, and
    /// the pieces would not quite match a whole drawing.
    func inspectorDamage(adding damage: [PixelRect], in buffer: PixelBuffer) -> [PixelRect] {
        var rects: [Rect] = []
        if let panel = layout.timeline, let content = inspector.content, content != inspector.drawnContent {
            if let drawn = inspector.drawnContent, content.differsOnlyInPlayhead(from: drawn) {
                rects.append(TimelinePainter.playheadStrip(at: drawn.playhead, axis: drawn.axis, in: panel))
                rects.append(
                    TimelinePainter.playheadStrip(at: content.playhead, axis: content.axis, in: panel))
            } else {
                rects.append(panel)
            }
        }
        if inspector.outline != inspector.drawnOutline {
            rects += [inspector.outline, inspector.drawnOutline].compactMap { $0 }
        } else if let outline = inspector.outline {
            rects.append(outline)
        }
        let now = scene.clock.now()
        for i in sessions.indices where sessions[i].info.kind == .header {
            let a = cueAlpha(i, now: now)
            // The pill's outline reaches half a point outside it.
            let rect = cueRect(i).insetBy(dx: -1, dy: -1)
            if a != (inspector.drawnCueAlpha[i] ?? -1) {
                rects.append(rect)
            } else if a > 0 {
                let pixels = pixelRect(rect, in: buffer)
                if damage.contains(where: { !$0.intersection(pixels).isEmpty }) { rects.append(rect) }
            }
        }
        return rects.map { pixelRect($0, in: buffer) }.filter { !$0.isEmpty }
    }

    /// The frame was drawn: what it showed is what the next one compares with.
    func inspectorDidDraw() {
        inspector.drawnContent = inspector.content
        inspector.drawnOutline = inspector.outline
        inspector.hoverChanged = false
        let now = scene.clock.now()
        for i in sessions.indices where sessions[i].info.kind == .header {
            inspector.drawnCueAlpha[i] = cueAlpha(i, now: now)
        }
    }

    /// Draws the cues, the inspected layer's outline and the panel where they meet `area`.
    func drawInspector(in area: Rect, tree: PresentationLayer, on canvas: Canvas) {
        let now = scene.clock.now()
        for i in layout.tiles.indices where i < sessions.count {
            let a = cueAlpha(i, now: now)
            let rect = cueRect(i)
            guard a > 0, rect.intersects(area) else { continue }
            FirstLookCue.draw(alpha: a, in: rect, clip: layout.tiles[i].screenInWindow, on: canvas)
        }
        if let path = inspector.target, let outline = inspector.outline, outline.intersects(area),
            let (layer, toWindow) = viewportLayer(tile: focusedIndex, path: path, tree: tree)
        {
            canvas.save()
            canvas.clip(to: layout.tiles[focusedIndex].screenInWindow.insetBy(dx: -3, dy: -3))
            let box = Path.rect(layer.properties.bounds).applying(toWindow)
            canvas.stroke(box, color: TimelinePainter.panelColor, width: 3)
            canvas.stroke(box, color: TimelinePainter.highlightColor, width: 1.5)
            canvas.restore()
        }
        if let panel = layout.timeline, panel.intersects(area) {
            if let content = inspector.content {
                TimelinePainter.draw(content, in: panel, area: area, on: canvas)
            } else {
                canvas.fill(panel, color: TimelinePainter.panelColor)
            }
        }
    }

    /// The inspector's part of the frame log's line.
    var inspectorSummary: String {
        func f(_ v: Double) -> String { String(format: "%.4f", v) }
        var parts = ["rate=\(Playback.describe(playback.rate))", "timeline=\(inspector.isOpen ? 1 : 0)"]
        if inspector.isOpen, let c = inspector.content {
            parts.append("rows=\(inspector.rows.count)")
            parts.append("completed=\(inspector.completed.count)")
            parts.append("playhead=\(f(c.playhead))")
            parts.append("axis=\(f(c.axis.start)),\(f(c.axis.span)),\(f(c.axis.origin))")
            if let panel = layout.timeline { parts.append("panel=\(f(panel.minY)),\(f(panel.height))") }
        }
        parts.append("hover=\(inspector.hoveredRow.map(String.init) ?? "-")")
        parts.append("target=\(inspector.target.map { $0.map(String.init).joined(separator: ".") } ?? "-")")
        let now = scene.clock.now()
        let cues = sessions.indices.filter { cueAlpha($0, now: now) > 0 }.count
        parts.append("cues=\(cues)")
        parts.append("replays=\(inspector.pulls.count)")
        return parts.joined(separator: " ")
    }
}
