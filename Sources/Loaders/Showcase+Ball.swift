import LayerKit

extension ShowcaseStage {
    /// A springy ball with a soft shadow: dropped from above, a `SpringAnimation` of
    /// `position.y` bounces it to rest (under-damped), again and again; the shadow (blurred,
    /// offset down) moves with it.
    static func ball(side: Double) -> ShowcaseStage {
        let stage = square(side)
        let diameter = side * 0.22
        let rest = Point(x: side / 2, y: side * 0.62)
        let ball = Layer()
        ball.name = "ball"
        ball.bounds = Rect(x: 0, y: 0, width: diameter, height: diameter)
        ball.position = rest
        ball.cornerRadius = diameter / 2
        ball.backgroundColor = Color(r255: 255, g: 150, b: 60)
        ball.shadowColor = .black
        ball.shadowOpacity = 0.6
        ball.shadowRadius = diameter * 0.12
        ball.shadowOffset = Size(width: 0, height: diameter * 0.3)
        stage.addSublayer(ball)
        return ShowcaseStage(layer: stage) {
            let drop = SpringAnimation(keyPath: "position.y")
            drop.fromValue = .number(rest.y - side * 0.36)
            drop.toValue = .number(rest.y)
            drop.mass = 1
            drop.stiffness = 140
            drop.damping = 5
            ball.addAnimation(forever(drop, duration: 2), forKey: "bounce")
        }
    }
}
