import Foundation
import LayerKit

/// `CALayer`: a node of the layer tree, over the engine's `Layer`.
///
/// Each `CALayer` owns one engine layer of the matching class and is the only wrapper of it:
/// `sublayers`, `superlayer` and `mask` return the same objects that were added (a layer
/// subclass keeps its identity and state); `presentation()` returns a new copy each time. A
/// layer keeps the layers below it alive, as on iOS; the top of a tree is kept by whoever holds
/// it (the preview host holds the root it hands out).
///
/// Implicit animations, transactions and timing are the engine's, as Core Animation has
/// them: setting an animatable property of a layer that is shown and is not a view's layer
/// animates it (0.25 s, the default curve) unless `CATransaction.setDisableActions(true)` or
/// an `NSNull()` in `actions` turns it off.
///
/// Drawing is Core Animation's (CALayer+Drawing.swift): `display()`, `draw(in:)` and the
/// `delegate`'s `display(_:)`/`draw(_:in:)` fill a backing store at `contentsScale`, drawn
/// after `setNeedsDisplay()` (or a bounds change with `needsDisplayOnBoundsChange`) before the
/// next frame, and for every frame while an animation of a key for which the class's
/// `needsDisplay(forKey:)` is true runs (a `@Managed` property's: Managed.swift).
///
/// Deviations: no layout of sublayers (`layoutSublayers()`); not bound to the main actor.
open class CALayer: NSObject {
    /// The engine layer this object stands for.
    package let engine: Layer
    /// The wrappers of the engine's sublayers and mask, kept alive by this layer.
    private var retainedSublayers: [CALayer] = []
    private var retainedMask: CALayer?
    /// Set on a presentation copy: the layer it shows.
    weak var presentationOf: CALayer?
    /// What `actions` was set to (the engine holds the converted actions).
    private var actionObjects: [String: CAAction]?
    /// What `contents` was set to.
    var contentsObject: Any?
    /// The layer this one masks, if it is a mask.
    private weak var maskOwner: CALayer?
    private var keyValues = KeyValueStorage()
    /// Drawing, delegate and presentation drawing (CALayer+Drawing.swift), made when needed.
    package var drawingState: CALayerDrawingState?

    /// The engine layer class this class wraps.
    package class func makeEngineLayer() -> Layer { Layer() }

    public override init() {
        engine = Self.makeEngineLayer()
        super.init()
        LayerRegistry.register(self)
        setUpDrawing()
    }

    /// A layer of this class made as a shadow copy of `layer`: Core Animation calls it to make
    /// presentation copies, and subclasses override it to copy their own fields. It copies the
    /// class's managed (`@NSManaged`) values and drawing flags from `layer` when it is a
    /// `CALayer`; the layer's own properties (geometry, colours, contents) are the defaults here,
    /// as on iOS, where a presentation copy gets them from the render tree afterwards (which
    /// `presentation()` does here too). Apple documents any other use as undefined; code that
    /// calls it to make a new layer (`CAShapeLayer(layer: view.layer)`) gets, as on a device, a
    /// layer at the default position and bounds.
    public init(layer: Any) {
        engine = Self.makeEngineLayer()
        super.init()
        LayerRegistry.register(self)
        if let other = layer as? CALayer {
            for (key, value) in other.engine.properties.customValues {
                engine.setCustomValue(value, forKey: key)
            }
            copyManagedValues(from: other)
            if let state = other.drawingState, state.isOpaque || state.drawsAsynchronously {
                drawing.isOpaque = state.isOpaque
                drawing.drawsAsynchronously = state.drawsAsynchronously
            }
        }
        setUpDrawing()
    }

    /// There are no archives (storyboards, nibs) here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Wraps an engine layer the host made (its root, a scroll view's layer).
    @_spi(LoaderLabHost) public init(hosting layer: Layer) {
        engine = layer
        super.init()
        LayerRegistry.register(self)
    }

    /// The engine layer this layer stands for.
    @_spi(LoaderLabHost) public var engineLayer: Layer { engine }

    // MARK: Geometry

    open var bounds: CGRect {
        get { CGRect(engine.bounds) }
        set { engine.bounds = newValue.engine }
    }
    open var position: CGPoint {
        get { CGPoint(engine.position) }
        set { engine.position = newValue.engine }
    }
    open var anchorPoint: CGPoint {
        get { CGPoint(engine.anchorPoint) }
        set { engine.anchorPoint = newValue.engine }
    }
    /// Derived from position, bounds, anchorPoint and transform; setting it sets position and
    /// bounds' size.
    open var frame: CGRect {
        get { CGRect(engine.frame) }
        set { engine.frame = newValue.engine }
    }
    open var zPosition: CGFloat {
        get { CGFloat(engine.zPosition) }
        set { engine.zPosition = Double(newValue) }
    }
    open var transform: CATransform3D {
        get { CATransform3D(engine.transform) }
        set { engine.transform = newValue.engine }
    }
    open var sublayerTransform: CATransform3D {
        get { CATransform3D(engine.sublayerTransform) }
        set { engine.sublayerTransform = newValue.engine }
    }
    /// False hides the layer, with its sublayers, while its back faces the viewer (turned
    /// more than a quarter turn about x or y).
    open var isDoubleSided: Bool {
        get { engine.isDoubleSided }
        set { engine.isDoubleSided = newValue }
    }

    open func affineTransform() -> CGAffineTransform {
        CGAffineTransform(engine.affineTransform)
    }

    open func setAffineTransform(_ m: CGAffineTransform) {
        engine.affineTransform = m.engine
    }

    // MARK: Appearance

    open var opacity: Float {
        get { Float(engine.opacity) }
        set { engine.opacity = Double(newValue) }
    }
    open var isHidden: Bool {
        get { engine.isHidden }
        set { engine.isHidden = newValue }
    }
    open var backgroundColor: CGColor? {
        get { engine.backgroundColor.map(CGColor.init) }
        set { engine.backgroundColor = newValue?.engine }
    }
    open var cornerRadius: CGFloat {
        get { CGFloat(engine.cornerRadius) }
        set { engine.cornerRadius = Double(newValue) }
    }
    open var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: engine.maskedCorners.rawValue) }
        set { engine.maskedCorners = CornerMask(rawValue: newValue.rawValue) }
    }
    open var borderWidth: CGFloat {
        get { CGFloat(engine.borderWidth) }
        set { engine.borderWidth = Double(newValue) }
    }
    open var borderColor: CGColor? {
        get { engine.borderColor.map(CGColor.init) }
        set { engine.borderColor = newValue?.engine }
    }
    open var masksToBounds: Bool {
        get { engine.masksToBounds }
        set { engine.masksToBounds = newValue }
    }
    /// True draws the layer with its sublayers, shadow and mask into a bitmap first, kept
    /// while they look the same, and composites that at the layer's place and opacity.
    open var shouldRasterize: Bool {
        get { engine.shouldRasterize }
        set { engine.shouldRasterize = newValue }
    }
    /// The bitmap's pixels per point when `shouldRasterize` (1 by default: set it to the
    /// screen's scale, as on iOS, for a sharp bitmap on a 2× screen).
    open var rasterizationScale: CGFloat {
        get { CGFloat(engine.rasterizationScale) }
        set { engine.rasterizationScale = Double(newValue) }
    }
    open var name: String? {
        get { engine.name }
        set { engine.name = newValue }
    }

    /// A `CGImage` (`UIImage.cgImage`) or nil. Anything else is reported and shows nothing.
    open var contents: Any? {
        get { contentsObject }
        set {
            if let state = drawingState, state.presentedValues != nil {
                // Set by `display()` drawing a presentation: that presentation's contents.
                state.captured = .some((newValue as? CGImage)?.reference)
                return
            }
            contentsObject = newValue
            switch newValue {
            case nil: engine.contents = nil
            case let image as CGImage: engine.contents = image.reference
            case let other?:
                engine.contents = nil
                CALayer.report("\(describeForReport()): contents must be a CGImage, not a \(type(of: other))")
            }
        }
    }
    open var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: engine.contentsGravity.rawValue) }
        set { engine.contentsGravity = ContentsGravity(rawValue: newValue.rawValue) ?? .resize }
    }
    open var contentsScale: CGFloat {
        get { CGFloat(engine.contentsScale) }
        set { engine.contentsScale = Double(newValue) }
    }
    open var contentsRect: CGRect {
        get { CGRect(engine.contentsRect) }
        set { engine.contentsRect = newValue.engine }
    }
    open var contentsCenter: CGRect {
        get { CGRect(engine.contentsCenter) }
        set { engine.contentsCenter = newValue.engine }
    }

    open var shadowColor: CGColor? {
        get { engine.shadowColor.map(CGColor.init) }
        set { engine.shadowColor = newValue?.engine }
    }
    open var shadowOpacity: Float {
        get { Float(engine.shadowOpacity) }
        set { engine.shadowOpacity = Double(newValue) }
    }
    open var shadowOffset: CGSize {
        get { CGSize(engine.shadowOffset) }
        set { engine.shadowOffset = newValue.engine }
    }
    open var shadowRadius: CGFloat {
        get { CGFloat(engine.shadowRadius) }
        set { engine.shadowRadius = Double(newValue) }
    }
    open var shadowPath: CGPath? {
        get { engine.shadowPath.map { CGPath(path: $0) } }
        set { engine.shadowPath = newValue?.path }
    }

    /// A layer whose drawn alpha this layer shows through (it is not a sublayer).
    open var mask: CALayer? {
        get {
            if let model = presentationOf { return model.mask?.presented() }
            if retainedMask?.engine !== engine.mask { retainedMask = engine.mask.map(LayerRegistry.wrapper) }
            return retainedMask
        }
        set {
            let oldParent = newValue?.engine.superlayer.flatMap(LayerRegistry.existingWrapper)
            let oldOwner = newValue?.maskOwner
            retainedMask?.maskOwner = nil
            engine.mask = newValue?.engine
            retainedMask = engine.mask.map(LayerRegistry.wrapper)
            retainedMask?.maskOwner = self
            oldParent?.syncSublayers()
            if let oldOwner, oldOwner !== self {
                oldOwner.retainedMask = oldOwner.engine.mask.map(LayerRegistry.wrapper)
            }
        }
    }

    // MARK: Actions

    /// Actions by key: `NSNull()` turns a property's implicit animation off; a `CAAnimation`
    /// runs instead of it.
    open var actions: [String: CAAction]? {
        get { actionObjects }
        set {
            actionObjects = newValue
            var converted: [String: LayerAction] = [:]
            for (key, action) in newValue ?? [:] {
                switch action {
                case let animation as CAAnimation:
                    do {
                        let a = try animation.makeCopy().makeEngineAnimation()
                        converted[key] = .animation(a)
                    } catch {
                        CALayer.report("\(describeForReport()): action for \"\(key)\" rejected: \(error)")
                    }
                default:
                    converted[key] = LayerAction.none
                }
            }
            engine.actions = converted
        }
    }

    // MARK: Timing

    open var beginTime: CFTimeInterval {
        get { engine.beginTime }
        set { engine.beginTime = newValue }
    }
    open var speed: Float {
        get { Float(engine.speed) }
        set { engine.speed = Double(newValue) }
    }
    open var timeOffset: CFTimeInterval {
        get { engine.timeOffset }
        set { engine.timeOffset = newValue }
    }

    /// `t`, in `layer`'s local time (the tree's clock when nil), in this layer's.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        engine.convertTime(t, from: layer?.engine)
    }

    /// `t`, in this layer's local time, in `layer`'s (the tree's clock when nil).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        engine.convertTime(t, to: layer?.engine)
    }

    // MARK: Coordinates

    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        CGPoint(engine.convert(p.engine, from: layer?.engine))
    }

    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        CGPoint(engine.convert(p.engine, to: layer?.engine))
    }

    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CGRect(engine.convert(r.engine, from: layer?.engine))
    }

    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CGRect(engine.convert(r.engine, to: layer?.engine))
    }

    // MARK: The tree

    open var superlayer: CALayer? {
        if let model = presentationOf { return model.superlayer?.presented() }
        return engine.superlayer.map(LayerRegistry.wrapper)
    }

    /// The sublayers, bottom first; nil when there are none. Setting it replaces them all.
    open var sublayers: [CALayer]? {
        get {
            if let model = presentationOf { return model.sublayers?.compactMap { $0.presented() } }
            // Wrappers made here for engine layers the host added are kept like the others.
            syncSublayers()
            return retainedSublayers.isEmpty ? nil : retainedSublayers
        }
        set {
            if CALayer.treeObserver == nil {
                for sub in engine.sublayers { sub.removeFromSuperlayer() }
            } else {
                // Through the wrappers, so that the observer hears each one go.
                for sub in engine.sublayers { LayerRegistry.wrapper(sub).removeFromSuperlayer() }
            }
            for layer in newValue ?? [] { addSublayer(layer) }
            syncSublayers()
        }
    }

    open func addSublayer(_ layer: CALayer) {
        moving(layer) { engine.addSublayer(layer.engine) }
    }

    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        moving(layer) { engine.insertSublayer(layer.engine, at: Int(idx)) }
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        moving(layer) { engine.insertSublayer(layer.engine, above: sibling?.engine) }
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        moving(layer) { engine.insertSublayer(layer.engine, below: sibling?.engine) }
    }

    /// Puts `newLayer` where `oldLayer` is; nothing when `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let i = engine.sublayers.firstIndex(where: { $0 === oldLayer.engine }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(i))
    }

    open func removeFromSuperlayer() {
        let observer = engine.superlayer == nil ? nil : CALayer.treeObserver
        let context = observer?.layerWillMove(self, to: nil)
        let parent = engine.superlayer.flatMap(LayerRegistry.existingWrapper)
        engine.removeFromSuperlayer()
        parent?.syncSublayers()
        observer?.layerDidMove(self, context: context)
    }

    /// Runs `change`, which moves `layer` into this layer, keeping both wrappers' retained
    /// lists in step with the engine (its old superlayer or masked layer lets it go), and
    /// telling the tree observer.
    private func moving(_ layer: CALayer, _ change: () -> Void) {
        let observer = CALayer.treeObserver
        let context = observer?.layerWillMove(layer, to: self)
        defer { observer?.layerDidMove(layer, context: context) }
        let oldParent = layer.engine.superlayer.flatMap(LayerRegistry.existingWrapper)
        let masked = layer.maskOwner
        change()
        if let oldParent, oldParent !== self { oldParent.syncSublayers() }
        if let masked {
            layer.maskOwner = nil
            masked.retainedMask = masked.engine.mask.map(LayerRegistry.wrapper)
        }
        syncSublayers()
    }

    private func syncSublayers() {
        retainedSublayers = engine.sublayers.map(LayerRegistry.wrapper)
    }

    // MARK: Animations

    /// Adds a copy of `anim` under `key` (replacing the animation with that key, which stops
    /// with `finished == false`), as Core Animation does.
    ///
    /// The values are checked here: a key path no layer property answers to, a shape key path
    /// on a layer that is not a `CAShapeLayer`, or a value of the wrong type is not ignored:
    /// the animation is not added, and the error, naming this layer and the key, goes to
    /// `errorReporter` (standard error unless the host redirects it).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.makeCopy()
        do {
            let running = try copy.makeEngineAnimation()
            running.delegate = AnimationDelegateBridge(animation: copy)
            try engine.add(running, forKey: key)
        } catch {
            let what = key.map { "animation \"\(MessageText.escaped($0))\"" } ?? "animation (no key)"
            CALayer.report("\(describeForReport()): \(what) rejected: \(error)")
        }
    }

    /// The running copy added under `key`.
    open func animation(forKey key: String) -> CAAnimation? {
        (engine.animation(forKey: key)?.delegate as? AnimationDelegateBridge)?.animation
    }

    /// Removes the animation under `key`; its delegate hears `finished == false`.
    open func removeAnimation(forKey key: String) {
        engine.removeAnimation(forKey: key)
    }

    open func removeAllAnimations() {
        engine.removeAllAnimations()
    }

    /// The keys of the animations added with a key, in order; nil when there are none.
    open func animationKeys() -> [String]? {
        let keys = engine.animationKeys()
        return keys.isEmpty ? nil : keys
    }

    // MARK: Presentation

    /// What is on screen now: a copy of this layer with the animations applied at the
    /// tree's current time; nil when the layer is not shown. Its `sublayers`, `superlayer` and
    /// `mask` are presentation copies too.
    ///
    /// The copy is of this layer's class, made as Core Animation makes it: by the class's
    /// `init(layer:)` (so a subclass's override copies its own stored properties), then given
    /// the animated values, `@Managed` properties included. A subclass declared outside the
    /// framework is made through the initialisers registered with `CALayer.register` (which
    /// `loaderlab preview` does for the previewed sources); one registered with `init()` alone
    /// is made with it. A subclass with neither gives nil, reported once on standard error
    /// with how to register it.
    open func presentation() -> Self? {
        guard let p = engine.presentation() else { return nil }
        let (copy, made) = presentationCopy(p)
        switch made {
        case .copied: break
        case .initialised:
            if LayerClasses.firstReport(Swift.type(of: self), "presentation") {
                CALayer.report(
                    "\(Swift.type(of: self)) has no init(layer:) registered: its presentation copies are made "
                        + "with init(), their stored properties as that leaves them")
            }
        case .ofSuperclass:
            if LayerClasses.firstReport(Swift.type(of: self), "presentation") {
                let type = Swift.type(of: self)
                CALayer.report(
                    "\(type).presentation() is nil: \(type) is not registered (CALayer.register(\(type).self, "
                        + "make: { \(type)() }, copy: { \(type)(layer: $0) }))")
            }
        }
        return copy as? Self
    }

    /// A presentation copy for the tree around another copy: of this layer's class if it can
    /// be made, else of the nearest class above it (nil when the layer is not shown).
    func presented() -> CALayer? {
        engine.presentation().map { presentationCopy($0).copy }
    }

    /// The model layer: itself, or for a presentation copy the layer it shows.
    open func model() -> Self {
        presentationOf as? Self ?? self
    }

    // MARK: Drawing

    /// The object asked to draw the layer and for its actions (a view is its layer's).
    open var delegate: CALayerDelegate? {
        get { drawingState?.delegate }
        set { drawing.delegate = newValue }
    }

    /// Draws the backing store again before the next frame (at most once however often it is
    /// asked).
    open func setNeedsDisplay() {
        _ = drawing
        engine.setNeedsDisplay()
    }

    /// The whole store is drawn again (the rectangle is not used to limit it).
    open func setNeedsDisplay(_ r: CGRect) {
        setNeedsDisplay()
    }

    /// True between `setNeedsDisplay()` and the display that follows.
    open func needsDisplay() -> Bool { engine.needsDisplay }

    /// Displays the layer now if it is marked.
    open func displayIfNeeded() {
        guard engine.needsDisplay else { return }
        _ = drawing
        engine.displayIfNeeded()
    }

    /// True: a change of `bounds` marks the layer for display.
    open var needsDisplayOnBoundsChange: Bool {
        get { engine.needsDisplayOnBoundsChange }
        set {
            if newValue { _ = drawing }
            engine.needsDisplayOnBoundsChange = newValue
        }
    }

    /// Stored as set; drawing here is always synchronous.
    open var drawsAsynchronously: Bool {
        get { drawingState?.drawsAsynchronously ?? false }
        set { drawing.drawsAsynchronously = newValue }
    }

    /// True: the backing store has no alpha (what drawing leaves transparent is black).
    open var isOpaque: Bool {
        get { drawingState?.isOpaque ?? false }
        set { drawing.isOpaque = newValue }
    }

    /// True when a change of `key` must redraw the layer: for an animation of it, every frame.
    /// False for every key by default; a subclass returns true for its own (`@Managed`) keys.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Makes the contents: the delegate's `display(_:)`, or by default the backing store drawn
    /// with `draw(in:)`.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else if drawingState?.isViewLayer != true {
            displayBackingStore()
        }
    }

    /// Paints the backing store: `ctx`'s user space is the bounds (origin at their top-left, y
    /// down), at `contentsScale` pixels per point. The default asks the delegate.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// The action for a change of `event`: by default the delegate's, else the one in
    /// `actions`, else the class's `defaultAction(forKey:)`; nil lets the implicit animation run
    /// (iOS returns that animation itself).
    open func action(forKey event: String) -> CAAction? {
        if let d = delegate, let action = d.action(for: self, forKey: event) { return action }
        if let action = actionObjects?[event] { return action }
        return Swift.type(of: self).defaultAction(forKey: event)
    }

    /// The class's action for `event`; nil by default (the implicit animation).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    // MARK: Key-value storage

    /// Key-value coding's write: a `@Managed` property's key sets that property; an animatable
    /// property's key (`"opacity"`, `"position"`, `"strokeEnd"` …) sets it, as assigning it does
    /// (with its implicit animation); any other key stores `value` under it (Core Animation's
    /// key-value extension). A value of the wrong type for a property, or a property that is
    /// not animatable, is reported, not stored.
    open func setValue(_ value: Any?, forKey key: String) {
        if engine.customValue(forKey: key) != nil, let value,
            let v = AnimationValueConversion.animationValue(value)
        {
            engine.setCustomValue(v, forKey: key)
            if Swift.type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
            return
        }
        if let value, engine.value(forKeyPath: key) != nil {
            setProperty(value, forKeyPath: key)
            return
        }
        keyValues.setValue(value, forKey: key, properties: CALayer.propertyKeys, owner: describeForReport())
    }

    /// Key-value coding's write by key path: an animatable property's key path
    /// (`"transform.rotation.z"`, `"position.x"`, `"transform.scale"` …) sets that part of the
    /// property, as Core Animation's key paths do; a single key is `setValue(_:forKey:)`.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard keyPath.contains(".") else { return setValue(value, forKey: keyPath) }
        guard let value, engine.value(forKeyPath: keyPath) != nil else {
            CALayer.report(
                "\(describeForReport()).setValue(_:forKeyPath: \"\(keyPath)\"): no animatable property of a "
                    + "\(Swift.type(of: self)) has this key path\(value == nil ? " (or the value is nil)" : "")"
            )
            return
        }
        setProperty(value, forKeyPath: keyPath)
    }

    /// Sets the animatable property at `keyPath` from a key-value coding value (`NSNumber`,
    /// `NSValue`, `CGFloat`, `CGColor` …), or reports a value of another type.
    private func setProperty(_ value: Any, forKeyPath keyPath: String) {
        guard let v = AnimationValueConversion.animationValue(value), engine.setValue(v, forKeyPath: keyPath)
        else {
            CALayer.report(
                "\(describeForReport()).setValue(_:forKeyPath: \"\(keyPath)\"): a \(Swift.type(of: value)) is "
                    + "not a value of that property")
            return
        }
    }

    /// The value stored under `key` with `setValue(_:forKey:)`, or else the value of the
    /// animatable property `key` names (`"opacity"`, `"position"` …).
    open func value(forKey key: String) -> Any? {
        keyValues.value(forKey: key) ?? value(forKeyPath: key)
    }

    /// Key-value coding's reading of an animatable property by its key path
    /// (`"transform.scale"`, `"position.x"`, `"strokeEnd"` …), boxed as iOS boxes it (`NSNumber`,
    /// `NSValue`, `CGColor`, `CGPath`); on a `presentation()` copy, the value on screen. Nil for a
    /// key path no property of this layer's class has, or a key stored with `setValue`.
    open func value(forKeyPath keyPath: String) -> Any? {
        if !keyPath.contains("."), let stored = keyValues.value(forKey: keyPath) { return stored }
        if let presented = drawingState?.presentedValues?.customValues[keyPath] {
            return AnimationValueConversion.object(presented)
        }
        return engine.value(forKeyPath: keyPath).map(AnimationValueConversion.object)
    }

    // MARK: Reporting

    /// Where errors in a preview's use of layers go (an animation with a wrong value, contents
    /// of the wrong type): a line on standard error by default. The host may redirect them.
    @_spi(LoaderLabHost) nonisolated(unsafe) public static var errorReporter: (String) -> Void = {
        StandardStream.error.report($0)
    }

    package static func report(_ message: String) {
        errorReporter("QuartzCore: " + message)
    }

    package func describeForReport() -> String {
        let kind = String(describing: type(of: self))
        if let name, !name.isEmpty { return "\(kind) \"\(MessageText.escaped(name))\"" }
        return kind
    }
}

/// `CACornerMask`: the corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}
