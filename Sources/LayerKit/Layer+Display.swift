/// Layers whose contents are drawn by code (`CALayer.display()`, `draw(in:)`, a view's
/// `draw(_:)`), kept as Core Animation keeps them.
///
/// DESIGN. A layer with a `displayDelegate` (the compatibility module's `CALayer`) has a
/// *backing store*: a `Bitmap` of what its drawing code painted, set as its model `contents`
/// (`setBackingStore(_:)`), so the presentation tree, the renderer and damage treat it as any
/// other image. The store is drawn:
/// - **on demand**: `setNeedsDisplay()` marks the layer; before the scene's next frame is
///   evaluated — after the events and update handlers of that update (UIKit's layout), as Core
///   Animation displays layers when its transaction commits — every marked layer in the scene is
///   displayed once (`displayIfNeeded`), its delegate's `display(_:)` drawing the store; a
///   layer marked outside any scene is displayed when it joins one;
/// - **on bounds changes**, when `needsDisplayOnBoundsChange`;
/// - **every frame an animation redraws it**: an animation of a key for which the delegate's
///   `needsDisplay(forKey:)` is true (a custom property such as `"progress"`) makes the
///   presentation's contents the delegate's drawing for the presentation values
///   (`contents(of:presenting:)`), asked at each evaluation while the animation is attached; the
///   delegate keeps the last one and draws again only when those values change. Once the
///   animation is removed the model's store shows again, and nothing more is drawn.
public protocol LayerDisplayDelegate: AnyObject {
    /// Draws `layer`'s backing store for its model values (calling `setBackingStore(_:)`).
    func display(_ layer: Layer)
    /// True when a change (an animation) of `key` must redraw the layer.
    func needsDisplay(forKey key: String) -> Bool
    /// The contents to show for `values`, the layer's presentation while an animation of a key
    /// that needs display runs; nil to show the model's store.
    func contents(of layer: Layer, presenting values: LayerProperties) -> ImageReference?
}

extension Layer {
    /// `CALayer.setNeedsDisplay()`: the backing store is drawn again before the next frame.
    public func setNeedsDisplay() {
        guard !needsDisplay else { return }
        needsDisplay = true
        scene?.layerNeedsDisplay(self)
    }

    /// Draws the backing store now if it was marked (`CALayer.displayIfNeeded()`).
    public func displayIfNeeded() {
        guard needsDisplay else { return }
        needsDisplay = false
        displayDelegate?.display(self)
    }

    /// Sets the model contents to a freshly drawn backing store: at once, without the
    /// cross-fade setting `contents` runs, and without making a frame when it is the same.
    public func setBackingStore(_ image: ImageReference?) {
        set(LayerTable.contents, image)
    }

    /// Sets a custom property's model value (`LayerProperties.customValues`), running the
    /// action Core Animation runs for its key (an animation the delegate or `actions` gives;
    /// none by default, as for any key of the layer's own).
    public func setCustomValue(_ value: AnimationValue, forKey key: String) {
        if model.customValues[key] == nil {
            // Declared on first set: nothing to animate from.
            var v = model
            v.customValues[key] = value
            model = v
            return
        }
        if model.customValues[key] == value { return }
        setValues({ $0.layer.customValues[key] = value }, action: key)
    }

    /// A custom property's model value.
    public func customValue(forKey key: String) -> AnimationValue? {
        model.customValues[key]
    }

    /// True when one of `animation`'s key paths (a group's, all of them) needs display.
    func redrawsLayer(_ animation: Animation) -> Bool {
        guard let delegate = displayDelegate else { return false }
        func visit(_ a: Animation) -> Bool {
            if let group = a as? AnimationGroup { return group.animations.contains(where: visit) }
            guard let keyPath = (a as? PropertyAnimation)?.keyPath else { return false }
            if delegate.needsDisplay(forKey: keyPath) { return true }
            // `"bounds.size"` is a change of `"bounds"`.
            if let dot = keyPath.firstIndex(of: "."), delegate.needsDisplay(forKey: String(keyPath[..<dot])) {
                return true
            }
            return false
        }
        return visit(animation)
    }

    /// Queues this subtree's marked layers for display in `scene` (a subtree that joined it).
    func queueMarkedLayers(in scene: Scene) {
        if needsDisplay { scene.layerNeedsDisplay(self) }
        for sub in timedSublayers { sub.queueMarkedLayers(in: scene) }
    }
}

extension Scene {
    /// `layer` was marked: displayed before the next frame.
    func layerNeedsDisplay(_ layer: Layer) {
        displayQueue.append(layer)
        setNeedsUpdate()
    }

    /// Displays the marked layers, with `currentTime` at `time`; layers that drawing marks
    /// again are displayed in the same update, up to a few rounds (a layer marking itself from
    /// its own drawing waits for the next update).
    func displayMarkedLayers(at time: Double) {
        var rounds = 0
        while !displayQueue.isEmpty, rounds < 4 {
            rounds += 1
            let layers = displayQueue
            displayQueue = []
            callbackTime = time
            for layer in layers where layer.needsDisplay && layer.scene === self {
                layer.displayIfNeeded()
            }
            callbackTime = nil
        }
    }
}
