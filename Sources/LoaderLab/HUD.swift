import Foundation
import LayerKit
import LayerKitCairo

/// What the status bar says: the focused loader's title and state, the time scale, and the
/// frame rate and cost. A value, so a frame redraws the bar only when its text changed.
public struct HUDText: Hashable, Sendable {
    public var loader: String
    /// Key V's recording: "REC 3.2 s" while it runs, then the file it became (nil: none).
    public var recording: String? = nil
    /// The recording runs (a red dot before it). Recording news comes first, so that even a
    /// narrow bar shows it.
    public var isRecording = false
    public var timeScale: String
    public var performance: String

    /// The parts in drawing order; the last ones are dropped first when the bar is narrow.
    var parts: [String] {
        let rest = [timeScale, performance, "H: keys"]
        return (recording.map { [$0] } ?? []) + [loader] + rest
    }
}

/// Frame-rate bookkeeping for the HUD, shown the way fps meters show it: the numbers are the
/// average over the last completed interval of `refreshInterval` seconds (frames in it divided
/// by its length, and their mean cost), so the text changes at most that often and the bar is
/// not redrawn every frame.
public struct FrameStats: Sendable {
    /// A longer gap between frames means the window was idle in between.
    private static let idleGap = 0.2
    /// How often the shown numbers are renewed (4 Hz): readable, and cheap to redraw.
    static let refreshInterval = 0.25
    /// When the current interval began (the time of the frame that closed the last one).
    private var intervalStart: Double?
    private var lastTime = -Double.infinity
    private var frames = 0
    private var costSum = 0.0
    private var shown = "idle"

    public init() {}

    /// Records a frame drawn at `time` (seconds) that took `cost` seconds to make.
    public mutating func record(time: Double, cost: Double) {
        guard time.isFinite, cost.isFinite else { return }
        defer { lastTime = time }
        // A gap (or time going backwards) means frames came from single events, not from
        // the timer: start counting afresh; a lone frame reads idle.
        guard let start = intervalStart, time - lastTime < Self.idleGap, time >= lastTime else {
            intervalStart = time
            frames = 0
            costSum = 0
            shown = "idle"
            return
        }
        frames += 1
        costSum += cost
        let elapsed = time - start
        guard elapsed >= Self.refreshInterval else { return }
        shown = Self.describe(frames: frames, seconds: elapsed, meanCost: costSum / Double(frames))
        intervalStart = time
        frames = 0
        costSum = 0
    }

    /// "fps 59.9  frame 1.8 ms" while frames come in a run, "idle" otherwise.
    public var description: String { shown }

    /// "fps 60.0  frame 1.8 ms": `frames` in `seconds`, and their mean cost in seconds.
    static func describe(frames: Int, seconds: Double, meanCost: Double) -> String {
        guard frames > 0, seconds > 0 else { return "idle" }
        return "fps \(fixed(Double(frames) / seconds, 1))  frame \(fixed(meanCost * 1000, 1)) ms"
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
            // The recording's red dot, before its time.
            let dot = i == 0 && text.isRecording ? recordDotSpace : 0
            let w = canvas.textWidth(shown, size: fontSize) + dot
            // Parts after the first are dropped rather than clipped when they do not fit.
            if i > 0, x + w > rect.maxX - 8 { break }
            if dot > 0 {
                let r = recordDotRadius
                canvas.fill(
                    Path.oval(in: Rect(x: x, y: baseline - fontSize * 0.36 - r, width: 2 * r, height: 2 * r)),
                    color: recordColor)
                x += dot
            }
            canvas.drawText(
                shown, at: Point(x: x, y: baseline), size: fontSize, color: i == 0 ? textColor : dimColor)
            x += w - dot + 24
        }
    }

    static let recordColor = Color(r255: 235, g: 40, b: 40)
    static let recordDotRadius = 4.5
    static let recordDotSpace = 14.0

    static let helpLines: [(String, String)] = [
        ("drag", "pull a list down with the left button; let go to refresh"),
        ("1-5", "start / stop loader N (headers: begin / end refresh)"),
        ("Tab", "focus the next tile (Shift+Tab: previous)"),
        ("Space", "pause / resume everything"),
        ("S", "slow motion: 10x slower"),
        ("[ / ]", "playback rate: 1, 0.5, 0.25, 0.1, 0.01x"),
        ("T", "timeline of the focused tile's animations (drag on it to scrub)"),
        ("R", "replay the focused loader from its start (headers: pull and release)"),
        ("Left / Right", "step one frame back / forward while paused"),
        ("D", "debug overlay: layer bounds, anchor points, keyframe paths"),
        ("V", "record the focused tile to a WebP in the current directory; V again: stop"),
        ("E", "export the focused loader to a Lottie file in the current directory"),
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
