import Foundation
import LayerKit
import LayerKitCairo

/// What the status bar says: the focused loader's title and state, the time scale, and the
/// frame rate and cost. A value, so a frame redraws the bar only when its text changed.
public struct HUDText: Hashable, Sendable {
    public var loader: String
    public var timeScale: String
    public var performance: String

    /// The parts in drawing order; the last ones are dropped first when the bar is narrow.
    var parts: [String] { [loader, timeScale, performance, "H: keys"] }
}

/// Frame-rate bookkeeping for the HUD: rendered frames' timestamps and costs.
public struct FrameStats: Sendable {
    private var times: [Double] = []
    private var costs: [Double] = []
    private static let window = 30
    private static let idleGap = 0.2
    /// The shown numbers change at most this often, so they stay readable.
    private static let refreshInterval = 0.25
    private var shown: String = "idle"
    private var shownAt = -Double.infinity

    public init() {}

    /// Records a frame drawn at `time` (seconds) that took `cost` seconds to make.
    public mutating func record(time: Double, cost: Double) {
        guard time.isFinite, cost.isFinite else { return }
        // A gap means the window was idle in between (frames came from single events, not
        // from the timer): start counting afresh.
        if let last = times.last, time - last >= Self.idleGap {
            times.removeAll()
            costs.removeAll()
        }
        times.append(time)
        costs.append(cost)
        if times.count > Self.window {
            times.removeFirst(times.count - Self.window)
            costs.removeFirst(costs.count - Self.window)
        }
        if time - shownAt >= Self.refreshInterval || times.count <= 2 {
            shown = Self.describe(times: times, costs: costs)
            shownAt = time
        }
    }

    /// "fps 59.9  frame 1.8 ms" while frames come in a run, "idle" otherwise.
    public var description: String { shown }

    /// Frames per second over the recorded interval and the mean cost in milliseconds.
    static func describe(times: [Double], costs: [Double]) -> String {
        guard times.count >= 2, let first = times.first, let last = times.last, last > first else {
            return "idle"
        }
        let fps = Double(times.count - 1) / (last - first)
        let ms = costs.reduce(0, +) / Double(costs.count) * 1000
        return "fps \(fixed(fps, 1))  frame \(fixed(ms, 1)) ms"
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        v.isFinite ? String(format: "%.\(digits)f", v) : "--"
    }
}

/// Draws the status bar, the help panel and their colours.
enum HUDPainter {
    static let barColor = Color(r255: 18, g: 19, b: 24)
    static let textColor = Color(r255: 220, g: 224, b: 232)
    static let dimColor = Color(r255: 140, g: 146, b: 160)
    static let fontSize = 12.0

    static func drawBar(_ text: HUDText, in rect: Rect, on canvas: Canvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        canvas.fill(rect, color: barColor)
        let baseline = rect.minY + rect.height / 2 + fontSize * 0.36
        var x = rect.minX + 10
        for (i, part) in text.parts.enumerated() {
            let shown = canvas.displayable(part, size: fontSize)
            let w = canvas.textWidth(shown, size: fontSize)
            // Parts after the first are dropped rather than clipped when they do not fit.
            if i > 0, x + w > rect.maxX - 8 { break }
            canvas.drawText(
                shown, at: Point(x: x, y: baseline), size: fontSize, color: i == 0 ? textColor : dimColor)
            x += w + 24
        }
    }

    static let helpLines: [(String, String)] = [
        ("drag", "pull a list down with the left button; let go to refresh"),
        ("1-5", "start / stop loader N (headers: begin / end refresh)"),
        ("Tab", "focus the next tile (Shift+Tab: previous)"),
        ("Space", "pause / resume everything"),
        ("S", "slow motion: 10x slower"),
        ("Left / Right", "step one frame back / forward while paused"),
        ("D", "debug overlay: layer bounds, anchor points, keyframe paths"),
        ("H", "show / hide this help"),
        ("Q / Esc", "quit"),
    ]

    static let helpPanelColor = Color(red: 0.05, green: 0.06, blue: 0.08, alpha: 0.92)
    static let helpKeyColor = Color(r255: 120, g: 200, b: 255)

    /// The help panel's rectangle, centred in `area`.
    static func helpRect(in area: Rect) -> Rect {
        let w = Swift.min(area.width - 16, 540.0)
        let h = Swift.min(area.height - 16, 36 + Double(helpLines.count) * 20)
        return Rect(
            x: area.midX - w / 2, y: area.midY - h / 2, width: Swift.max(0, w), height: Swift.max(0, h))
    }

    static func drawHelp(in area: Rect, on canvas: Canvas) {
        let r = helpRect(in: area)
        guard r.width > 0, r.height > 0 else { return }
        canvas.fill(Path.roundedRect(r, cornerRadius: 10), color: helpPanelColor)
        canvas.save()
        canvas.clip(to: r)
        canvas.drawText("Keys", at: Point(x: r.minX + 16, y: r.minY + 24), size: 14, color: textColor)
        for (i, line) in helpLines.enumerated() {
            let y = r.minY + 48 + Double(i) * 20
            canvas.drawText(line.0, at: Point(x: r.minX + 16, y: y), size: fontSize, color: helpKeyColor)
            canvas.drawText(line.1, at: Point(x: r.minX + 110, y: y), size: fontSize, color: textColor)
        }
        canvas.restore()
    }
}
