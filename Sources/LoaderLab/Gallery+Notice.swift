import LayerKit
import LayerKitCairo

/// A message panel over the tiles (a preview's compile errors): a title and lines, drawn over
/// everything until it is taken away.
public struct GalleryNotice: Hashable, Sendable {
    public var title: String
    public var lines: [String]

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    static let panelColor = Color(red: 0.16, green: 0.04, blue: 0.05, alpha: 0.94)
    static let titleColor = Color(r255: 255, g: 120, b: 120)
    static let textColor = Color(r255: 236, g: 238, b: 242)
    static let fontSize = 12.0
    static let lineHeight = 17.0
    static let margin = 12.0

    /// The panel's rectangle in `area` (the tiles' part of the window): its full width less a
    /// margin, as tall as its lines (at most the area).
    func rect(in area: Rect) -> Rect {
        let w = Swift.max(0, area.width - 2 * Self.margin)
        let h = Swift.min(
            Swift.max(0, area.height - 2 * Self.margin),
            2 * Self.margin + 22 + Double(lines.count) * Self.lineHeight)
        return Rect(x: area.minX + Self.margin, y: area.minY + Self.margin, width: w, height: h)
    }

    public func draw(in area: Rect, on canvas: Canvas) {
        let r = rect(in: area)
        guard r.width > 0, r.height > 0 else { return }
        canvas.fill(Path.roundedRect(r, cornerRadius: 8), color: Self.panelColor)
        canvas.save()
        canvas.clip(to: r.insetBy(dx: 4, dy: 4))
        let x = r.minX + Self.margin
        canvas.drawText(
            title, at: Point(x: x, y: r.minY + Self.margin + 12), size: 14, color: Self.titleColor)
        for (i, line) in lines.enumerated() {
            let y = r.minY + Self.margin + 34 + Double(i) * Self.lineHeight
            guard y < r.maxY else { break }
            canvas.drawText(line, at: Point(x: x, y: y), size: Self.fontSize, color: Self.textColor)
        }
        canvas.restore()
    }
}
