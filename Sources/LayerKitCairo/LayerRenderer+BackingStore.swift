import CCairo
import LayerKit

/// Leaf layers drawn from backing stores (see `BackingStores`).
extension LayerRenderer {
    /// What `drawStored` did.
    enum StoredDrawing {
        /// The layer is drawn (or draws nothing).
        case drawn
        /// The caller draws the layer, as placed here: at the phase its store would hold it at
        /// (content seen for the first time, not kept).
        case direct(AffineTransform)
        /// The caller draws the layer at its own place.
        case notStored
    }

    /// Draws a leaf `layer` (no sublayers, mask or transition) placed at `place` from its
    /// backing store, as Core Animation composites a layer's backing store: its own content
    /// (shadow, background, gradient, contents, text, shape, border) rendered once at the
    /// device scale, then copied wherever the layer goes, at the layer's opacity.
    ///
    /// The store is drawn at the layer's sub-pixel phase rounded to 1/`phaseSteps` pixel and
    /// composited by whole pixels, so a layer that moves is not resampled: it is the content
    /// rasterized within 1/32 pixel of where it lies, with the edges a direct drawing has. A
    /// large opaque content seen for the first time is drawn directly at that same rounded
    /// place (`.direct`; a smaller or translucent one through a store that is not kept), and
    /// kept only when it is drawn again (a stroke end or colour animating
    /// would otherwise make a store every frame). The caller draws the layer at its own place
    /// (`.notStored`) when:
    /// - the layer is not placed at the canvas's own scale by a translation (a turned, skewed,
    ///   mirrored or scaled layer rasterizes through its transform, so that its edges stay as
    ///   sharp as a direct drawing's), unless it is turned or mirrored and its content looks
    ///   the same turned (`turnInvariantCentre`: a dot, a ball, a ring), which is then drawn
    ///   unturned with its centre where the turn puts it;
    /// - its extent cannot be bounded, or its store would be larger than
    ///   `BackingStores.maximumPixels`;
    /// - it draws only its background and is larger than
    ///   `BackingStores.maximumBackgroundPixels`;
    /// - an ancestor's `masksToBounds` cuts it (its store would reach outside the clip).
    func drawStored(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ canvas: Canvas)
        -> StoredDrawing
    {
        guard backingStores.isEnabled, !backingStores.isRendering, let scale = backingStores.deviceScale
        else {
            return .notStored
        }
        var m = place.toRoot
        let translated = m.b == 0 && m.c == 0 && m.a == scale && m.d == scale
        guard translated || Self.isTurnAtScale(m, scale) else { return .notStored }
        // A large plain background (a list row) is filled directly (see below): known from its
        // bounds alone, before the content key is built, as every row is met every frame.
        let size = layer.properties.bounds.size
        if abs(size.width * size.height) * scale * scale > Double(BackingStores.maximumBackgroundPixels),
            !Self.drawsMoreThanBackground(layer)
        {
            return .notStored
        }
        let content = backingStores.ownContent(of: layer)
        if !translated {
            // Turned or mirrored at the canvas's scale: a disc looks the same, moved to where
            // its centre goes.
            guard let centre = Self.turnInvariantCentre(of: content) else { return .notStored }
            let moved = m.apply(to: centre)
            m = AffineTransform(
                a: scale, b: 0, c: 0, d: scale, tx: moved.x - scale * centre.x, ty: moved.y - scale * centre.y
            )
        }
        guard let (wholeX, stepX) = BackingStores.split(m.tx), let (wholeY, stepY) = BackingStores.split(m.ty)
        else { return .notStored }
        guard let extent = Self.localExtent(of: content) else { return .notStored }
        if extent.isNull { return .drawn }
        let phaseX = Double(stepX) / Double(BackingStores.phaseSteps)
        let phaseY = Double(stepY) / Double(BackingStores.phaseSteps)
        let e = extent.standardized
        // The store's pixels, relative to the pixel holding the layer's origin.
        let x0 = (e.minX * scale + phaseX).rounded(.down)
        let y0 = (e.minY * scale + phaseY).rounded(.down)
        let x1 = (e.maxX * scale + phaseX).rounded(.up)
        let y1 = (e.maxY * scale + phaseY).rounded(.up)
        let width = x1 - x0
        let height = y1 - y0
        guard width.isFinite, height.isFinite, width * height <= Double(BackingStores.maximumPixels),
            width <= Double(ImageSurface.maximumSide), height <= Double(ImageSurface.maximumSide)
        else {
            return .notStored
        }
        guard width >= 1, height >= 1 else { return .drawn }
        // A background alone (a row, a card) is filled by Cairo at about the cost of blending
        // its pixels from a store, once it is larger than a small dot.
        guard
            width * height <= Double(BackingStores.maximumBackgroundPixels)
                || Self.drawsMoreThanBackground(content)
        else { return .notStored }
        let left = Double(wholeX) + x0
        let top = Double(wholeY) + y0
        // A layer an ancestor's `masksToBounds` cuts is drawn through the clip as before:
        // Cairo rasterizes a shape and a clip edge across a pixel together (their intersection's
        // coverage), a store's pixels only times the clip's coverage, and the two differ there.
        if let clip = place.clip,
            left < clip.minX || top < clip.minY || left + width > clip.maxX || top + height > clip.maxY
        {
            return .notStored
        }
        // Nothing to draw where the clip lets nothing through.
        guard let visible = canvas.deviceClip,
            visible.rect.intersects(Rect(x: left, y: top, width: width, height: height))
        else { return .drawn }
        let cr = canvas.cr
        // Device space from here on: the copy by whole pixels.
        cairo_identity_matrix(cr)

        let transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: phaseX - x0, ty: phaseY - y0)
        let (known, seenBefore) = backingStores.lookUp(
            BackingStores.Key(content: content, scale: scale), of: layer)
        let phase = stepX * BackingStores.phaseSteps + stepY
        let image: ImageSurface
        let opacity = Swift.min(1, layer.properties.opacity)
        if let store = backingStores.store(known, phase: phase) {
            image = store.image
        } else if seenBefore || opacity < 1 || width * height <= Double(BackingStores.maximumBackgroundPixels)
        {
            // Drawn again: worth keeping. A translucent or small layer goes through a store
            // even the first time, so that its first frame has the pixels of the next: drawn
            // directly, a translucent layer is a group clipped to its extent, whose
            // anti-aliased edge takes a little off the layer's own fringe, and any layer's
            // blend rounds a level differently here and there. (A large one changing every
            // frame, a ring being drawn on, is drawn directly: making a store for it would
            // cost more than drawing it.)
            guard let made = try? ImageSurface(width: Int(width), height: Int(height)),
                let offscreen = try? Canvas(surface: made), renderStore(content, transform, on: offscreen)
            else { return .notStored }
            if seenBefore { backingStores.keep(made, known, phase: phase) } else { backingStores.unkept += 1 }
            image = made
        } else {
            // Seen for the first time: drawn directly, at the phase a store would hold it at,
            // keeping nothing.
            let placed = AffineTransform(
                a: scale, b: 0, c: 0, d: scale, tx: Double(wholeX) + phaseX, ty: Double(wholeY) + phaseY)
            backingStores.unkept += 1
            return .direct(placed)
        }
        cairo_set_source_surface(cr, image.pointer, left, top)
        cairo_new_path(cr)
        cairo_rectangle(cr, left, top, width, height)
        if opacity < 1 {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
        // Let the pattern go, rather than keep the store referenced until the next source.
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        return .drawn
    }

    /// True when `m` is a turn (or a mirror image) times `scale`, within rounding: its columns
    /// are perpendicular and both `scale` long.
    static func isTurnAtScale(_ m: AffineTransform, _ scale: Double) -> Bool {
        let tolerance = 1e-9 * scale * scale
        return abs(m.a * m.a + m.b * m.b - scale * scale) <= tolerance
            && abs(m.c * m.c + m.d * m.d - scale * scale) <= tolerance
            && abs(m.a * m.c + m.b * m.d) <= tolerance
    }

    /// The point of `layer`'s bounds that it can be turned about without looking different:
    /// the centre of a square layer whose own drawing is discs and rings about it (a background
    /// and border rounded to a circle, a shape whose path is one whole circle about the centre,
    /// filled and stroked solid and untrimmed), with nothing else (contents, text, gradient,
    /// shadow, replicated copies) that would turn with it. Nil for any other layer.
    static func turnInvariantCentre(of layer: PresentationLayer) -> Point? {
        let p = layer.properties
        let b = p.bounds.standardized
        guard b.width == b.height, b.width > 0, b.width.isFinite else { return nil }
        guard layer.text == nil, layer.gradient == nil, p.contents == nil, layer.replicator == nil,
            shadow(of: p) == nil
        else { return nil }
        let centre = Point(x: b.midX, y: b.midY)
        let background = (p.backgroundColor?.alpha ?? 0) > 0
        let border = hasVisibleBorder(p)
        // The renderer rounds corners by at most half the side: from there on, a circle.
        if background || border {
            guard p.maskedCorners.contains(.all), p.cornerRadius >= b.width / 2 else { return nil }
        }
        if let shape = layer.shape, let path = shape.path, !path.isEmpty {
            guard path.circleRadius(about: centre) != nil else { return nil }
            let stroked = (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0
            if stroked {
                guard validDash(shape.lineDashPattern) == nil, shape.strokeStart <= 0, shape.strokeEnd >= 1
                else {
                    return nil
                }
            }
        }
        return centre
    }

    /// True when the layer draws something besides its background: a shape, text, contents, a
    /// gradient, a shadow or a border.
    static func drawsMoreThanBackground(_ layer: PresentationLayer) -> Bool {
        let p = layer.properties
        if layer.shape != nil || layer.text != nil || layer.gradient != nil || p.contents != nil {
            return true
        }
        if shadow(of: p) != nil { return true }
        return hasVisibleBorder(p)
    }

    /// True when `drawBorder` draws something for `p`: a positive finite width, a colour that
    /// is not clear.
    static func hasVisibleBorder(_ p: LayerProperties) -> Bool {
        p.borderWidth.isFinite && p.borderWidth > 0 && (p.borderColor?.alpha ?? 0) > 0
    }

    /// `content` drawn alone, in its own plane at opacity 1, on `offscreen` through `transform`
    /// (points to the store's pixels); false when drawing failed.
    private func renderStore(_ content: PresentationLayer, _ transform: AffineTransform, on offscreen: Canvas)
        -> Bool
    {
        guard offscreen.setMatrix(transform) else { return false }
        // Drawn directly: the layer is what the store holds.
        backingStores.isRendering = true
        drawLayer(Self.inOwnPlane(content), on: offscreen)
        backingStores.isRendering = false
        guard offscreen.error == nil else { return false }
        cairo_surface_flush(cairo_get_target(offscreen.cr))
        return true
    }
}
