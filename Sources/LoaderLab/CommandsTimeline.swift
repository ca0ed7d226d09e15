import Foundation
import LayerKit
import LayerKitCairo

/// `timeline`'s settings.
public struct TimelineOptions: Hashable, Sendable {
    public var loaderID: String
    public var moment: SceneMoment
    public var size: Size?
    /// The picture's width in points.
    public var width: Double
    public var scale: Double
    public var output: OutputPath

    public init(
        loaderID: String, moment: SceneMoment, size: Size?, width: Double, scale: Double, output: OutputPath
    ) {
        self.loaderID = loaderID
        self.moment = moment
        self.size = size
        self.width = width
        self.scale = scale
        self.output = output
    }
}

extension ArgumentParser {
    /// `timeline`'s default and narrowest picture, in points.
    public static let defaultTimelineWidth = 720.0
    public static let minimumTimelineWidth = 240.0

    /// `timeline --loader ID [STATE] [--size WxH] [--width W] [--scale S] --out FILE.png`.
    static func timeline(_ arguments: [String], raw: [[UInt8]], loaderIDs: [String]) throws -> Invocation {
        let o = try Options(
            arguments, raw: raw, command: "timeline",
            values: ["--loader", "--time", "--pull", "--size", "--width", "--scale", "--out"],
            flags: ["--refreshing"])
        if o.help { return .help("timeline") }
        let id = try loaderID(o, loaderIDs)
        let width =
            try o.values["--width"].map {
                try number($0, "--width", min: minimumTimelineWidth, max: maximumSide)
            } ?? defaultTimelineWidth
        let scale = try scale(o) ?? 1
        guard width * scale <= maximumPixels else {
            throw ArgumentError(
                "--width: \(format(width)) points at scale \(format(scale)) exceeds \(format(maximumPixels)) pixels"
            )
        }
        return .timeline(
            TimelineOptions(
                loaderID: id, moment: try moment(o), size: try size(o), width: width, scale: scale,
                output: try output(o)))
    }
}

extension TimelineContent {
    /// The timeline of a snapshot: its animations against its root's time, the axis counting
    /// from the moment's own 0 (a standalone loader's start, a header's release).
    public static func snapshot(_ shot: SceneSnapshot, title: String) -> TimelineContent {
        let rows = TimelineRow.rows(from: shot.animations)
        let origin = shot.rootTime - shot.time
        let axis = TimelineAxis.fitting(rows, playhead: shot.rootTime, origin: origin)
        return TimelineContent(title: title, rows: rows, axis: axis, playhead: shot.rootTime, controls: nil)
    }
}

extension Commands {
    /// The state as the picture's title names it: "refreshing, t = 1 s", "pulled 60 pt".
    static func describe(_ shot: SceneSnapshot, moment: SceneMoment) -> String {
        switch moment {
        case .pull(let p): "\(shot.state), pulled \(ArgumentParser.format(p)) pt"
        case .time, .refreshing: "\(shot.state), t = \(ArgumentParser.format(shot.time)) s"
        }
    }

    /// `timeline`: the animations running at the moment STATE picks, drawn as the window's
    /// timeline panel draws them, into a PNG `width` points wide and as tall as its rows.
    public func timeline(_ options: TimelineOptions) throws {
        let shot = try snapshot(id: options.loaderID, moment: options.moment, size: options.size)
        let title =
            (source.entry(id: options.loaderID)?.title ?? options.loaderID) + ": "
            + Self.describe(shot, moment: options.moment)
        let content = TimelineContent.snapshot(shot, title: title)
        let size = Size(options.width, TimelineGeometry.height(rows: content.rows.count))
        guard size.height * options.scale <= ArgumentParser.maximumPixels else {
            throw CommandFailure(
                message: "\(content.rows.count) animations make the picture taller than "
                    + "\(ArgumentParser.format(ArgumentParser.maximumPixels)) pixels; use a smaller --scale",
                exitCode: 2)
        }
        let surface = try makeSurface(points: size, scale: options.scale)
        let canvas = try cairo { try Canvas(surface: surface) }
        canvas.scale(options.scale, options.scale)
        TimelinePainter.draw(content, in: Rect(origin: .zero, size: size), on: canvas)
        if let error = canvas.error { throw CommandFailure(message: error.message, exitCode: 1) }
        try write(surface, to: options.output)
    }
}
