import Foundation
import LayerKit
import LayerKitCairo

/// A bad or missing command-line argument: one line naming it; the process exits with 2.
public struct ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// What the window (X11Host) is asked to open with; nil fields take the host's defaults.
public struct WindowOptions: Hashable, Sendable {
    /// The loader to show first (`--loader ID`).
    public var loaderID: String?
    /// Pixels per point (`--scale S`); nil: the host picks.
    public var scale: Double?
    /// The window's size in points (`--size WxH`).
    public var size: Size?

    public init(loaderID: String? = nil, scale: Double? = nil, size: Size? = nil) {
        self.loaderID = loaderID
        self.scale = scale
        self.size = size
    }
}

/// A file name from the command line, kept as the bytes given: a Linux file name need not be
/// UTF-8, and decoding it would write the file under another name.
public struct OutputPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init(_ path: String) {
        bytes = Array(path.utf8)
    }

    public init(stringLiteral path: String) {
        self.init(path)
    }

    /// The name read as UTF-8 (a byte that is not UTF-8 shows as U+FFFD).
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}

/// `render`'s settings.
public struct RenderOptions: Hashable, Sendable {
    public var loaderID: String
    public var moment: SceneMoment
    public var size: Size?
    public var scale: Double
    public var output: OutputPath

    public init(loaderID: String, moment: SceneMoment, size: Size?, scale: Double, output: OutputPath) {
        self.loaderID = loaderID
        self.moment = moment
        self.size = size
        self.scale = scale
        self.output = output
    }
}

/// `inspect`'s settings.
public struct InspectOptions: Hashable, Sendable {
    public var loaderID: String
    public var moment: SceneMoment
    public var size: Size?
    /// `--animations`: each layer lists its animations.
    public var animations: Bool

    public init(loaderID: String, moment: SceneMoment, size: Size?, animations: Bool = false) {
        self.loaderID = loaderID
        self.moment = moment
        self.size = size
        self.animations = animations
    }
}

/// `sheet`'s settings.
public struct SheetOptions: Hashable, Sendable {
    public var time: Double
    public var scale: Double
    public var output: OutputPath
    /// The showcase's loops instead of the loaders.
    public var showcase: Bool

    public init(time: Double, scale: Double, output: OutputPath, showcase: Bool = false) {
        self.time = time
        self.scale = scale
        self.output = output
        self.showcase = showcase
    }
}

/// `record`'s settings.
public struct RecordOptions: Hashable, Sendable {
    public var loaderID: String
    /// Where the recording starts; what follows is the moment going on by itself.
    public var moment: SceneMoment
    /// Seconds to record; nil: the scene's own length (one loop, or until it comes to rest).
    public var duration: Double?
    public var framesPerSecond: Int
    public var size: Size?
    public var scale: Double
    public var format: AnimationFormat
    /// WebP: nil for lossless, else the lossy quality 0…100.
    public var quality: Double?
    public var palette: GIFPalette
    /// No progress bar on standard error.
    public var quiet: Bool
    public var output: OutputPath

    public init(
        loaderID: String, moment: SceneMoment, duration: Double? = nil, framesPerSecond: Int = 30,
        size: Size? = nil, scale: Double = 1, format: AnimationFormat, quality: Double? = nil,
        palette: GIFPalette = .perFrame, quiet: Bool = false, output: OutputPath
    ) {
        self.loaderID = loaderID
        self.moment = moment
        self.duration = duration
        self.framesPerSecond = framesPerSecond
        self.size = size
        self.scale = scale
        self.format = format
        self.quality = quality
        self.palette = palette
        self.quiet = quiet
        self.output = output
    }

    /// The settings the encoder gets.
    public var animationSettings: AnimationSettings {
        AnimationSettings(
            format: format, framesPerSecond: framesPerSecond, quality: quality, palette: palette)
    }
}

/// `export`'s settings.
public struct ExportOptions: Hashable, Sendable {
    public var loaderID: String
    /// Where the animation starts; what follows is the moment going on by itself.
    public var moment: SceneMoment
    /// Seconds to export; nil: the scene's own length (one loop, or until it comes to rest).
    public var duration: Double?
    public var framesPerSecond: Int
    public var size: Size?
    public var scale: Double
    public var output: OutputPath

    public init(
        loaderID: String, moment: SceneMoment, duration: Double? = nil, framesPerSecond: Int = 60,
        size: Size? = nil, scale: Double = 1, output: OutputPath
    ) {
        self.loaderID = loaderID
        self.moment = moment
        self.duration = duration
        self.framesPerSecond = framesPerSecond
        self.size = size
        self.scale = scale
        self.output = output
    }
}

/// One parsed invocation of `loaderlab`.
public enum Invocation: Hashable, Sendable {
    case window(WindowOptions)
    case list
    case render(RenderOptions)
    case inspect(InspectOptions)
    case sheet(SheetOptions)
    case timeline(TimelineOptions)
    case record(RecordOptions)
    case export(ExportOptions)
    /// Usage for one command, or for all when nil.
    case help(String?)
}

/// Parses `loaderlab`'s arguments as `loaderlab help` documents them.
public enum ArgumentParser {
    /// The commands `help` knows about.
    public static let commands = [
        "list", "render", "inspect", "sheet", "timeline", "record", "export", "preview", "help",
    ]

    /// Limits that keep one bad number from asking for gigabytes or hours, or for an image
    /// too small to show anything.
    public static let minimumScale = 0.1
    public static let maximumScale = 8.0
    public static let maximumSide = 4096.0
    /// The largest image side in pixels (8192² ARGB pixels are 256 MiB).
    public static let maximumPixels = 8192.0
    /// Snapshots step the scene in small increments, so a huge time would take minutes.
    public static let maximumTime = 600.0
    public static let maximumPull = 10_000.0
    /// `sheet`'s default moment: one second in, when every loader shows something.
    public static let defaultSheetTime = 1.0
    /// `record`'s default frame rate: smooth, and every third frame on a GIF's hundredths.
    public static let defaultFramesPerSecond = 30
    /// The most frames one recording holds (200 s at 30 frames per second).
    public static let maximumFrames = 6000
    /// `export`'s default frame rate: Lottie players' own.
    public static let defaultExportFramesPerSecond = 60

    /// Parses `arguments` (without the program name); `loaderIDs` are the ids `--loader` accepts.
    public static func parse(_ arguments: [String], loaderIDs: [String]) throws -> Invocation {
        try parse(rawArguments: arguments.map { Array($0.utf8) }, loaderIDs: loaderIDs)
    }

    /// `parse(_:loaderIDs:)` for the arguments as the bytes the process was given: `--out`
    /// keeps them exactly; everything else is read as UTF-8 (bytes that are not, replaced).
    public static func parse(rawArguments: [[UInt8]], loaderIDs: [String]) throws -> Invocation {
        let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
        guard let first = arguments.first else { return .window(WindowOptions()) }
        let rest = Array(arguments.dropFirst())
        let rawRest = Array(rawArguments.dropFirst())
        switch first {
        case "--help", "-h":
            guard rest.isEmpty else {
                throw ArgumentError("unexpected argument \(MessageText.quoted(rest[0])) after \(first)")
            }
            return .help(nil)
        case "help":
            guard rest.count <= 1 else {
                throw ArgumentError("unexpected argument \(MessageText.quoted(rest[1])) after help")
            }
            if let command = rest.first, !commands.contains(command) {
                throw ArgumentError(
                    "help: unknown command \(MessageText.quoted(command)) "
                        + "(commands: \(commands.joined(separator: ", ")))")
            }
            return .help(rest.first)
        case "list":
            let options = try Options(rest, raw: rawRest, command: "list", values: [], flags: [])
            if options.help { return .help("list") }
            return .list
        case "render":
            let o = try Options(
                rest, raw: rawRest, command: "render",
                values: ["--loader", "--time", "--pull", "--size", "--scale", "--out"],
                flags: ["--refreshing"])
            if o.help { return .help("render") }
            let id = try loaderID(o, loaderIDs)
            return .render(
                RenderOptions(
                    loaderID: id, moment: try moment(o), size: try size(o), scale: try scale(o) ?? 1,
                    output: try output(o)))
        case "inspect":
            let o = try Options(
                rest, raw: rawRest, command: "inspect", values: ["--loader", "--time", "--pull", "--size"],
                flags: ["--refreshing", "--animations"])
            if o.help { return .help("inspect") }
            let id = try loaderID(o, loaderIDs)
            return .inspect(
                InspectOptions(
                    loaderID: id, moment: try moment(o), size: try size(o),
                    animations: o.flags.contains("--animations")))
        case "sheet":
            let o = try Options(
                rest, raw: rawRest, command: "sheet", values: ["--time", "--scale", "--out"],
                flags: ["--showcase"])
            if o.help { return .help("sheet") }
            let time = try o.values["--time"].map { try number($0, "--time", max: maximumTime) }
            let scale = try scale(o) ?? 1
            return .sheet(
                SheetOptions(
                    time: time ?? defaultSheetTime, scale: scale, output: try output(o),
                    showcase: o.flags.contains("--showcase")))
        case "timeline":
            return try timeline(rest, raw: rawRest, loaderIDs: loaderIDs)
        case "record":
            let o = try Options(
                rest, raw: rawRest, command: "record",
                values: [
                    "--loader", "--time", "--pull", "--size", "--scale", "--out", "--duration", "--fps",
                    "--quality",
                    "--palette", "--format",
                ],
                flags: ["--refreshing", "--quiet"])
            if o.help { return .help("record") }
            return .record(try record(o, loaderIDs))
        case "export":
            let o = try Options(
                rest, raw: rawRest, command: "export",
                values: [
                    "--loader", "--time", "--pull", "--size", "--scale", "--out", "--duration", "--fps",
                ],
                flags: ["--refreshing"])
            if o.help { return .help("export") }
            return .export(try export(o, loaderIDs))
        case "preview":
            // The executable runs `preview` itself (it compiles and loads the user's code);
            // these commands only show its help.
            throw ArgumentError("preview is run by the loaderlab executable: loaderlab preview PATH...")
        default:
            guard first.hasPrefix("-") else {
                throw ArgumentError(
                    "unknown command \(MessageText.quoted(first)) "
                        + "(commands: \(commands.joined(separator: ", ")); see loaderlab --help)")
            }
            let o = try Options(
                arguments, raw: rawArguments, command: nil, values: ["--loader", "--scale", "--size"],
                flags: [])
            if o.help { return .help(nil) }
            var window = WindowOptions()
            if o.values["--loader"] != nil { window.loaderID = try loaderID(o, loaderIDs) }
            window.scale = try scale(o)
            window.size = try size(o)
            if let s = window.size, let k = window.scale { try checkPixels(s, scale: k) }
            return .window(window)
        }
    }

    /// Options after the command word: `--name value`, `--name=value` or a flag.
    struct Options {
        var values: [String: String] = [:]
        /// Each value as the bytes given; `values` holds them read as UTF-8.
        var rawValues: [String: [UInt8]] = [:]
        var flags: Set<String> = []
        var help = false

        /// `arguments` and `raw`, the same arguments as text and as bytes.
        init(
            _ arguments: [String], raw: [[UInt8]], command: String?, values allowedValues: Set<String>,
            flags allowedFlags: Set<String>
        ) throws {
            let context = command.map { " for \($0)" } ?? ""
            var i = 0
            while i < arguments.count {
                let argument = arguments[i]
                i += 1
                if argument == "--help" || argument == "-h" {
                    help = true
                    continue
                }
                guard argument.hasPrefix("--") else {
                    throw ArgumentError("unexpected argument \(MessageText.quoted(argument))\(context)")
                }
                var name = argument
                var inlineValue: String?
                var inlineRaw: [UInt8] = []
                if let eq = argument.firstIndex(of: "=") {
                    name = String(argument[..<eq])
                    inlineValue = String(argument[argument.index(after: eq)...])
                    // "=" is one byte that no decoding replaces: the first in the bytes is this one.
                    let bytes = raw[i - 1]
                    inlineRaw = Array(
                        bytes[(bytes.firstIndex(of: UInt8(ascii: "=")) ?? bytes.endIndex)...].dropFirst())
                }
                if allowedFlags.contains(name) {
                    guard inlineValue == nil else { throw ArgumentError("\(name) takes no value") }
                    guard !flags.contains(name) else { throw ArgumentError("\(name) given more than once") }
                    flags.insert(name)
                } else if allowedValues.contains(name) {
                    guard values[name] == nil else { throw ArgumentError("\(name) given more than once") }
                    if let inlineValue {
                        values[name] = inlineValue
                        rawValues[name] = inlineRaw
                    } else {
                        guard i < arguments.count else { throw ArgumentError("\(name) needs a value") }
                        values[name] = arguments[i]
                        rawValues[name] = raw[i]
                        i += 1
                    }
                } else {
                    throw ArgumentError("unknown option \(MessageText.quoted(name))\(context)")
                }
            }
        }
    }

    /// `record`'s options, checked together: the format against the rate, quality and palette,
    /// the length against the frame limit.
    static func record(_ o: Options, _ ids: [String]) throws -> RecordOptions {
        let id = try loaderID(o, ids)
        let moment = try moment(o)
        let size = try size(o)
        let scale = try scale(o) ?? 1
        let output = try output(o, formats: ".webp, .gif or .png")
        let format: AnimationFormat
        if let name = o.values["--format"] {
            guard
                let named = AnimationFormat.allCases.first(where: {
                    $0.rawValue == name || $0.fileExtension == name
                })
            else {
                throw ArgumentError("--format: expected webp, gif or png, got \(MessageText.quoted(name))")
            }
            format = named
        } else {
            guard let named = AnimationFormat(fileName: output.bytes) else {
                throw ArgumentError(
                    "--out: the name must end in .webp, .gif or .png (or give --format), got "
                        + MessageText.quoted(output.description))
            }
            format = named
        }
        let fps = try framesPerSecond(o, default: defaultFramesPerSecond)
        let limit = format.maximumFramesPerSecond
        guard fps <= limit else {
            throw ArgumentError(
                "--fps: a GIF keeps delays in hundredths of a second and is shown at most \(limit) "
                    + "frames per second, got \(fps)")
        }
        let duration = try duration(o, framesPerSecond: fps, holder: "a recording")
        let quality = try o.values["--quality"].map { text -> Double in
            guard format == .webp else {
                throw ArgumentError(
                    "--quality: only WebP has a lossy quality; a \(format.rawValue) is lossless or paletted")
            }
            return try number(text, "--quality", max: 100)
        }
        var palette = GIFPalette.perFrame
        if let text = o.values["--palette"] {
            guard format == .gif else { throw ArgumentError("--palette: only a GIF has palettes") }
            guard let named = GIFPalette(rawValue: text) else {
                throw ArgumentError("--palette: expected global or frame, got \(MessageText.quoted(text))")
            }
            palette = named
        }
        return RecordOptions(
            loaderID: id, moment: moment, duration: duration, framesPerSecond: fps, size: size, scale: scale,
            format: format, quality: quality, palette: palette, quiet: o.flags.contains("--quiet"),
            output: output)
    }

    /// `export`'s options: a `.json` file, the rate and the length within the frame limit.
    static func export(_ o: Options, _ ids: [String]) throws -> ExportOptions {
        let id = try loaderID(o, ids)
        let moment = try moment(o)
        let size = try size(o)
        let scale = try scale(o) ?? 1
        let output = try output(o, formats: ".json")
        guard
            String(decoding: output.bytes, as: UTF8.self).lowercased().hasSuffix(".json")
                || output.bytes.starts(with: Array("/dev/".utf8))
        else {
            throw ArgumentError(
                "--out: a Lottie file's name ends in .json, got \(MessageText.quoted(output.description))")
        }
        let fps = try framesPerSecond(o, default: defaultExportFramesPerSecond)
        let duration = try duration(o, framesPerSecond: fps, holder: "an export")
        return ExportOptions(
            loaderID: id, moment: moment, duration: duration, framesPerSecond: fps, size: size, scale: scale,
            output: output)
    }

    /// `--fps`: a whole number from 1 to 120, or `fallback` when not given.
    static func framesPerSecond(_ o: Options, default fallback: Int) throws -> Int {
        guard let text = o.values["--fps"] else { return fallback }
        guard let n = Int(text), n >= 1, n <= 120 else {
            throw ArgumentError(
                "--fps: expected a whole number from 1 to 120, got \(MessageText.quoted(text))")
        }
        return n
    }

    /// `--duration`: seconds greater than 0 whose frames at `fps` stay within `maximumFrames`
    /// (`holder` names what holds them in the message), or nil when not given.
    static func duration(_ o: Options, framesPerSecond fps: Int, holder: String) throws -> Double? {
        guard let text = o.values["--duration"] else { return nil }
        let d = try number(text, "--duration", max: maximumTime)
        guard d > 0 else {
            throw ArgumentError("--duration: must be greater than 0, got \(MessageText.quoted(text))")
        }
        let frames = frameCount(duration: d, framesPerSecond: fps)
        guard frames <= maximumFrames else {
            throw ArgumentError(
                "--duration: \(Self.format(d)) s at \(fps) frames per second is \(frames) frames; "
                    + "\(holder) holds at most \(maximumFrames)")
        }
        return d
    }

    /// The frames of a recording of `duration` seconds: those at 0, 1/F, 2/F, … before its end
    /// (a frame a hair before the end, by rounding, is not one more).
    public static func frameCount(duration: Double, framesPerSecond fps: Int) -> Int {
        guard duration.isFinite, duration > 0 else { return 1 }
        let frames = (duration * Double(fps) - 1e-9).rounded(.up)
        return frames > Double(Int32.max) ? Int(Int32.max) : max(1, Int(frames))
    }

    static func loaderID(_ o: Options, _ ids: [String]) throws -> String {
        guard let id = o.values["--loader"] else { throw ArgumentError("missing --loader ID") }
        guard ids.contains(id) else {
            throw ArgumentError(
                "--loader: unknown loader \(MessageText.quoted(id)) (known: \(ids.joined(separator: ", ")))")
        }
        return id
    }

    static func output(_ o: Options, formats: String = ".png") throws -> OutputPath {
        guard let out = o.rawValues["--out"] else {
            throw ArgumentError(
                formats == ".png" ? "missing --out FILE.png" : "missing --out FILE (\(formats))")
        }
        guard !out.isEmpty else { throw ArgumentError("--out: empty file name") }
        guard !out.contains(0) else { throw ArgumentError("--out: the file name contains a NUL character") }
        return OutputPath(bytes: out)
    }

    static func moment(_ o: Options) throws -> SceneMoment {
        let time = try o.values["--time"].map { try number($0, "--time", max: maximumTime) }
        let pull = try o.values["--pull"].map { try number($0, "--pull", max: maximumPull) }
        let refreshing = o.flags.contains("--refreshing")
        if let pull {
            if time != nil { throw ArgumentError("--pull cannot be combined with --time") }
            if refreshing { throw ArgumentError("--pull cannot be combined with --refreshing") }
            return .pull(pull)
        }
        if refreshing { return .refreshing(time: time ?? 0) }
        return .time(time ?? 0)
    }

    static func scale(_ o: Options) throws -> Double? {
        guard let text = o.values["--scale"] else { return nil }
        return try number(text, "--scale", min: minimumScale, max: maximumScale)
    }

    static func size(_ o: Options) throws -> Size? {
        guard let text = o.values["--size"] else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else {
            throw ArgumentError(
                "--size: expected WxH in points (e.g. 200x200), got \(MessageText.quoted(text))")
        }
        guard w.isFinite, h.isFinite, w > 0, h > 0, w <= maximumSide, h <= maximumSide else {
            throw ArgumentError(
                "--size: each side must be greater than 0 and at most \(format(maximumSide)), "
                    + "got \(MessageText.quoted(text))")
        }
        let size = Size(w, h)
        try checkPixels(size, scale: try scale(o) ?? 1)
        return size
    }

    static func checkPixels(_ size: Size, scale: Double) throws {
        let largest = max(size.width, size.height) * scale
        guard largest <= maximumPixels else {
            throw ArgumentError(
                "--size: \(format(size.width))x\(format(size.height)) at scale \(format(scale)) "
                    + "exceeds \(format(maximumPixels)) pixels")
        }
    }

    /// A number in `min`…`max`. Infinity, and a number too large to represent (`1e309`,
    /// which reads as infinity), are out of range rather than not numbers.
    static func number(_ text: String, _ name: String, min: Double = 0, max: Double) throws -> Double {
        guard let v = Double(text), !v.isNaN else {
            throw ArgumentError("\(name): expected a number, got \(MessageText.quoted(text))")
        }
        guard v >= min, v <= max else {
            throw ArgumentError(
                "\(name): out of range: must be between \(format(min)) and \(format(max)), "
                    + "got \(MessageText.quoted(text))")
        }
        return v
    }

    /// A number without a needless ".0".
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
