import CCairo
import LayerKit

/// Draws a presentation tree on a `Canvas`, composing layers the way Core Animation does.
///
/// Layers are met by a `.drawn` `PresentationWalk` that starts from the canvas's current
/// transform, so each layer is placed by `PresentationLayer.transformToSuperlayer(_:)`
/// (bounds origin and anchor point, the 2D affine part of `transform`, `position`, then the
/// superlayer's `sublayerTransform` about the superlayer's anchor point) and drawn with its
/// `toRoot` as Cairo's matrix. A layer draws, in Apple's documented order: its shadow
/// (+Shadow) beneath everything, background (rounded by `cornerRadius` at its
/// `maskedCorners`), a gradient layer's gradient (+Gradient), contents (+NinePart), a text
/// layer's text (+Text), shape (fill, then stroke; "composited between the layer's contents
/// and its first sublayer"), sublayers sorted by `zPosition` (ties keep their order), and last
/// the border ("composited above the receiver's contents and sublayers"). `masksToBounds`
/// clips contents, text and sublayers to the rounded bounds.
///
/// A layer the walk places with a projection (perspective, a turn out of the plane) is drawn
/// as Core Animation draws it: its subtree flattened into its plane, then projected
/// (+Projection). A transform layer draws nothing itself; the layers it keeps in 3D (with
/// their flattened subtrees) are drawn when it closes, back to front by the depth of their
/// centres, each at the product of its transform layers' opacities.
///
/// What the walk skips is not drawn, with its whole subtree, and its siblings still draw: a
/// layer that is hidden, has opacity 0 (or NaN), non-finite geometry, or a transform to its
/// superlayer that is singular or not finite (its own, or its superlayer's
/// `sublayerTransform`: then only the sublayers are skipped). So is a layer whose matrix on
/// the canvas Cairo could not invert (`Canvas.setMatrix(_:)`). Opacity below 1 composites the
/// layer and its subtree as one group; at 1 no group is made. A layer with a mask is drawn as
/// a group shown through the mask's alpha (+Mask). A layer that `shouldRasterize` is drawn
/// from a bitmap of its subtree kept while that subtree looks the same (+Rasterize). Images come from `images`; one that cannot
/// be loaded is reported once by the cache and drawn as a placeholder: a magenta box with a
/// cross.
public final class LayerRenderer {
    public let images: ImageCache
    /// Dashed strokes drawn again at the same place, kept as pixels (see `StrokeCache`).
    let strokeCache = StrokeCache()
    /// The bitmaps of layers that `shouldRasterize` (see `RasterCache`).
    let rasterCache = RasterCache()
    /// The backing stores of leaf layers (see `BackingStores`).
    let backingStores = BackingStores()
    /// The coverage masks that put rounded corners back (see `CornerMasks`).
    let cornerMasks = CornerMasks()

    /// False draws every layer directly, rasterizing it through its place, rather than
    /// compositing leaf layers from their backing stores (for comparing the two).
    public var usesBackingStores: Bool {
        get { backingStores.isEnabled }
        set { backingStores.isEnabled = newValue }
    }

    /// False culls nothing by the clip (`isCulled`): every layer met is drawn, for comparing.
    var cullsByClip = true
    /// The trees' unchanged leading layers, as images (see `Underlays`).
    let underlays = Underlays()
    /// False draws every tree whole, never over an underlay (for comparing the two).
    public var usesUnderlays = true

    /// Also registers Cairo's drawing backend (`CairoDrawingBackend.install()`), if no backend
    /// is registered yet, so that drawn contents have pixels wherever a tree is drawn.
    public init(images: ImageCache = .shared) {
        self.images = images
        if Drawing.backend == nil { CairoDrawingBackend.install() }
    }

    /// A renderer that leaves the drawing backend alone (the backend's own).
    init(installingBackend: Bool) {
        images = .shared
    }

    /// Draws `tree` with its root placed by its own position and transform in the canvas's
    /// current coordinates (already scaled for HiDPI). The canvas's transform and clip are
    /// left as they were.
    public func draw(_ tree: PresentationLayer, on canvas: Canvas) {
        let base = canvas.matrix
        drawWalk(on: canvas) { painter, _ in tree.walk(&painter, from: .superlayer(nil, toSpace: base)) }
    }

    /// Runs `walk` with a painter on `canvas` (and the pixels the clip lets through), with
    /// the backing stores set for the canvas's scale, then puts the canvas's state back and
    /// lets the caches count the draw.
    func drawWalk(on canvas: Canvas, _ walk: (inout Painter, DeviceArea) -> Void) {
        guard cairo_status(canvas.cr).isSuccess else { return }
        cairo_save(canvas.cr)
        let base = canvas.matrix
        backingStores.deviceScale =
            base.b == 0 && base.c == 0 && base.a == base.d && base.a > 0 ? base.a : nil
        var painter = Painter(renderer: self, canvas: canvas)
        // Where the clip lets nothing through, nothing is drawn. Culling by what is visible
        // pays where that is part of the canvas (a damaged region); over all of it, only what
        // lies outside the canvas or its ancestors' clips could be culled, which the leaves'
        // own test below finds for less.
        if let visible = canvas.deviceClip {
            if cullsByClip,
                visible != DeviceArea(x: 0, y: 0, width: canvas.surface.width, height: canvas.surface.height)
            {
                painter.visible = visible.rect
            }
            walk(&painter, visible)
        }
        cairo_restore(canvas.cr)
        // Stores are drawn inside `draw` only: a tree drawn by `drawLayer` alone (a context's
        // `render(in:)`) is drawn directly.
        backingStores.deviceScale = nil
        strokeCache.endDraw()
        rasterCache.endDraw()
        cornerMasks.endDraw()
        backingStores.reservedBytes = underlays.bytes
        backingStores.endDraw()
    }

    /// Draws `layer` and its subtree placed as a root (by its own position and transform) in
    /// the canvas's current coordinates, without saving Cairo's state around it: a mask in its
    /// masked layer's coordinates, a shadow's body on its offscreen canvas.
    func drawLayer(_ layer: PresentationLayer, on canvas: Canvas) {
        var painter = Painter(renderer: self, canvas: canvas)
        layer.walk(&painter, from: .superlayer(nil, toSpace: canvas.matrix))
    }

    /// Indices of `layers` in the order they are drawn (`PresentationWalk.drawingOrder(_:)`):
    /// sorted by `zPosition`, ties kept in their original order.
    public static func drawingOrder(_ layers: [PresentationLayer]) -> [Int] {
        PresentationWalk.drawingOrder(layers)
    }
}

/// One layer's drawing, split around its sublayers: `enter` draws what lies below them
/// (shadow, background, gradient, contents, text, shape) and opens the group and the clip;
/// `leave` closes the clip, draws the border above them, applies the mask and composites the
/// group.
struct Painter: PresentationVisitor {
    let renderer: LayerRenderer
    let canvas: Canvas

    /// The layers of the open transform layers' 3D context, drawn when the outermost closes.
    var context: [ContextItem] = []
    /// The open transform layers, outermost first: their opacities multiply into their items'.
    var transformLayerAlphas: [Double] = []
    /// The device pixels the canvas's clip let through when the draw began: layers wholly
    /// outside are skipped with their subtrees (`LayerRenderer.isCulled`). Nil culls nothing
    /// this way (a mask or a shadow's body drawn apart, a 3D context's layers).
    var visible: Rect?
    /// Drawing an underlay's layers only, or everything but them (see `Underlays`).
    var underlay: UnderlayWalk?

    init(renderer: LayerRenderer, canvas: Canvas) {
        self.renderer = renderer
        self.canvas = canvas
    }

    /// What `leave` must undo or finish for a layer.
    struct Entry {
        /// Opacity below 1 or a mask: drawn into a group with Cairo's state saved around it.
        var group: Bool
        /// Contents and sublayers are clipped to the rounded bounds, inside a `cairo_save`.
        var clipped: Bool
        /// `cornerRadius` as drawn (non-negative, finite).
        var radius: Double
        /// A transform layer: it draws nothing; its context's layers are drawn when it closes.
        var transformLayer = false
        /// The pixels below the rounded corners, to put back over the sublayers (clipped to the
        /// plain rectangle instead of the rounded one).
        var corners: CornerBackup? = nil
        /// An underlay's ancestor or leading sublayer, met while building it.
        var underlayRole: UnderlayWalk.Role? = nil
    }

    /// One layer of a 3D context with its flattened subtree, waiting to be drawn in depth order.
    struct ContextItem {
        var layer: PresentationLayer
        var place: PresentationWalk.Place
        /// The product of the opacities of the transform layers it is in.
        var alpha: Double
        /// `PresentationWalk.Context.depth(of:)`: nearer draws later.
        var depth: Double
        /// Where the walk met it, for ties.
        var order: Int
    }

    mutating func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> Entry? {
        // The walk's state is changed where it is kept (`underlay!`), never through a copy:
        // a copy would retain its arrays and copy them on the first change, for every layer.
        guard let mode = underlay?.mode else { return enterLayer(layer, at: place) }
        let role = underlay!.role(of: layer, depth: place.depth)
        switch (mode, role) {
        case (.resume, .leading), (.build, .rest):
            return nil
        case (.resume, .ancestor):
            return openAncestor(layer, at: place, corners: underlay!.corners[place.depth])
        case (.resume, .rest):
            return enterLayer(layer, at: place)
        case (.build, .ancestor):
            // Every corner copied, whatever the sublayers reach now: they are put back over
            // whatever later frames draw.
            guard var entry = enterLayer(layer, at: place, backingUpAllCorners: true) else { return nil }
            underlay!.corners[place.depth] = entry.corners
            entry.underlayRole = .ancestor
            return entry
        case (.build, .leading):
            let top = underlay!.nesting == 0
            guard var entry = enterLayer(layer, at: place) else { return nil }
            if top {
                underlay!.nesting += 1
                entry.underlayRole = .leading
            }
            return entry
        }
    }

    /// Opens an underlay's ancestor whose own drawing the underlay holds: its matrix and its
    /// clip, as `enterLayer` opens them, with the corners backed up when the underlay was made.
    mutating func openAncestor(
        _ layer: PresentationLayer, at place: PresentationWalk.Place, corners: CornerBackup?
    )
        -> Entry?
    {
        if let visible, LayerRenderer.isCulled(layer, at: place, visible: visible) { return nil }
        guard canvas.setMatrix(place.toRoot) else { return nil }
        let radius = layer.properties.cornerRadius.isFinite ? max(0, layer.properties.cornerRadius) : 0
        let clipped = !layer.properties.masksToEmptyBounds && layer.properties.masksToBounds
        if clipped { openClip(layer, radius: radius, plain: corners != nil) }
        return Entry(group: false, clipped: clipped, radius: radius, corners: corners)
    }

    /// Clips the sublayers to `layer`'s bounds, to the plain rectangle when its corners are put
    /// back afterwards, else rounded; inside a `cairo_save`.
    func openClip(_ layer: PresentationLayer, radius: Double, plain: Bool) {
        let cr = canvas.cr
        let bounds = layer.properties.bounds
        cairo_save(cr)
        if plain {
            cairo_new_path(cr)
            cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        } else {
            renderer.appendRoundedRect(
                bounds, radius: radius, corners: layer.properties.maskedCorners, canvas)
        }
        cairo_clip(cr)
    }

    mutating func enterLayer(
        _ layer: PresentationLayer, at place: PresentationWalk.Place, backingUpAllCorners: Bool = false
    ) -> Entry? {
        let cr = canvas.cr
        if layer.isTransformLayer {
            transformLayerAlphas.append(
                Swift.min(1, layer.properties.opacity) * (transformLayerAlphas.last ?? 1))
            return Entry(group: false, clipped: false, radius: 0, transformLayer: true)
        }
        if let alpha = transformLayerAlphas.last {
            // In a transform layer's 3D context: drawn with the others, back to front.
            let depth = place.context?.depth(of: layer.properties.bounds) ?? 0
            context.append(
                ContextItem(layer: layer, place: place, alpha: alpha, depth: depth, order: context.count))
            return nil
        }
        if let projection = place.projection {
            renderer.drawProjected(layer, projection: projection, alpha: 1, canvas)
            return nil
        }
        if let transition = layer.transition {
            renderer.drawTransition(layer, transition, at: place, canvas)
            return nil
        }
        if layer.properties.shouldRasterize, renderer.drawRasterized(layer, at: place, canvas) {
            return nil
        }
        if let visible, LayerRenderer.isCulled(layer, at: place, visible: visible) { return nil }
        var place = place
        if layer.sublayers.isEmpty, layer.mask == nil {
            switch renderer.drawStored(layer, at: place, canvas) {
            case .drawn: return nil
            case .direct(let placed): place.toRoot = placed
            case .notStored: break
            }
        }
        // A mask needs the layer drawn apart first, as a group.
        let group = layer.properties.opacity < 1 || layer.mask != nil
        // Only a group (whose clip must be undone) needs Cairo's whole state saved, an
        // allocation and a copy per layer: every layer sets its own matrix, everything drawn
        // sets its own source and path, and a mask saves for itself.
        if group { cairo_save(cr) }
        guard canvas.setMatrix(place.toRoot) else {
            if group { cairo_restore(cr) }
            return nil
        }
        // A leaf wholly outside the clip (a list row scrolled out of view, a layer beside a
        // small damaged region) draws nothing: skip building its paths. (Culled above already
        // when the draw knows what is visible.)
        if visible == nil, layer.sublayers.isEmpty, let extent = LayerRenderer.localExtent(of: layer),
            LayerRenderer.isClippedAway(extent, cr)
        {
            if group { cairo_restore(cr) }
            return nil
        }

        let bounds = layer.properties.bounds
        let radius = layer.properties.cornerRadius.isFinite ? max(0, layer.properties.cornerRadius) : 0
        if group {
            // A group is an offscreen surface as large as the clip; bound it by what a leaf
            // can cover so a fading dot does not cost a full-window buffer.
            if layer.sublayers.isEmpty, let extent = LayerRenderer.localExtent(of: layer) {
                canvas.clip(to: extent)
            } else if layer.properties.masksToBounds {
                canvas.clip(to: bounds)
            }
            if let maskExtent = LayerRenderer.maskExtent(of: layer) { canvas.clip(to: maskExtent) }
            cairo_push_group(cr)
        }

        renderer.drawShadow(layer, radius: radius, canvas)
        if let color = layer.properties.backgroundColor, color.alpha > 0 {
            canvas.setSource(color)
            if LayerRenderer.clipLies(inside: bounds, inset: radius, cr) {
                // A small damaged region inside a large background (a phone's screen, a
                // tile): every pixel the clip lets through is wholly covered, as painting
                // covers it, without rasterizing the rounded outline around the region.
                cairo_paint(cr)
            } else {
                renderer.appendRoundedRect(
                    bounds, radius: radius, corners: layer.properties.maskedCorners, canvas,
                    fillWithin: place.clip)
                cairo_fill(cr)
            }
        }
        if let gradient = layer.gradient {
            renderer.drawGradient(
                gradient, bounds: bounds, radius: radius, corners: layer.properties.maskedCorners, canvas)
        }
        // Clipped to empty bounds, nothing inside shows (and the walk skips the sublayers).
        let hasContent =
            layer.properties.contents != nil || layer.text != nil || layer.shape != nil
            || !layer.sublayers.isEmpty
        let showsContent = hasContent && !layer.properties.masksToEmptyBounds
        let clipped = showsContent && layer.properties.masksToBounds
        var corners: CornerBackup?
        if clipped {
            // Rounded corners are put back afterwards where that is possible
            // (`LayerRenderer+Corners.swift`): the sublayers are clipped to a plain rectangle.
            corners =
                radius > 0
                ? renderer.backUpCorners(
                    of: bounds, radius: radius, corners: layer.properties.maskedCorners,
                    reach: {
                        backingUpAllCorners
                            ? nil : LayerRenderer.clippedReach(of: layer, toRoot: place.toRoot)
                    }, canvas) : nil
            openClip(layer, radius: radius, plain: corners != nil)
        }
        if showsContent {
            if let contents = layer.properties.contents {
                renderer.drawContents(contents, layer.properties, canvas)
            }
            if let text = layer.text {
                renderer.drawText(text, bounds: bounds, canvas)
            }
            if let shape = layer.shape {
                renderer.drawShape(shape, canvas)
            }
        }
        return Entry(group: group, clipped: clipped, radius: radius, corners: corners)
    }

    mutating func leave(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ entry: Entry) {
        let cr = canvas.cr
        switch entry.underlayRole {
        case .ancestor:
            // Building an underlay: what an ancestor draws over its sublayers is not in it.
            if entry.clipped { cairo_restore(cr) }
            return
        case .leading: underlay?.nesting -= 1
        case .rest, nil: break
        }
        if entry.transformLayer {
            transformLayerAlphas.removeLast()
            if transformLayerAlphas.isEmpty { drawContext() }
            return
        }
        if entry.clipped {
            // Undoes the mask, and with it the matrices the sublayers set.
            cairo_restore(cr)
            if let corners = entry.corners {
                renderer.restoreCorners(
                    corners, of: layer.properties.bounds.standardized, radius: entry.radius,
                    corners: layer.properties.maskedCorners, canvas
                )
            }
        } else if !layer.sublayers.isEmpty {
            canvas.setMatrix(place.toRoot)
        }
        renderer.drawBorder(layer.properties, radius: entry.radius, clip: place.clip, canvas)
        if entry.group {
            if let mask = layer.mask {
                // The mask is drawn in this layer's coordinates.
                canvas.setMatrix(place.toRoot)
                renderer.applyMask(mask, canvas)
            }
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, layer.properties.opacity)
            cairo_restore(cr)
        }
    }
}

extension Painter {
    /// Draws the closed 3D context's layers back to front (by depth, ties in the order met),
    /// each with its flattened subtree, projected or not, at its transform layers' opacity.
    mutating func drawContext() {
        let items = context.sorted { a, b in a.depth != b.depth ? a.depth < b.depth : a.order < b.order }
        context = []
        let cr = canvas.cr
        for item in items {
            if let projection = item.place.projection {
                renderer.drawProjected(item.layer, projection: projection, alpha: item.alpha, canvas)
                continue
            }
            let group = item.alpha < 1
            if group {
                cairo_save(cr)
                cairo_push_group(cr)
            }
            var painter = Painter(renderer: renderer, canvas: canvas)
            item.layer.walk(&painter, at: item.place)
            if group {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, item.alpha)
                cairo_restore(cr)
            }
        }
    }
}
