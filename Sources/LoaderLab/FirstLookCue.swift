import LayerKit
import LayerKitCairo

/// The faint "pull down" hint over a resting header's list: at rest the three header tiles
/// show the same list and no loader, so each says what it does until it is first used.
enum FirstLookCue {
    static let text = "pull down to refresh"
    static let shortText = "pull down"
    static let subtext = "or press R"
    /// The sizes of the words and of the line below them, in points.
    static let size = 11.0
    static let subtextSize = 9.0
    /// A pale pill over the pale list, its ink a little darker than the list's placeholders.
    static let pillColor = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
    static let edgeColor = Color(r255: 200, g: 206, b: 218)
    static let inkColor = Color(r255: 112, g: 122, b: 142)

    /// Draws the cue centred at the top of `rect`, `alpha` visible, clipped to `clip` (the
    /// screen).
    static func draw(alpha: Double, in rect: Rect, clip: Rect, on canvas: Canvas) {
        guard alpha > 0, rect.width > 40 else { return }
        canvas.save()
        canvas.clip(to: clip)
        // The whole sentence when it fits, else its first words.
        var words = text
        if canvas.textWidth(words, size: size) + 36 > rect.width - 12 { words = shortText }
        let textWidth = canvas.textWidth(words, size: size)
        let width = Swift.min(rect.width - 12, textWidth + 36)
        let pill = Rect(x: rect.midX - width / 2, y: rect.minY, width: width, height: 38)
        let shape = Path.roundedRect(pill, cornerRadius: 10)
        canvas.fill(shape, color: pillColor.withAlpha(pillColor.alpha * alpha))
        canvas.stroke(shape, color: edgeColor.withAlpha(alpha), width: 1)
        let ink = inkColor.withAlpha(inkColor.alpha * alpha)
        // A chevron pointing down, left of the words.
        var chevron = Path()
        let cx = pill.minX + 13
        chevron.move(to: Point(x: cx - 5, y: pill.minY + 11))
        chevron.addLine(to: Point(x: cx, y: pill.minY + 16))
        chevron.addLine(to: Point(x: cx + 5, y: pill.minY + 11))
        chevron.move(to: Point(x: cx - 5, y: pill.minY + 17))
        chevron.addLine(to: Point(x: cx, y: pill.minY + 22))
        chevron.addLine(to: Point(x: cx + 5, y: pill.minY + 17))
        canvas.stroke(chevron, color: ink, width: 1.5)
        canvas.drawText(words, at: Point(x: pill.minX + 24, y: pill.minY + 16), size: size, color: ink)
        canvas.drawText(
            subtext, at: Point(x: pill.minX + 24, y: pill.minY + 30), size: subtextSize,
            color: ink.withAlpha(ink.alpha * 0.75))
        canvas.restore()
    }
}
