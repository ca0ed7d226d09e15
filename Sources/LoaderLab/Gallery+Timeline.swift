import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// The timeline panel (T): the focused tile's animations as rows of bars and curves under the
/// tiles, scrubbing, hovering a row to outline its layer (or, with the debug overlay, a layer to
/// highlight its rows), and the rate and pause buttons. Its state is a `TimelinePanel`.
extension GalleryApp {
    // MARK: - Layout

    /// The layout for `size`, with the timeline panel when it is open.
    func makeLayout(size: Size) -> GalleryLayout {
        let panel =
            timeline.isOpen ? clampedPanelHeight(timeline.panelHeight, windowHeight: size.height) : 0
        return isSingle
            ? .single(size: size, timelineHeight: panel)
            : .gallery(kinds: tiles.map(\.session.info.kind), size: size, timelineHeight: panel)
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

    /// Opens or closes the timeline panel; the tiles make room for it.
    public func toggleTimeline() {
        timeline.isOpen.toggle()
        timeline.resetRows()
        timeline.drag = nil
        timeline.content = nil
        relayout()
    }

    public var isTimelineOpen: Bool { timeline.isOpen }

    // MARK: - Pointer

    /// The panel's share of pointer events (and the hover); true when it took the event.
    func timelinePointer(_ event: PointerEvent) -> Bool {
        switch event {
        case .hover(let p):
            hover(at: p)
            return true
        case .down(let p):
            if let panel = layout.timeline {
                let g = TimelineGeometry(rect: panel)
                if g.resizeEdge.contains(p) {
                    timeline.drag = .resize(startY: p.y, startHeight: panel.height)
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
            return false
        case .moved(let p):
            guard let drag = timeline.drag else { return false }
            switch drag {
            case .resize(let y0, let h0): setPanelHeight(h0 + (y0 - p.y))
            case .scrub: scrub(to: p)
            }
            return true
        case .up(let p):
            guard let drag = timeline.drag else { return false }
            if case .scrub = drag { scrub(to: p) }
            timeline.drag = nil
            return true
        }
    }

    private func setPanelHeight(_ h: Double) {
        let clamped = clampedPanelHeight(h, windowHeight: layout.size.height)
        guard clamped != timeline.panelHeight else { return }
        timeline.panelHeight = clamped
        relayout()
    }

    /// Pauses the gallery and moves it to the time under `p` (the replays let go first: their
    /// script runs forwards only).
    private func beginScrub(at p: Point) {
        for i in tiles.indices { cancelReplay(i) }
        playback.pause(at: scene.currentTime)
        timeline.drag = .scrub
        scrub(to: p)
    }

    /// Moves the (paused) gallery to the time under `p`: the tiles, screens and viewports have
    /// no timing of their own, so a tile's time is the root's.
    private func scrub(to p: Point) {
        guard let panel = layout.timeline, let axis = timeline.axis else { return }
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
        if timeline.isOpen, let content = timeline.content {
            if let panel = layout.timeline, panel.contains(p) {
                row = TimelineGeometry(rect: panel).row(at: p, count: content.rows.count)
                target = row.map { content.rows[$0].indexPath }
            } else if showsDebugOverlay, tiles.indices.contains(focusedIndex),
                tiles[focusedIndex].slot.screenInWindow.contains(p)
            {
                target = animatedLayer(at: p, rows: content.rows)
            }
        }
        guard row != timeline.hoveredRow || target != timeline.target else { return }
        timeline.hoveredRow = row
        timeline.target = target
        timeline.hoverChanged = true
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

    /// True while the panel itself moves: a completed row fades, or a hover changed what is
    /// highlighted.
    var timelineNeedsFrames: Bool {
        if timeline.hoverChanged { return true }
        return timeline.isOpen && !timeline.completed.isEmpty
    }

    /// Gathers what the panel shows this frame (only while it is open).
    func prepareTimeline(tree: PresentationLayer) {
        guard timeline.isOpen, layout.timeline != nil, let session = focusedSession else {
            timeline.content = nil
            timeline.outline = nil
            return
        }
        if timeline.tile != focusedIndex {
            timeline.resetRows()
            timeline.tile = focusedIndex
        }
        let now = scene.clock.now()
        let playhead = session.layer.convertTime(scene.lastUpdate ?? scene.currentTime, from: nil)
        let current = TimelineRow.rows(from: session.layer.animatedLayers())
        let ids = Set(current.map(\.id))
        for row in timeline.rows where !ids.contains(row.id) {
            var gone = row
            gone.completedAt = now
            timeline.completed.append(gone)
        }
        timeline.completed.removeAll {
            ids.contains($0.id) || now - ($0.completedAt ?? now) >= TimelinePainter.completedLifetime
        }
        timeline.rows = current
        if case .scrub = timeline.drag {
            // The axis holds still under a scrubbing pointer.
        } else {
            let tops = current.filter { !$0.isChild }
            let topIDs = Set(tops.map(\.id))
            if let axis = timeline.axis {
                let fresh = tops.filter { !timeline.axisIDs.contains($0.id) }
                let fits = fresh.allSatisfy { row in
                    let (begin, end) = row.interval
                    return begin >= axis.start && (end <= axis.end || !end.isFinite)
                }
                if fits {
                    timeline.axis = axis.paging(to: playhead)
                    timeline.axisIDs.formUnion(topIDs)
                } else {
                    timeline.axis = TimelineAxis.fitting(current, playhead: playhead)
                    timeline.axisIDs = topIDs
                }
            } else {
                timeline.axis = TimelineAxis.fitting(current, playhead: playhead)
                timeline.axisIDs = topIDs
            }
        }
        let all = current + timeline.completed
        if let row = timeline.hoveredRow, row >= all.count { timeline.hoveredRow = nil }
        let number = (numbering.firstIndex(of: session.info.id) ?? focusedIndex) + 1
        timeline.content = TimelineContent(
            title: "\(number) \(session.info.title): \(session.status.rawValue)", rows: all,
            axis: timeline.axis ?? TimelineAxis.fitting(all, playhead: playhead), playhead: playhead,
            controls: .init(isPaused: playback.isPaused, rate: Playback.describe(playback.rate)),
            now: timeline.completed.isEmpty ? 0 : now, hoveredRow: timeline.hoveredRow,
            highlightedLayer: timeline.target)
        timeline.outline = timeline.target.flatMap { path in
            viewportLayer(tile: focusedIndex, path: path, tree: tree).map { layer, toWindow in
                toWindow.apply(to: layer.properties.bounds).insetBy(dx: -3, dy: -3)
            }
        }
    }

    /// What the panel and the cues changed since the last frame, in pixels: the panel (or only
    /// the playhead's old and new strips), the outline where it was and where it is (whole, for
    /// the reason `cueDamage` gives), then the cues (`cueDamage`).
    func overlayDamage(adding damage: [PixelRect], in buffer: PixelBuffer) -> [PixelRect] {
        var rects: [Rect] = []
        if let panel = layout.timeline, let content = timeline.content, content != timeline.drawnContent {
            if let drawn = timeline.drawnContent, content.differsOnlyInPlayhead(from: drawn) {
                rects.append(TimelinePainter.playheadStrip(at: drawn.playhead, axis: drawn.axis, in: panel))
                rects.append(
                    TimelinePainter.playheadStrip(at: content.playhead, axis: content.axis, in: panel))
            } else {
                rects.append(panel)
            }
        }
        if timeline.outline != timeline.drawnOutline {
            rects += [timeline.outline, timeline.drawnOutline].compactMap { $0 }
        } else if let outline = timeline.outline {
            rects.append(outline)
        }
        rects += cueDamage(adding: damage, in: buffer)
        return rects.map { pixelRect($0, in: buffer) }.filter { !$0.isEmpty }
    }

    /// The frame was drawn: what it showed is what the next one compares with.
    func timelineDidDraw() {
        timeline.drawnContent = timeline.content
        timeline.drawnOutline = timeline.outline
        timeline.hoverChanged = false
    }

    /// Draws the inspected layer's outline and the panel where they meet `area`.
    func drawTimeline(in area: Rect, tree: PresentationLayer, on canvas: Canvas) {
        if let path = timeline.target, let outline = timeline.outline, outline.intersects(area),
            let (layer, toWindow) = viewportLayer(tile: focusedIndex, path: path, tree: tree)
        {
            canvas.save()
            canvas.clip(to: tiles[focusedIndex].slot.screenInWindow.insetBy(dx: -3, dy: -3))
            let box = Path.rect(layer.properties.bounds).applying(toWindow)
            canvas.stroke(box, color: TimelinePainter.panelColor, width: 3)
            canvas.stroke(box, color: TimelinePainter.highlightColor, width: 1.5)
            canvas.restore()
        }
        if let panel = layout.timeline, panel.intersects(area) {
            if let content = timeline.content {
                TimelinePainter.draw(content, in: panel, area: area, on: canvas)
            } else {
                canvas.fill(panel, color: TimelinePainter.panelColor)
            }
        }
    }

    /// The panel's, the cues' and the replays' part of the frame log's line.
    var timelineSummary: String {
        func f(_ v: Double) -> String { String(format: "%.4f", v) }
        var parts = ["rate=\(Playback.describe(playback.rate))", "timeline=\(timeline.isOpen ? 1 : 0)"]
        if timeline.isOpen, let c = timeline.content {
            parts.append("rows=\(timeline.rows.count)")
            parts.append("completed=\(timeline.completed.count)")
            parts.append("playhead=\(f(c.playhead))")
            parts.append("axis=\(f(c.axis.start)),\(f(c.axis.span)),\(f(c.axis.origin))")
            if let panel = layout.timeline { parts.append("panel=\(f(panel.minY)),\(f(panel.height))") }
        }
        parts.append("hover=\(timeline.hoveredRow.map(String.init) ?? "-")")
        parts.append("target=\(timeline.target.map { $0.map(String.init).joined(separator: ".") } ?? "-")")
        parts.append("cues=\(visibleCueCount)")
        parts.append("replays=\(replayCount)")
        return parts.joined(separator: " ")
    }
}
