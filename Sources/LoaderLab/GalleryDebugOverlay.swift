import LayerKit
import LayerKitCairo

/// The D overlay: every layer the renderer draws, as its bounds and its anchor point (where
/// `position` puts it), its mask's bounds, shadow outline and gradient line
/// (`drawAppearance`), and the keyframe paths a loader reports, all placed in window points
/// by a `.drawn` `PresentationWalk` — where the renderer places them — and clipped to what
/// their ancestors' masks show (as boxes). A layer placed with perspective shows as its
/// bounds' projected outline (its part in front of the eye) and its anchor point. A layer that
/// `shouldRasterize` (drawn from a cached bitmap) has its bounds in blue rather than magenta.
enum DebugOverlay {
    static let boundsColor = Color(red: 1, green: 0.2, blue: 0.85, alpha: 0.75)
    static let rasterizedColor = Color(red: 0.35, green: 0.45, blue: 1, alpha: 0.95)
    static let anchorColor = Color(red: 1, green: 0.9, blue: 0.1, alpha: 1)
    static let pathColor = Color(red: 0.1, green: 1, blue: 0.5, alpha: 0.9)

    /// Draws the overlay for one tile subtree (a sublayer of an identity-placed root).
    static func draw(
        tile: PresentationLayer, paths: [(name: String, path: Path, toLayer: String)], scale: Double,
        on canvas: Canvas
    ) {
        let hairline = 1 / Swift.max(1, scale)
        var named: [String: PresentationWalk.Place] = [:]
        tile.visit { layer, place in
            canvas.save()
            if let clip = place.clip { canvas.clip(to: clip) }
            if let projection = place.projection {
                drawProjected(layer, projection, hairline: hairline, on: canvas)
                canvas.restore()
                if let name = layer.name, named[name] == nil { named[name] = place }
                return true
            }
            canvas.stroke(
                Path.rect(layer.properties.bounds).applying(place.toRoot),
                color: layer.properties.shouldRasterize ? rasterizedColor : boundsColor, width: hairline)
            let a = place.toRoot.apply(to: layer.properties.anchorInBounds)
            canvas.fill(
                Path.oval(in: Rect(x: a.x - 2, y: a.y - 2, width: 4, height: 4)), color: anchorColor)
            drawAppearance(layer, toRoot: place.toRoot, hairline: hairline, on: canvas)
            canvas.restore()
            if let name = layer.name, named[name] == nil { named[name] = place }
            return true
        }
        for entry in paths {
            guard let target = named[entry.toLayer] else { continue }
            canvas.save()
            if let clip = target.clip { canvas.clip(to: clip) }
            canvas.stroke(entry.path.applying(target.toRoot), color: pathColor, width: 1.5 * hairline)
            canvas.restore()
        }
    }
}

extension DebugOverlay {
    /// A projected layer's bounds as the quadrilateral they project to, and its anchor point.
    static func drawProjected(
        _ layer: PresentationLayer, _ projection: ProjectiveTransform, hairline: Double, on canvas: Canvas
    ) {
        // Cut near the window: an outline reaching the horizon runs off towards infinity, past
        // what Cairo's fixed-point coordinates hold.
        let outline = ProjectiveTransform.clip(
            projection.project(layer.properties.bounds), to: Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
        if outline.count >= 3 {
            var path = Path()
            path.move(to: outline[0])
            for p in outline.dropFirst() { path.addLine(to: p) }
            path.close()
            canvas.stroke(path, color: boundsColor, width: hairline)
        }
        if let a = projection.apply(to: layer.properties.anchorInBounds) {
            canvas.fill(Path.oval(in: Rect(x: a.x - 2, y: a.y - 2, width: 4, height: 4)), color: anchorColor)
        }
    }
}
