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
        let placement: StorePlacement
        switch planStore(layer, toRoot: place.toRoot, clip: place.clip, scale: scale) {
        case .notStored: return .notStored
        case .nothing: return .drawn
        case .placed(let p): placement = p
        }
        let left = placement.left
        let top = placement.top
        let width = placement.width
        let height = placement.height
        // Nothing to draw where the clip lets nothing through.
        guard let visible = canvas.deviceClip,
            visible.rect.intersects(Rect(x: left, y: top, width: width, height: height))
        else { return .drawn }
        let cr = canvas.cr
        let content = placement.key.content
        let (known, seenBefore) = backingStores.lookUp(placement.key)
        let image: ImageSurface
        let opacity = Swift.min(1, layer.properties.opacity)
        if let store = backingStores.store(known, phase: placement.phase) {
            image = store.image
        } else if seenBefore || opacity < 1 || width * height <= Double(BackingStores.maximumBackgroundPixels)
            || Self.isAlwaysStored(content)
        {
            // Drawn again: worth keeping. A translucent or small layer goes through a store
            // even the first time, so that its first frame has the pixels of the next: drawn
            // directly, a translucent layer is a group clipped to its extent, whose
            // anti-aliased edge takes a little off the layer's own fringe, and any layer's
            // blend rounds a level differently here and there. So does a trimmed stroke
            // (`isAlwaysStored`), whose end moves every frame: a store makes its pixels the
            // same whatever region it is redrawn through, which is what lets its damage be
            // only the pixels that changed (`storeDamage`). (Another large one changing
            // every frame, drawn directly, keeps nothing: a store would cost more than
            // drawing it.)
            guard let made = renderStore(placement) else { return .notStored }
            if seenBefore || Self.isAlwaysStored(content) {
                backingStores.keep(made, known, phase: placement.phase)
            } else {
                backingStores.unkept += 1
            }
            image = made
        } else {
            // Seen for the first time: drawn directly, at the phase a store would hold it at,
            // keeping nothing.
            backingStores.unkept += 1
            return .direct(placement.direct)
        }
        // Device space from here on: the copy by whole pixels.
        cairo_identity_matrix(cr)
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

    /// The eight ways a quarter turn, a half turn or a mirror image can place a layer on the
    /// device grid: a store drawn in one of them is its pixels as a direct drawing placed so
    /// would give them.
    struct StoreOrientation: Hashable {
        /// The linear part's entries divided by the scale: each −1, 0 or 1.
        var a: Int8, b: Int8, c: Int8, d: Int8

        static let upright = StoreOrientation(a: 1, b: 0, c: 0, d: 1)

        /// The orientation of a linear part `quarterTurn` snapped at `scale`.
        init(_ linear: (a: Double, b: Double, c: Double, d: Double), scale: Double) {
            a = Int8(linear.a / scale)
            b = Int8(linear.b / scale)
            c = Int8(linear.c / scale)
            d = Int8(linear.d / scale)
        }

        init(a: Int8, b: Int8, c: Int8, d: Int8) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }
    }

    /// Where a leaf's store goes and what it holds (`planStore`).
    struct StorePlacement {
        /// The layer's own content at the scale and orientation, the store's key.
        var key: BackingStores.Key
        /// The sub-pixel phase, `BackingStores.split`'s steps as one number.
        var phase: Int
        /// The layer's points to the store's pixels.
        var transform: AffineTransform
        /// The store's pixels on the device, by whole pixels.
        var left: Double
        var top: Double
        var width: Double
        var height: Double
        /// The layer's placement on the device at the store's phase (for drawing it directly
        /// there).
        var direct: AffineTransform
    }

    enum StorePlan {
        case placed(StorePlacement)
        /// The layer draws nothing there.
        case nothing
        /// Drawn at its own place, not from a store.
        case notStored
    }

    /// Whether and where a leaf `layer` placed on the device by `toRoot`, inside the device
    /// box `clip` its ancestors' masks leave, is drawn from a store at `scale` device pixels
    /// per point: the rules of `drawStored`.
    func planStore(_ layer: PresentationLayer, toRoot: AffineTransform, clip: Rect?, scale: Double)
        -> StorePlan
    {
        var m = toRoot
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
        let content = layer.ownContent
        var linear = (a: scale, b: 0.0, c: 0.0, d: scale)
        var orientation = StoreOrientation.upright
        if !translated {
            if let centre = Self.turnInvariantCentre(of: content) {
                // Turned or mirrored at the canvas's scale: a disc looks the same, moved to
                // where its centre goes.
                let moved = m.apply(to: centre)
                m = AffineTransform(
                    a: scale, b: 0, c: 0, d: scale, tx: moved.x - scale * centre.x,
                    ty: moved.y - scale * centre.y)
            } else if let quarter = Self.quarterTurn(m, scale) {
                // A quarter turn, a half turn or a mirror image: the store holds the content
                // drawn so, its pixels those a direct drawing gives.
                linear = quarter
                orientation = StoreOrientation(quarter, scale: scale)
            } else {
                return .notStored
            }
        }
        guard let (wholeX, stepX) = BackingStores.split(m.tx), let (wholeY, stepY) = BackingStores.split(m.ty)
        else { return .notStored }
        guard let extent = Self.localExtent(of: content) else { return .notStored }
        if extent.isNull { return .nothing }
        let phaseX = Double(stepX) / Double(BackingStores.phaseSteps)
        let phaseY = Double(stepY) / Double(BackingStores.phaseSteps)
        let turned = AffineTransform(a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: 0, ty: 0)
        let e = turned.apply(to: extent.standardized)
        // The store's pixels, relative to the pixel holding the layer's origin.
        let x0 = (e.minX + phaseX).rounded(.down)
        let y0 = (e.minY + phaseY).rounded(.down)
        let x1 = (e.maxX + phaseX).rounded(.up)
        let y1 = (e.maxY + phaseY).rounded(.up)
        let width = x1 - x0
        let height = y1 - y0
        guard width.isFinite, height.isFinite, width * height <= Double(BackingStores.maximumPixels),
            width <= Double(ImageSurface.maximumSide), height <= Double(ImageSurface.maximumSide)
        else {
            return .notStored
        }
        guard width >= 1, height >= 1 else { return .nothing }
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
        if let clip,
            left < clip.minX || top < clip.minY || left + width > clip.maxX || top + height > clip.maxY
        {
            return .notStored
        }
        let key = BackingStores.Key(content: content, scale: scale, orientation: orientation)
        return .placed(
            StorePlacement(
                key: key, phase: stepX * BackingStores.phaseSteps + stepY,
                transform: AffineTransform(
                    a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: phaseX - x0, ty: phaseY - y0),
                left: left, top: top, width: width, height: height,
                direct: AffineTransform(
                    a: linear.a, b: linear.b, c: linear.c, d: linear.d, tx: Double(wholeX) + phaseX,
                    ty: Double(wholeY) + phaseY)))
    }

    /// `placement`'s content drawn into a new store; nil when that failed.
    func renderStore(_ placement: StorePlacement) -> ImageSurface? {
        guard let made = try? ImageSurface(width: Int(placement.width), height: Int(placement.height)),
            let offscreen = try? Canvas(surface: made),
            renderStore(placement.key.content, placement.transform, on: offscreen)
        else { return nil }
        return made
    }

    /// True for a content drawn from a store even the first time it is met: a stroke that is
    /// trimmed (`strokeStart` above 0 or `strokeEnd` below 1), as a ring being drawn on is.
    static func isAlwaysStored(_ content: PresentationLayer) -> Bool {
        guard let shape = content.shape, shape.strokeStart > 0 || shape.strokeEnd < 1 else { return false }
        return (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth.isFinite && shape.lineWidth > 0
    }

    /// `m`'s linear part snapped to a quarter turn, a half turn or a mirror image times `scale`
    /// (the entries 0 or ±`scale`), when it is one within rounding.
    static func quarterTurn(_ m: AffineTransform, _ scale: Double) -> (
        a: Double, b: Double, c: Double, d: Double
    )? {
        let tolerance = 1e-9 * scale
        func snapped(_ v: Double) -> Double? {
            if abs(v) <= tolerance { return 0 }
            if abs(abs(v) - scale) <= tolerance { return v < 0 ? -scale : scale }
            return nil
        }
        guard let a = snapped(m.a), let b = snapped(m.b), let c = snapped(m.c), let d = snapped(m.d),
            (a == 0) == (d == 0), (b == 0) == (c == 0), (a == 0) != (b == 0)
        else { return nil }
        return (a, b, c, d)
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
