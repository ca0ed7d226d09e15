import Foundation
import Testing

@testable import LayerKit

/// UIKit's keyframe view animations: each keyframe's changes happen within its span of the
/// whole duration, linearly in time; the property holds between keyframes.
@Suite struct ViewKeyframeAnimationTests {
    @Test func keyframesMoveEachPropertyInItsSpan() {
        let view = Layer()
        view.isViewBacking = true
        let stage = Stage(time: 0, layer: view)
        var finished: [(Double, Bool)] = []
        stage.scene.perform {
            ViewAnimation.animateKeyframes(
                withDuration: 2,
                animations: {
                    ViewAnimation.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {
                        view.position = Point(x: 100, y: 0)
                    }
                    ViewAnimation.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
                        view.opacity = 0
                    }
                    ViewAnimation.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                        view.position = Point(x: 50, y: 0)
                    }
                }, completion: { finished.append((stage.scene.currentTime, $0)) })
        }
        // The models are final at once.
        #expect(view.position == Point(x: 50, y: 0) && view.opacity == 0)
        // (time, x, opacity): x 0→100 over 0…0.5 s, holds, 100→50 over 1.5…2 s;
        // opacity holds 1, 1→0 over 1…1.5 s.
        for (t, x, opacity) in [
            (0.25, 50.0, 1.0), (0.75, 100, 1), (1.25, 100, 0.5), (1.75, 75, 0), (1.999, 50.1, 0),
        ] {
            stage.go(t)
            #expect(abs(stage.shown.position.x - x) < 1e-6, "x at \(t)")
            #expect(abs(stage.shown.opacity - opacity) < 1e-6, "opacity at \(t)")
        }
        stage.go(3)
        #expect(finished.count == 1 && abs(finished[0].0 - 2) < 1e-9 && finished[0].1)
        #expect(stage.shown.position.x == 50 && stage.shown.opacity == 0)
    }

    @Test func outsideAKeyframeBlockChangesHappenAtOnce() {
        let view = Layer()
        view.isViewBacking = true
        let stage = Stage(time: 0, layer: view)
        stage.scene.perform {
            ViewAnimation.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.opacity = 0.5 }
        }
        #expect(view.animationKeys().isEmpty && view.opacity == 0.5)
    }
}
