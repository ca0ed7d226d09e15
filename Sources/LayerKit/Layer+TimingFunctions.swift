/// The curves a layer tree's animations ease by: what an export can write as each keyframe's
/// Bézier easing, so that a value eased by one of them is written exactly rather than sampled.
extension Layer {
    /// The timing functions of every animation attached to this layer, its sublayers and
    /// masks, at any depth: each animation's own (linear when it has none), a keyframe
    /// animation's per-segment ones, and those of a group's children. A spring's own motion is
    /// no Bézier curve and is not among them.
    public var timingFunctionsInSubtree: Set<TimingFunction> {
        var curves: Set<TimingFunction> = []
        func add(_ animation: Animation) {
            if !(animation is SpringAnimation) { curves.insert(animation.timingFunction ?? .linear) }
            if let keyframes = animation as? KeyframeAnimation {
                curves.formUnion(keyframes.timingFunctions ?? [])
            }
            if let group = animation as? AnimationGroup { group.animations.forEach(add) }
        }
        func visit(_ layer: Layer) {
            for key in layer.animationKeys() {
                if let animation = layer.animation(forKey: key) { add(animation) }
            }
            layer.sublayers.forEach(visit)
            if let mask = layer.mask { visit(mask) }
        }
        visit(self)
        return curves
    }
}
