import Foundation
import LayerKit
import Testing

@testable import Loaders

/// Orbit ring (seed 003) in its 200×200 view: inner circle radius (200 − 32)/2 = 84 about
/// (100, 100); strokeEnd and the parent's rotation both ease in and out over 3 s.
@Suite struct OrbitTests {
    static let e = TimingFunction.easeInEaseOut

    /// The ball's angle (clockwise from the top) is 2π·easeInEaseOut(t/3) and the ring's
    /// strokeEnd is easeInEaseOut(t/3): the ball rides the ring's moving end.
    @Test(arguments: [0.3, 0.75, 1.5, 2.2, 2.9, 3.6, 4.5, 7.1])
    func ballAndRingAgree(t: Double) {
        let h = Harness("orbit")
        h.run(to: t)
        let f = Self.e(t.truncatingRemainder(dividingBy: 3) / 3)
        let theta = 2 * Double.pi * f
        #expect(sameAngle(h.presented("orbit").transform.components.rotationZ, theta, 1e-6))
        #expect(close(h.presentedShape("progress").strokeEnd, f, 1e-6))
        // The ball's centre in the viewport: the top of the ring turned by θ.
        let ball = h.centerInRoot("ball")
        let expected = Point(x: 100 + 84 * sin(theta), y: 100 - 84 * cos(theta))
        #expect(close(ball, expected, 1e-6))
        // The ring's end point, measured along its own path and mapped to the viewport.
        let path = h.presentedShape("progress").path!
        let measure = path.measure
        let end = measure.position(atDistance: f * measure.length)!
        let endInRoot = h.toRoot("progress").apply(to: end)
        #expect(close(endInRoot, expected, 0.05), "ring end \(endInRoot) vs ball \(expected)")
    }

    @Test func layersAsTheOriginalBuildsThem() {
        let h = Harness("orbit")
        #expect(h.session.status == .running)
        let outer = h.shapeLayer("outer")
        #expect(outer.frame == Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(outer.lineWidth == 1 && outer.strokeColor == .white && outer.fillColor == .clear)
        let dashes = h.shapeLayer("dashes")
        #expect(dashes.bounds == Rect(x: 0, y: 0, width: 168, height: 168))
        #expect(dashes.lineDashPattern == [1, 1] && dashes.lineWidth == 0.5)
        let progress = h.shapeLayer("progress")
        #expect(progress.lineWidth == 1)
        // Turned by π + π/2 so the stroke starts at the top.
        let start = h.toRoot("progress").apply(to: progress.path!.measure.position(atDistance: 0)!)
        #expect(close(start, Point(x: 100, y: 16), 1e-9))
        // The debug square is not drawn.
        #expect(h.shapeLayer("orbit").strokeColor == nil)
        #expect(h.layer("ball").cornerRadius == 4 && h.layer("ball").bounds.size == Size(width: 8, height: 8))
        #expect(close(h.centerInRoot("anchorBall"), Point(x: 100, y: 16), 1e-9))
        #expect(h.session.layer.backgroundColor != nil)
    }

    @Test func stopLeavesNothingRunning() {
        let h = Harness("orbit")
        h.run(to: 1.2)
        h.session.stop()
        h.run(for: 0.1)
        #expect(h.session.status == .stopped)
        #expect(!h.scene.needsFrames)
        #expect(close(h.centerInRoot("ball"), Point(x: 100, y: 16), 1e-9))
        #expect(h.presentedShape("progress").strokeEnd == 1)
        h.session.toggle()
        #expect(h.session.status == .running)
        let begun = h.now
        h.run(to: begun + 0.75)
        #expect(close(h.presentedShape("progress").strokeEnd, Self.e(0.25), 1e-6))
    }
}

/// Balls (seed 004): container 100, ball 13, margin 3, scale 1.5, cycle 1.6 s.
/// r = 13·1.5/2 = 9.75, R (`bigR`) = (50 + 9.75)/2 = 29.875.
@Suite struct BallsTests {
    static let e = TimingFunction.easeInEaseOut
    static let r = 9.75
    static let bigR = 29.875

    /// Ball 1's path has six keyframe segments (every element but the move): a 0.25-point line
    /// to the big arc's start, the big arc's two quarter pieces under the middle ball, the small
    /// arc's two pieces over it, the line home. Each takes 1/6 of the eased time; at the
    /// segments' ends, and in the middle of the symmetric arc pieces, the point is exact.
    static let ball1Keyframes: [(u: Double, point: Point)] = {
        let c1 = Point(x: bigR + r, y: 50)  // (39.625, 50)
        let d = bigR / 2.squareRoot()
        let s = (2 * r) / 2.squareRoot()
        return [
            (0.5 / 6, Point(x: 9.625, y: 50)),
            (1 / 6, Point(x: 9.75, y: 50)),
            (1.5 / 6, Point(x: c1.x - d, y: 50 + d)),
            (2 / 6, Point(x: c1.x, y: 50 + bigR)),
            (2.5 / 6, Point(x: c1.x + d, y: 50 + d)),
            (3 / 6, Point(x: 69.5, y: 50)),
            (3.5 / 6, Point(x: 50 + s, y: 50 - s)),
            (4 / 6, Point(x: 50, y: 30.5)),
            (4.5 / 6, Point(x: 50 - s, y: 50 - s)),
            (5 / 6, Point(x: 30.5, y: 50)),
            (5.5 / 6, Point(x: 20, y: 50)),
        ]
    }()

    @Test func ballOneFollowsItsPathThroughTwoCycles() {
        let h = Harness("balls")
        for cycle in 0..<2 {
            for (u, point) in Self.ball1Keyframes {
                let t = Double(cycle) * 1.6 + 1.6 * inverse(Self.e, u)
                h.run(to: t)
                #expect(close(h.presented("ball.1").position, point, 1e-6), "cycle \(cycle) u \(u)")
            }
        }
        // Ball 3 mirrors it: over the middle ball first.
        h.run(to: 3.2 + 1.6 * inverse(Self.e, 2.0 / 6))
        #expect(
            close(
                h.presented("ball.3").position, Point(x: 100 - (Self.bigR + Self.r), y: 50 - Self.bigR), 1e-6)
        )
    }

    /// Scale per cycle: from 0.3 s, 0.5 s ease-out to 1.5; the completion chains a second view
    /// animation, from 1.1 s, 0.5 s ease-in-ease-out back to 1; the next cycle starts at 1.6 s.
    static func scale(at t: Double) -> Double {
        let c = t.truncatingRemainder(dividingBy: 1.6)
        if c < 0.3 { return 1 }
        if c < 0.8 { return 1 + 0.5 * TimingFunction.easeOut((c - 0.3) / 0.5) }
        if c < 1.1 { return 1.5 }
        return 1.5 - 0.5 * TimingFunction.easeInEaseOut((c - 1.1) / 0.5)
    }

    @Test func ballsScaleOverACycleAndIntoTheNext() {
        let h = Harness("balls")
        for t in [0.15, 0.45, 0.55, 0.7, 0.95, 1.2, 1.35, 1.5, 1.75, 2.05, 2.15, 2.55, 2.95, 3.3] {
            h.run(to: t)
            for name in ["ball.1", "ball.2", "ball.3"] {
                let m = h.presented(name).transform
                #expect(close(m.m11, Self.scale(at: t), 1e-6), "\(name) at \(t)")
                #expect(close(m.m22, Self.scale(at: t), 1e-6))
                #expect(close(m.m12, 0, 1e-12))
            }
        }
    }

    @Test func layout() {
        let h = Harness("balls")
        let container = h.layer("container")
        #expect(container.frame == Rect(x: 50, y: 50, width: 100, height: 100))
        #expect(container.cornerRadius == 10 && container.masksToBounds)
        #expect(h.layer("ball.1").position == Point(x: 9.5, y: 50))
        #expect(h.layer("ball.2").position == Point(x: 50, y: 50))
        #expect(h.layer("ball.3").position == Point(x: 90.5, y: 50))
        #expect(h.layer("ball.1").backgroundColor == Color(r255: 54, g: 136, b: 250))
        #expect(h.layer("ball.2").backgroundColor == Color(r255: 100, g: 100, b: 100))
        #expect(h.layer("ball.3").backgroundColor == Color(r255: 234, g: 67, b: 69))
        #expect(h.layer("ball.1").cornerRadius == 6.5)
    }

    /// Stop mid-cycle: ball 3's didStop finds the stop flag and does not restart; nothing
    /// keeps running and the balls rest unscaled at home.
    @Test(arguments: [0.5, 0.9, 1.3])
    func stopLeavesNothingRunning(at t: Double) {
        let h = Harness("balls")
        h.run(to: t)
        h.session.stop()
        #expect(h.session.status == .stopped)
        // Nothing runs any more: no ball has an animation, no cycle restarts.
        for name in ["ball.1", "ball.2", "ball.3"] {
            #expect(h.layer(name).animationKeys().isEmpty)
        }
        // The stopped cycle's scale view animation reports its completion (finished == false)
        // at the next frame, as UIKit does when a block's animations are removed; it chains
        // nothing, and the scene is idle from then on.
        h.run(for: h.step)
        #expect(!h.scene.needsFrames)
        h.run(for: 2)
        #expect(!h.scene.needsFrames)
        for name in ["ball.1", "ball.2", "ball.3"] {
            #expect(h.layer(name).animationKeys().isEmpty)
            #expect(h.presented(name).transform == .identity)
        }
        #expect(h.presented("ball.1").position == Point(x: 9.5, y: 50))
        // And it starts again.
        h.session.start()
        let begun = h.now
        h.run(to: begun + 1.6 * inverse(BallsTests.e, 2.0 / 6))
        #expect(close(h.presented("ball.1").position, Point(x: Self.bigR + Self.r, y: 50 + Self.bigR), 1e-6))
    }

    /// Stopped and started again before the next frame (a double press of the loader's key):
    /// the stale report of the removed cycle must not restart the loader. Before, each restart
    /// replaced the running animation and the replaced one's report restarted it again, at one
    /// instant, until the scene's event bound — every frame.
    @Test(arguments: [0.0, 0.7])
    func stopAndStartInOneFrameRunsOneCycle(at t: Double) {
        let h = Harness("balls")
        h.run(to: t)
        h.session.stop()
        h.session.start()
        let begun = h.now
        var mostEvents = 0
        h.run(to: begun + 1.6 * inverse(BallsTests.e, 2.0 / 6)) { _ in
            mostEvents = max(mostEvents, h.scene.eventsDeliveredInLastUpdate)
        }
        mostEvents = max(mostEvents, h.scene.eventsDeliveredInLastUpdate)
        // A frame sees at most a cycle's own events: two starts, the stale stops of the three
        // removed animations, the scale block's completion.
        #expect(mostEvents <= 8)
        #expect(!h.scene.hasOverdueEvents)
        // The new cycle runs from where start() put it: ball 1 is under the middle ball.
        #expect(close(h.presented("ball.1").position, Point(x: Self.bigR + Self.r, y: 50 + Self.bigR), 1e-6))
    }
}
