/// How a model change animates: what `actionForKey:` would return.
struct ActionPlan {
    /// Start from the presentation value (implicit animations, beginFromCurrentState) rather
    /// than the old model value.
    var fromPresentation: Bool
    var duration: Double
    var timingFunction: TimingFunction
    var delay: Double
    /// The view-animation block the change is made in (view-backing layers only).
    var viewBlock: ViewAnimationContext?
    /// The spring a UIKit spring animation block moves by (time then runs linearly).
    var spring: SpringOscillator?

    func configure(_ anim: Animation, layer: Layer, scene: Scene) {
        anim.duration = duration
        anim.timingFunction = timingFunction
        if let block = viewBlock {
            if block.repeats { anim.repeatCount = .infinity }
            anim.autoreverses = block.autoreverses
        }
        if let spring, let basic = anim as? BasicAnimation {
            basic.spring = spring
            anim.timingFunction = .linear
        }
        if delay > 0 {
            anim.beginTime = layer.timeMap.local(scene.currentTime) + delay
            // During the delay the layer shows the start value, not the new model value.
            anim.fillMode = .backwards
        }
    }
}
