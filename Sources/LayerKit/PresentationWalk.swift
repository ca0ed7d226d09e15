/// A depth-first walk over a presentation tree that meets every layer with where it is: its
/// transform to the walk's space and the clip its ancestors impose — the one tree walk the
/// renderer, the damage computation, `inspect` and the debug overlay share.
///
/// Start one with `PresentationLayer.walk(_:from:scope:)` (a `PresentationVisitor`, called
/// before and after each layer's sublayers) or `visit(from:scope:_:)` (a closure, called
/// before). The walk allocates nothing (unless sublayers need sorting by `zPosition`): it
/// recurses on the stack, and a visitor's `Entry` rides there from `enter` to `leave`.
///
/// **Order.** A layer is met before its sublayers; sublayers are met in drawing order,
/// sorted by `zPosition` with ties in array order (NaN counts as 0), as they are drawn.
///
/// **Transforms.** A layer's `Place.toRoot` is its `transformToSuperlayer(_:)` followed by
/// its superlayer's `toRoot`: it maps the layer's bounds coordinates into the walk's space,
/// which `Origin` chooses. **Clip**: the bounding box, in the walk's space, of the bounds of
/// every ancestor that `masksToBounds` (each mapped by its own `toRoot`, then intersected);
/// nil when no ancestor masks. A rotated mask clips to its bounding box here, not to its
/// exact (or rounded) outline.
///
/// **Bad numbers and invisible layers** depend on `Scope`. `.drawn` meets what can draw: a
/// layer is skipped with its whole subtree when it is hidden, its opacity is not above 0
/// (NaN is not), its bounds are not finite, its transform to its superlayer is not
/// invertible (non-finite, or singular: see `transformToSuperlayer(_:)`) or its `toRoot` is
/// not finite; and the sublayers of a layer that `masksToEmptyBounds` are not met (the
/// layer itself is). Its siblings are met either way. `.all` meets every layer and
/// reports every transform as computed, bad numbers included (what `inspect` prints).
public enum PresentationWalk {
    /// Which layers a walk meets.
    public enum Scope: Sendable {
        /// The layers that can draw, with transforms that are finite and invertible.
        case drawn
        /// Every layer, with transforms as computed (possibly non-finite or singular).
        case all
    }

    /// The space a walk reports transforms and clips in.
    public enum Origin: Sendable {
        /// The root layer's own bounds coordinates: the root's `toRoot` is the identity and
        /// its own position, anchor point and transform are not applied (`inspect`'s
        /// `toRoot`).
        case rootBounds
        /// The root placed in `superlayer`'s coordinates by `transformToSuperlayer(superlayer)`
        /// (nil: as a root, by its own position, anchor point and transform), then mapped into
        /// the walk's space by `toSpace` — as the renderer places a tree on a canvas whose
        /// current transform is `toSpace`.
        case superlayer(PresentationLayer?, toSpace: AffineTransform)

        /// The root placed by its own position, anchor point and transform, in the space its
        /// position is given in.
        public static let placed = Origin.superlayer(nil, toSpace: .identity)
    }

    /// Where the walk meets a layer.
    public struct Place: Sendable {
        /// From the layer's bounds coordinates to the walk's space.
        public var toRoot: AffineTransform
        /// The ancestors' `masksToBounds` clip as a box in the walk's space; nil for none.
        public var clip: Rect?
        /// 0 for the layer the walk starts at, 1 for its sublayers, and so on.
        public var depth: Int

        @inlinable
        public init(toRoot: AffineTransform, clip: Rect?, depth: Int) {
            self.toRoot = toRoot
            self.clip = clip
            self.depth = depth
        }
    }

    /// True when `layer`, mapped into its superlayer by `toSuperlayer` and into the walk's
    /// space by `toRoot`, is one a `.drawn` walk meets (see the type's summary).
    @inlinable
    public static func isDrawn(
        _ layer: PresentationLayer, toSuperlayer: AffineTransform, toRoot: AffineTransform
    ) -> Bool {
        let p = layer.properties
        return !p.isHidden && p.opacity > 0 && p.bounds.isFinite && toSuperlayer.isInvertible
            && toRoot.isFinite
    }

    /// True when `layers` are already in drawing order (the usual case: no sort, nothing
    /// allocated).
    @inlinable
    public static func isDrawingOrder(_ layers: [PresentationLayer]) -> Bool {
        var previous = -Double.infinity
        for layer in layers {
            let z = sortKey(layer)
            if z < previous { return false }
            previous = z
        }
        return true
    }

    /// Indices of `layers` in drawing order: sorted by `zPosition`, ties kept in array order.
    public static func drawingOrder(_ layers: [PresentationLayer]) -> [Int] {
        layers.indices.sorted { i, j in
            let zi = sortKey(layers[i])
            let zj = sortKey(layers[j])
            return zi != zj ? zi < zj : i < j
        }
    }

    /// `zPosition` with NaN read as 0.
    @inlinable
    static func sortKey(_ layer: PresentationLayer) -> Double {
        let z = layer.properties.zPosition
        return z.isNaN ? 0 : z
    }
}

/// What a `PresentationWalk` calls for each layer it meets.
public protocol PresentationVisitor {
    /// What `enter` hands to `leave` for the same layer: state to undo, a flag. `Void` when
    /// there is nothing.
    associatedtype Entry = Void

    /// Meets `layer` before its sublayers. Returning nil skips the layer's sublayers and its
    /// `leave`.
    mutating func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> Entry?

    /// Meets `layer` after its sublayers, with what its `enter` returned.
    mutating func leave(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ entry: Entry)
}

extension PresentationVisitor where Entry == Void {
    /// Nothing to do after the sublayers.
    @inlinable
    public mutating func leave(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ entry: Void) {}
}

extension PresentationLayer {
    /// Walks this layer and its subtree depth first (see `PresentationWalk`), calling
    /// `visitor` before and after each layer's sublayers.
    @inlinable
    public func walk<V: PresentationVisitor>(
        _ visitor: inout V, from origin: PresentationWalk.Origin = .placed,
        scope: PresentationWalk.Scope = .drawn
    ) {
        switch origin {
        case .rootBounds:
            let identity = AffineTransform.identity
            if scope == .drawn, !PresentationWalk.isDrawn(self, toSuperlayer: identity, toRoot: identity) {
                return
            }
            walkSubtree(&visitor, PresentationWalk.Place(toRoot: identity, clip: nil, depth: 0), scope)
        case .superlayer(let superlayer, let toSpace):
            walkAsSublayer(&visitor, of: superlayer, superlayerToRoot: toSpace, clip: nil, depth: 0, scope)
        }
    }

    /// Walks this layer and its subtree depth first (see `PresentationWalk`), calling `body`
    /// before each layer's sublayers; `body` returns false to skip them.
    ///
    /// For occasional walks (the debug overlay, tests). Variables `body` captures and changes
    /// are boxed on the heap: a walk that runs every frame takes a visitor struct instead.
    @inlinable
    public func visit(
        from origin: PresentationWalk.Origin = .placed, scope: PresentationWalk.Scope = .drawn,
        _ body: (PresentationLayer, PresentationWalk.Place) -> Bool
    ) {
        withoutActuallyEscaping(body) { body in
            var visitor = ClosureVisitor(body: body)
            walk(&visitor, from: origin, scope: scope)
        }
    }

    /// Meets this layer at `place`, then its sublayers, then leaves it.
    @inlinable
    func walkSubtree<V: PresentationVisitor>(
        _ visitor: inout V, _ place: PresentationWalk.Place, _ scope: PresentationWalk.Scope
    ) {
        guard let entry = visitor.enter(self, at: place) else { return }
        let p = properties
        if !sublayers.isEmpty, scope == .all || !p.masksToEmptyBounds {
            var clip = place.clip
            if p.masksToBounds {
                let own = place.toRoot.apply(to: p.bounds)
                clip = clip.map { $0.intersection(own) } ?? own
            }
            let depth = place.depth + 1
            if PresentationWalk.isDrawingOrder(sublayers) {
                for sublayer in sublayers {
                    sublayer.walkAsSublayer(
                        &visitor, of: self, superlayerToRoot: place.toRoot, clip: clip, depth: depth, scope)
                }
            } else {
                for index in PresentationWalk.drawingOrder(sublayers) {
                    sublayers[index].walkAsSublayer(
                        &visitor, of: self, superlayerToRoot: place.toRoot, clip: clip, depth: depth, scope)
                }
            }
        }
        visitor.leave(self, at: place, entry)
    }

    /// Places this layer in `superlayer` (nil: as a root) and walks it, unless a `.drawn` walk
    /// skips it.
    @inlinable
    func walkAsSublayer<V: PresentationVisitor>(
        _ visitor: inout V, of superlayer: PresentationLayer?, superlayerToRoot: AffineTransform,
        clip: Rect?, depth: Int, _ scope: PresentationWalk.Scope
    ) {
        let toSuperlayer = transformToSuperlayer(superlayer)
        let toRoot = toSuperlayer.concatenating(superlayerToRoot)
        if scope == .drawn, !PresentationWalk.isDrawn(self, toSuperlayer: toSuperlayer, toRoot: toRoot) {
            return
        }
        walkSubtree(&visitor, PresentationWalk.Place(toRoot: toRoot, clip: clip, depth: depth), scope)
    }
}

/// `visit(from:scope:_:)`'s closure as a visitor.
@usableFromInline
struct ClosureVisitor: PresentationVisitor {
    @usableFromInline
    let body: (PresentationLayer, PresentationWalk.Place) -> Bool

    @inlinable
    init(body: @escaping (PresentationLayer, PresentationWalk.Place) -> Bool) {
        self.body = body
    }

    @inlinable
    func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> Void? {
        body(layer, place) ? () : nil
    }
}
