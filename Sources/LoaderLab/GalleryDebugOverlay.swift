import LayerKit
import LayerKitCairo

/// The D overlay: every visible layer's bounds, its anchor point (where `position` puts it),
/// its mask's bounds, shadow outline and gradient line (`drawAppearance`), and the keyframe
/// paths a loader reports, all mapped into window points through the presentation tree's
/// transforms.
enum DebugOverlay {
    static let boundsColor = Color(red: 1, green: 0.2, blue: 0.85, alpha: 0.75)
    static let anchorColor = Color(red: 1, green: 0.9, blue: 0.1, alpha: 1)
    static let pathColor = Color(red: 0.1, green: 1, blue: 0.5, alpha: 0.9)

    /// Draws the overlay for one tile subtree (a sublayer of an identity-placed root).
    static func draw(
        tile: PresentationLayer, paths: [(name: String, path: Path, toLayer: String)], scale: Double,
        on canvas: Canvas
    ) {
        let hairline = 1 / Swift.max(1, scale)
        var named: [String: (toRoot: AffineTransform, clip: Rect?)] = [:]
        visit(tile, toParent: .identity, clip: nil) { layer, toRoot, clip in
            canvas.save()
            if let clip { canvas.clip(to: clip) }
            let b = layer.properties.bounds
            canvas.stroke(Path.rect(b).applying(toRoot), color: boundsColor, width: hairline)
            let anchor = Point(
                x: b.origin.x + layer.properties.anchorPoint.x * b.size.width,
                y: b.origin.y + layer.properties.anchorPoint.y * b.size.height)
            let a = toRoot.apply(to: anchor)
            canvas.fill(
                Path.oval(in: Rect(x: a.x - 2, y: a.y - 2, width: 4, height: 4)), color: anchorColor)
            drawAppearance(layer, toRoot: toRoot, hairline: hairline, on: canvas)
            canvas.restore()
            if let name = layer.name, named[name] == nil { named[name] = (toRoot, clip) }
        }
        for entry in paths {
            guard let target = named[entry.toLayer] else { continue }
            canvas.save()
            if let clip = target.clip { canvas.clip(to: clip) }
            canvas.stroke(entry.path.applying(target.toRoot), color: pathColor, width: 1.5 * hairline)
            canvas.restore()
        }
    }

    /// Calls `body` for each visible layer of the subtree with its layer-to-root transform and
    /// the clip its ancestors' `masksToBounds` impose (root coordinates; the bounding box when
    /// rotated). A hidden or fully transparent layer is skipped with its subtree, as the
    /// renderer does.
    static func visit(
        _ layer: PresentationLayer, toParent: AffineTransform, clip: Rect?,
        _ body: (PresentationLayer, AffineTransform, Rect?) -> Void
    ) {
        let p = layer.properties
        guard !p.isHidden, p.opacity > 0 else { return }
        let toRoot = p.toSuperlayer.affine.concatenating(toParent)
        guard toRoot.isFinite else { return }
        body(layer, toRoot, clip)
        var childClip = clip
        if p.masksToBounds {
            let own = toRoot.apply(to: p.bounds)
            childClip = clip.map { $0.intersection(own) } ?? own
        }
        // The sublayer transform applies about the anchor point, in this layer's coordinates.
        var childParent = toRoot
        if !p.sublayerTransform.isIdentity {
            let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
            let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
            childParent = AffineTransform(translationX: -ax, y: -ay)
                .concatenating(p.sublayerTransform.affine)
                .concatenating(AffineTransform(translationX: ax, y: ay))
                .concatenating(toRoot)
        }
        for sub in layer.sublayers { visit(sub, toParent: childParent, clip: childClip, body) }
    }
}
