import Foundation
import HostSeam
import LayerKit
import LayerKitCairo
import LoaderLab
import XvfbHarness

/// `loaderlab-bench`: frame costs against raw Cairo, headless `render` throughput and the
/// windowed app's startup, memory and CPU (see BENCHMARKS.md). It reports; it never fails a
/// build because a number is slow.
struct Bench {
    /// The headless commands over the loaders' catalog: what `loaderlab render` runs.
    let commands: Commands

    init(io: CommandIO = .standard) {
        commands = Commands(source: CatalogSceneSource(), io: io)
    }

    /// The benchmark's settings, from its command line.
    struct Options: Equatable {
        enum Section: String, CaseIterable { case frames, fidelity, headless, record, window }
        var frames = 600
        /// Frames compared in the fidelity section.
        var fidelityFrames = 300
        /// Frames measured paced (a frame's sleep between them, as the window runs them).
        var pacedFrames = 300
        var warmup = 30
        var sections: Set<Section> = Set(Section.allCases)
        /// Workload names (loader ids and `gallery`); empty: all.
        var only: [String] = []
        /// Seconds of each windowed CPU measurement.
        var windowSeconds = 10.0
        /// Renders per loader in the headless measurement.
        var renders = 120
        /// The viewports measured: 800×600 points at scale 1 and at scale 2 (1600×1200 pixels).
        var scales: [Double] = [1, 2]
    }

    static let usage = """
        usage: loaderlab-bench [--frames N] [--paced-frames N] [--warmup N] [--only SECTIONS]
                               [--loader ID]... [--renders N] [--window-seconds S] [--scale S]...

        Measures and prints, for every loader and the gallery at 800×600 points (scale 1:
        800×600 pixels; scale 2: 1600×1200 pixels):
          frames    engine, render and raster-baseline time per frame in ms (mean, p50, p99)
                    over N frames (default 600) of animation time advanced 1/60 s a frame,
                    after --warmup frames (default 30), back to back ("hot"); then again over
                    --paced-frames (default 300; 0 skips) with 1/60 s asleep between frames, as
                    the window runs them ("paced"); ratio = (engine + render) / raster at p50;
                    then the window's whole frame without X (GalleryApp.renderFrame), hot and
                    paced
          fidelity  every frame of each workload (300) drawn with backing stores and with
                    every layer drawn directly: the worst channel difference and the pixels
                    that differ
          headless  frames/s of `render` at 800×600 including the PNG (--renders per loader),
                    in this process and as a user runs it (`loaderlab render`, process start to
                    PNG written)
          record    `record` of every loader at its default size and length, 30 fps, at scale
                    1 and 2, in each format (WebP lossless and quality 80, GIF with per-frame
                    and global palettes, APNG): frames/s and file size
          window    the previewer (the `loaderlab` next to this program, or $LOADERLAB_BINARY)
                    under Xvfb: startup to first frame, peak RSS, CPU and frames over
                    --window-seconds (default 10) animating and idle
        SECTIONS is a comma-separated subset of frames,fidelity,headless,record,window (default:
        all).
        --loader ID (repeatable; `gallery` for the full gallery) limits the frame, fidelity and
        record sections.
        """

    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var scales: [Double] = []
        var i = 0
        func value(_ name: String) throws -> String {
            guard i + 1 < arguments.count else { throw ArgumentError("\(name) needs a value") }
            i += 1
            return arguments[i]
        }
        func count(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            let text = try value(name)
            guard let n = Int(text), range.contains(n) else {
                throw ArgumentError(
                    "\(name) must be a whole number in \(range), not \(MessageText.quoted(String(text)))")
            }
            return n
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--help", "-h":
                return nil
            case "--frames": options.frames = try count(argument, 1...1_000_000)
            case "--paced-frames": options.pacedFrames = try count(argument, 0...1_000_000)
            case "--warmup": options.warmup = try count(argument, 0...100_000)
            case "--renders": options.renders = try count(argument, 1...1_000_000)
            case "--loader": options.only.append(try value(argument))
            case "--only":
                let text = try value(argument)
                var sections = Set<Options.Section>()
                for part in text.split(separator: ",") {
                    guard let section = Options.Section(rawValue: String(part)) else {
                        throw ArgumentError(
                            "--only: unknown section \(MessageText.quoted(String(part))) (frames, fidelity, headless, record, window)"
                        )
                    }
                    sections.insert(section)
                }
                guard !sections.isEmpty else { throw ArgumentError("--only needs a section") }
                options.sections = sections
            case "--window-seconds":
                let text = try value(argument)
                guard let s = Double(text), s.isFinite, s >= 1, s <= 3600 else {
                    throw ArgumentError(
                        "--window-seconds must be 1…3600, not \(MessageText.quoted(String(text)))")
                }
                options.windowSeconds = s
            case "--scale":
                let text = try value(argument)
                guard let s = Double(text), s.isFinite, s > 0, s <= 4 else {
                    throw ArgumentError(
                        "--scale must be a number in (0, 4], not \(MessageText.quoted(String(text)))")
                }
                scales.append(s)
            default:
                throw ArgumentError("unexpected argument \(MessageText.quoted(String(argument)))")
            }
            i += 1
        }
        if !scales.isEmpty { options.scales = scales }
        return options
    }

    /// Runs the benchmark with `arguments` (without the program name); returns the exit status.
    func run(_ arguments: [String]) -> Int32 {
        let io = commands.io
        let options: Options
        do {
            guard let parsed = try Self.parse(arguments) else {
                try io.out(Self.usage)
                return 0
            }
            options = parsed
        } catch {
            io.err("loaderlab-bench: \(error)")
            return 2
        }
        let names = Self.workloadNames
        for name in options.only where !names.contains(name) {
            io.err(
                "loaderlab-bench: --loader: unknown workload \(MessageText.quoted(String(name))) (\(names.joined(separator: ", ")))"
            )
            return 2
        }
        do {
            try io.out(Self.machineDescription())
            if options.sections.contains(.frames) { try runFrames(options) }
            if options.sections.contains(.fidelity) { try runFidelity(options) }
            if options.sections.contains(.headless) { try runHeadless(options) }
            if options.sections.contains(.record) { try runRecord(options) }
            if options.sections.contains(.window) {
                try BenchWindow(io: io, seconds: options.windowSeconds).run()
            }
            return 0
        } catch let failure as CommandFailure {
            io.err("loaderlab-bench: \(failure.message)")
            return failure.exitCode
        } catch {
            io.err("loaderlab-bench: \(error)")
            return 1
        }
    }

    /// The viewport every frame and headless measurement uses, in points.
    static let viewport = Size(width: 800, height: 600)

    // MARK: - Frames

    func runFrames(_ options: Options) throws {
        let io = commands.io
        try io.out("")
        try io.out(
            "frames: \(options.frames) frames hot (back to back) and \(options.pacedFrames) paced (1/60 s "
                + "asleep between frames, as the window runs them), +\(options.warmup) warm-up, each moving "
                + "animation time 1/60 s; ms; ratio = (engine+render) p50 / raster p50")
        try io.out(
            BenchFormat.pad("workload", 12) + BenchFormat.pad("pixels", 10) + BenchFormat.pad("mode", 6)
                + " engine p50/p99   render p50/p99   total mean/p50/p99    raster mean/p50/p99  ratio"
                + "  | thread CPU: total mean/p50/p99, raster mean/p50/p99, ratio")
        var modes = [(name: "hot", frames: options.frames, pause: 0.0)]
        if options.pacedFrames > 0 {
            modes.append((name: "paced", frames: options.pacedFrames, pause: 1.0 / 60))
        }
        for scale in options.scales {
            for name in Self.workloadNames where options.only.isEmpty || options.only.contains(name) {
                for mode in modes {
                    let bench = FrameBench(frames: mode.frames, warmup: options.warmup, pause: mode.pause)
                    let workload = Self.makeWorkload(name, size: Self.viewport)
                    let r = try bench.run(workload, scale: scale, images: commands.images)
                    try io.out(Self.line(r, mode: mode.name))
                }
            }
        }
        if options.only.isEmpty || options.only.contains(Self.galleryName) {
            for mode in modes {
                try runAppFrames(options, frames: mode.frames, pause: mode.pause, mode: mode.name)
            }
        }
    }

    /// The window's whole frame without the window: `GalleryApp.renderFrame` at its own size,
    /// with its damage tracking (only changed tiles and the HUD are redrawn), titles and HUD;
    /// `pause` seconds asleep between frames.
    func runAppFrames(_ options: Options, frames: Int, pause: Double, mode: String) throws {
        let io = commands.io
        let clock = ManualClock(time: 0)
        let (app, size) = MainActor.assumeIsolated {
            let app = GalleryApp(clock: clock)
            return (app, app.preferredSize)
        }
        let width = Int(size.width)
        let height = Int(size.height)
        let image = try ImageSurface(width: width, height: height)
        let buffer = PixelBuffer(data: image.data, width: width, height: height, stride: image.stride)
        var wall: [Double] = []
        var cpu: [Double] = []
        var damage = 0
        for frame in 0..<(options.warmup + frames) {
            clock.advance(by: 1.0 / 60)
            let (rects, w, c) = try BenchClock.timeBoth {
                try MainActor.assumeIsolated {
                    if frame == 0 { app.resize(to: size, scale: 1) }
                    for (i, session) in app.sessions.enumerated()
                    where session.info.kind == .header && session.status == .idle {
                        app.toggleLoader(number: i + 1)
                    }
                    return try app.renderFrame(into: buffer, fullRedraw: frame == 0)
                }
            }
            if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
            if frame >= options.warmup {
                wall.append(w)
                cpu.append(c)
                damage += rects.reduce(0) { $0 + $1.width * $1.height }
            }
        }
        let stats = BenchStats(wall)
        let cpuStats = BenchStats(cpu)
        try io.out(
            "app frame   \(width)x\(height)  " + BenchFormat.pad(mode, 6)
                + "GalleryApp.renderFrame (tick, update, damaged tiles, titles, HUD): mean/p50/p99 "
                + Self.triple(stats) + " ms | CPU " + Self.triple(cpuStats) + " ms; "
                + "\(damage / max(1, wall.count)) px damaged per frame")
    }

    static func triple(_ s: BenchStats) -> String {
        "\(BenchFormat.ms(s.mean))/\(BenchFormat.ms(s.p50))/\(BenchFormat.ms(s.p99))"
    }

    static func line(_ r: FrameResult, mode: String) -> String {
        func pair(_ s: BenchStats) -> String {
            BenchFormat.padLeft("\(BenchFormat.ms(s.p50))/\(BenchFormat.ms(s.p99))", 15)
        }
        return BenchFormat.pad(r.name, 12) + BenchFormat.pad("\(r.pixelWidth)x\(r.pixelHeight)", 10)
            + BenchFormat.pad(mode, 6) + pair(r.engine) + "  " + pair(r.render) + "  "
            + BenchFormat.padLeft(triple(r.total), 19) + "  " + BenchFormat.padLeft(triple(r.raster), 19)
            + "  " + BenchFormat.padLeft(BenchFormat.fixed(r.ratio, 2), 5)
            + "  | " + triple(r.totalCPU) + "  " + triple(r.rasterCPU) + "  "
            + BenchFormat.fixed(r.ratioCPU, 2)
    }

    // MARK: - Headless

    func runHeadless(_ options: Options) throws {
        let io = commands.io
        let dir = FileManager.default.temporaryDirectory.path + "/loaderlab-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try io.out("")
        try io.out(
            "headless: `render --size 800x600` \(options.renders) times per loader, PNG to \(dir); "
                + "split = snapshot / draw / PNG in ms (p50)")
        var totalFrames = 0
        var totalSeconds = 0.0
        for entry in commands.source.entries {
            let moment: SceneMoment = entry.isHeader ? .refreshing(time: 1) : .time(1)
            let output = dir + "/\(entry.id).png"
            let render = RenderOptions(
                loaderID: entry.id, moment: moment, size: Self.viewport, scale: 1, output: OutputPath(output))
            try commands.render(render)  // warm-up: image cache, first PNG
            let start = BenchClock.now()
            for _ in 0..<options.renders { try commands.render(render) }
            let seconds = BenchClock.now() - start
            totalFrames += options.renders
            totalSeconds += seconds

            // The same work in its three parts, to see where the time goes.
            var snapshot: [Double] = []
            var draw: [Double] = []
            var png: [Double] = []
            // (What `Commands.render` does, through the same public calls.)
            let renderer = LayerRenderer(images: commands.images)
            for _ in 0..<max(10, options.renders / 4) {
                let (shot, t0) = try BenchClock.time {
                    try commands.source.snapshot(id: entry.id, moment: moment, size: Self.viewport)
                }
                let surface = try ImageSurface(
                    width: max(1, Int(shot.size.width.rounded(.up))),
                    height: max(1, Int(shot.size.height.rounded(.up))))
                let canvas = try Canvas(surface: surface)
                let ((), t1) = BenchClock.time { renderer.draw(shot.tree, on: canvas) }
                let ((), t2) = try BenchClock.time { try surface.writePNG(to: output) }
                snapshot.append(t0)
                draw.append(t1)
                png.append(t2)
            }
            let fps = Double(options.renders) / seconds
            try io.out(
                BenchFormat.pad(entry.id, 12) + BenchFormat.padLeft(BenchFormat.fixed(fps, 1), 8)
                    + " frames/s"
                    + "   split " + BenchFormat.ms(BenchStats(snapshot).p50) + " / "
                    + BenchFormat.ms(BenchStats(draw).p50) + " / " + BenchFormat.ms(BenchStats(png).p50))
        }
        if totalSeconds > 0 {
            try io.out(
                BenchFormat.pad("all", 12)
                    + BenchFormat.padLeft(BenchFormat.fixed(Double(totalFrames) / totalSeconds, 1), 8)
                    + " frames/s")
        }
        try runRenderProcesses(options, directory: dir)
    }

    /// `loaderlab render` as a user runs it: the release binary started for each render, from
    /// just before the process is spawned to its exit with the PNG written (wall clock), and the
    /// CPU time it used (user + system, from `wait4`).
    func runRenderProcesses(_ options: Options, directory: String) throws {
        let io = commands.io
        guard let binary = AppProcess.binaryPath else {
            try io.out("render as a process: skipped (no loaderlab binary next to this program)")
            return
        }
        let runs = max(5, options.renders / 6)
        try io.out(
            "render as a process: `\(binary) render --loader ID ... --size 800x600 --out FILE`, "
                + "\(runs) runs per loader, start to exit; ms mean/p50/p99")
        for entry in commands.source.entries {
            let state = entry.isHeader ? ["--refreshing", "--time", "1"] : ["--time", "1"]
            let arguments =
                ["render", "--loader", entry.id] + state + [
                    "--size", "800x600", "--out", directory + "/\(entry.id)-p.png",
                ]
            _ = try Self.spawnAndWait(binary, arguments)  // warm-up: the page cache
            var wall: [Double] = []
            var cpu: [Double] = []
            for _ in 0..<runs {
                let (w, c) = try Self.spawnAndWait(binary, arguments)
                wall.append(w)
                cpu.append(c)
            }
            let w = BenchStats(wall)
            let c = BenchStats(cpu)
            try io.out(
                BenchFormat.pad(entry.id, 12) + "wall " + Self.triple(w) + "   CPU " + Self.triple(c)
                    + "   = " + BenchFormat.fixed(1 / w.mean, 1) + " renders/s")
        }
    }

    /// Runs `path arguments` to its end: wall-clock seconds from just before the spawn to the
    /// exit, and the child's user + system CPU seconds. A failure (spawn or exit status) throws.
    static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> (wall: Double, cpu: Double) {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var devNull = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&devNull)
        defer { posix_spawn_file_actions_destroy(&devNull) }
        posix_spawn_file_actions_addopen(&devNull, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = BenchClock.now()
        let spawned = posix_spawn(&pid, path, &devNull, nil, argv, environ)
        guard spawned == 0 else { throw BenchFailure("cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = BenchClock.now() - start
        guard status == 0 else {
            throw BenchFailure("\(path) \(arguments.joined(separator: " ")) failed (\(status))")
        }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    // MARK: - Machine

    /// nproc, CPU model, memory and load, from /proc.
    static func machineDescription() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map {
                $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
                    ?? ""
            }
            ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let memKB =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let load =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        return "machine: \(ProcessInfo.processInfo.activeProcessorCount) cpus, \(model), "
            + "\(memKB / 1024) MiB memory; load average \(load)"
    }
}

/// A measurement that could not be made, in words.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
