import Foundation
import LayerKit

/// The orbit ring of "CPMatchingView", ported line by line (docs/loaders.md, "Orbit ring").
///
/// Layers, bottom to top, with the original's names:
/// - `_bigLayer` (`outer`): a circle over the whole view, line width 1.
/// - `_dashCircleLayer` (`dashes`): a dashed circle in the inner rect (width − 32), dash [1, 1].
/// - `_dynamicCircleLayer` (`progress`): the solid ring, rotated by π + π/2 so its stroke starts
///   at the top; its strokeEnd eases 0→1 over 3 s, forever.
/// - `_dynamicContentLayer` (`orbit`): the parent that turns by 2π over 3 s with the same curve,
///   carrying `_dynamicBallLayer` (`ball`) at its top centre — the "rotate the parent" trick.
/// - `_staticContentLayer` (`anchor`) with `_staticBallLayer` (`anchorBall`) at the top.
///
/// Because the ring's strokeEnd and the parent's rotation share duration and curve, the ball sits
/// on the ring's moving end at every moment, slowing at the top and speeding up past it.
final class OrbitView {
    /// The matching view's own layer (a UIView's backing layer).
    let layer: Layer
    let bigLayer = ShapeLayer()
    let dashCircleLayer = ShapeLayer()
    let dynamicCircleLayer = ShapeLayer()
    let dynamicContentLayer = ShapeLayer()
    let dynamicBallLayer = ShapeLayer()
    let staticContentLayer = ShapeLayer()
    let staticBallLayer = ShapeLayer()

    /// Seed: `ballLayerRadius = 4`.
    static let ballLayerRadius = 4.0
    /// Seed: the inner rect is the bounds shrunk by 32 points.
    static let contentInset = 32.0
    /// Seed: both animations last 3 s.
    static let duration = 3.0

    private(set) var isAnimating = false

    /// Builds the view with `frame` in its superlayer, as `initWithFrame:` does.
    init(frame: Rect) {
        layer = Layer()
        layer.isViewBacking = true
        layer.name = "matchingView"
        // New layers that were never drawn have nothing to animate from: building them must not
        // start implicit animations (Core Animation only animates committed layers).
        Transaction.performWithoutActions {
            layer.frame = frame
            build()
        }
    }

    private func build() {
        let bounds = layer.bounds
        let bigLayerWidth = bounds.size.width
        let bigLayerHeight = bounds.size.height
        let position = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let bigLayerPath = Path.oval(in: Rect(x: 0, y: 0, width: bigLayerWidth, height: bigLayerHeight))
        bigLayer.name = "outer"
        bigLayer.frame = Rect(x: 0, y: 0, width: bigLayerWidth, height: bigLayerHeight)
        bigLayer.path = bigLayerPath
        bigLayer.lineWidth = 1
        bigLayer.strokeColor = .white
        bigLayer.fillColor = .clear
        bigLayer.position = position
        layer.addSublayer(bigLayer)

        let contentLayerWidth = max(0, bigLayerWidth - Self.contentInset)
        let contentLayerHeight = max(0, bigLayerHeight - Self.contentInset)
        let contentLayerRect = Rect(x: 0, y: 0, width: contentLayerWidth, height: contentLayerHeight)
        let centralCirclePath = Path.oval(in: contentLayerRect)
        dashCircleLayer.name = "dashes"
        dashCircleLayer.bounds = contentLayerRect
        dashCircleLayer.path = centralCirclePath
        dashCircleLayer.fillColor = .clear
        dashCircleLayer.strokeColor = .white
        dashCircleLayer.lineDashPattern = [1, 1]
        dashCircleLayer.lineWidth = 0.5
        dashCircleLayer.position = position
        layer.addSublayer(dashCircleLayer)

        // The ring that animates.
        dynamicCircleLayer.name = "progress"
        dynamicCircleLayer.bounds = contentLayerRect
        dynamicCircleLayer.path = centralCirclePath
        dynamicCircleLayer.fillColor = .clear
        dynamicCircleLayer.lineWidth = 1
        dynamicCircleLayer.strokeColor = .white
        dynamicCircleLayer.strokeStart = 0
        dynamicCircleLayer.strokeEnd = 1
        // The oval starts at its rightmost point; turning it by 3π/2 (clockwise on screen) moves
        // that start to the top.
        dynamicCircleLayer.affineTransform = AffineTransform(rotationAngle: Double.pi + Double.pi / 2)
        dynamicCircleLayer.position = position
        layer.addSublayer(dynamicCircleLayer)

        // The parent layer that turns.
        dynamicContentLayer.name = "orbit"
        dynamicContentLayer.bounds = contentLayerRect
        dynamicContentLayer.path = Path.rect(contentLayerRect)
        dynamicContentLayer.fillColor = .clear
        // The original strokes this square red while developing the trick; the finished view shows
        // no square, so it has no stroke here.
        dynamicContentLayer.strokeColor = nil
        dynamicContentLayer.position = position
        layer.addSublayer(dynamicContentLayer)

        // The ball on the parent.
        let ballLayerRadius = Self.ballLayerRadius
        dynamicBallLayer.name = "ball"
        dynamicBallLayer.frame = Rect(x: 0, y: 0, width: 2 * ballLayerRadius, height: 2 * ballLayerRadius)
        dynamicBallLayer.cornerRadius = ballLayerRadius
        dynamicBallLayer.backgroundColor = .white
        dynamicBallLayer.position = Point(x: contentLayerWidth / 2, y: 0)
        dynamicContentLayer.addSublayer(dynamicBallLayer)

        // The ball that does not move.
        staticContentLayer.name = "anchor"
        staticContentLayer.bounds = contentLayerRect
        staticContentLayer.fillColor = .clear
        staticContentLayer.strokeColor = .white
        staticContentLayer.position = position
        layer.addSublayer(staticContentLayer)

        staticBallLayer.name = "anchorBall"
        staticBallLayer.frame = Rect(x: 0, y: 0, width: 2 * ballLayerRadius, height: 2 * ballLayerRadius)
        staticBallLayer.cornerRadius = ballLayerRadius
        staticBallLayer.backgroundColor = .white
        staticBallLayer.position = Point(x: contentLayerWidth / 2, y: 0)
        staticContentLayer.addSublayer(staticBallLayer)
    }

    /// `makeLayersAnimated`: the ring's strokeEnd and the parent's rotation, both forever.
    func makeLayersAnimated() {
        guard !isAnimating else { return }
        isAnimating = true
        // The ring.
        let pathAnimation = BasicAnimation(keyPath: "strokeEnd")
        pathAnimation.duration = Self.duration
        // Ease in and out: the original's stand-in for gravity.
        pathAnimation.timingFunction = .easeInEaseOut
        pathAnimation.fromValue = 0.0
        pathAnimation.toValue = 1.0
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        pathAnimation.repeatCount = .infinity
        dynamicCircleLayer.addAnimation(pathAnimation, forKey: "strokeEndAnimation")
        // The ball.
        let animation = BasicAnimation(keyPath: "transform.rotation")
        animation.duration = Self.duration
        animation.repeatCount = .infinity
        animation.byValue = .number(Double.pi * 2)
        animation.timingFunction = .easeInEaseOut
        dynamicContentLayer.addAnimation(animation, forKey: "transform.rotation")
    }

    /// Stops both animations; the ring shows its model strokeEnd (full) and the ball its rest
    /// place at the top, beside the static ball.
    func stopAnimations() {
        isAnimating = false
        dynamicCircleLayer.removeAnimation(forKey: "strokeEndAnimation")
        dynamicContentLayer.removeAnimation(forKey: "transform.rotation")
    }
}
