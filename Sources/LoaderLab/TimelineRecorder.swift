import Foundation
import LayerKit
import LayerKitCairo

/// Draws a scene's frames at a steady rate and encodes them into an animated image: frame k is
/// the timeline's tree at exactly k/F seconds (F frames per second) of the scene's own time,
/// drawn as `render` draws (transparent where no layer draws, `scale` pixels per point).
///
/// It takes any `SceneTimeline`, so any scene source can be recorded. A timeline is used once:
/// an encoder that sees the frames twice (a GIF's global palette) gets a second one.
public struct TimelineRecorder {
    public var settings: AnimationSettings
    public var scale: Double
    public var images: ImageCache

    public init(settings: AnimationSettings, scale: Double, images: ImageCache = .shared) {
        self.settings = settings
        self.scale = scale
        self.images = images
    }

    /// The image's size in pixels for a viewport of `points`: rounded up, at least 1.
    public func pixelSize(for points: Size) -> (width: Int, height: Int) {
        (
            max(1, Int((points.width * scale).rounded(.up))),
            max(1, Int((points.height * scale).rounded(.up)))
        )
    }

    /// Records `frames` frames of the timelines `makeTimeline` returns (each call a new one,
    /// starting at the same moment), calling `progress` with the frames drawn so far and the
    /// number to draw (twice `frames` when the encoder needs two passes). Returns the file.
    public func record(
        frames: Int, makeTimeline: () throws -> any SceneTimeline,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> [UInt8] {
        var timeline = try makeTimeline()
        let (width, height) = pixelSize(for: timeline.size)
        let encoder = try AnimationEncoders.make(width: width, height: height, settings: settings)
        let surface = try ImageSurface(width: width, height: height)
        let canvas = try Canvas(surface: surface)
        canvas.scale(scale, scale)
        let renderer = LayerRenderer(images: images)
        let passes = encoder.needsFirstPass ? 2 : 1
        let total = frames * passes
        var done = 0
        for pass in 0..<passes {
            if pass > 0 { timeline = try makeTimeline() }
            for k in 0..<frames {
                let tree = try timeline.tree(at: Double(k) / Double(settings.framesPerSecond))
                canvas.clear(color: .clear)
                renderer.draw(tree, on: canvas)
                if let error = canvas.error { throw error }
                let frame = AnimationFrame(surface: surface)
                if pass + 1 < passes { try encoder.learn(frame) } else { try encoder.add(frame) }
                done += 1
                progress?(done, total)
            }
        }
        return try encoder.finish()
    }
}

/// A progress bar on one line that is rewritten in place: shown once a job has run for half a
/// second (short jobs stay silent), renewed at most ten times a second, taken away at the end.
final class ProgressBar {
    private let show: (String) -> Void
    private let label: String
    private let clock: () -> Double
    private let start: Double
    private var lastShown: Double?

    /// How long a job runs before the bar appears, and how often it is redrawn.
    static let delay = 0.5
    static let interval = 0.1
    static let width = 24

    init(label: String, show: @escaping (String) -> Void, clock: @escaping () -> Double = ProgressBar.now) {
        self.label = label
        self.show = show
        self.clock = clock
        start = clock()
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// `done` of `total` steps are finished.
    func update(done: Int, total: Int) {
        let now = clock()
        let elapsed = now - start
        guard elapsed >= Self.delay, done < total else { return }
        if let last = lastShown, now - last < Self.interval { return }
        lastShown = now
        show(Self.line(label: label, done: done, total: total, elapsed: elapsed))
    }

    /// Takes the bar away (when it was shown).
    func finish() {
        if lastShown != nil { show("") }
        lastShown = nil
    }

    /// "LABEL [######..................]  12/90 frames, about 3 s left": the estimate is the
    /// time per step so far times the steps left.
    static func line(label: String, done: Int, total: Int, elapsed: Double) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var text = "\(label) [\(bar)] \(done)/\(total) frames"
        if done > 0, total > done {
            let left = elapsed / Double(done) * Double(total - done)
            text +=
                left < 10
                ? String(format: ", about %.1f s left", left) : ", about \(Int(left.rounded())) s left"
        }
        return text
    }
}
