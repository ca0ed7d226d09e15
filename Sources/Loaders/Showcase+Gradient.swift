import LayerKit

extension ShowcaseStage {
    /// A skeleton screen's shimmer: three rounded placeholder bars, each an axial
    /// `GradientLayer` whose bright band sweeps left to right by animating `locations`.
    static func shimmer(side: Double) -> ShowcaseStage {
        let stage = square(side)
        let dim = Color(r255: 58, g: 62, b: 78)
        let bright = Color(r255: 128, g: 136, b: 164)
        let widths = [0.8, 0.62, 0.7]
        let barHeight = side * 0.11
        var bars: [GradientLayer] = []
        for (i, fraction) in widths.enumerated() {
            let bar = GradientLayer()
            bar.name = "bar.\(i + 1)"
            let width = side * fraction
            bar.bounds = Rect(x: 0, y: 0, width: width, height: barHeight)
            bar.anchorPoint = Point(x: 0, y: 0.5)
            bar.position = Point(x: side * 0.1, y: side * (0.32 + 0.18 * Double(i)))
            bar.cornerRadius = barHeight / 2
            bar.colors = [dim, bright, dim]
            bar.locations = [-0.3, -0.15, 0]
            bar.startPoint = Point(x: 0, y: 0.5)
            bar.endPoint = Point(x: 1, y: 0.5)
            stage.addSublayer(bar)
            bars.append(bar)
        }
        return ShowcaseStage(layer: stage) {
            for bar in bars {
                let sweep = forever(BasicAnimation(keyPath: "locations"), duration: 1.5)
                sweep.fromValue = .array([-0.3, -0.15, 0])
                sweep.toValue = .array([1, 1.15, 1.3])
                sweep.timingFunction = .easeInEaseOut
                bar.addAnimation(sweep, forKey: "shimmer")
            }
        }
    }
}
