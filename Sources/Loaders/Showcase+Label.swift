import LayerKit

extension ShowcaseStage {
    /// A text label breathing: a centred `TextLayer` whose `fontSize` and `foregroundColor`
    /// animate, over a smaller wrapped caption.
    static func label(side: Double) -> ShowcaseStage {
        let stage = square(side)
        let title = TextLayer()
        title.name = "title"
        title.string = "Loading…"
        title.alignmentMode = .center
        title.fontSize = side * 0.1
        title.foregroundColor = Color(r255: 240, g: 240, b: 245)
        title.bounds = Rect(x: 0, y: 0, width: side * 0.9, height: side * 0.2)
        title.position = Point(x: side / 2, y: side * 0.44)
        stage.addSublayer(title)
        let caption = TextLayer()
        caption.name = "caption"
        caption.string = "Fetching the latest posts for you"
        caption.alignmentMode = .center
        caption.isWrapped = true
        caption.fontSize = side * 0.06
        caption.foregroundColor = Color(r255: 150, g: 156, b: 180)
        caption.bounds = Rect(x: 0, y: 0, width: side * 0.7, height: side * 0.2)
        caption.position = Point(x: side / 2, y: side * 0.66)
        stage.addSublayer(caption)
        return ShowcaseStage(layer: stage) {
            let grow = forever(BasicAnimation(keyPath: "fontSize"), duration: 0.9)
            grow.fromValue = .number(side * 0.1)
            grow.toValue = .number(side * 0.125)
            grow.autoreverses = true
            grow.timingFunction = .easeInEaseOut
            title.addAnimation(grow, forKey: "breathe")
            let tint = forever(BasicAnimation(keyPath: "foregroundColor"), duration: 0.9)
            tint.fromValue = .color(Color(r255: 240, g: 240, b: 245))
            tint.toValue = .color(Color(r255: 255, g: 170, b: 80))
            tint.autoreverses = true
            tint.timingFunction = .easeInEaseOut
            title.addAnimation(tint, forKey: "tint")
        }
    }
}
