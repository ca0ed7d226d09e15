import CCairo
import Foundation
import LayerKit

/// A layer's shadow as drawn: what `LayerRenderer.shadow(of:)` makes of the shadow properties.
public struct ShadowStyle: Hashable, Sendable {
    /// `shadowColor` with its alpha multiplied by `shadowOpacity`, clamped.
    public var color: Color
    /// `shadowOffset`, in the layer's coordinates.
    public var offset: Size
    /// The Gaussian's standard deviation in points.
    public var sigma: Double
    /// `shadowPath`, or nil for the layer's own alpha.
    public var path: Path?
}

extension LayerRenderer {
    /// The shadow a layer casts, or nil when none shows.
    ///
    /// **Radius to blur.** Apple documents `shadowRadius` only as "the blur radius", not the
    /// blur's shape. The shadow here is the shape's alpha blurred by a Gaussian of standard
    /// deviation σ = `shadowRadius` (points, scaled with the layer's transform). Why σ = r and
    /// not r/2: CSS defines its blur radius B as a Gaussian of σ = B/2; Sketch, Figma and
    /// Zeplin use CSS's blur, and the conversion in common use from their shadows to Core
    /// Animation is `shadowRadius = blur / 2` (the widely copied `applySketchShadow`); measured
    /// side by side (Bjango, "Matching drop shadows across CSS, Android, iOS, Figma, and
    /// Sketch"), a `shadowRadius` blurs twice as wide as the same CSS value. Both give
    /// σ = `shadowRadius`.
    ///
    /// **Values.** No shadow for: `shadowOpacity` 0, below, or NaN (above 1 counts as 1); a nil
    /// or fully transparent `shadowColor`; a non-finite `shadowOffset` or `shadowRadius`; a
    /// `shadowPath` that is empty or not finite. A negative `shadowRadius` is 0: a hard shadow,
    /// the shape itself.
    public static func shadow(of p: LayerProperties) -> ShadowStyle? {
        let opacity = p.shadowOpacity
        guard opacity > 0, let base = p.shadowColor else { return nil }
        var color = base.clamped
        color.alpha *= min(opacity, 1)
        guard color.alpha > 0, p.shadowOffset.isFinite, p.shadowRadius.isFinite else { return nil }
        if let path = p.shadowPath, path.isEmpty || !path.isFinite { return nil }
        return ShadowStyle(
            color: color, offset: p.shadowOffset, sigma: max(p.shadowRadius, 0), path: p.shadowPath)
    }

    /// Where the shadow can show, in the layer's coordinates: its shape's extent (`shadowPath`'s
    /// control points, or `body`, the layer's own extent) moved by the offset and grown by 3σ
    /// plus a point for antialiasing — and clipped to the bounds with `masksToBounds`, which
    /// clips the shadow too, as on iOS. The drawing is clipped to it, so it bounds the pixels
    /// exactly (the Gaussian past 3σ is below half a level of 255). `.null` when empty; nil
    /// when not finite.
    static func shadowExtent(_ shadow: ShadowStyle, body: Rect, properties p: LayerProperties) -> Rect? {
        let shape = shadow.path?.controlPointBounds ?? body
        if shape.isNull { return .null }
        let grow = 3 * shadow.sigma + 1
        var extent = shape.standardized.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
            .insetBy(dx: -grow, dy: -grow)
        if p.masksToBounds { extent = extent.intersection(p.bounds.standardized) }
        return extent.isFinite || extent.isNull ? extent : nil
    }

    /// The most pixels a shadow's offscreen image may have (64 MiB of ARGB); a larger one is
    /// not drawn.
    static let maximumShadowPixels = 1 << 24

    /// Draws the layer's shadow (if any) under what follows, in the layer's coordinates.
    ///
    /// The shape — `shadowPath` filled with the non-zero rule, or else the layer's body drawn
    /// whole (background, contents, shape, sublayers, border) — is drawn into an offscreen
    /// image on the canvas's own pixel grid, only as much of it as can reach the clip; its alpha
    /// is blurred (`GaussianBlur`, σ in device pixels = σ · √|det| of the current transform);
    /// and the shadow colour is painted through it at the offset, which turns with the layer as
    /// on iOS. Drawing a region of the canvas gives the same pixels as drawing all of it.
    func drawShadow(_ layer: PresentationLayer, radius: Double, _ canvas: Canvas) {
        let p = layer.properties
        guard let shadow = Self.shadow(of: p) else { return }
        let cr = canvas.cr
        let body = Self.bodyExtent(of: layer)
        // Unbounded contents: the shadow is bounded by what the clip can show instead.
        let shapeExtent =
            shadow.path?.controlPointBounds ?? body
            ?? Self.userRect(ofDevice: canvas.deviceClip?.rect, canvas)
        guard let shapeExtent, !shapeExtent.isNull,
            let extent = Self.shadowExtent(shadow, body: shapeExtent, properties: p), !extent.isNull
        else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if p.masksToBounds {
            appendRoundedRect(p.bounds, radius: radius, corners: p.maskedCorners, canvas)
            cairo_clip(cr)
        }
        canvas.clip(to: extent)
        guard let target = canvas.deviceClip else { return }
        let toDevice = canvas.currentTransform
        let offset = Point(
            x: toDevice.a * shadow.offset.width + toDevice.c * shadow.offset.height,
            y: toDevice.b * shadow.offset.width + toDevice.d * shadow.offset.height)
        let sigma = shadow.sigma * abs(toDevice.determinant).squareRoot()
        guard offset.isFinite, sigma.isFinite else { return }
        // The shape's pixels that can blur into the target: the target moved back by the
        // offset, grown by the blur's reach (and a pixel for the fractional placement).
        let reach = Double(GaussianBlur.reach(sigma: sigma) + 1)
        let needed = target.rect.offsetBy(dx: -offset.x, dy: -offset.y).insetBy(dx: -reach, dy: -reach)
        // …and no further than the blur carries the shape's own pixels.
        let shape = toDevice.apply(to: shapeExtent.standardized).insetBy(dx: -reach, dy: -reach)
        guard let area = Self.wholePixels(needed.intersection(shape)),
            area.width * area.height <= Self.maximumShadowPixels,
            let image = try? ImageSurface(width: area.width, height: area.height),
            let offscreen = try? Canvas(surface: image),
            offscreen.concat(
                toDevice.concatenating(AffineTransform(translationX: -Double(area.x), y: -Double(area.y))))
        else { return }
        if let path = shadow.path {
            offscreen.fill(path, color: .black)
        } else {
            drawLayer(Self.bodyOnly(layer), on: offscreen)
        }
        guard offscreen.error == nil else { return }
        Self.blurAlpha(of: image, sigma: sigma)
        canvas.setSource(shadow.color)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, image.pointer, Double(area.x) + offset.x, Double(area.y) + offset.y)
    }

    /// The layer as its shadow's shape: in place (its transform and position replaced so that it
    /// maps onto itself), opaque, without its own shadow and unmasked.
    static func bodyOnly(_ layer: PresentationLayer) -> PresentationLayer {
        var body = layer
        let p = layer.properties
        body.properties.transform = .identity
        body.properties.position = Point(
            x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
            y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
        body.properties.opacity = 1
        body.properties.shadowOpacity = 0
        // The mask applies to the shadow and the body together, after.
        body.mask = nil
        return body
    }

    /// Replaces every pixel of `image` by its alpha blurred, as black of that alpha (a mask).
    static func blurAlpha(of image: ImageSurface, sigma: Double) {
        image.flush()
        let w = image.width
        let h = image.height
        var plane = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = image.data.advanced(by: y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { plane[y * w + x] = Float(row[x] >> 24) / 255 }
        }
        GaussianBlur.blur(&plane, width: w, height: h, sigma: sigma)
        for y in 0..<h {
            let row = image.data.advanced(by: y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let a = min(max(plane[y * w + x], 0), 1)
                row[x] = UInt32((a * 255).rounded()) << 24
            }
        }
        image.markDirty()
    }

    /// The whole pixels `r` (device space) touches, not limited to any surface; nil when none.
    static func wholePixels(_ r: Rect) -> DeviceArea? {
        guard r.isFinite, !r.isNull else { return nil }
        let x0 = r.minX.rounded(.down)
        let y0 = r.minY.rounded(.down)
        let x1 = r.maxX.rounded(.up)
        let y1 = r.maxY.rounded(.up)
        let limit = Double(ImageSurface.maximumSide)
        guard x1 > x0, y1 > y0, x1 - x0 <= limit, y1 - y0 <= limit, abs(x0) < 1e9, abs(y0) < 1e9 else {
            return nil
        }
        return DeviceArea(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// A device rectangle's bounding box in the current user space.
    static func userRect(ofDevice r: Rect?, _ canvas: Canvas) -> Rect? {
        guard let r, let toUser = canvas.currentTransform.inverted() else { return nil }
        return toUser.apply(to: r)
    }
}
