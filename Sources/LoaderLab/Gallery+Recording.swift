import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import Loaders

/// Key V: records the focused tile's loader as it is shown — its viewport at the window's
/// scale — into a lossless animated WebP in the current directory.
///
/// Frames are taken at a steady 30 per second of the scene's own (media) time: frame k is the
/// scene evaluated at exactly `start + k/30`, whatever the times the window happens to draw
/// at. Before each window frame and before each input, every frame time that has come is
/// caught up — the scene is updated to that time and the viewport drawn into a frame of its
/// own — so a frame sees exactly the input given before its time, and the scene only ever
/// moves forward. Pause and slow motion act on the tree's time, so they are recorded as they
/// are seen. Encoding runs on a thread of its own (`BackgroundEncoder`); the window only draws
/// the tile and copies its pixels.
///
/// A recording keeps the size it started with: if the window is resized meanwhile, the tile is
/// drawn into frames of that size, cut or padded with transparency at the right and bottom.
///
/// When the file is written its path goes to standard output and its name to the HUD (until
/// the next key or click); a failure goes to standard error and the HUD. Quitting while
/// recording finishes the file.
@MainActor
public final class GalleryRecorder {
    /// Where recordings go (the current directory).
    public var directory: String = FileManager.default.currentDirectoryPath
    /// Where a written recording's path is printed (standard output).
    public var printPath: (String) -> Void = { try? StandardStream.output.write($0 + "\n") }
    /// Where a failure is reported (standard error).
    public var reportFailure: (String) -> Void = {
        StandardStream.error.report("loaderlab: " + MessageText.line($0))
    }
    /// Where what an export (key E) could not write as drawn goes, a line each (standard error).
    public var reportNote: (String) -> Void = { StandardStream.error.report($0) }
    /// Frames per second of a recording.
    public static let framesPerSecond = 30
    /// A recording stops by itself after this many frames (as `record`'s limit).
    public static let maximumFrames = ArgumentParser.maximumFrames

    /// Where each recording's frames are also kept as they are taken (`RecordingSpool`), so
    /// that they survive this process; nil keeps none (the built-in gallery).
    public var spoolFolder: String?
    /// Told when a spool is made (`started` true, with the recording's path) and when it is
    /// gone again (the recording written or failed).
    public var spoolChanged: ((_ spool: String, _ output: String, _ started: Bool) -> Void)?

    var active: TileRecording?
    /// Recordings being written, oldest first.
    var finishing: [(recording: TileRecording, encoder: BackgroundEncoder)] = []
    /// What the HUD says after a recording (saved, failed).
    var message: String?

    public init() {}

    /// True while a recording runs or is being written.
    public var isBusy: Bool { active != nil || !finishing.isEmpty }
    public var isRecording: Bool { active != nil }
}

/// One recording of a tile in progress.
@MainActor
final class TileRecording {
    let sessionIndex: Int
    let name: String
    let path: String
    /// The scene time of frame 0.
    let start: Double
    let scale: Double
    let encoder: BackgroundEncoder
    /// The frames kept in a file as well (`GalleryRecorder.spoolFolder`).
    let spool: RecordingSpool?
    private let surface: ImageSurface
    private let canvas: Canvas
    private let renderer: LayerRenderer
    private(set) var frames = 0

    init(
        sessionIndex: Int, name: String, path: String, start: Double, size: Size, scale: Double,
        images: ImageCache, spoolFolder: String?
    ) throws {
        self.sessionIndex = sessionIndex
        self.name = name
        self.path = path
        self.start = start
        self.scale = scale
        let width = max(1, Int((size.width * scale).rounded(.up)))
        let height = max(1, Int((size.height * scale).rounded(.up)))
        let settings = AnimationSettings(format: .webp, framesPerSecond: GalleryRecorder.framesPerSecond)
        encoder = BackgroundEncoder(
            encoder: try AnimationEncoders.make(width: width, height: height, settings: settings))
        spool = try spoolFolder.map { folder in
            try RecordingSpool(
                path: folder + "/" + name + ".spool", width: width, height: height,
                framesPerSecond: GalleryRecorder.framesPerSecond)
        }
        surface = try ImageSurface(width: width, height: height)
        canvas = try Canvas(surface: surface)
        canvas.scale(scale, scale)
        renderer = LayerRenderer(images: images)
    }

    /// The scene time of the next frame.
    var nextFrameTime: Double { start + Double(frames) / Double(GalleryRecorder.framesPerSecond) }

    /// Seconds recorded so far.
    var seconds: Double { Double(frames) / Double(GalleryRecorder.framesPerSecond) }

    /// Draws `viewport` (the loader's viewport tree at the next frame's time) as that frame
    /// and hands it to the encoder.
    func capture(_ viewport: PresentationLayer) throws {
        canvas.clear(color: .clear)
        renderer.draw(viewport, on: canvas)
        if let error = canvas.error { throw error }
        let frame = AnimationFrame(surface: surface)
        try spool?.append(frame)
        encoder.add(frame)
        frames += 1
    }
}

extension GalleryApp {
    /// V: starts recording the focused tile, or stops the recording.
    public func toggleRecording() {
        if recorder.active != nil {
            stopRecording()
        } else {
            startRecording()
        }
    }

    private func startRecording() {
        guard let session = focusedSession else { return }
        let index = focusedIndex
        let taken = Set(recorder.finishing.map(\.recording.name))
        let name = Self.recordingName(id: session.info.id, in: recorder.directory, date: Date(), taken: taken)
        let path = recorder.directory + "/" + name
        do {
            try AnimationOutput.check(path: Array(path.utf8))
            let recording = try TileRecording(
                sessionIndex: index, name: name, path: path, start: scene.clock.now(), size: session.size,
                scale: scale, images: renderer.images, spoolFolder: recorder.spoolFolder)
            if let spool = recording.spool { recorder.spoolChanged?(spool.path, path, true) }
            recorder.active = recording
            recorder.message = nil
            try captureFrame(of: recording)
        } catch {
            abandonActiveRecording()
            fail("recording failed: \(error)")
        }
    }

    /// Drops the recording in progress after a failure, with its spool.
    private func abandonActiveRecording() {
        if let recording = recorder.active, let spool = recording.spool {
            spool.remove()
            recorder.spoolChanged?(spool.path, recording.path, false)
        }
        recorder.active = nil
    }

    private func stopRecording() {
        guard let recording = recorder.active else { return }
        recorder.active = nil
        recording.encoder.finish(writingTo: Array(recording.path.utf8))
        recorder.finishing.append((recording, recording.encoder))
    }

    /// Input arrives: the recording's frames up to now are taken first (they must not see it),
    /// and the news of the last recording (saved, failed) leaves the HUD.
    func recordingInputArrives() {
        captureRecordedFrames(through: scene.clock.now())
        recorder.message = nil
    }

    /// Takes every recording frame whose time has come by `time` (the scene time the caller
    /// is about to update to, or at which input arrives), then looks at recordings being
    /// written. Called before every window frame and every input.
    func captureRecordedFrames(through time: Double) {
        if let recording = recorder.active {
            do {
                while recording.nextFrameTime <= time, recorder.active != nil {
                    if recording.frames >= GalleryRecorder.maximumFrames {
                        stopRecording()
                        break
                    }
                    try captureFrame(of: recording)
                }
            } catch {
                abandonActiveRecording()
                fail("recording failed: \(error)")
            }
        }
        collectFinishedRecordings()
    }

    /// Moves the scene to the next frame's time and draws the recorded tile's viewport.
    private func captureFrame(of recording: TileRecording) throws {
        scene.update(to: recording.nextFrameTime)
        let tree = scene.presentation()
        // The tree: root → tile → screen → the session's viewport.
        guard tree.sublayers.indices.contains(recording.sessionIndex),
            let screen = tree.sublayers[recording.sessionIndex].sublayers.first,
            let viewport = screen.sublayers.first
        else { throw RenderFailure("the recorded tile is gone") }
        try recording.capture(viewport)
    }

    /// Reports the recordings whose files are written (or failed).
    private func collectFinishedRecordings() {
        while let (recording, encoder) = recorder.finishing.first, let outcome = encoder.outcome {
            recorder.finishing.removeFirst()
            if let spool = recording.spool {
                spool.remove()
                recorder.spoolChanged?(spool.path, recording.path, false)
            }
            switch outcome {
            case .written:
                recorder.message = "saved \(recording.name)"
                recorder.printPath(recording.path)
            case .failed(let reason):
                fail("recording failed: \(reason)")
            }
        }
    }

    func fail(_ message: String) {
        recorder.message = message
        recorder.reportFailure(message)
    }

    /// The HUD's recording part: the time recorded while recording (with the red dot), then
    /// what became of the file.
    var recordingStatus: (text: String, live: Bool)? {
        if let recording = recorder.active {
            return (String(format: "REC %.1f s", recording.seconds), true)
        }
        if let (recording, _) = recorder.finishing.last { return ("saving \(recording.name)", false) }
        return recorder.message.map { ($0, false) }
    }

    /// The app is quitting: a recording in progress is finished and every file written.
    public func willQuit() {
        stopRecording()
        for (_, encoder) in recorder.finishing { encoder.waitUntilDone() }
        collectFinishedRecordings()
    }

    /// Blocks until the recordings being written are written, and reports them (tests).
    func waitForRecordings() {
        for (_, encoder) in recorder.finishing { encoder.waitUntilDone() }
        collectFinishedRecordings()
    }

    /// `loaderlab-ID-YYYYMMDD-HHMMSS.webp` in local time; `-2`, `-3`, … before the extension
    /// when a file of that name is already in `directory` or `taken` (still being written).
    nonisolated static func recordingName(
        id: String, in directory: String, date: Date, taken: Set<String> = [], extension ext: String = "webp"
    )
        -> String
    {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        let stem = "loaderlab-\(id)-\(stamp)"
        var name = stem + "." + ext
        var n = 2
        while taken.contains(name) || FileManager.default.fileExists(atPath: directory + "/" + name) {
            name = "\(stem)-\(n).\(ext)"
            n += 1
        }
        return name
    }
}
