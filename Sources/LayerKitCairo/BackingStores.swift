import LayerKit

/// The backing stores of leaf layers: each layer's own content kept as pixels, composited
/// wherever the layer goes (see `LayerRenderer.drawStored`).
///
/// A store is keyed by what its pixels depend on and nothing else:
/// - the layer's `ownContent`: its content properties, with every placement property (position,
///   transform, opacity …) at its default, as the property tables declare them; a change to a
///   content property is a new key, and so a new store;
/// - the device scale (pixels per point of the layer);
/// - the sub-pixel phase of the layer's origin on the device grid, in steps of
///   1/`phaseSteps` pixel.
///
/// So a layer that keeps its content and moves by whole pixels, or comes back to a phase it
/// was at, is a copy of pixels; and the pixels a layer gets depend only on its content and
/// where it is, never on what was drawn before (the damage oracle's incremental and full
/// redraws, a single render and a later frame all agree).
///
/// Bounded like `RasterCache`: a store not used for `maximumIdleDraws` draws is dropped, and
/// the least recently used while the stores hold more than `maximumBytes`. A layer whose store
/// would have more than `maximumPixels` pixels is drawn directly.
final class BackingStores {
    /// Sub-pixel phases per device pixel on each axis: a layer is composited at most
    /// 1/(2 × `phaseSteps`) pixel from where it lies on each axis. At 16, the shift sweeps at
    /// most 1/16 of a pixel's area, so an anti-aliased edge pixel changes by at most 16 levels
    /// in 255 (and by 8 or fewer for an edge along an axis), within the loaders' snapshot
    /// tolerance for all but a few pixels.
    static let phaseSteps = 16
    /// Draws (calls to `LayerRenderer.draw`) a store may go unused before it is dropped: a
    /// window draws a tree for each damaged tile, about five a frame with the gallery
    /// animating, and a layer moving round a loop comes back to a phase within a few seconds
    /// (the memory bound drops stores sooner when they crowd).
    static let maximumIdleDraws = 1200
    /// Draws a content without a store is remembered: one drawn again within them is kept.
    static let maximumUnkeptDraws = 16
    /// Memory the stores may hold, pixels and overhead (1 MiB: measured, the window's peak RSS
    /// with the gallery animating is 27.3 MiB with next to no stores and 29.3 MiB with 1.5 MiB,
    /// over the 30 MB it must stay within; 512 KiB leaves too few stores for the turning discs,
    /// which are then made again and again).
    static let maximumBytes = 1 << 20
    /// What a store costs besides its pixels (Cairo's and pixman's image records, the
    /// allocation's own): counted against `maximumBytes`, since a turning disc keeps up to
    /// 256 small stores.
    static let overheadBytes = 1024
    /// The most pixels one store may have (a layer larger than 512 × 512 pixels is drawn
    /// directly: a large plain background is painted cheaply anyway).
    static let maximumPixels = 1 << 18
    /// The most pixels the store of a layer that draws only its background may have: larger
    /// plain backgrounds are filled directly, which costs Cairo about what blending a store's
    /// pixels would (64 × 64 pixels: a dot, an avatar, a ball).
    static let maximumBackgroundPixels = 64 * 64

    /// A layer's content at a scale, wherever it lies.
    struct Key: Hashable {
        var content: PresentationLayer
        var scale: Double

        static func == (a: Key, b: Key) -> Bool { a.scale == b.scale && a.content == b.content }

        /// Hashes what tells contents apart in practice (their size, colours, path and trim),
        /// not every field: equal keys still hash equally, and `==` decides. Hashing a layer's
        /// every property was a tenth of a frame with many small layers.
        func hash(into hasher: inout Hasher) {
            hasher.combine(scale)
            let p = content.properties
            hasher.combine(p.bounds)
            hasher.combine(p.backgroundColor)
            hasher.combine(p.cornerRadius)
            if let shape = content.shape {
                hasher.combine(shape.path)
                hasher.combine(shape.strokeStart)
                hasher.combine(shape.strokeEnd)
                hasher.combine(shape.fillColor)
                hasher.combine(shape.strokeColor)
            }
            hasher.combine(content.text?.string)
        }
    }

    /// One content's stores, by phase, and when it was last drawn.
    final class Content {
        /// Keyed by `phaseX * phaseSteps + phaseY`.
        var stores: [Int: Store] = [:]
        var lastDraw: Int

        init(lastDraw: Int) { self.lastDraw = lastDraw }
    }

    final class Store {
        /// The layer's pixels: where they go follows from the key and the layer's extent.
        let image: ImageSurface
        var lastUse: Int

        init(image: ImageSurface, lastUse: Int) {
            self.image = image
            self.lastUse = lastUse
        }

        var bytes: Int { image.stride * image.height + BackingStores.overheadBytes }
    }

    /// False draws every layer directly (for comparing with direct rasterization).
    var isEnabled = true
    /// True while a store is being drawn: what it holds is drawn directly.
    var isRendering = false
    /// The scale of the canvas `LayerRenderer.draw` draws on (device pixels per point of the
    /// tree's root), when it is a uniform scale: only a layer the tree places at that scale,
    /// by a translation, is drawn from a store. A layer its transforms scale, turn or skew is
    /// drawn directly (a growing ball would otherwise make a store every frame).
    var deviceScale: Double?

    private var contents: [Key: Content] = [:]
    private var draws = 0
    /// Bumped whenever a content leaves `contents`: a `Memo`'s entry from before may be gone.
    private var generation = 0

    /// What a leaf met in a recent draw resolved to, by its presentation node: its own content
    /// (`PresentationLayer.ownContent`) and that content's entry at a scale. A leaf met again —
    /// a static one in every frame (the engine reuses its node), any one in each region of a
    /// frame — then skips building its content, hashing it and comparing it with the key
    /// found. Exact: a node is never changed while two values hold it, and the memo holds one.
    private struct Memo {
        let layer: PresentationLayer
        let content: PresentationLayer
        var lastDraw: Int
        var entry: Content?
        var scale = 0.0
        var generation = -1
    }
    private var memos: [ObjectIdentifier: Memo] = [:]
    private var bytes = 0
    /// Pixels the renderer keeps besides the stores (the underlays), counted against the same
    /// `maximumBytes`: the stores make room for them.
    var reservedBytes = 0

    /// Stores found.
    private(set) var hits = 0
    /// Stores made.
    private(set) var misses = 0
    /// Layers drawn directly at a store's phase, keeping nothing (content not drawn in an
    /// earlier draw).
    var unkept = 0
    /// Stores held.
    var count: Int { contents.values.reduce(0) { $0 + $1.stores.count } }
    /// Bytes of pixels held.
    var cachedBytes: Int { bytes }
    /// Bytes of the stores the contents hold, worked out afresh: `cachedBytes` when every
    /// store kept is one a lookup can find.
    var reachableBytes: Int {
        contents.values.reduce(0) { $0 + $1.stores.values.reduce(0) { $0 + $1.bytes } }
    }

    /// `layer.ownContent`, remembered for `layer`'s node (`Memo`).
    func ownContent(of layer: PresentationLayer) -> PresentationLayer {
        let id = layer.nodeIdentity
        if let content = memos[id]?.content {
            memos[id]!.lastDraw = draws
            return content
        }
        let content = layer.ownContent
        memos[id] = Memo(layer: layer, content: content, lastDraw: draws)
        return content
    }

    /// `lookUp(_:)` for `key`, the content of `layer` (`ownContent(of:)`) at a scale: the
    /// entry remembered for `layer`'s node when it is still held, else looked up and
    /// remembered.
    func lookUp(_ key: Key, of layer: PresentationLayer) -> (content: Content, seenBefore: Bool) {
        let id = layer.nodeIdentity
        if let memo = memos[id], memo.generation == generation, memo.scale == key.scale,
            let found = memo.entry
        {
            let seenBefore = found.lastDraw < draws || !found.stores.isEmpty
            found.lastDraw = draws
            return (found, seenBefore)
        }
        let result = lookUp(key)
        if memos[id] != nil {
            memos[id]!.entry = result.content
            memos[id]!.scale = key.scale
            memos[id]!.generation = generation
        }
        return result
    }

    /// What is known of `key`'s content, its last draw now this one, and whether it was drawn
    /// in an earlier draw. A content seen for the first time has no stores: it is drawn
    /// directly and nothing is kept (content that changes every frame, a trim or a colour
    /// animating, would only fill the memory with stores used once); a content drawn again
    /// gets a store for each phase it is drawn at (`keep`).
    func lookUp(_ key: Key) -> (content: Content, seenBefore: Bool) {
        if let found = contents[key] {
            let seenBefore = found.lastDraw < draws || !found.stores.isEmpty
            found.lastDraw = draws
            return (found, seenBefore)
        }
        let made = Content(lastDraw: draws)
        contents[key] = made
        return (made, false)
    }

    /// The store of `content` at phase `phase`, if kept.
    func store(_ content: Content, phase: Int) -> Store? {
        guard let found = content.stores[phase] else { return nil }
        found.lastUse = draws
        hits += 1
        return found
    }

    /// Keeps `image` as `content`'s store at `phase`.
    func keep(_ image: ImageSurface, _ content: Content, phase: Int) {
        misses += 1
        let store = Store(image: image, lastUse: draws)
        content.stores[phase] = store
        bytes += store.bytes
    }

    /// Ends one `LayerRenderer.draw`: drops what has not been used for a while, and the least
    /// recently used stores while over the memory bound.
    func endDraw() {
        draws += 1
        if draws % 8 == 0, !memos.isEmpty {
            // A leaf not met for a while lets its node go.
            let forgotten = draws - Self.maximumUnkeptDraws
            memos = memos.filter { $0.value.lastDraw >= forgotten }
        }
        guard !contents.isEmpty else { return }
        // Looking costs a pass over the contents: once every few draws is soon enough.
        if draws % 8 == 0 {
            let oldest = draws - Self.maximumIdleDraws
            for (key, content) in contents {
                // A content with no store not drawn again soon is forgotten: what changes every
                // frame is then never kept.
                if content.stores.isEmpty {
                    if content.lastDraw < draws - Self.maximumUnkeptDraws {
                        contents[key] = nil
                        generation += 1
                    }
                    continue
                }
                guard
                    content.lastDraw < oldest
                        || content.stores.values.contains(where: { $0.lastUse < oldest })
                else { continue }
                for (phase, store) in content.stores where store.lastUse < oldest {
                    drop(store, phase: phase, of: content)
                }
                if content.stores.isEmpty {
                    contents[key] = nil
                    generation += 1
                }
            }
        }
        while bytes + reservedBytes > Self.maximumBytes {
            var least: (key: Key, content: Content, phase: Int, store: Store)?
            for (key, content) in contents {
                for (phase, store) in content.stores where store.lastUse < least?.store.lastUse ?? .max {
                    least = (key, content, phase, store)
                }
            }
            guard let least else { break }
            drop(least.store, phase: least.phase, of: least.content)
            if least.content.stores.isEmpty {
                contents[least.key] = nil
                generation += 1
            }
        }
    }

    private func drop(_ store: Store, phase: Int, of content: Content) {
        content.stores[phase] = nil
        bytes -= store.bytes
    }

    /// Splits a device coordinate into its whole pixel and its phase step: `value` ≈ `whole` +
    /// `step` / `phaseSteps`, with the phase rounded to the nearest step.
    static func split(_ value: Double) -> (whole: Int, step: Int)? {
        guard value.isFinite, abs(value) < Double(Int32.max) else { return nil }
        let floor = value.rounded(.down)
        var whole = Int(floor)
        var step = Int(((value - floor) * Double(phaseSteps)).rounded())
        if step == phaseSteps {
            whole += 1
            step = 0
        }
        return (whole, step)
    }
}
