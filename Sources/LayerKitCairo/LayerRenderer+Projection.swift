import CCairo
import LayerKit

/// Layers placed with perspective or turned out of the plane: flattened, then projected.
extension LayerRenderer {
    /// The most pixels a projected layer's flattened image may have (16 MiB of ARGB); its
    /// resolution is lowered to fit.
    static let maximumProjectedPixels = 1 << 22
    /// The most image pixels per layer point a projected layer is flattened at (near the eye a
    /// projection magnifies without bound).
    static let maximumProjectedScale = 16.0

    /// Draws `layer` with its subtree, placed by `projection` (its bounds coordinates to the
    /// canvas's device pixels), at `alpha`, as Core Animation draws a layer whose transform is
    /// not affine: flattened into its own plane, then projected.
    ///
    /// **How.** The layer is drawn as a root, in its own bounds coordinates, into an offscreen
    /// image (opacity, shadow, mask and clip as on a flat canvas); `ProjectiveSampler` maps
    /// that image through `projection` into an image of the device pixels it covers, which is
    /// painted at `alpha` under the current clip. Only the layer's part in front of the eye
    /// (`W > 0`, `ProjectiveTransform.clippedInFront`) that reaches the surface counts.
    ///
    /// **Resolution.** The image has as many pixels per layer point as the projection's largest
    /// stretch over the part that reaches the surface (at most `maximumProjectedScale`, and
    /// fewer when it would exceed `maximumProjectedPixels`), on a grid anchored at the layer's
    /// extent: both depend on the layer and the surface, not on the clip, so drawing a region
    /// of the canvas gives the same pixels as drawing all of it. Of the image only the part the
    /// clip needs (and a margin for the interpolation) is drawn.
    ///
    /// A projection that cannot be inverted, or an image that cannot be made, draws nothing.
    func drawProjected(
        _ layer: PresentationLayer, projection: ProjectiveTransform, alpha: Double, _ canvas: Canvas
    ) {
        let surface = canvas.surface
        guard alpha > 0, let toLayer = projection.inverted() else { return }
        let surfaceRect = Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        guard
            let extent = Self.localExtent(of: layer)
                ?? Self.preimage(of: surfaceRect, toLayer) ?? Optional(layer.properties.bounds),
            extent.isFinite, !extent.isEmpty
        else { return }
        let e = extent.standardized
        // What of it reaches the surface, and how finely it must be drawn for that.
        let onSurface = ProjectiveTransform.clip(projection.project(e), to: surfaceRect)
        guard onSurface.count >= 3 else { return }
        let visibleInPlane = onSurface.compactMap { toLayer.apply(to: $0) }
        guard !visibleInPlane.isEmpty else { return }
        let visible = ProjectiveTransform.boundingBox(of: visibleInPlane).intersection(e)
        guard !visible.isNull else { return }
        var scale = visibleInPlane.reduce(0) { Swift.max($0, projection.scale(at: $1)) }
        let area = Swift.max(visible.width * visible.height, 1e-12)
        scale = Swift.min(
            scale, Self.maximumProjectedScale, (Double(Self.maximumProjectedPixels) / area).squareRoot())
        guard scale.isFinite, scale > 1e-3 else { return }

        // What of that the clip needs.
        guard let clip = canvas.deviceClip else { return }
        let needed = ProjectiveTransform.clip(onSurface, to: clip.rect)
        guard needed.count >= 3,
            let target = Canvas.wholePixels(ProjectiveTransform.boundingBox(of: needed), within: surface)
        else { return }
        let neededInPlane = needed.compactMap { toLayer.apply(to: $0) }
        guard !neededInPlane.isEmpty else { return }
        // Two image pixels of margin for the interpolation, on the grid anchored at the extent.
        let margin = 2 / scale
        let source = ProjectiveTransform.boundingBox(of: neededInPlane).insetBy(dx: -margin, dy: -margin)
            .intersection(e.insetBy(dx: -margin, dy: -margin))
        guard !source.isNull else { return }
        let i0 = ((source.minX - e.minX) * scale).rounded(.down)
        let j0 = ((source.minY - e.minY) * scale).rounded(.down)
        let i1 = ((source.maxX - e.minX) * scale).rounded(.up)
        let j1 = ((source.maxY - e.minY) * scale).rounded(.up)
        let width = i1 - i0
        let height = j1 - j0
        guard width >= 1, height >= 1, width * height <= 2 * Double(Self.maximumProjectedPixels),
            width <= Double(ImageSurface.maximumSide), height <= Double(ImageSurface.maximumSide)
        else { return }
        // Layer points to image pixels.
        let toImage = AffineTransform(
            a: scale, b: 0, c: 0, d: scale, tx: -e.minX * scale - i0, ty: -e.minY * scale - j0)
        guard let image = try? ImageSurface(width: Int(width), height: Int(height)),
            let offscreen = try? Canvas(surface: image), offscreen.concat(toImage)
        else { return }
        drawLayer(Self.inOwnPlane(layer), on: offscreen)
        guard offscreen.error == nil,
            let projected = try? ImageSurface(width: target.width, height: target.height)
        else { return }
        let map = ProjectiveTransform(AffineTransform(translationX: Double(target.x), y: Double(target.y)))
            .concatenating(toLayer).concatenating(ProjectiveTransform(toImage))
        ProjectiveSampler.resample(image, into: projected, map: map)
        let cr = canvas.cr
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, projected.pointer, Double(target.x), Double(target.y))
        cairo_paint_with_alpha(cr, Swift.min(1, alpha))
        cairo_restore(cr)
    }

    /// The layer placed so that its bounds coordinates are its superlayer's: drawn as a root
    /// into its own plane (its transform, position and depth replaced, nothing else).
    static func inOwnPlane(_ layer: PresentationLayer) -> PresentationLayer {
        var flat = layer
        flat.properties.transform = .identity
        flat.properties.position = layer.properties.anchorInBounds
        flat.properties.zPosition = 0
        flat.properties.isDoubleSided = true
        return flat
    }

    /// The bounding box of `rect`'s preimage under the map whose inverse is `toLayer`, when
    /// every corner of `rect` is the image of a point in front of the eye; nil otherwise.
    static func preimage(of rect: Rect, _ toLayer: ProjectiveTransform) -> Rect? {
        let r = rect.standardized
        var box = Rect.null
        for p in [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
            Point(x: r.minX, y: r.maxY),
        ] {
            guard let q = toLayer.apply(to: p) else { return nil }
            box = box.union(Rect(origin: q, size: .zero))
        }
        return box.isFinite ? box : nil
    }
}
