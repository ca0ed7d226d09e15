import Foundation
import LayerKit
import LayerKitCairo

extension Commands {
    /// `export`: the loader from the moment STATE picks on, as a Lottie animation
    /// (`LottieExport`): every 1/F s of its own time for one loop, until it comes to rest, or
    /// for `--duration`, as `record` chooses its frames. What does not map is named on standard
    /// error. The file is written whole or not at all; its place is checked before the work.
    public func export(_ options: ExportOptions) throws {
        try checkMoment(id: options.loaderID, moment: options.moment)
        let makeTimeline = timelineMaker(id: options.loaderID, moment: options.moment, size: options.size)
        let fps = options.framesPerSecond
        let count = try frameCount(
            loaderID: options.loaderID, duration: options.duration, framesPerSecond: fps,
            makeTimeline: makeTimeline)
        do {
            try AnimationOutput.check(path: options.output.bytes)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
        let timeline = try makeTimeline()
        var frames: [PresentationLayer] = []
        var curves: Set<TimingFunction> = []
        frames.reserveCapacity(count)
        for k in 0..<count {
            do {
                frames.append(try timeline.tree(at: Double(k) / Double(fps)))
                curves.formUnion(timeline.timingFunctions)
            } catch {
                throw CommandFailure(
                    message: "\(MessageText.escaped(options.loaderID)): \(error)", exitCode: 1)
            }
        }
        let export = LottieExport(
            frames: frames,
            settings: LottieExport.Settings(
                name: options.loaderID, size: timeline.size, framesPerSecond: fps, scale: options.scale),
            curves: curves)
        for note in export.notes { report("export: not as drawn: \(note)") }
        do {
            try AnimationOutput.write(export.json(), toPath: options.output.bytes)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
    }
}
