import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// Drawing a frame: the scene at the clock's time, redrawn where `GalleryDamage` finds it
/// changed, with the titles, overlays and HUD over it.
extension GalleryApp {
    public func renderFrame(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect] {
        let started = scene.clock.now()
        captureRecordedFrames(through: started)
        scene.update(to: started)
        let tree = scene.presentation()
        let canvas = try canvas(for: buffer)
        prepareTimeline(tree: tree)
        // The HUD reports this frame's numbers: record before composing its text.
        stats.record(time: started, cost: lastCost)
        let hud = hudText
        var regions = damage.regions(
            tiles: tree.sublayers, hud: hud, layout: layout, scale: scale, in: buffer.bounds,
            fullRedraw: fullRedraw, showsOutlines: showsDebugOverlay)
        if regions != [buffer.bounds] {
            regions = GalleryDamage.merged(regions + overlayDamage(adding: regions, in: buffer))
        }
        for region in regions {
            draw(region, tree: tree, hud: hud, on: canvas)
        }
        canvas.surface.flush()
        timelineDidDraw()
        cuesDidDraw()
        lastCost = scene.clock.now() - started
        return regions
    }

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
            damage.invalidate()
            return c
        } catch {
            throw RenderFailure(
                "cannot draw into the \(buffer.width)x\(buffer.height) frame buffer: \(error)")
        }
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
            renderer.draw(tree.sublayers[i], on: canvas, over: Self.backgroundColor, slot: i)
            if let label = tile.label, label.intersects(area) { drawLabel(i, in: label, on: canvas) }
            if showsDebugOverlay {
                // Only what the tile shows: scrolled-away content is clipped by the screen.
                canvas.save()
                canvas.clip(to: tile.frame)
                DebugOverlay.draw(
                    tile: tree.sublayers[i], paths: tiles[i].session.debugPaths, scale: scale, on: canvas)
                canvas.restore()
            }
        }
        drawCues(in: area, on: canvas)
        drawTimeline(in: area, tree: tree, on: canvas)
        if layout.hud.intersects(area) { HUDPainter.drawBar(hud, in: layout.hud, on: canvas) }
        if let notice {
            notice.draw(
                in: Rect(x: 0, y: 0, width: layout.size.width, height: layout.hud.minY), on: canvas)
        }
        if showsHelp {
            HUDPainter.drawHelp(
                in: Rect(x: 0, y: 0, width: layout.size.width, height: layout.hud.minY), on: canvas)
        }
        canvas.restore()
    }

    private func drawLabel(_ index: Int, in rect: Rect, on canvas: Canvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        let session = tiles[index].session
        let number = (numbering.firstIndex(of: session.info.id) ?? index) + 1
        let size = Self.textSize
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

    /// `r` (window points) as the pixels that cover it in `buffer`.
    func pixelRect(_ r: Rect, in buffer: PixelBuffer) -> PixelRect {
        PixelRect(covering: r, scale: scale).intersection(buffer.bounds)
    }
}
