import LayerKit
import LayerKitCairo

extension DebugOverlay {
    static let maskColor = Color(red: 0.1, green: 0.85, blue: 1, alpha: 0.9)
    static let shadowColor = Color(red: 1, green: 0.55, blue: 0.1, alpha: 0.9)
    static let gradientColor = Color(red: 1, green: 1, blue: 1, alpha: 0.9)

    /// What a layer draws beyond its bounds, in window points: its mask's bounds (cyan), its
    /// shadow's outline at the offset (orange: `shadowPath`, or the rounded bounds when the
    /// shadow follows the layer's alpha), and a gradient's start → end with a dot at the start
    /// (white).
    static func drawAppearance(
        _ layer: PresentationLayer, toRoot: AffineTransform, hairline: Double, on canvas: Canvas
    ) {
        let p = layer.properties
        if let mask = layer.mask {
            let toLayer = mask.properties.toSuperlayer.affine
            canvas.stroke(
                Path.rect(mask.properties.bounds).applying(toLayer.concatenating(toRoot)), color: maskColor,
                width: hairline)
        }
        if p.shadowOpacity > 0, p.shadowOffset.isFinite {
            let shape = p.shadowPath ?? Path.roundedRect(p.bounds, cornerRadius: max(0, p.cornerRadius))
            let offset = AffineTransform(translationX: p.shadowOffset.width, y: p.shadowOffset.height)
            canvas.stroke(shape.applying(offset.concatenating(toRoot)), color: shadowColor, width: hairline)
        }
        if let g = layer.gradient {
            let b = p.bounds.standardized
            func point(_ u: Point) -> Point {
                toRoot.apply(to: Point(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height))
            }
            let start = point(g.startPoint)
            var line = Path()
            line.move(to: start)
            line.addLine(to: point(g.endPoint))
            canvas.stroke(line, color: gradientColor, width: hairline)
            canvas.fill(
                Path.oval(in: Rect(x: start.x - 2, y: start.y - 2, width: 4, height: 4)), color: gradientColor
            )
        }
    }
}
