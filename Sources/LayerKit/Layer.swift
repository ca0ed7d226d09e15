/// A node of the layer tree (`CALayer`): model values, sublayers, layer timing and animations.
///
/// The properties hold model values only; animations never change them. What is drawn at a
/// moment is the scene's presentation (`Scene.presentation()`), a pure function of the model
/// tree, the animations and the time.
///
/// Setting an animatable property of a layer that is in a scene and is not a view's backing
/// layer animates the change implicitly (0.25 s, the default curve, from the current
/// presentation value) unless the current `Transaction` disables actions, as Core Animation
/// does. A layer outside any scene, or one no scene update has shown yet, changes without
/// animation (like a layer created in the current Core Animation transaction). `isHidden`,
/// `contents`, `masksToBounds`, `maskedCorners` and shape paths change instantly.
///
/// Each property's comment gives its default and whether it is animatable, as Core Animation's
/// headers do: "Animatable" means by an explicit animation of its key path and, when set, by
/// the implicit animation above.
///
/// Open, as `CALayer` is, so that a loader's own layer class (`class SpinnerLayer: CALayer`)
/// compiles: a subclass adds its own state, sublayers and animations in its initialisers and
/// methods. The layer's properties and behaviour are not override points.
open class Layer {
    var model = LayerProperties() { didSet { invalidatePresentation() } }
    /// The animations, in the order they were added (later ones apply on top).
    var entries: [AnimationEntry] = []
    /// The model values before the first change since the scene's update number
    /// `committedAt`: the previous value a value-less basic animation starts from.
    var committedValues: LayerValues?
    var committedAt = -1

    /// Asked first for the action of a property change (`CALayer.delegate`).
    public weak var delegate: LayerDelegate?
    /// Actions by key (`CALayer.actions`): `.none` turns a property's implicit animation off.
    public var actions: [String: LayerAction] = [:]
    /// The actions of the layer's style (`CALayer.style["actions"]`), asked after `actions`.
    public var styleActions: [String: LayerAction] = [:]

    /// The class's action for `key` (`CALayer.defaultAction(forKey:)`), asked last; nil (the
    /// default) leaves the implicit animation. A subclass overrides it to animate its
    /// properties its own way.
    open class func defaultAction(forKey key: String) -> LayerAction? { nil }
    /// This subtree's last presentation, kept while nothing in it animates or changes, so a
    /// scene update reuses it instead of rebuilding it (a header's list of static rows).
    /// Invariant: a layer holds one only if all its sublayers (and its mask) do, so a layer
    /// without one has no ancestor with one.
    var cachedPresentation: PresentationLayer?
    /// Set on a scene's root layer only.
    weak var hostScene: Scene?
    /// True once a scene has evaluated this layer (implicit animations need something shown).
    var hasBeenPresented = false

    /// Defaults to nil. Not animatable.
    public var name: String? {
        didSet {
            guard name != oldValue else { return }
            invalidatePresentation()
            scene?.setNeedsUpdate()
        }
    }
    /// The object that stands for this layer in the compat modules (its `CALayer`), set by
    /// them: weak, as the layer does not keep it alive (it keeps the layer).
    package weak var wrapper: AnyObject?
    /// The view whose own layer this is (a `UIView`, set by UIKit): weak, as the view keeps the
    /// layer. How UIKit reads a layer tree as a view tree, without a table of its own.
    package weak var owningView: AnyObject?
    /// A UIView's own layer: no implicit animations outside `ViewAnimation` blocks.
    ///
    /// Defaults to false. Not animatable.
    public var isViewBacking: Bool = false

    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?
    /// The mask's storage (see Layer+Mask.swift).
    var maskLayer: Layer?
    /// Set on a mask: the layer it masks, which its time and scene come from.
    weak var maskedLayer: Layer?

    /// Draws the layer's backing store (Layer+Display.swift); nil for a layer whose contents
    /// are only set.
    public weak var displayDelegate: LayerDisplayDelegate?
    /// `CALayer.needsDisplayOnBoundsChange`: a change of `bounds` marks the layer for display.
    ///
    /// Defaults to false. Not animatable.
    public var needsDisplayOnBoundsChange = false
    /// Marked by `setNeedsDisplay()`, until displayed.
    public internal(set) var needsDisplay = false

    public init() {}

    /// The model values, as a snapshot.
    public var properties: LayerProperties { model }

    // MARK: Geometry and appearance

    /// Defaults to a zero rectangle. Animatable.
    public var bounds: Rect {
        get { model.bounds }
        set {
            let old = model.bounds
            set(LayerTable.bounds, newValue)
            if needsDisplayOnBoundsChange, model.bounds != old { setNeedsDisplay() }
        }
    }
    /// Defaults to (0, 0). Animatable.
    public var position: Point {
        get { model.position }
        set { set(LayerTable.position, newValue) }
    }
    /// Defaults to (0.5, 0.5), the bounds' centre. Animatable.
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { set(LayerTable.anchorPoint, newValue) }
    }
    /// Defaults to the identity. Animatable.
    public var transform: Transform3D {
        get { model.transform }
        set { set(LayerTable.transform, newValue) }
    }
    /// The 2D part of `transform` (`affineTransform()` / `setAffineTransform(_:)`).
    ///
    /// Defaults to the identity. Animatable, as `transform`.
    public var affineTransform: AffineTransform {
        get { model.transform.affine }
        set { set(LayerTable.transform, Transform3D(newValue)) }
    }
    /// Defaults to the identity. Animatable.
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { set(LayerTable.sublayerTransform, newValue) }
    }
    /// Defaults to 1. Animatable.
    public var opacity: Double {
        get { model.opacity }
        set { set(LayerTable.opacity, newValue) }
    }
    /// Defaults to false. Animatable by explicit animations only; a change shows at once.
    public var isHidden: Bool {
        get { model.isHidden }
        set { set(LayerTable.isHidden, newValue) }
    }
    /// Defaults to nil (no background). Animatable.
    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set { set(LayerTable.backgroundColor, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { set(LayerTable.cornerRadius, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var borderWidth: Double {
        get { model.borderWidth }
        set { set(LayerTable.borderWidth, newValue) }
    }
    /// Defaults to opaque black. Animatable.
    public var borderColor: Color? {
        get { model.borderColor }
        set { set(LayerTable.borderColor, newValue) }
    }
    /// Defaults to false. Not animatable.
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { set(LayerTable.masksToBounds, newValue) }
    }
    /// Setting it on a layer that is not a view's backing layer cross-fades from the old
    /// contents (an implicit `fade` transition under the key `"contents"`, 0.25 s or the
    /// transaction's duration), as Core Animation's implicit action for `contents` does.
    ///
    /// Defaults to nil. Not animatable by key path; a change cross-fades, as said.
    public var contents: ImageReference? {
        get { model.contents }
        set {
            guard newValue != model.contents else { return }
            set(LayerTable.contents, newValue)
            crossFadeContents()
        }
    }
    /// Defaults to `.resize`. Not animatable.
    public var contentsGravity: ContentsGravity {
        get { model.contentsGravity }
        set { set(LayerTable.contentsGravity, newValue) }
    }
    /// Defaults to 0. Animatable.
    public var zPosition: Double {
        get { model.zPosition }
        set { set(LayerTable.zPosition, newValue) }
    }
    /// Defaults to all four corners. Not animatable.
    public var maskedCorners: CornerMask {
        get { model.maskedCorners }
        set { set(LayerTable.maskedCorners, newValue) }
    }
    /// Defaults to opaque black. Animatable.
    public var shadowColor: Color? {
        get { model.shadowColor }
        set { set(LayerTable.shadowColor, newValue) }
    }
    /// Defaults to 0 (no shadow). Animatable.
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { set(LayerTable.shadowOpacity, newValue) }
    }
    /// Defaults to (0, −3). Animatable.
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { set(LayerTable.shadowOffset, newValue) }
    }
    /// Defaults to 3. Animatable.
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { set(LayerTable.shadowRadius, newValue) }
    }
    /// Animatable with explicit animations only: like every path property of Core Animation,
    /// it has no implicit animation.
    ///
    /// Defaults to nil (the shadow takes the layer's drawn alpha).
    public var shadowPath: Path? {
        get { model.shadowPath }
        set { set(LayerTable.shadowPath, newValue) }
    }
    /// Defaults to the unit rectangle (0, 0, 1, 1): all of the contents. Animatable.
    public var contentsRect: Rect {
        get { model.contentsRect }
        set { set(LayerTable.contentsRect, newValue) }
    }
    /// Defaults to the unit rectangle (0, 0, 1, 1): all of it stretches. Animatable.
    public var contentsCenter: Rect {
        get { model.contentsCenter }
        set { set(LayerTable.contentsCenter, newValue) }
    }
    /// Defaults to 1. Animatable.
    public var contentsScale: Double {
        get { model.contentsScale }
        set { set(LayerTable.contentsScale, newValue) }
    }
    /// `CALayer.isDoubleSided`: false hides the layer while its back faces the viewer.
    ///
    /// Defaults to true. Animatable by explicit animations only; a change shows at once.
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { set(LayerTable.isDoubleSided, newValue) }
    }
    /// `CALayer.shouldRasterize`: the subtree is drawn into a bitmap in the layer's own
    /// coordinates, which the renderer keeps while the subtree looks the same.
    ///
    /// Defaults to false. Animatable by explicit animations only; a change shows at once.
    public var shouldRasterize: Bool {
        get { model.shouldRasterize }
        set { set(LayerTable.shouldRasterize, newValue) }
    }
    /// `CALayer.rasterizationScale`: the bitmap's pixels per layer point (1 by default, so a
    /// rasterized layer on a 2× screen is drawn at half its resolution, as on iOS).
    ///
    /// Defaults to 1. Animatable.
    public var rasterizationScale: Double {
        get { model.rasterizationScale }
        set { set(LayerTable.rasterizationScale, newValue) }
    }

    /// `CALayer.frame`: the bounds' box in the superlayer, derived from position, bounds,
    /// anchorPoint and transform. Setting it sets `bounds.size` and `position` (the origin of
    /// `bounds` is kept); a non-finite frame is ignored.
    ///
    /// Derived, so it has no default of its own (a zero rectangle for a new layer). Not animatable
    /// itself: animate `position` and `bounds`.
    public var frame: Rect {
        get { model.frame }
        set {
            guard newValue.isFinite else { return }
            let f = newValue.standardized
            var b = model.bounds
            let p: Point
            if let size = Layer.boundsSize(forFrameSize: f.size, under: model.transform) {
                // A scale or a quarter-turn rotation maps the bounds onto an upright frame:
                // the bounds get the size that maps onto the frame's, and the position puts
                // that frame's corner where it was asked for, so the frame reads back as set.
                b.size = size
                var placed = model
                placed.bounds = b
                placed.position = .zero
                let o = placed.frame.origin
                p = Point(x: f.origin.x - o.x, y: f.origin.y - o.y)
            } else {
                // Any other transform: Core Animation leaves the frame undefined; the bounds
                // take the frame's size and the anchor point its place in it.
                b.size = f.size
                let a = model.anchorPoint
                p = Point(x: f.origin.x + a.x * f.size.width, y: f.origin.y + a.y * f.size.height)
            }
            if b != model.bounds { bounds = b }
            if p != model.position { position = p }
        }
    }

    /// The bounds size that `transform` maps onto an upright frame of `size`, when it maps
    /// upright rectangles onto upright rectangles (a scale, possibly mirrored, or a rotation by
    /// a multiple of 90°, with no perspective); nil otherwise.
    static func boundsSize(forFrameSize size: Size, under t: Transform3D) -> Size? {
        let scale = Swift.max(abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
        guard scale > 0, scale.isFinite, t.m14 == 0, t.m24 == 0, t.m44 == 1 else { return nil }
        let tiny = scale * 1e-12
        if abs(t.m12) <= tiny, abs(t.m21) <= tiny, abs(t.m11) > tiny, abs(t.m22) > tiny {
            return Size(width: size.width / abs(t.m11), height: size.height / abs(t.m22))
        }
        if abs(t.m11) <= tiny, abs(t.m22) <= tiny, abs(t.m12) > tiny, abs(t.m21) > tiny {
            // x' comes from y and y' from x: the frame's width is the bounds' height, scaled.
            return Size(width: size.height / abs(t.m12), height: size.width / abs(t.m21))
        }
        return nil
    }

    // MARK: Layer timing

    /// The layer's timing, as `CAMediaTiming` on a layer: its local time is
    /// `(parent time − beginTime) · speed + timeOffset`, so `speed = 0` with `timeOffset` set
    /// pauses the subtree and `speed < 1` slows it down.
    ///
    /// Defaults to 0. Not animatable.
    public var beginTime: Double = 0 { didSet { timingDidChange() } }
    /// Defaults to 1. Not animatable.
    public var speed: Double = 1 { didSet { timingDidChange() } }
    /// Defaults to 0. Not animatable.
    public var timeOffset: Double = 0 { didSet { timingDidChange() } }

    private func timingDidChange() {
        invalidatePresentation()
        guard let scene else { return }
        scene.setNeedsUpdate()
        scene.eventSourcesChanged()
    }

    /// Drops the cached presentation of this layer and of every ancestor (stopping at the
    /// first without one: by the invariant none above it has one).
    func invalidatePresentation() {
        var layer: Layer? = self
        while let current = layer, current.cachedPresentation != nil {
            current.cachedPresentation = nil
            layer = current.parentInTree
        }
    }

    /// The map from scene time to this layer's local time (through every ancestor up to the
    /// layer that hosts the scene, or the top of the tree).
    var timeMap: TimeMap {
        var chain: [Layer] = []
        var l: Layer? = self
        while let layer = l {
            chain.append(layer)
            if layer.hostScene != nil { break }
            l = layer.parentInTree
        }
        var map = TimeMap.identity
        for layer in chain.reversed() { map = layer.childTimeMap(from: map) }
        return map
    }

    /// How fast this layer's local time runs against scene time: the product of the speeds
    /// of it and its ancestors; 0 while it or an ancestor is paused.
    public var localTimeRate: Double { timeMap.rate }

    /// This layer's map given its superlayer's.
    func childTimeMap(from parent: TimeMap) -> TimeMap {
        parent.child(
            beginTime: TimingSanitizer.offset(beginTime), speed: TimingSanitizer.speed(speed),
            timeOffset: TimingSanitizer.offset(timeOffset))
    }

    /// `CALayer.convertTime(_:from:)`: a time in `layer`'s local time (scene time when nil) as
    /// this layer's local time. When `layer`'s time stands still (speed 0 somewhere above it),
    /// its local time says nothing about scene time and the current scene time is used.
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        let sceneTime: Double
        if let layer {
            let m = layer.timeMap
            if m.rate != 0 {
                sceneTime = (t - m.offset) / m.rate
            } else {
                sceneTime = layer.scene?.currentTime ?? 0
            }
        } else {
            sceneTime = t
        }
        return timeMap.local(sceneTime)
    }

    /// `CALayer.convertTime(_:to:)`: a time in this layer's local time as `layer`'s local time
    /// (scene time when nil).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        if let layer { return layer.convertTime(t, from: self) }
        let m = timeMap
        return m.rate != 0 ? (t - m.offset) / m.rate : (scene?.currentTime ?? 0)
    }

    // MARK: The tree

    /// The scene this layer is shown in (through its root), if any.
    public var scene: Scene? {
        var l: Layer? = self
        while let layer = l {
            if let s = layer.hostScene { return s }
            l = layer.parentInTree
        }
        return nil
    }

    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts at `index`, clamped to the valid range. Adding a layer to itself or to one of
    /// its own descendants is ignored (it would make a cycle).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard layer !== self, !isDescendant(of: layer) else { return }
        layer.removeFromSuperlayer()
        layer.maskedLayer?.mask = nil
        let i = Swift.min(Swift.max(index, 0), sublayers.count)
        sublayers.insert(layer, at: i)
        layer.superlayer = self
        invalidatePresentation()
        if let scene {
            scene.setNeedsUpdate()
            scene.stampPendingAnimations(in: layer)
            scene.eventSourcesChanged()
            layer.queueMarkedLayers(in: scene)
        }
    }

    /// Inserts just above `sibling`, or at the top when `sibling` is not a sublayer.
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        if let s = sibling, let i = sublayers.firstIndex(where: { $0 === s }) {
            insertSublayer(layer, at: i + 1)
        } else {
            addSublayer(layer)
        }
    }

    /// Inserts just below `sibling`, or at the bottom when `sibling` is not a sublayer.
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        if let s = sibling, let i = sublayers.firstIndex(where: { $0 === s }) {
            insertSublayer(layer, at: i)
        } else {
            insertSublayer(layer, at: 0)
        }
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let scene = parent.scene {
            scene.setNeedsUpdate()
            scene.eventSourcesChanged()
        }
        parent.invalidatePresentation()
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// True when `ancestor` is this layer's superlayer (or the layer it masks) or above it.
    func isDescendant(of ancestor: Layer) -> Bool {
        var l = parentInTree
        while let layer = l {
            if layer === ancestor { return true }
            l = layer.parentInTree
        }
        return false
    }

    // MARK: Animations

    /// Adds a copy of `anim` (`CALayer.add(_:forKey:)`), replacing any animation with the same
    /// key (which stops with `finished == false`).
    ///
    /// A duration of 0 (or less, or NaN) becomes the current transaction's animation duration,
    /// which is 0.25 s unless set. A `beginTime` of 0 becomes the layer's current local time (`Scene.currentTime` converted
    /// to it), or the time the layer joins a scene. The key path and values are checked here:
    /// an unknown key path, a shape key path on a plain layer or a value of the wrong type
    /// throws an `AnimationError` naming it, and nothing is added.
    public func add(_ anim: Animation, forKey key: String?) throws {
        try addEntry(anim, forKey: key)
    }

    /// `add(_:forKey:)`, returning the running entry.
    @discardableResult
    func addEntry(_ anim: Animation, forKey key: String?) throws -> AnimationEntry {
        let copy = anim.clone()
        let scene = self.scene
        // An animation without a timing function takes the transaction's, as Core Animation
        // gives it to every animation added in the transaction.
        if copy.timingFunction == nil, let function = scene?.actions.animationTimingFunction {
            copy.timingFunction = function
        }
        // A zero duration is the transaction's duration, 0.25 s unless set.
        let transactionDuration = scene?.actions.animationDuration ?? TimingModel.defaultDuration
        let compiled = try copy.compile(
            context: CompileContext(
                isShapeLayer: self is ShapeLayer, layerClass: OwningLayerClass(of: self),
                previous: scene.flatMap { committedAt == $0.updateCount ? committedValues : nil },
                customValues: model.customValues),
            inheritedDuration: transactionDuration > 0 ? transactionDuration : TimingModel.defaultDuration)
        if let key, let old = entries.first(where: { $0.key == key }) {
            detach(old)
        }
        let entry = AnimationEntry(key: key, animation: copy, compiled: compiled, layer: self)
        entry.redrawsLayer = redrawsLayer(copy)
        if copy is TransitionAnimation {
            entry.transitionFrom = scene?.shownPresentation(of: self)
        }
        entries.append(entry)
        invalidatePresentation()
        if copy.beginTime == 0 || !copy.beginTime.isFinite {
            entry.needsStamp = true
        }
        if let scene {
            scene.setNeedsUpdate()
            let map = timeMap
            scene.stamp(entry, at: scene.currentTime, map: map)
            entry.addedAt = scene.currentTime
            scene.animationAdded(entry, map: map)
            scene.actions.animationAdded(entry)
        }
        return entry
    }

    /// The running copy added under `key`.
    public func animation(forKey key: String) -> Animation? {
        entries.first(where: { $0.key == key })?.animation
    }

    /// Removes the animation added under `key`; its delegate hears `finished == false`.
    public func removeAnimation(forKey key: String) {
        guard let entry = entries.first(where: { $0.key == key }) else { return }
        detach(entry)
    }

    /// Removes every animation; each delegate hears `finished == false` (unless it already
    /// finished).
    public func removeAllAnimations() {
        for entry in entries { detach(entry) }
    }

    /// Removes every animation of this layer and of every layer below it (each delegate hears
    /// `finished == false`, as with `removeAllAnimations`). Tearing down a tree with it ends
    /// the reference cycles that running animations' delegates make.
    public func removeAllAnimationsInSubtree() {
        removeAllAnimations()
        for sub in timedSublayers { sub.removeAllAnimationsInSubtree() }
    }

    /// The keys of the animations added with a key, in the order they were added.
    public func animationKeys() -> [String] {
        entries.compactMap(\.key)
    }

    /// Takes an entry off this layer; a delegate that has not heard the stop hears it at the
    /// scene's next update (or now, outside a scene).
    func detach(_ entry: AnimationEntry) {
        entries.removeAll { $0 === entry }
        entry.isDetached = true
        guard !entry.didStop else { return }
        entry.didStop = true
        entry.finishedNormally = false
        if let scene {
            scene.setNeedsUpdate()
            entry.stopSceneTime = scene.currentTime
            scene.enqueueStop(entry)
        } else {
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
        }
    }

    // MARK: Model changes and actions

    /// The model values an animation reads and writes.
    var modelValues: LayerValues { LayerValues(layer: model, shape: nil) }

    /// Replaces the model values (ShapeLayer overrides to keep its shape part).
    func setModelValues(_ v: LayerValues) { model = v.layer }

    /// Sets one model property and runs the action Core Animation would run for it (its
    /// table entry says which: `LayerProperty.animating`). Setting a property to the value it
    /// already has does nothing (no action, no frame).
    public func set<V>(_ property: LayerProperty<LayerProperties, V>, _ value: V) {
        let kp = property.storage
        if model[keyPath: kp] == value { return }
        setValues({ $0.layer[keyPath: kp] = value }, action: property.actionKey)
    }

    func setValues(_ change: (inout LayerValues) -> Void, action key: String?) {
        guard let scene else {
            var v = modelValues
            change(&v)
            setModelValues(v)
            return
        }
        scene.setNeedsUpdate()
        if committedAt != scene.updateCount {
            // The first change since the last update: keep what that update committed.
            committedValues = modelValues
            committedAt = scene.updateCount
        }
        if let key, !isViewBacking, hasBeenPresented, !scene.actions.disableActions,
            let action = action(forKey: key)
        {
            run(action, forKey: key, change: change)
            return
        }
        if let key, isViewBacking, let keyframe = scene.actions.keyframeBlocks.last?.openKeyframe,
            let property = KeyPathRegistry.property(for: key, custom: model.customValues)
        {
            let before = modelValues
            var after = before
            change(&after)
            setModelValues(after)
            keyframe.record(layer: self, key: key, property: property, before: before, after: after)
            return
        }
        guard let key, let plan = scene.actions.actionPlan(for: self),
            let property = KeyPathRegistry.property(for: key, custom: model.customValues)
        else {
            var v = modelValues
            change(&v)
            setModelValues(v)
            return
        }
        if let block = plan.viewBlock {
            viewAction(change, key: key, property: property, plan: plan, block: block, scene: scene)
            return
        }
        let before = plan.fromPresentation ? scene.values(of: self, at: scene.currentTime) : modelValues
        var after = modelValues
        change(&after)
        setModelValues(after)
        guard let anim = property.transitionAnimation(from: before, to: after) else { return }
        plan.configure(anim, layer: self, scene: scene)
        (try? addEntry(anim, forKey: key))?.origin = .implicit
    }

    /// The presentation values now (`CALayer.presentation()`): the model with the animations
    /// applied at `Scene.currentTime`, without sublayers; nil outside a scene.
    public func presentation() -> PresentationLayer? {
        guard let scene else { return nil }
        let v = scene.values(of: self, at: scene.currentTime)
        var layer = PresentationLayer(
            name: name, properties: v.layer, shape: v.shape, sublayers: [], gradient: v.gradient,
            mask: mask.flatMap { $0.presentation() }, text: v.text)
        layer.isTransformLayer = self is TransformLayer
        layer.replicator = v.replicator
        return layer
    }
}
