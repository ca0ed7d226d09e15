/// The values that describe how one layer is drawn at one moment.
///
/// A model `Layer` holds one of these for its model values; the engine evaluates animations
/// into a copy of it for the presentation tree. Defaults are Core Animation's.
public struct LayerProperties: Hashable, Sendable {
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var opacity: Double = 1
    public var isHidden: Bool = false
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color? = .black
    public var masksToBounds: Bool = false
    public var contents: ImageReference? = nil
    public var contentsGravity: ContentsGravity = .resize
    public var zPosition: Double = 0
    /// The corners `cornerRadius` rounds (`CALayer.maskedCorners`).
    public var maskedCorners: CornerMask = .all
    /// The shadow (see `LayerRenderer`'s shadow drawing for the blur): nil draws none.
    public var shadowColor: Color? = .black
    /// 0 (the default) draws no shadow.
    public var shadowOpacity: Double = 0
    /// In the layer's own coordinates; (0, −3) puts the default shadow above the layer, as on
    /// iOS (Core Animation's default came from the Mac, where y grows upward).
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// The blur radius in points.
    public var shadowRadius: Double = 3
    /// The shadow's shape, filled with the non-zero rule; nil takes the layer's drawn alpha.
    public var shadowPath: Path? = nil
    /// The part of the contents image shown, in its unit coordinates (see `ContentsLayout`).
    public var contentsRect: Rect = ContentsLayout.unitRect
    /// The stretchable part of the shown contents, in their unit coordinates (nine-part).
    public var contentsCenter: Rect = ContentsLayout.unitRect
    /// Image pixels per point of the contents.
    public var contentsScale: Double = 1
    /// False hides the layer (with its subtree) while its back faces the viewer: while its
    /// plane, mapped into the plane it is drawn in, has its orientation reversed
    /// (`CALayer.isDoubleSided`).
    public var isDoubleSided: Bool = true
    /// True draws the layer with its subtree as a bitmap in its own coordinates first, then
    /// composites that (`CALayer.shouldRasterize`): shadow, mask and clip are in the bitmap,
    /// the layer's opacity is applied when it is composited.
    public var shouldRasterize: Bool = false
    /// The bitmap's pixels per layer point (`CALayer.rasterizationScale`).
    public var rasterizationScale: Double = 1
    /// The properties a layer declares for itself, by key (`@Managed var progress: CGFloat` on
    /// a `CALayer` subclass): animated by key path like the others (`"progress"`), evaluated
    /// into the presentation with them. Empty for the framework's own layers.
    public var customValues: [String: AnimationValue] = [:]

    public init() {}
}

/// What a `ShapeLayer` adds to a layer. Defaults are `CAShapeLayer`'s (opaque black fill,
/// no stroke, line width 1, butt cap, miter join, miter limit 10).
public struct ShapeProperties: Hashable, Sendable {
    public var path: Path? = nil
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    public var strokeColor: Color? = nil
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    public var lineDashPattern: [Double] = []
    public var lineDashPhase: Double = 0
    public var strokeStart: Double = 0
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
