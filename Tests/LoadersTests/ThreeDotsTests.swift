import Foundation
import LayerKit
import RefreshKit
import Testing

@testable import Loaders

/// Three dots (seed 001): header 50×10, full offset 40, max spread 20, key duration 0.5.
@Suite struct ThreeDotsTests {
    /// Dot spread against pull: scale = min(P/40, 1); first dot at x = 25 − 20·scale, third at
    /// 25 + 20·scale, middle at 25; header top at −20·scale − 10. Presentation values after the
    /// finger has held still for 0.5 s (the implicit frame animations have settled).
    @Test(arguments: [5.0, 10, 20, 30, 40, 60])
    func dotsSpreadWithThePull(pull: Double) {
        let h = Harness("three-dots")
        h.pull(to: pull)
        let scale = min(pull / 40, 1)
        #expect(close(h.presented("dot.1").position.x, 25 - 20 * scale, 1e-6))
        #expect(close(h.presented("dot.2").position.x, 25, 1e-9))
        #expect(close(h.presented("dot.3").position.x, 25 + 20 * scale, 1e-6))
        for name in ["dot.1", "dot.2", "dot.3"] {
            #expect(close(h.presented(name).position.y, 5, 1e-9))
        }
        // The header view's own frame: a view, so no implicit animation.
        let frame = h.layer("header").frame
        #expect(close(frame.origin.y, -20 * scale - 10, 1e-9))
        #expect(close(frame.origin.x, h.session.size.width / 2 - 25, 1e-9))
        #expect(frame.size == Size(width: 50, height: 10))
        #expect(h.session.status == (pull >= 40 ? .pulling : .idle))
    }

    /// The original's `opacityAnimation`: values 1, 0, 1, 1 evenly over 1 s, repeating.
    static func blink(_ local: Double) -> Double {
        let u = local.truncatingRemainder(dividingBy: 1)
        if u < 1.0 / 3 { return 1 - 3 * u }
        if u < 2.0 / 3 { return 3 * u - 1 }
        return 1
    }

    /// Each dot blinks; the second starts 0.25 s and the third 0.5 s after the first. Before
    /// its start a dot shows its model opacity 1 (fill mode forwards, not backwards).
    @Test func dotsBlinkInAWave() {
        let h = Harness("three-dots")
        h.pull(to: 50)
        let r = h.release()
        #expect(h.session.status == .refreshing)
        #expect(h.header.scrollView.contentInset.top == 40)
        for t in [0.05, 0.1, 0.2, 0.3, 0.4, 0.55, 0.7, 0.9, 1.15, 1.6, 2.05, 2.5] {
            h.run(to: r + t)
            let first = Self.blink(t)
            let second = t < 0.25 ? 1 : Self.blink(t - 0.25)
            let third = t < 0.5 ? 1 : Self.blink(t - 0.5)
            #expect(close(h.presented("dot.1").opacity, first, 1e-6), "dot 1 at \(t)")
            #expect(close(h.presented("dot.2").opacity, second, 1e-6), "dot 2 at \(t)")
            #expect(close(h.presented("dot.3").opacity, third, 1e-6), "dot 3 at \(t)")
        }
        // While refreshing the dots stay spread and the header stays where the pull left it.
        #expect(close(h.presented("dot.1").position.x, 5, 1e-9))
        #expect(close(h.presented("dot.3").position.x, 45, 1e-9))
        #expect(close(h.layer("header").frame.origin.y, -30, 1e-9))
        #expect(close(h.header.scrollView.contentOffset.y, -40, 1e-9))
    }

    /// The simulated load ends the refresh at 3 s: the inset goes back over 0.5 s, then the
    /// blinking stops and the dots return to the middle (implicitly, over 0.25 s).
    @Test func endRestoresInsetAndRecentresDots() {
        let h = Harness("three-dots")
        h.pull(to: 50)
        let r = h.release()
        h.run(to: r + 3.25)
        #expect(h.session.status == .ending)
        // Still blinking while the inset goes back.
        #expect(!h.layer("dot.1").animationKeys().isEmpty)
        h.run(to: r + 3.55)
        #expect(h.session.status == .idle)
        #expect(h.header.scrollView.contentInset.top == 0)
        #expect(h.header.scrollView.contentOffset.y == 0)
        for name in ["dot.1", "dot.2", "dot.3"] {
            #expect(h.layer(name).animation(forKey: "opacity") == nil)
            #expect(close(h.layer(name).position.x, 25, 1e-9))
        }
        h.run(to: r + 4)
        for name in ["dot.1", "dot.2", "dot.3"] {
            #expect(close(h.presented(name).position.x, 25, 1e-9))
            #expect(close(h.presented(name).opacity, 1, 1e-9))
        }
        #expect(!h.scene.needsFrames)
        #expect(!h.session.needsFrames)
    }

    /// The dots are plain shape layers: a new frame animates implicitly, 0.25 s on the default
    /// curve, as on iOS.
    @Test func dotFramesAnimateImplicitly() {
        let clock = ManualClock(time: 0)
        let header = ThreeDotsHeader()
        let scene = Scene(root: header.layer, clock: clock)
        scene.update()
        header.layoutDots(scale: 1)
        clock.set(0.125)
        scene.update()
        let x = scene.presentation(of: header.firstPointLayer)?.position.x ?? -1
        #expect(close(x, 25 - 20 * TimingFunction.default(0.5), 1e-6))
        clock.set(0.25)
        scene.update()
        #expect(close(scene.presentation(of: header.firstPointLayer)?.position.x ?? -1, 5, 1e-9))
    }

    @Test func restingLayout() {
        let h = Harness("three-dots")
        h.run(to: 1)
        // Bottom edge at the content's top, centred; dots centred, white background.
        let frame = h.layer("header").frame
        #expect(frame == Rect(x: h.session.size.width / 2 - 25, y: -10, width: 50, height: 10))
        #expect(h.layer("header").backgroundColor == .white)
        for name in ["dot.1", "dot.2", "dot.3"] {
            #expect(h.layer(name).frame == Rect(x: 20, y: 0, width: 10, height: 10))
            #expect(close(h.shapeLayer(name).fillColor, Color(r255: 90, g: 200, b: 200)))
        }
        #expect(h.session.status == .idle)
        #expect(!h.scene.needsFrames)
    }
}

/// Pause and slow motion act on the scene's root as on iOS (speed 0 / 0.1 with the time kept
/// continuous); the pull's physics, the refresh's inset and the staggered `beginTime`s all run
/// in the layers' own time.
@Suite struct SceneTimeTests {
    /// Changes the root's speed from now on without a jump in its local time.
    static func setSpeed(_ speed: Double, _ h: Harness) {
        let root = h.session.layer
        let local = root.convertTime(h.scene.currentTime, from: nil)
        root.beginTime = h.scene.currentTime
        root.timeOffset = local
        root.speed = speed
    }

    @Test func slowMotionStretchesTheWaveAndTheInset() {
        let h = Harness("three-dots")
        h.pull(to: 50)
        Self.setSpeed(0.1, h)
        let r = h.release()
        // 1 s of wall time is 0.1 s of layer time.
        for wall in [1.0, 2.0, 3.0, 4.0, 6.0, 9.0] {
            h.run(to: r + wall)
            let t = wall * 0.1
            let second = t < 0.25 ? 1 : ThreeDotsTests.blink(t - 0.25)
            #expect(close(h.presented("dot.1").opacity, ThreeDotsTests.blink(t), 1e-6), "at \(wall)")
            #expect(close(h.presented("dot.2").opacity, second, 1e-6), "at \(wall)")
        }
        // The 0.5 s slide of the bounds to the new top takes 5 s of wall time: under way at
        // 3 s (0.3 s of layer time: −50 + 10 · easeInEaseOut(0.6)), done by 6 s.
        #expect(close(h.presented("scrollView").bounds.origin.y, -40, 1e-9))
        let h2 = Harness("three-dots")
        h2.pull(to: 50)
        Self.setSpeed(0.1, h2)
        let r2 = h2.release()
        h2.run(to: r2 + 3)
        let y = h2.presented("scrollView").bounds.origin.y
        #expect(close(y, -50 + 10 * ExactTimeTests.curve(0.42, 0, 0.58, 1, 0.6), 1e-9), "y = \(y)")
    }

    @Test func pauseFreezesTheScrollViewAndGoesIdle() {
        let h = Harness("four-dots")
        h.pull(to: 95)
        let r = h.release()
        h.run(to: r + 0.2)
        Self.setSpeed(0, h)
        let frozen = h.header.scrollView.contentOffset.y
        let angle = h.presented("header").transform.components.rotationZ
        h.run(for: 2)
        #expect(h.header.scrollView.contentOffset.y == frozen)
        #expect(sameAngle(h.presented("header").transform.components.rotationZ, angle))
        // Nothing asks for frames: the scroll view is still, and the simulated load's timer
        // is the scene's, on the paused timeline.
        #expect(!h.session.needsFrames)
        #expect(!h.scene.needsFrames)
        // Resumed, it carries on from where it stood, and the load's timer needs frames again.
        Self.setSpeed(1, h)
        h.run(for: 0.3)
        #expect(close(h.header.scrollView.contentOffset.y, -85, 1e-9))
        #expect(h.scene.needsFrames)
    }
}
