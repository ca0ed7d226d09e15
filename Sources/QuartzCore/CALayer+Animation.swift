import Foundation
import LayerKit

/// Passes the engine's start and stop of a running animation to the `CAAnimation` copy's
/// delegate, with that copy.
final class AnimationDelegateBridge: AnimationDelegate {
    let animation: CAAnimation

    init(animation: CAAnimation) {
        self.animation = animation
    }

    func animationDidStart(_ anim: Animation) {
        animation.delegate?.animationDidStart(animation)
    }

    func animationDidStop(_ anim: Animation, finished: Bool) {
        animation.delegate?.animationDidStop(animation, finished: finished)
    }
}
