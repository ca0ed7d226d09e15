import Foundation
import LayerKit
import Synchronization

/// `CALayerDelegate`: what a layer asks its delegate (a view is its layer's delegate). Every
/// method is optional, as on iOS: the defaults do what Core Animation does without them.
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's contents itself (typically by setting `contents`); the default draws
    /// the backing store through `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Paints the layer's backing store; the default paints nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layerWillDraw(_ layer: CALayer)
    func layoutSublayers(of layer: CALayer)
    /// The action for a change of `event` on `layer`: an animation, `NSNull()` for none, or nil
    /// to let the layer look further.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// What a layer that draws keeps (made when first needed): its delegate, the engine's link to
/// it, and the presentation it last drew.
package final class CALayerDrawingState {
    weak var delegate: CALayerDelegate?
    /// The engine layer's display delegate and action delegate (the engine holds them weakly).
    var bridge: CALayerDisplayBridge?
    /// While the layer is drawn for a presentation: the presented values, which its `@Managed`
    /// properties read.
    var presentedValues: LayerProperties?
    /// While drawing for a presentation: what `display()` made the contents.
    var captured: ImageReference??
    /// The presentation last drawn, and what it drew.
    var lastPresentation: (values: PresentationDrawingKey, image: ImageReference?)?
    /// Set by a delegate that did not draw (a view without `draw(_:)`): the contents are left
    /// as they are.
    package var declinedToDraw = false
    /// A view's layer (set by UIKit): only its view draws it, so once the view has gone nothing
    /// does, and its contents stay as they are (UIKit asks a view's layer for display only for a
    /// view that draws).
    package var isViewLayer = false
    var drawsAsynchronously = false
    var isOpaque = false
}

/// The values a layer's drawing depends on, beyond its own code: its custom properties, its
/// bounds and its scale.
struct PresentationDrawingKey: Equatable {
    var customValues: [String: AnimationValue]
    var bounds: Rect
    var contentsScale: Double

    init(_ p: LayerProperties) {
        customValues = p.customValues
        bounds = p.bounds
        contentsScale = p.contentsScale
    }
}

/// The engine's link back to a `CALayer`: it displays it, asks which keys need display, draws
/// its presentation, and asks it for actions.
package final class CALayerDisplayBridge: LayerDisplayDelegate, LayerDelegate {
    weak var owner: CALayer?

    init(owner: CALayer) {
        self.owner = owner
    }

    package func display(_ layer: Layer) {
        owner?.display()
    }

    package func needsDisplay(forKey key: String) -> Bool {
        guard let owner else { return false }
        return type(of: owner).needsDisplay(forKey: key)
    }

    package func contents(of layer: Layer, presenting values: LayerProperties) -> ImageReference? {
        owner?.presentationContents(for: values)
    }

    package func action(for layer: Layer, forKey event: String) -> LayerAction? {
        guard let owner, let action = owner.action(forKey: event) else { return nil }
        return owner.engineAction(action, forKey: event)
    }
}

extension CALayer {
    static let classesWithoutManagedProperties = Mutex<Set<ObjectIdentifier>>([])

    /// The framework's own classes, which draw nothing unless asked.
    private static let frameworkClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self),
        ObjectIdentifier(CAGradientLayer.self), ObjectIdentifier(CATextLayer.self),
        ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CATransformLayer.self),
    ]

    /// Run by the initialisers: a subclass's `@Managed` properties are declared, and a subclass
    /// is linked to the engine for display (it may draw, or need display for a key).
    func setUpDrawing() {
        guard !CALayer.frameworkClasses.contains(ObjectIdentifier(Swift.type(of: self))) else { return }
        declareManagedProperties()
        _ = drawing
    }

    /// The drawing state, made (and linked to the engine) when first needed.
    package var drawing: CALayerDrawingState {
        if let state = drawingState { return state }
        let state = CALayerDrawingState()
        let bridge = CALayerDisplayBridge(owner: self)
        state.bridge = bridge
        engine.displayDelegate = bridge
        engine.delegate = bridge
        drawingState = state
        return state
    }

    // MARK: Backing stores

    /// Draws the backing store with `draw(in:)` and makes it the contents: what `display()`
    /// does without a delegate, and a delegate's default `display(_:)`.
    package func displayBackingStore() {
        let state = drawing
        state.declinedToDraw = false
        let image = makeBackingStore(for: state.presentedValues ?? engine.properties)
        if state.declinedToDraw && image == nil { return }
        setContentsFromDisplay(image)
    }

    /// Sets what `display()` made: the model's contents, or while drawing a presentation, that
    /// presentation's.
    package func setContentsFromDisplay(_ image: ImageReference?) {
        if let state = drawingState, state.presentedValues != nil {
            state.captured = .some(image)
            return
        }
        engine.setBackingStore(image)
    }

    /// A store for a layer with `values`' bounds and scale, drawn by `draw(in:)` in a context
    /// whose user space is the bounds (y down, as UIKit flips it); nil when the bounds are empty
    /// or nothing was drawn.
    func makeBackingStore(for values: LayerProperties) -> ImageReference? {
        let bounds = values.bounds.standardized
        let scale = values.contentsScale.isFinite && values.contentsScale > 0 ? values.contentsScale : 1
        guard bounds.isFinite, bounds.width > 0, bounds.height > 0 else { return nil }
        let ctx = CGContext(
            size: CGSize(bounds.size), scale: CGFloat(scale), flipped: true, origin: CGPoint(bounds.origin))
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        let recorded = ctx.drawing
        guard !recorded.isEmpty else { return nil }
        let bitmap = Bitmap(
            drawing: recorded, width: Int((bounds.width * scale).rounded(.up)),
            height: Int((bounds.height * scale).rounded(.up)), scale: scale,
            isOpaque: drawingState?.isOpaque ?? false)
        return ImageReference(bitmap: bitmap, scale: 1)
    }

    /// The contents of the presentation `values` while an animation of a key that needs
    /// display runs, kept while those values stay the same; nil (the model's store) when they
    /// are the model's.
    ///
    /// As Core Animation draws them: `display()` runs on a presentation copy made by the
    /// class's `init(layer:)` (`CALayer.register`) and holding `values`, so `draw(in:)` reads
    /// the presented bounds, `@Managed` properties and what `init(layer:)` copied. A layer with
    /// a delegate (a view's), or of a class without a registered `init(layer:)`, is drawn on
    /// itself, its `@Managed` properties reading the presented values.
    func presentationContents(for values: LayerProperties) -> ImageReference? {
        let state = drawing
        let key = PresentationDrawingKey(values)
        if key == PresentationDrawingKey(engine.properties) { return nil }
        if let last = state.lastPresentation, last.values == key { return last.image }
        let image: ImageReference?
        if delegate == nil, let copy = LayerClasses.registeredCopy(of: self) {
            copy.engine.assign(values)
            copy.presentationOf = self
            copy.contentsObject = contentsObject
            copy.display()
            image = copy.engine.properties.contents
        } else {
            state.presentedValues = values
            state.captured = nil
            display()
            image = state.captured ?? engine.properties.contents
            state.presentedValues = nil
            state.captured = nil
        }
        state.lastPresentation = (key, image)
        return image
    }

    // MARK: Actions

    /// The engine's action for a `CAAction` this layer gave for `key`.
    func engineAction(_ action: CAAction, forKey key: String) -> LayerAction? {
        guard let animation = action as? CAAnimation else { return LayerAction.none }
        do {
            return .animation(try animation.makeCopy().makeEngineAnimation())
        } catch {
            CALayer.report("\(describeForReport()): action for \"\(key)\" rejected: \(error)")
            return nil
        }
    }
}
