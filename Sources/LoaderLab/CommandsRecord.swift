import Foundation
import LayerKit
import LayerKitCairo

extension Commands {
    /// `record`: the loader from the moment STATE picks on, drawn every 1/F s of its own time
    /// into an animated WebP, GIF or APNG. Without `--duration` a looping scene records one
    /// loop and a scene that comes to rest records until it does. The file is written whole
    /// or not at all, by `render`'s rules; its place is checked before the work begins.
    public func record(_ options: RecordOptions) throws {
        try checkMoment(id: options.loaderID, moment: options.moment)
        let makeTimeline = timelineMaker(id: options.loaderID, moment: options.moment, size: options.size)
        let frames = try frameCount(options, makeTimeline: makeTimeline)
        do {
            try AnimationOutput.check(path: options.output.bytes)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
        let recorder = TimelineRecorder(
            settings: options.animationSettings, scale: options.scale, images: images)
        let bar =
            options.quiet
            ? nil
            : io.progress.map { show in
                ProgressBar(label: "recording \(MessageText.escaped(options.loaderID))", show: show)
            }
        let bytes: [UInt8]
        do {
            defer { bar?.finish() }
            bytes = try recorder.record(frames: frames, makeTimeline: makeTimeline) { done, total in
                bar?.update(done: done, total: total)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
        do {
            try AnimationOutput.write(bytes, toPath: options.output.bytes)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
    }

    /// A maker of new timelines of loader `id` from `moment` (each call a fresh one), its
    /// failure a command failure (exit 1) naming the loader.
    func timelineMaker(id: String, moment: SceneMoment, size: Size?) -> () throws -> any SceneTimeline {
        { [source] in
            do {
                return try source.timeline(id: id, moment: moment, size: size)
            } catch {
                throw CommandFailure(message: "\(MessageText.escaped(id)): \(error)", exitCode: 1)
            }
        }
    }

    /// How many frames `record(options)` draws (its length found as `record` finds it).
    public func recordingFrameCount(_ options: RecordOptions) throws -> Int {
        try frameCount(options) {
            try source.timeline(id: options.loaderID, moment: options.moment, size: options.size)
        }
    }

    /// How many frames the recording has: `--duration`'s, or the scene's own length — one loop
    /// of a scene that repeats, and for one that comes to rest every frame up to the first at
    /// rest (found on a timeline of its own, stepped at the same frame times).
    func frameCount(_ options: RecordOptions, makeTimeline: () throws -> any SceneTimeline) throws -> Int {
        try frameCount(
            loaderID: options.loaderID, duration: options.duration, framesPerSecond: options.framesPerSecond,
            makeTimeline: makeTimeline)
    }

    /// The frames of loader `loaderID` at `fps` frames per second for `duration` seconds, or
    /// by the scene's own length (`frameCount(_:makeTimeline:)`).
    func frameCount(
        loaderID: String, duration: Double?, framesPerSecond fps: Int,
        makeTimeline: () throws -> any SceneTimeline
    ) throws -> Int {
        let limit = ArgumentParser.maximumFrames
        let id = MessageText.quoted(loaderID)
        if let duration {
            return ArgumentParser.frameCount(duration: duration, framesPerSecond: fps)
        }
        let timeline = try makeTimeline()
        switch timeline.ending {
        case .loop(let seconds):
            let frames = ArgumentParser.frameCount(duration: seconds, framesPerSecond: fps)
            guard frames <= limit else {
                throw CommandFailure(
                    message:
                        "\(id) loops every \(ArgumentParser.format(seconds)) s, more than \(limit) frames at "
                        + "\(fps) frames per second; give --duration",
                    exitCode: 1)
            }
            return frames
        case .rest:
            for k in 0..<limit {
                do {
                    _ = try timeline.tree(at: Double(k) / Double(fps))
                } catch {
                    throw CommandFailure(
                        message: "\(MessageText.escaped(loaderID)): \(error)", exitCode: 1)
                }
                if timeline.isAtRest { return k + 1 }
            }
            throw CommandFailure(
                message:
                    "\(id) is still moving after \(limit) frames at \(fps) frames per second; give --duration",
                exitCode: 1)
        case .unknown:
            throw CommandFailure(
                message: "--duration: the source of \(id) tells no loop or end to record to; give --duration",
                exitCode: 2)
        }
    }
}
