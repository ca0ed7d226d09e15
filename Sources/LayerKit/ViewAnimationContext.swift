/// A `ViewAnimation.animate` block being run.
final class ViewAnimationContext {
    let duration: Double
    let delay: Double
    let timingFunction: TimingFunction
    let beginFromCurrentState: Bool
    var members: [AnimationEntry] = []
    /// The properties this block changed, each with its value before the block's first change,
    /// so that changing one again makes one animation from that value (as UIKit does).
    var changes: [ViewChange] = []

    /// Set for `animate(withDuration:delay:usingSpringWithDamping:…)`.
    var spring: SpringOscillator?
    /// `.repeat` and `.autoreverse`.
    var repeats = false
    var autoreverses = false

    init(duration: Double, delay: Double, timingFunction: TimingFunction, beginFromCurrentState: Bool) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
        self.beginFromCurrentState = beginFromCurrentState
    }

    /// A zero duration changes values without animating them.
    var animates: Bool { duration > 0 }
}

/// One property a view-animation block changed.
final class ViewChange {
    weak var layer: Layer?
    let key: String
    /// The values the block's animation of this property starts from: the model before the
    /// block's first change of it, or what was on screen then (`.beginFromCurrentState`).
    let before: LayerValues
    /// The animation the block made for it, if any.
    var entry: AnimationEntry?

    init(layer: Layer, key: String, before: LayerValues) {
        self.layer = layer
        self.key = key
        self.before = before
    }
}

extension ViewAnimationContext {
    /// This block's earlier change of `key` on `layer`.
    func change(of layer: Layer, key: String) -> ViewChange? {
        changes.first { $0.layer === layer && $0.key == key }
    }
}
