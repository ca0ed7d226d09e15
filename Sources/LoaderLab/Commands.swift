import Foundation
import LayerKit
import LayerKitCairo

/// Where a command writes: standard output and standard error, each taking whole lines
/// (or blocks of lines) without the final newline. Writing to standard output throws when the
/// output cannot take it (closed, full, its reader gone): the command then fails with status 1.
/// Standard error is where failures are reported, so a failure there is not reported again.
public struct CommandIO: Sendable {
    public var out: @Sendable (String) throws -> Void
    public var err: @Sendable (String) -> Void
    /// Where a long command shows how far it is: one line, rewritten in place each time; an
    /// empty string takes the line away. Nil: nowhere (standard error is not a terminal).
    public var progress: (@Sendable (String) -> Void)?

    public init(
        out: @escaping @Sendable (String) throws -> Void, err: @escaping @Sendable (String) -> Void,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.progress = progress
    }

    /// The process's standard output and standard error; progress on standard error when it
    /// is a terminal (in a log or a pipe a line rewritten in place would only be noise).
    public static let standard = CommandIO(
        out: { try StandardStream.output.write($0 + "\n") },
        err: { StandardStream.error.report($0) },
        progress: isatty(StandardStream.error.fileDescriptor) != 0 ? terminalLine : nil)

    /// Rewrites the terminal's current line on standard error.
    private static let terminalLine: @Sendable (String) -> Void = { text in
        try? StandardStream.error.write("\r\u{1B}[K" + text)
    }
}

/// A command that ran and failed: its one-line message and the process exit status
/// (2: bad arguments, 1: the work itself failed, e.g. an output that cannot be written).
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
}

/// The headless commands (`loaderlab help`): `list`, `render`, `inspect`, `sheet`, `timeline`,
/// `record`,
/// `help`.
public struct Commands {
    public let source: any SceneSource
    public let io: CommandIO
    public let images: ImageCache

    public init(source: any SceneSource, io: CommandIO = .standard, images: ImageCache = .shared) {
        self.source = source
        self.io = io
        self.images = images
    }

    /// What running the command line came to.
    public enum Outcome: Hashable, Sendable {
        /// A headless command ran (or failed, its one-line message already on standard
        /// error); exit with this status.
        case finished(Int32)
        /// No command: the host opens the previewer window with these options.
        case openWindow(WindowOptions)
    }

    /// Parses and runs `arguments` (without the program name). A failure is reported as one
    /// line on standard error: status 2 for a bad or missing argument, 1 when the work failed.
    public func run(_ arguments: [String]) -> Outcome {
        run(rawArguments: arguments.map { Array($0.utf8) })
    }

    /// `run(_:)` for the arguments as the bytes the process was given, so `--out` names the
    /// file by exactly those bytes (see `ArgumentParser.parse(rawArguments:loaderIDs:)`).
    public func run(rawArguments arguments: [[UInt8]]) -> Outcome {
        do {
            let invocation = try ArgumentParser.parse(
                rawArguments: arguments, loaderIDs: source.loaderIDs)
            if case .window(let options) = invocation { return .openWindow(options) }
            try execute(invocation)
            return .finished(0)
        } catch let error as ArgumentError {
            report(error.message)
            return .finished(2)
        } catch let failure as CommandFailure {
            report(failure.message)
            return .finished(failure.exitCode)
        } catch {
            report("\(error)")
            return .finished(1)
        }
    }

    /// One line on standard error, its control characters escaped.
    func report(_ message: String) {
        io.err("loaderlab: " + MessageText.line(message))
    }

    /// The process's arguments after the program name, as the bytes it was given
    /// (`CommandLine.arguments` replaces bytes that are not UTF-8).
    public static var processArguments: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let argument = CommandLine.unsafeArgv[i] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// Runs one parsed command (not `.window`).
    public func execute(_ invocation: Invocation) throws {
        switch invocation {
        case .window:
            throw CommandFailure(message: "the window is not a headless command", exitCode: 1)
        case .list:
            try list()
        case .help(let command):
            try io.out(Help.text(for: command))
        case .render(let options):
            try render(options)
        case .inspect(let options):
            try inspect(options)
        case .sheet(let options):
            try sheet(options)
        case .timeline(let options):
            try timeline(options)
        case .record(let options):
            try record(options)
        case .export(let options):
            try export(options)
        }
    }

    /// `list`: `id<TAB>title<TAB>kind`, one loader a line.
    public func list() throws {
        for entry in source.entries {
            try io.out("\(entry.id)\t\(entry.title)\t\(entry.kind.rawValue)")
        }
    }

    /// The snapshot for a command, with STATE checked against the loader's kind.
    func snapshot(id: String, moment: SceneMoment, size: Size?) throws -> SceneSnapshot {
        try checkMoment(id: id, moment: moment)
        do {
            return try source.snapshot(id: id, moment: moment, size: size)
        } catch {
            throw CommandFailure(message: "\(MessageText.escaped(id)): \(error)", exitCode: 1)
        }
    }

    /// Checks that loader `id` exists and has `moment`: only headers are pulled or refresh.
    func checkMoment(id: String, moment: SceneMoment) throws {
        guard let entry = source.entry(id: id) else {
            throw CommandFailure(message: "--loader: unknown loader \(MessageText.quoted(id))", exitCode: 2)
        }
        if !entry.isHeader {
            switch moment {
            case .pull:
                throw CommandFailure(
                    message:
                        "--pull: \(MessageText.quoted(id)) is a standalone loader; only headers can be pulled",
                    exitCode: 2
                )
            case .refreshing:
                throw CommandFailure(
                    message:
                        "--refreshing: \(MessageText.quoted(id)) is a standalone loader; only headers refresh",
                    exitCode: 2
                )
            case .time:
                break
            }
        }
    }

    /// `render`: the loader at one moment as a PNG of size × scale pixels, transparent where
    /// no layer draws.
    public func render(_ options: RenderOptions) throws {
        let shot = try snapshot(id: options.loaderID, moment: options.moment, size: options.size)
        let surface = try makeSurface(points: shot.size, scale: options.scale)
        let canvas = try cairo { try Canvas(surface: surface) }
        canvas.scale(options.scale, options.scale)
        LayerRenderer(images: images).draw(shot.tree, on: canvas)
        if let error = canvas.error { throw CommandFailure(message: error.message, exitCode: 1) }
        try write(surface, to: options.output)
    }

    /// `inspect`: the presentation tree as JSON (`loaderlab help inspect`) on standard output.
    public func inspect(_ options: InspectOptions) throws {
        let shot = try snapshot(id: options.loaderID, moment: options.moment, size: options.size)
        try io.out(
            InspectJSON.document(loader: options.loaderID, snapshot: shot, animations: options.animations))
    }

    func makeSurface(points: Size, scale: Double) throws -> ImageSurface {
        let w = Int((points.width * scale).rounded(.up))
        let h = Int((points.height * scale).rounded(.up))
        return try cairo { try ImageSurface(width: max(1, w), height: max(1, h)) }
    }

    func write(_ surface: ImageSurface, to path: OutputPath) throws {
        do {
            try surface.writePNG(toPath: path.bytes)
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
    }

    /// Turns a Cairo failure into a command failure (status 1).
    func cairo<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: "\(error)", exitCode: 1)
        }
    }
}
