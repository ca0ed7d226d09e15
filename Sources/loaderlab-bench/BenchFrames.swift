import Foundation
import LayerKit
import LayerKitCairo

/// Something to animate for the frame benchmark: each call moves real animation time on by one
/// frame and returns the presentation tree to draw.
protocol BenchWorkload: AnyObject {
    /// What the report calls it (a loader id or `gallery`).
    var name: String { get }
    /// The viewport in points.
    var size: Size { get }
    /// Advances the workload's clock by `dt` seconds and evaluates the tree at the new time
    /// (everything a frame of the app does before drawing).
    func nextFrame(dt: Double) -> PresentationLayer
}

/// One workload's per-frame costs at one pixel size.
struct FrameResult {
    var name: String
    var pixelWidth: Int
    var pixelHeight: Int
    var scale: Double
    /// Seconds slept between frames (0: back to back).
    var pause: Double
    /// Evaluating the presentation tree.
    var engine: BenchStats
    /// Drawing it with `LayerRenderer`.
    var render: BenchStats
    /// engine + render, frame by frame.
    var total: BenchStats
    /// Replaying the same frame's Cairo recording onto a blank image.
    var raster: BenchStats
    /// engine + render and raster by thread CPU time (not counting time preempted).
    var totalCPU: BenchStats
    var rasterCPU: BenchStats

    /// (engine + render) / raster at the median.
    var ratio: Double { total.p50 / raster.p50 }
    /// The same ratio by thread CPU time.
    var ratioCPU: Double { totalCPU.p50 / rasterCPU.p50 }
}

/// Measures frame costs: engine, render and the raster baseline, side by side frame by frame
/// so a busy machine slows all three alike.
struct FrameBench {
    var frames: Int
    /// Frames run first and not counted: the first frames fill caches (images, path measures).
    var warmup: Int
    var dt = 1.0 / 60
    /// Seconds slept between frames, outside the timing: 0 measures frames back to back (hot
    /// caches, the CPU at full clock); 1/60 measures them as the window runs them, each after
    /// a frame's sleep.
    var pause = 0.0

    func run(_ workload: BenchWorkload, scale: Double, images: ImageCache) throws -> FrameResult {
        let width = max(1, Int((workload.size.width * scale).rounded(.up)))
        let height = max(1, Int((workload.size.height * scale).rounded(.up)))
        let target = try ImageSurface(width: width, height: height)
        let canvas = try Canvas(surface: target)
        canvas.scale(scale, scale)
        let replayTarget = try ImageSurface(width: width, height: height)
        let replayCanvas = try Canvas(surface: replayTarget)
        let renderer = LayerRenderer(images: images)
        // The baseline's commands come from a renderer of its own that sees the same frames,
        // so its state (the cached pixels of repeated dashed strokes) is the measured one's:
        // the recording holds what `renderer` asks of Cairo, a cached stroke included as the
        // composite of its image, and the ratio compares like with like.
        let recordingRenderer = LayerRenderer(images: images)

        var engine: [Double] = []
        var render: [Double] = []
        var total: [Double] = []
        var raster: [Double] = []
        var totalCPU: [Double] = []
        var rasterCPU: [Double] = []
        for frame in 0..<(warmup + frames) {
            let (tree, engineTime, engineCPU) = BenchClock.timeBoth { workload.nextFrame(dt: dt) }

            canvas.erase()
            let ((), renderTime, renderCPU) = BenchClock.timeBoth {
                renderer.draw(tree, on: canvas)
                target.flush()
            }

            // The baseline: the same frame as Cairo commands, recorded (not timed) and replayed
            // onto a blank image of the same size (timed).
            let recording = try RecordingSurface(width: width, height: height)
            do {
                let recorder = try recording.makeCanvas(replayingOnto: replayTarget)
                recorder.scale(scale, scale)
                recordingRenderer.draw(tree, on: recorder)
            }
            replayCanvas.erase()
            let ((), rasterTime, rasterCPUTime) = BenchClock.timeBoth {
                recording.replay(onto: replayCanvas)
                replayTarget.flush()
            }

            if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
            if frame >= warmup {
                engine.append(engineTime)
                render.append(renderTime)
                total.append(engineTime + renderTime)
                raster.append(rasterTime)
                totalCPU.append(engineCPU + renderCPU)
                rasterCPU.append(rasterCPUTime)
            }
        }
        if let error = canvas.error ?? replayCanvas.error {
            throw BenchFailure("\(workload.name): \(error.message)")
        }
        return FrameResult(
            name: workload.name, pixelWidth: width, pixelHeight: height, scale: scale, pause: pause,
            engine: BenchStats(engine), render: BenchStats(render), total: BenchStats(total),
            raster: BenchStats(raster), totalCPU: BenchStats(totalCPU), rasterCPU: BenchStats(rasterCPU))
    }
}
