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
/// **3D.** When a layer's placement is not affine (its `transform` or its superlayer's
/// `sublayerTransform` has perspective or turns out of the plane, or its superlayer is a
/// transform layer), the walk places it with the full 4×4 matrix
/// (`transform3DToSuperlayer(_:)`), flattened into its superlayer's plane
/// (`ProjectiveTransform(flattening:)`): `Place.projection` is then the projective map to the
/// walk's space, and `toRoot` only its affine part. A transform layer does not flatten: each
/// of its sublayers is placed through the 4×4 matrices of the transform layers above it, into
/// the plane of the first ancestor that flattens (`Place.context`), and flattened there. A
/// masking ancestor placed with a projection clips to the bounding box of its bounds' image.
///
/// **Bad numbers and invisible layers** depend on `Scope`. `.drawn` meets what can draw: a
/// layer is skipped with its whole subtree when it is hidden, its opacity is not above 0
/// (NaN is not), its bounds are not finite, its transform to its superlayer is not
/// invertible (non-finite, or singular: see `transformToSuperlayer(_:)`) or its `toRoot` is
/// not finite; and the sublayers of a layer that `masksToEmptyBounds` are not met (the
/// layer itself is). A projected layer is also skipped when its flattened map into its
/// superlayer's plane (or its context's) is not invertible, when that map reverses its
/// orientation and it is not `isDoubleSided` (its back faces the viewer), or when its
/// projection is not finite; a transform layer, which draws nothing itself, only needs a
/// finite placement. Its siblings are met either way. `.all` meets every layer and
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
        /// From the layer's bounds coordinates to the walk's space; when `projection` is not
        /// nil, only that map's affine part (its perspective dropped).
        public var toRoot: AffineTransform
        /// The ancestors' `masksToBounds` clip as a box in the walk's space; nil for none.
        public var clip: Rect?
        /// 0 for the layer the walk starts at, 1 for its sublayers, and so on.
        public var depth: Int
        /// From the layer's bounds coordinates to the walk's space when that map is not
        /// affine (perspective, a turn out of the plane); nil when `toRoot` is exact.
        public var projection: ProjectiveTransform?
        /// For a transform layer and the layers it keeps in 3D: where they are in their 3D
        /// context; nil for everything else.
        public var context: Context?

        @inlinable
        public init(
            toRoot: AffineTransform, clip: Rect?, depth: Int, projection: ProjectiveTransform? = nil,
            context: Context? = nil
        ) {
            self.toRoot = toRoot
            self.clip = clip
            self.depth = depth
            self.projection = projection
            self.context = context
        }

        /// The map from the layer's bounds coordinates to the walk's space, projective or not.
        @inlinable
        public var toRootProjective: ProjectiveTransform {
            projection ?? ProjectiveTransform(toRoot)
        }
    }

    /// A 3D rendering context: the space in which a transform layer's sublayers keep their
    /// depth, which is the 3D space of the plane of the transform layer's nearest flattening
    /// ancestor.
    public struct Context: Sendable {
        /// From the layer's bounds coordinates into the context's 3D space (through every
        /// transform layer's 4×4 matrix, unflattened).
        public var toContext: Transform3D
        /// From the context's plane (its 3D space flattened) to the walk's space.
        public var contextToRoot: ProjectiveTransform

        @inlinable
        public init(toContext: Transform3D, contextToRoot: ProjectiveTransform) {
            self.toContext = toContext
            self.contextToRoot = contextToRoot
        }

        /// How near the viewer the layer's bounds centre is in the context: the depth (z / w)
        /// of its image in the context's space; higher is nearer, and draws later. 0 when the
        /// centre is behind the eye or not finite.
        public func depth(of bounds: Rect) -> Double {
            let t = toContext
            let c = bounds.center
            let z = c.x * t.m13 + c.y * t.m23 + t.m43
            let w = c.x * t.m14 + c.y * t.m24 + t.m44
            guard w > 0 else { return 0 }
            let d = z / w
            return d.isFinite ? d : 0
        }
    }

    /// Where a layer's superlayer is, as its sublayers are placed from it.
    @usableFromInline
    struct ParentSpace {
        @usableFromInline var toRoot: AffineTransform
        @usableFromInline var projection: ProjectiveTransform?
        /// Set when the superlayer is a transform layer: its own place in its context.
        @usableFromInline var context: Context?

        @inlinable
        init(toRoot: AffineTransform, projection: ProjectiveTransform? = nil, context: Context? = nil) {
            self.toRoot = toRoot
            self.projection = projection
            self.context = context
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
            && toRoot.isFinite && (p.isDoubleSided || toSuperlayer.determinant > 0)
    }

    /// True when `layer`, placed by a flattened map `local` into its superlayer's plane (or its
    /// context's) and by `toRoot` into the walk's space, is one a `.drawn` walk meets.
    @inlinable
    public static func isDrawn(
        _ layer: PresentationLayer, local: ProjectiveTransform, toRoot: ProjectiveTransform
    ) -> Bool {
        let p = layer.properties
        guard !p.isHidden, p.opacity > 0, p.bounds.isFinite, toRoot.isFinite else { return false }
        if layer.isTransformLayer { return local.isFinite }
        return local.isInvertible && (p.isDoubleSided || local.determinant > 0)
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
            let context =
                isTransformLayer
                ? PresentationWalk.Context(toContext: .identity, contextToRoot: .identity) : nil
            walkSubtree(
                &visitor, PresentationWalk.Place(toRoot: identity, clip: nil, depth: 0, context: context),
                scope)
        case .superlayer(let superlayer, let toSpace):
            walkAsSublayer(
                &visitor, of: superlayer, parent: PresentationWalk.ParentSpace(toRoot: toSpace), clip: nil,
                depth: 0, scope)
        }
    }

    /// Walks this layer and its subtree depth first (see `PresentationWalk`) from `place`,
    /// where an earlier walk met it: this layer is not checked again, its sublayers are placed
    /// from it.
    @inlinable
    public func walk<V: PresentationVisitor>(
        _ visitor: inout V, at place: PresentationWalk.Place, scope: PresentationWalk.Scope = .drawn
    ) {
        walkSubtree(&visitor, place, scope)
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
        // `properties` and `sublayers` are read in place: binding a copy of a layer's values
        // (or iterating over copies of its sublayers) moved hundreds of bytes per layer.
        if !sublayers.isEmpty, scope == .all || isTransformLayer || !properties.masksToEmptyBounds {
            var clip = place.clip
            if properties.masksToBounds, !isTransformLayer {
                let bounds = properties.bounds
                let own =
                    place.projection.map { $0.boundingBox(of: bounds) } ?? place.toRoot.apply(to: bounds)
                // An image reaching the horizon clips nothing a box can say.
                if own.isFinite || own.isNull {
                    clip = clip.map { $0.intersection(own) } ?? own
                }
            }
            let depth = place.depth + 1
            let parent = PresentationWalk.ParentSpace(
                toRoot: place.toRoot, projection: place.projection,
                context: isTransformLayer ? place.context : nil)
            if PresentationWalk.isDrawingOrder(sublayers) {
                for index in sublayers.indices {
                    sublayers[index].walkAsSublayer(
                        &visitor, of: self, parent: parent, clip: clip, depth: depth, scope)
                }
            } else {
                for index in PresentationWalk.drawingOrder(sublayers) {
                    sublayers[index].walkAsSublayer(
                        &visitor, of: self, parent: parent, clip: clip, depth: depth, scope)
                }
            }
        }
        visitor.leave(self, at: place, entry)
    }

    /// Places this layer in `superlayer` (nil: as a root) and walks it, unless a `.drawn` walk
    /// skips it.
    @inlinable
    func walkAsSublayer<V: PresentationVisitor>(
        _ visitor: inout V, of superlayer: PresentationLayer?, parent: PresentationWalk.ParentSpace,
        clip: Rect?, depth: Int, _ scope: PresentationWalk.Scope
    ) {
        if parent.projection == nil, parent.context == nil, !isTransformLayer, placesAffinely(in: superlayer)
        {
            // The usual 2D case: affine all the way.
            let toSuperlayer = transformToSuperlayer(superlayer)
            let toRoot = toSuperlayer.concatenating(parent.toRoot)
            if scope == .drawn, !PresentationWalk.isDrawn(self, toSuperlayer: toSuperlayer, toRoot: toRoot) {
                return
            }
            walkSubtree(&visitor, PresentationWalk.Place(toRoot: toRoot, clip: clip, depth: depth), scope)
            return
        }
        guard let place = projectedPlace(in: superlayer, parent: parent, clip: clip, depth: depth, scope)
        else {
            return
        }
        walkSubtree(&visitor, place, scope)
    }

    /// This layer's place when its placement is not affine (see `PresentationWalk`'s 3D), or
    /// nil when a `.drawn` walk skips it.
    @usableFromInline
    func projectedPlace(
        in superlayer: PresentationLayer?, parent: PresentationWalk.ParentSpace, clip: Rect?, depth: Int,
        _ scope: PresentationWalk.Scope
    ) -> PresentationWalk.Place? {
        let m = transform3DToSuperlayer(superlayer)
        let local: ProjectiveTransform
        let toRoot: ProjectiveTransform
        var context: PresentationWalk.Context?
        if let outer = parent.context {
            // Kept in 3D by a transform layer: placed through its matrix, flattened in the
            // context's plane.
            let toContext = m.multiplied(by: outer.toContext)
            local = ProjectiveTransform(flattening: toContext)
            toRoot = local.concatenating(outer.contextToRoot)
            context = PresentationWalk.Context(toContext: toContext, contextToRoot: outer.contextToRoot)
        } else {
            local = ProjectiveTransform(flattening: m)
            let parentToRoot = parent.projection ?? ProjectiveTransform(parent.toRoot)
            toRoot = local.concatenating(parentToRoot)
            if isTransformLayer {
                context = PresentationWalk.Context(toContext: m, contextToRoot: parentToRoot)
            }
        }
        if scope == .drawn, !PresentationWalk.isDrawn(self, local: local, toRoot: toRoot) { return nil }
        let affine = toRoot.affine
        return PresentationWalk.Place(
            toRoot: affine
                ?? AffineTransform(
                    a: toRoot.m11, b: toRoot.m12, c: toRoot.m21, d: toRoot.m22, tx: toRoot.m31, ty: toRoot.m32
                ),
            clip: clip, depth: depth, projection: affine == nil ? toRoot : nil, context: context)
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
