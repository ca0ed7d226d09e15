import LayerKit

extension ShowcaseStage {
    /// A masked reveal: a conic colour wheel shown through a circular `ShapeLayer` mask whose
    /// path grows from a dot to past the corners and back.
    static func reveal(side: Double) -> ShowcaseStage {
        let stage = square(side)
        let cardSide = side * 0.7
        let card = GradientLayer()
        card.name = "card"
        card.bounds = Rect(x: 0, y: 0, width: cardSide, height: cardSide)
        card.position = Point(x: side / 2, y: side / 2)
        card.cornerRadius = cardSide * 0.14
        card.type = .conic
        card.startPoint = Point(x: 0.5, y: 0.5)
        card.endPoint = Point(x: 1, y: 0.5)
        card.colors = [
            Color(r255: 255, g: 94, b: 98), Color(r255: 255, g: 189, b: 68), Color(r255: 88, g: 214, b: 141),
            Color(r255: 72, g: 163, b: 255), Color(r255: 178, g: 120, b: 255), Color(r255: 255, g: 94, b: 98),
        ]
        stage.addSublayer(card)
        let mask = ShapeLayer()
        mask.name = "mask"
        mask.bounds = card.bounds
        mask.position = Point(x: cardSide / 2, y: cardSide / 2)
        func circle(_ radius: Double) -> Path {
            Path.oval(
                in: Rect(
                    x: cardSide / 2 - radius, y: cardSide / 2 - radius, width: 2 * radius, height: 2 * radius)
            )
        }
        let small = circle(cardSide * 0.04)
        let large = circle(cardSide * 0.72)
        mask.path = small
        mask.fillColor = .black
        card.mask = mask
        return ShowcaseStage(layer: stage) {
            let grow = forever(BasicAnimation(keyPath: "path"), duration: 1.2)
            grow.fromValue = .path(small)
            grow.toValue = .path(large)
            grow.timingFunction = .easeInEaseOut
            grow.autoreverses = true
            mask.addAnimation(grow, forKey: "reveal")
        }
    }
}
