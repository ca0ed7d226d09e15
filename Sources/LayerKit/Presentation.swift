/// The values that describe how one layer is drawn at one moment.
///
/// A model `Layer` holds one of these for its model values; the engine evaluates animations
/// into a copy of it for the presentation tree. Defaults are Core Animation's.
///
/// Each property's comment says what `LayerTable` declares of it: its default (the value it
/// is initialised with) and whether it is animatable. "A change animates implicitly on a
/// standalone layer": changing it on a layer that has been shown and is not a view's own
/// layer animates from what is shown (0.25 s, or the transaction's duration) unless the
/// transaction disables actions; the other animatable properties animate by explicit
/// animations only. `LayerDocumentationTests` keeps the comments and the tables agreeing.
public struct LayerProperties: Hashable, Sendable {
    /// The layer's own coordinate space, in points: the origin is the point drawn at the
    /// top-left corner, the size what the layer covers.
    ///
    /// Defaults to a zero rectangle. Animatable. A change animates implicitly on a standalone
    /// layer.
    public var bounds: Rect = .zero
    /// Where `anchorPoint` sits, in the superlayer's coordinates, in points.
    ///
    /// Defaults to (0, 0). Animatable. A change animates implicitly on a standalone layer.
    public var position: Point = .zero
    /// The point of the bounds that `position` places and `transform` turns about, in the
    /// bounds' unit coordinates: (0, 0) the top-left corner, (1, 1) the bottom-right.
    ///
    /// Defaults to (0.5, 0.5), the bounds' centre. Animatable. A change animates implicitly on a
    /// standalone layer.
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    /// The layer's transform, applied about `anchorPoint` (see `toSuperlayer`).
    ///
    /// Defaults to the identity. Animatable. A change animates implicitly on a standalone layer.
    public var transform: Transform3D = .identity
    /// The transform applied to the sublayers, about this layer's anchor point.
    ///
    /// Defaults to the identity. Animatable. A change animates implicitly on a standalone layer.
    public var sublayerTransform: Transform3D = .identity
    /// How opaque the layer and its subtree are composited, clamped to 0…1 when drawn.
    ///
    /// Defaults to 1. Animatable. A change animates implicitly on a standalone layer.
    public var opacity: Double = 1
    /// True hides the layer and its subtree.
    ///
    /// Defaults to false. Animatable. Explicit animations only: a change shows at once.
    public var isHidden: Bool = false
    /// The colour that fills the bounds (rounded by `cornerRadius`); nil fills nothing, and
    /// animates as clear.
    ///
    /// Defaults to nil (no background). Animatable. A change animates implicitly on a
    /// standalone layer.
    public var backgroundColor: Color? = nil
    /// The radius of the rounded corners of the background and border, in points.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var cornerRadius: Double = 0
    /// The width of the border drawn inside the bounds, in points.
    ///
    /// Defaults to 0 (no border). Animatable. A change animates implicitly on a standalone layer.
    public var borderWidth: Double = 0
    /// The border's colour; nil draws none, and animates as clear.
    ///
    /// Defaults to opaque black. Animatable. A change animates implicitly on a standalone layer.
    public var borderColor: Color? = .black
    /// True clips the sublayers and the contents to the bounds (rounded by `cornerRadius`).
    ///
    /// Defaults to false. Not animatable.
    public var masksToBounds: Bool = false
    /// The image the layer shows, fitted to the bounds by `contentsGravity`.
    ///
    /// Defaults to nil (no image). Not animatable. Setting it on a standalone layer cross-fades
    /// from the old contents (`Layer.contents`).
    public var contents: ImageReference? = nil
    /// How the contents fit the bounds.
    ///
    /// Defaults to `.resize` (stretched to fill). Not animatable.
    public var contentsGravity: ContentsGravity = .resize
    /// The layer's place on the z axis, in points: sublayers draw sorted by it, and a
    /// perspective transform above places the layer by it.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var zPosition: Double = 0
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`).
    ///
    /// Defaults to all four corners. Not animatable.
    public var maskedCorners: CornerMask = .all
    /// The shadow (see `LayerRenderer`'s shadow drawing for the blur): nil draws none, and
    /// animates as clear.
    ///
    /// Defaults to opaque black. Animatable. A change animates implicitly on a standalone layer.
    public var shadowColor: Color? = .black
    /// How opaque the shadow is; 0 draws no shadow.
    ///
    /// Defaults to 0 (no shadow). Animatable. A change animates implicitly on a standalone layer.
    public var shadowOpacity: Double = 0
    /// In the layer's own coordinates; (0, −3) puts the default shadow above the layer, as on
    /// iOS (Core Animation's default came from the Mac, where y grows upward).
    ///
    /// Defaults to (0, −3). Animatable. A change animates implicitly on a standalone layer.
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// The blur radius in points.
    ///
    /// Defaults to 3. Animatable. A change animates implicitly on a standalone layer.
    public var shadowRadius: Double = 3
    /// The shadow's shape, filled with the non-zero rule; nil takes the layer's drawn alpha
    /// (and animates as the empty path).
    ///
    /// Defaults to nil. Animatable. Explicit animations only: a change shows at once, as for
    /// every path of Core Animation.
    public var shadowPath: Path? = nil
    /// The part of the contents image shown, in its unit coordinates (see `ContentsLayout`).
    ///
    /// Defaults to the unit rectangle (0, 0, 1, 1): all of the contents. Animatable. A change
    /// animates implicitly on a standalone layer.
    public var contentsRect: Rect = ContentsLayout.unitRect
    /// The stretchable part of the shown contents, in their unit coordinates (nine-part).
    ///
    /// Defaults to the unit rectangle (0, 0, 1, 1): all of it stretches. Animatable. A change
    /// animates implicitly on a standalone layer.
    public var contentsCenter: Rect = ContentsLayout.unitRect
    /// Image pixels per point of the contents.
    ///
    /// Defaults to 1. Animatable. A change animates implicitly on a standalone layer.
    public var contentsScale: Double = 1
    /// False hides the layer (with its subtree) while its back faces the viewer: while its
    /// plane, mapped into the plane it is drawn in, has its orientation reversed
    /// (`CALayer.isDoubleSided`).
    ///
    /// Defaults to true. Animatable. Explicit animations only: a change shows at once.
    public var isDoubleSided: Bool = true
    /// True draws the layer with its subtree as a bitmap in its own coordinates first, then
    /// composites that (`CALayer.shouldRasterize`): shadow, mask and clip are in the bitmap,
    /// the layer's opacity is applied when it is composited.
    ///
    /// Defaults to false. Animatable. Explicit animations only: a change shows at once.
    public var shouldRasterize: Bool = false
    /// The bitmap's pixels per layer point (`CALayer.rasterizationScale`).
    ///
    /// Defaults to 1. Animatable. A change animates implicitly on a standalone layer.
    public var rasterizationScale: Double = 1
    /// The properties a layer declares for itself, by key (`@Managed var progress: CGFloat` on
    /// a `CALayer` subclass): animated by key path like the others (`"progress"`), evaluated
    /// into the presentation with them. Empty for the framework's own layers.
    public var customValues: [String: AnimationValue] = [:]

    public init() {}
}

/// What a `ShapeLayer` adds to a layer. Defaults are `CAShapeLayer`'s (opaque black fill,
/// no stroke, line width 1, butt cap, miter join, miter limit 10). Each property's comment
/// gives its default and whether it is animatable as `ShapeTable` declares it (see
/// `LayerProperties` for what "implicitly on a standalone layer" means).
public struct ShapeProperties: Hashable, Sendable {
    /// The shape, in the layer's own coordinates; nil draws nothing (and animates as the empty
    /// path).
    ///
    /// Defaults to nil. Animatable. Explicit animations only (point by point between paths of
    /// the same structure): a change shows at once, as `CAShapeLayer`'s path does.
    public var path: Path? = nil
    /// The colour that fills the path; nil fills nothing, and animates as clear.
    ///
    /// Defaults to opaque black. Animatable. A change animates implicitly on a standalone layer.
    public var fillColor: Color? = .black
    /// Which parts of the path are inside, for the fill.
    ///
    /// Defaults to `.nonZero`. Not animatable.
    public var fillRule: FillRule = .nonZero
    /// The colour that strokes the path; nil strokes nothing, and animates as clear.
    ///
    /// Defaults to nil (no stroke). Animatable. A change animates implicitly on a standalone
    /// layer.
    public var strokeColor: Color? = nil
    /// The stroke's width, in points of the layer's own coordinates.
    ///
    /// Defaults to 1. Animatable. A change animates implicitly on a standalone layer.
    public var lineWidth: Double = 1
    /// How the stroke's open ends are drawn.
    ///
    /// Defaults to `.butt`. Not animatable.
    public var lineCap: LineCap = .butt
    /// How the stroke's corners are drawn.
    ///
    /// Defaults to `.miter`. Not animatable.
    public var lineJoin: LineJoin = .miter
    /// The longest miter, as a multiple of the line width, before a miter join is bevelled.
    ///
    /// Defaults to 10. Animatable. A change animates implicitly on a standalone layer.
    public var miterLimit: Double = 10
    /// The lengths of the dashes and gaps, in points, alternating from a dash; empty strokes a
    /// solid line.
    ///
    /// Defaults to empty (a solid line). Not animatable.
    public var lineDashPattern: [Double] = []
    /// How far into the dash pattern the stroke starts, in points.
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var lineDashPhase: Double = 0
    /// Where the stroke starts, as a fraction of the path's total length (clamped to 0…1 when
    /// drawn).
    ///
    /// Defaults to 0. Animatable. A change animates implicitly on a standalone layer.
    public var strokeStart: Double = 0
    /// Where the stroke ends, as a fraction of the path's total length (clamped to 0…1 when
    /// drawn).
    ///
    /// Defaults to 1. Animatable. A change animates implicitly on a standalone layer.
    public var strokeEnd: Double = 1

    public init() {}
}

public enum FillRule: String, Hashable, Sendable { case nonZero, evenOdd }
public enum LineCap: String, Hashable, Sendable { case butt, round, square }
public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }

/// `CALayer.contentsGravity`: how contents fit the bounds.
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// A reference to an image: a file, which LayerKit never decodes (the renderer does), or a
/// `Bitmap` made by drawing. `pixelSize`, when known, is the image's size in pixels at `scale`
/// pixels per point.
public struct ImageReference: Hashable, Sendable {
    /// The file's path; for a bitmap, a description of it (`bitmap 120×120 @2x …`).
    public var path: String
    public var pixelSize: Size?
    public var scale: Double
    /// The drawn image, when it is one (`path` is then only a description).
    public var bitmap: Bitmap?

    public init(path: String, pixelSize: Size? = nil, scale: Double = 1) {
        self.path = path
        self.pixelSize = pixelSize
        self.scale = scale
        bitmap = nil
    }

    /// A drawn image of the bitmap's pixel size. `scale` is as for a file: a `UIImage`'s
    /// scale (the bitmap's), or 1 for a layer's backing store, whose `contentsScale` says it.
    public init(bitmap: Bitmap, scale: Double) {
        path = bitmap.description
        pixelSize = Size(width: Double(bitmap.width), height: Double(bitmap.height))
        self.scale = scale
        self.bitmap = bitmap
    }

    /// The image's size in points, when its pixel size is known.
    public var pointSize: Size? {
        guard let s = pixelSize, scale > 0 else { return nil }
        return Size(width: s.width / scale, height: s.height / scale)
    }
}

/// One layer of a presentation tree: a value snapshot of what is drawn at one moment.
///
/// A value with shared storage (copy on write): copying a layer, or a whole subtree, shares its
/// node instead of copying its values (about 700 bytes a layer), so a subtree the engine
/// reuses from one frame to the next (`Scene`'s static subtrees) is the same node in both
/// trees, and comparing them — the renderer's damage, the gallery's — stops at the first
/// shared node without looking inside it. Mutating a shared layer copies its node first.
public struct PresentationLayer: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case layer, shape, image, gradient, text, transform }

    @usableFromInline var node: Node

    public init(
        name: String? = nil, properties: LayerProperties = LayerProperties(),
        shape: ShapeProperties? = nil, sublayers: [PresentationLayer] = [],
        gradient: GradientProperties? = nil, mask: PresentationLayer? = nil, text: TextProperties? = nil
    ) {
        node = Node(
            name: name, properties: properties, shape: shape, sublayers: sublayers, gradient: gradient,
            maskStorage: mask.map { [$0] } ?? [], text: text)
    }

    /// The node, copied first when another layer value shares it.
    @inlinable var uniqueNode: Node {
        mutating get {
            if !isKnownUniquelyReferenced(&node) { node = node.copy() }
            return node
        }
    }

    @inlinable public var name: String? {
        get { node.name }
        set { uniqueNode.name = newValue }
    }
    @inlinable public var properties: LayerProperties {
        _read { yield node.properties }
        _modify { yield &uniqueNode.properties }
    }
    /// Present for shape layers only.
    @inlinable public var shape: ShapeProperties? {
        _read { yield node.shape }
        _modify { yield &uniqueNode.shape }
    }
    @inlinable public var sublayers: [PresentationLayer] {
        _read { yield node.sublayers }
        _modify { yield &uniqueNode.sublayers }
    }
    /// Present for gradient layers only.
    @inlinable public var gradient: GradientProperties? {
        _read { yield node.gradient }
        _modify { yield &uniqueNode.gradient }
    }
    /// Present for text layers only.
    @inlinable public var text: TextProperties? {
        _read { yield node.text }
        _modify { yield &uniqueNode.text }
    }
    /// True for a `TransformLayer`: it draws nothing of its own and does not flatten its
    /// sublayers, which keep their places in 3D (see `PresentationWalk`).
    @inlinable public var isTransformLayer: Bool {
        get { node.isTransformLayer }
        set { uniqueNode.isTransformLayer = newValue }
    }
    /// A running `TransitionAnimation`: the layer is drawn as its old rendering and itself,
    /// moved and faded (see `PresentationTransition`).
    @inlinable public var transition: PresentationTransition? {
        _read { yield node.transition }
        _modify { yield &uniqueNode.transition }
    }
    /// For replicator layers: their values at this moment (the instances, already built from
    /// them, are among `sublayers`).
    @inlinable public var replicator: ReplicatorProperties? {
        _read { yield node.replicator }
        _modify { yield &uniqueNode.replicator }
    }

    /// The mask layer's presentation (`CALayer.mask`), in this layer's coordinates: this layer
    /// shows through its drawn alpha.
    @inlinable public var mask: PresentationLayer? {
        get { node.maskStorage.first }
        set { uniqueNode.maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// True when both layers hold the same values in every property table's group (the layer's,
    /// shape's, gradient's, text's and replicator's: every `LayerProperty`), whatever their
    /// sublayers, mask or transition.
    @inlinable public func hasEqualPropertyValues(to other: PresentationLayer) -> Bool {
        properties == other.properties && shape == other.shape && gradient == other.gradient
            && text == other.text && replicator == other.replicator
    }

    /// True when both values share one node: equal without looking inside.
    @inlinable public func isSameNode(as other: PresentationLayer) -> Bool { node === other.node }

    /// The identity of the node this value holds: equal for two values exactly when
    /// `isSameNode(as:)`, while both are alive (a cache keyed by it keeps the value too).
    @inlinable public var nodeIdentity: ObjectIdentifier { ObjectIdentifier(node) }

    @inlinable public static func == (a: PresentationLayer, b: PresentationLayer) -> Bool {
        a.node === b.node || a.node.hasEqualValues(to: b.node)
    }

    public func hash(into hasher: inout Hasher) { node.hash(into: &hasher) }

    /// `"transform"` for transform layers, `"shape"` for shape layers, `"gradient"` for
    /// gradient layers, `"text"` for text layers, `"image"` for layers with contents, else
    /// `"layer"`.
    public var kind: Kind {
        if isTransformLayer { return .transform }
        if shape != nil { return .shape }
        if gradient != nil { return .gradient }
        if text != nil { return .text }
        if properties.contents != nil { return .image }
        return .layer
    }
}

extension PresentationLayer {
    /// A presentation layer's values. A node is mutated only through `uniqueNode`, while one
    /// layer value holds it, and is otherwise read-only: that is what makes sharing it across
    /// threads safe (`@unchecked Sendable`), and what makes the run-time exclusivity checks on
    /// its fields redundant (`@exclusivity(unchecked)`: they were a tenth of a frame's
    /// instructions): an access to a node's field never overlaps a mutation of the same node.
    @usableFromInline final class Node: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var name: String?
        @exclusivity(unchecked) @usableFromInline var properties: LayerProperties
        @exclusivity(unchecked) @usableFromInline var shape: ShapeProperties?
        @exclusivity(unchecked) @usableFromInline var sublayers: [PresentationLayer]
        @exclusivity(unchecked) @usableFromInline var gradient: GradientProperties?
        /// The mask: none or one (a value cannot hold itself directly).
        @exclusivity(unchecked) @usableFromInline var maskStorage: [PresentationLayer]
        @exclusivity(unchecked) @usableFromInline var text: TextProperties?
        @exclusivity(unchecked) @usableFromInline var isTransformLayer = false
        @exclusivity(unchecked) @usableFromInline var transition: PresentationTransition?
        @exclusivity(unchecked) @usableFromInline var replicator: ReplicatorProperties?

        init(
            name: String?, properties: LayerProperties, shape: ShapeProperties?,
            sublayers: [PresentationLayer], gradient: GradientProperties?,
            maskStorage: [PresentationLayer], text: TextProperties?
        ) {
            self.name = name
            self.properties = properties
            self.shape = shape
            self.sublayers = sublayers
            self.gradient = gradient
            self.maskStorage = maskStorage
            self.text = text
        }

        @usableFromInline func copy() -> Node {
            let c = Node(
                name: name, properties: properties, shape: shape, sublayers: sublayers,
                gradient: gradient, maskStorage: maskStorage, text: text)
            c.isTransformLayer = isTransformLayer
            c.transition = transition
            c.replicator = replicator
            return c
        }

        @usableFromInline func hasEqualValues(to o: Node) -> Bool {
            name == o.name && isTransformLayer == o.isTransformLayer && properties == o.properties
                && shape == o.shape && gradient == o.gradient && text == o.text
                && transition == o.transition && replicator == o.replicator
                && maskStorage == o.maskStorage && sublayers == o.sublayers
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(properties)
            hasher.combine(shape)
            hasher.combine(sublayers)
            hasher.combine(gradient)
            hasher.combine(maskStorage)
            hasher.combine(text)
            hasher.combine(isTransformLayer)
            hasher.combine(transition)
            hasher.combine(replicator)
        }
    }
}

extension LayerProperties {
    /// The transform from this layer's own (bounds) coordinates into its superlayer's
    /// coordinates, before the superlayer's `sublayerTransform`, in 3D (the model's
    /// conversions): translate by −`anchorInBounds`, apply `transform`, translate to `position`.
    /// A presentation tree is placed by `PresentationLayer.transformToSuperlayer(_:)`: the
    /// affine part of this, then the superlayer's `sublayerTransform`.
    public var toSuperlayer: Transform3D {
        let a = anchorInBounds
        return Transform3D(translationX: -a.x, y: -a.y)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: position.x, y: position.y))
    }

    /// `CALayer.frame`: the bounds mapped through `toSuperlayer`, as a bounding box.
    public var frame: Rect {
        toSuperlayer.affine.apply(to: Rect(origin: bounds.origin, size: bounds.size))
    }
}
