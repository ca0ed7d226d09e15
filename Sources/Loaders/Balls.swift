import Foundation
import LayerKit

/// The three-ball loader of "XLBallLoading", ported line by line (docs/loaders.md, "Balls").
///
/// A 100×100 rounded container holds three balls (UIViews in the original, so their layers
/// are view-backing). Each cycle, `startPathAnimate` sends ball 1 and ball 3 along their arc
/// paths (`position` keyframes, 1.6 s, ease-in-ease-out, removed on completion). Ball 3's
/// animation delegate drives the rest: on start it scales all three balls to 1.5 and back with
/// two chained view animations (delay 0.3, duration 1.6/2 − 0.3); on stop it starts the next
/// cycle unless the user stopped the loader.
final class BallLoadingView: AnimationDelegate {
    /// The loading view's own layer; it fills its superlayer.
    let layer: Layer
    /// `_ballContainer`: in the original a light blur effect view.
    let ballContainer: Layer
    let ball1: Layer
    let ball2: Layer
    let ball3: Layer

    /// The container's side (the original's fixed 100×100).
    static let containerWidth = 100.0
    static let ballWidth = 13.0
    static let ballMargin = 3.0
    /// `ballScale` from the original project.
    static let ballScale = 1.5
    /// `[self animationDuration]` from the original project.
    static let animationDuration = 1.6
    static let ball1Color = Color(r255: 54, g: 136, b: 250)
    static let ball2Color = Color(r255: 100, g: 100, b: 100)
    static let ball3Color = Color(r255: 234, g: 67, b: 69)
    /// The light, blurred backdrop of the original's `UIVisualEffectView`, as a flat colour.
    static let containerColor = Color(white: 0.94, alpha: 0.92)

    /// `_stopAnimationByUser`.
    private(set) var stopAnimationByUser = true
    /// Counts cycles so that a scale animation chained from a cycle the user stopped does not
    /// keep the loader busy (the original removes the whole view on hide; ours stays on screen).
    private var cycle = 0

    /// The paths of the last cycle, for the debug overlay.
    private(set) var path1 = Path()
    private(set) var path3 = Path()

    init(frame: Rect) {
        layer = Layer()
        layer.isViewBacking = true
        layer.name = "ballLoading"
        ballContainer = Layer()
        ballContainer.isViewBacking = true
        ball1 = Layer()
        ball2 = Layer()
        ball3 = Layer()
        Transaction.performWithoutActions {
            layer.frame = frame
            build()
        }
    }

    private func build() {
        let width = min(Self.containerWidth, max(0, min(layer.bounds.width, layer.bounds.height)))
        ballContainer.name = "container"
        ballContainer.bounds = Rect(x: 0, y: 0, width: width, height: width)
        ballContainer.position = Point(x: layer.bounds.width / 2, y: layer.bounds.height / 2)
        ballContainer.cornerRadius = 10
        ballContainer.masksToBounds = true
        ballContainer.backgroundColor = Self.containerColor
        layer.addSublayer(ballContainer)

        let w = Self.ballWidth
        let m = Self.ballMargin
        let specs: [(Layer, String, Double, Color)] = [
            (ball1, "ball.1", m, Self.ball1Color),
            (ball2, "ball.2", (width - w) / 2, Self.ball2Color),
            (ball3, "ball.3", width - w - m, Self.ball3Color),
        ]
        for (ball, name, x, color) in specs {
            ball.isViewBacking = true
            ball.name = name
            ball.frame = Rect(x: x, y: (width - w) / 2, width: w, height: w)
            ball.cornerRadius = w / 2
            ball.backgroundColor = color
            ballContainer.addSublayer(ball)
        }
    }

    /// `UIView.center` of a ball in the container: its layer's position (anchor at the middle).
    private func center(of ball: Layer) -> Point { ball.position }

    var isAnimating: Bool { !stopAnimationByUser }

    /// `start`: clears the stop flag and starts the first cycle.
    func start() {
        guard stopAnimationByUser else { return }
        stopAnimationByUser = false
        startPathAnimate()
    }

    /// `stop`: sets the stop flag and removes what runs. Ball 3's `animationDidStop` then finds
    /// the flag set and does not restart; the balls go back to their unscaled rest state.
    func stop() {
        guard !stopAnimationByUser else { return }
        stopAnimationByUser = true
        cycle += 1
        for ball in [ball1, ball2, ball3] {
            ball.removeAllAnimations()
            // The scale-up block had already set the model transform; show the rest state.
            ball.affineTransform = .identity
        }
    }

    /// `startPathAnimate`: the arc paths of ball 1 and ball 3, built as the original builds them.
    func startPathAnimate() {
        // The container's width.
        let width = ballContainer.bounds.size.width
        // The small circle's radius.
        let r = ball1.bounds.size.width * Self.ballScale / 2
        // The big circle's radius (the original's `R`).
        let bigR = (width / 2 + r) / 2

        var path1 = Path()
        // Start at ball 1.
        path1.move(to: center(of: ball1))
        // The big arc (the first part of the trip), under the middle ball.
        path1.addArc(
            center: Point(x: bigR + r, y: width / 2), radius: bigR, startAngle: Double.pi,
            endAngle: Double.pi * 2, clockwise: false)
        // The small arc, over the middle ball: centred on it, radius twice the scaled ball's.
        var path1Arc2 = Path()  // the original's path1_1
        path1Arc2.addArc(
            center: Point(x: width / 2, y: width / 2), radius: r * 2, startAngle: Double.pi * 2,
            endAngle: Double.pi, clockwise: false)
        path1.append(path1Arc2)
        // Back home.
        path1.addLine(to: center(of: ball1))

        let animation1 = KeyframeAnimation(keyPath: "position")
        animation1.path = path1
        animation1.isRemovedOnCompletion = true
        animation1.duration = Self.animationDuration
        animation1.timingFunction = .easeInEaseOut
        ball1.addAnimation(animation1, forKey: "animation1")

        // Ball 3 mirrors ball 1.
        var path3 = Path()
        path3.move(to: center(of: ball3))
        path3.addArc(
            center: Point(x: width - (bigR + r), y: width / 2), radius: bigR, startAngle: 2 * Double.pi,
            endAngle: Double.pi, clockwise: false)
        var path3Arc2 = Path()
        path3Arc2.addArc(
            center: Point(x: width / 2, y: width / 2), radius: r * 2, startAngle: Double.pi,
            endAngle: Double.pi * 2, clockwise: false)
        path3.append(path3Arc2)
        path3.addLine(to: center(of: ball3))

        let animation3 = KeyframeAnimation(keyPath: "position")
        animation3.path = path3
        animation3.isRemovedOnCompletion = true
        animation3.duration = Self.animationDuration
        animation3.timingFunction = .easeInEaseOut
        animation3.delegate = self
        ball3.addAnimation(animation3, forKey: "animation3")

        self.path1 = path1
        self.path3 = path3
    }

    /// `animationDidStart:`: all three balls grow to `ballScale` and shrink back, each step a
    /// view animation delayed 0.3 s and lasting half the cycle minus that delay.
    func animationDidStart(_ anim: Animation) {
        let delay = 0.3
        let duration = Self.animationDuration / 2 - delay
        let balls = [ball1, ball2, ball3]
        let scale = Self.ballScale
        let startedCycle = cycle
        ViewAnimation.animate(
            withDuration: duration, delay: delay, options: [.curveEaseOut, .beginFromCurrentState],
            animations: {
                for ball in balls { ball.affineTransform = AffineTransform(scaleX: scale, y: scale) }
            },
            completion: { [weak self] _ in
                // The original chains unconditionally; a cycle the user stopped chains nothing,
                // so that a stopped loader leaves nothing running.
                guard let self, self.cycle == startedCycle else { return }
                ViewAnimation.animate(
                    withDuration: duration, delay: delay,
                    options: [.curveEaseInOut, .beginFromCurrentState],
                    animations: {
                        for ball in balls { ball.affineTransform = .identity }
                    },
                    completion: nil)
            })
    }

    /// `animationDidStop:finished:`: the next cycle, unless the user stopped the loader.
    ///
    /// Only a cycle that ran to its end chains the next one. The original also restarts on
    /// `finished == NO`, which a removed or replaced animation reports later, after the fact:
    /// stopped and started again before that report arrives, the loader would restart from the
    /// stale report, replacing the running animation, whose own report restarts it again, and
    /// so on at one instant. A cycle the user stopped is removed, never finished, so the stop
    /// flag check stays as the original has it.
    func animationDidStop(_ anim: Animation, finished flag: Bool) {
        guard flag, !stopAnimationByUser else { return }
        startPathAnimate()
    }
}
