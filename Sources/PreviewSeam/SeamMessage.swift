import HostSeam
import LayerKit

/// What `loaderlab preview` (the side that owns the window) and its preview process say to each
/// other, one message a packet on a `SeamChannel`.
///
/// The window side asks; the preview process answers each `.frame` with one `.drawn` and
/// otherwise speaks only to ask for a frame (`.dirty`) or to say which preview's code it is
/// about to run (`.running`), so that a crash or a hang can name it. Everything travels as
/// text: a case's name, then its fields, separated by a space, each string field escaped
/// (`SeamMessage.escape`), so a message is one short line a person can read in a trace.
public enum SeamMessage: Equatable, Sendable {
    // MARK: Window side to preview process

    /// The window's size in points and its scale (also sent once before the first frame).
    case resize(Size, scale: Double)
    /// The shared frame now has this many pixels and row bytes: map it again before drawing.
    case buffer(width: Int, height: Int, stride: Int)
    case pointer(PointerEvent)
    case key(KeyInput)
    /// Draw the next frame into the shared frame; `full` when its pixels are undefined.
    case frame(full: Bool)
    /// Take up the view a previous preview process had (`GalleryViewState.encoded`).
    case restore(String)
    /// Finish what must not be lost (a recording) and exit.
    case quit

    // MARK: Preview process to window side

    /// The previews are loaded: the window's title and preferred size in points.
    case ready(title: String, preferredSize: Size)
    /// A frame is drawn: the pixel rectangles that changed, whether more frames are wanted,
    /// whether the user asked to quit, the frame log's summary (empty when no log is kept) and
    /// the view to carry over (empty when it did not change since the last frame).
    case drawn(Drawn)
    /// Something changed outside the window's events (a timer, main-queue code): draw a frame.
    case dirty
    /// The preview named is about to run its own code (`""`: none, the engine's own work).
    case running(String)
    /// Headless work goes on (the supervisor's watchdog is reset).
    case alive
    /// A V recording keeps its frames in `spool` as well, for its file `output`
    /// (`RecordingSpool`): if the process dies, the window side writes the file from it.
    case recording(spool: String, output: String)
    /// The spool is gone: its recording was written or failed by the preview process itself.
    case recorded(spool: String)

    /// A drawn frame's report.
    public struct Drawn: Equatable, Sendable {
        public var damage: [PixelRect]
        public var needsFrames: Bool
        public var wantsQuit: Bool
        public var summary: String
        public var viewState: String
        /// Seconds the preview process spent drawing the frame (the window side subtracts it
        /// from the whole round trip to know what the seam itself costs).
        public var cost: Double

        public init(
            damage: [PixelRect], needsFrames: Bool, wantsQuit: Bool, summary: String, viewState: String,
            cost: Double = 0
        ) {
            self.damage = damage
            self.needsFrames = needsFrames
            self.wantsQuit = wantsQuit
            self.summary = summary
            self.viewState = viewState
            self.cost = cost
        }
    }

    /// A message that cannot be read: the other side is not the program this one was built
    /// with, or the channel is corrupt.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }
}

// MARK: - Text form

extension SeamMessage {
    /// The message as one line of text.
    public var encoded: String {
        var w = Fields()
        switch self {
        case .resize(let size, let scale):
            w.add("resize", size.width, size.height, scale)
        case .buffer(let width, let height, let stride):
            w.add("buffer", width, height, stride)
        case .pointer(let event):
            switch event {
            case .down(let p): w.add("pointer", "down", p.x, p.y)
            case .moved(let p): w.add("pointer", "moved", p.x, p.y)
            case .up(let p): w.add("pointer", "up", p.x, p.y)
            case .hover(let p): w.add("pointer", "hover", p.x, p.y)
            }
        case .key(let key):
            switch key {
            case .character(let c): w.add("key", "char", Self.escape(String(c)))
            case .tab: w.add("key", "tab")
            case .backTab: w.add("key", "backtab")
            case .left: w.add("key", "left")
            case .right: w.add("key", "right")
            case .escape: w.add("key", "escape")
            }
        case .frame(let full):
            w.add("frame", full ? 1 : 0)
        case .restore(let state):
            w.add("restore", Self.escape(state))
        case .quit:
            w.add("quit")
        case .ready(let title, let size):
            w.add("ready", Self.escape(title), size.width, size.height)
        case .drawn(let d):
            w.add(
                "drawn", d.needsFrames ? 1 : 0, d.wantsQuit ? 1 : 0, Self.escape(d.summary),
                Self.escape(d.viewState), d.cost, d.damage.count)
            for r in d.damage { w.add(r.x, r.y, r.width, r.height) }
        case .dirty:
            w.add("dirty")
        case .running(let name):
            w.add("running", Self.escape(name))
        case .alive:
            w.add("alive")
        case .recording(let spool, let output):
            w.add("recording", Self.escape(spool), Self.escape(output))
        case .recorded(let spool):
            w.add("recorded", Self.escape(spool))
        }
        return w.text
    }

    /// Reads a message written by `encoded`.
    public init(encoded text: String) throws {
        var r = Reader(text.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
        let name = try r.string()
        switch name {
        case "resize":
            self = .resize(Size(width: try r.double(), height: try r.double()), scale: try r.double())
        case "buffer":
            self = .buffer(width: try r.int(), height: try r.int(), stride: try r.int())
        case "pointer":
            let kind = try r.string()
            let p = Point(x: try r.double(), y: try r.double())
            switch kind {
            case "down": self = .pointer(.down(p))
            case "moved": self = .pointer(.moved(p))
            case "up": self = .pointer(.up(p))
            case "hover": self = .pointer(.hover(p))
            default: throw Malformed(description: "unknown pointer event \(kind)")
            }
        case "key":
            switch try r.string() {
            case "char":
                let s = try Self.unescape(try r.string())
                guard let c = s.first, s.count == 1 else {
                    throw Malformed(description: "a key is one character, not \(s.debugDescription)")
                }
                self = .key(.character(c))
            case "tab": self = .key(.tab)
            case "backtab": self = .key(.backTab)
            case "left": self = .key(.left)
            case "right": self = .key(.right)
            case "escape": self = .key(.escape)
            case let other: throw Malformed(description: "unknown key \(other)")
            }
        case "frame":
            self = .frame(full: try r.int() != 0)
        case "restore":
            self = .restore(try Self.unescape(try r.string()))
        case "quit":
            self = .quit
        case "ready":
            let title = try Self.unescape(try r.string())
            self = .ready(title: title, preferredSize: Size(width: try r.double(), height: try r.double()))
        case "drawn":
            let needs = try r.int() != 0
            let quit = try r.int() != 0
            let summary = try Self.unescape(try r.string())
            let state = try Self.unescape(try r.string())
            let cost = try r.double()
            let count = try r.int()
            guard (0...100_000).contains(count) else {
                throw Malformed(description: "\(count) damage rectangles")
            }
            var damage: [PixelRect] = []
            damage.reserveCapacity(count)
            for _ in 0..<count {
                damage.append(
                    PixelRect(x: try r.int(), y: try r.int(), width: try r.int(), height: try r.int()))
            }
            self = .drawn(
                Drawn(
                    damage: damage, needsFrames: needs, wantsQuit: quit, summary: summary, viewState: state,
                    cost: cost))
        case "dirty":
            self = .dirty
        case "running":
            self = .running(try Self.unescape(try r.string()))
        case "alive":
            self = .alive
        case "recording":
            let spool = try Self.unescape(try r.string())
            self = .recording(spool: spool, output: try Self.unescape(try r.string()))
        case "recorded":
            self = .recorded(spool: try Self.unescape(try r.string()))
        default:
            throw Malformed(description: "unknown message \(name.prefix(40).debugDescription)")
        }
        guard r.isAtEnd else { throw Malformed(description: "\(name): more fields than it has") }
    }

    /// `s` with no space, newline or empty form: `%` escapes (`%25`, `%20`, `%0A`), and the
    /// empty string as a lone `%`.
    public static func escape(_ s: String) -> String {
        if s.isEmpty { return "%" }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case " ": out += "%20"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The string `escape` wrote.
    public static func unescape(_ s: String) throws -> String {
        if s == "%" { return "" }
        guard s.contains("%") else { return s }
        var out = ""
        var i = s.unicodeScalars.startIndex
        let scalars = s.unicodeScalars
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "%" {
                let a = scalars.index(after: i)
                guard a < scalars.endIndex, scalars.index(after: a) < scalars.endIndex else {
                    throw Malformed(description: "a cut escape in \(s.prefix(40).debugDescription)")
                }
                let code = String(scalars[a]) + String(scalars[scalars.index(after: a)])
                switch code {
                case "25": out += "%"
                case "20": out += " "
                case "0A": out += "\n"
                case "0D": out += "\r"
                default: throw Malformed(description: "unknown escape %\(code)")
                }
                i = scalars.index(a, offsetBy: 2)
            } else {
                out.unicodeScalars.append(c)
                i = scalars.index(after: i)
            }
        }
        return out
    }
}

/// A field of a message's text form.
private protocol SeamField {
    func write(to text: inout String)
}

extension String: SeamField {
    func write(to text: inout String) { text += self }
}

extension Int: SeamField {
    func write(to text: inout String) { text += String(self) }
}

extension Double: SeamField {
    // Shortest exact form; a non-finite value has no place in any message.
    func write(to text: inout String) { text += isFinite ? String(self) : "0" }
}

/// Fields written in order, separated by a space (a parameter pack: no boxing, as a frame's
/// answer is written sixty times a second).
private struct Fields {
    var text = ""

    mutating func add<each F: SeamField>(_ values: repeat each F) {
        for value in repeat each values {
            if !text.isEmpty { text += " " }
            value.write(to: &text)
        }
    }
}

/// Fields read in order.
private struct Reader {
    private let fields: [String]
    private var index = 0

    init(_ fields: [String]) { self.fields = fields }

    var isAtEnd: Bool { index == fields.count }

    mutating func string() throws -> String {
        guard index < fields.count else { throw SeamMessage.Malformed(description: "a field is missing") }
        defer { index += 1 }
        return fields[index]
    }

    mutating func int() throws -> Int {
        let s = try string()
        guard let v = Int(s) else {
            throw SeamMessage.Malformed(description: "not a whole number: \(s.prefix(20))")
        }
        return v
    }

    mutating func double() throws -> Double {
        let s = try string()
        guard let v = Double(s), v.isFinite else {
            throw SeamMessage.Malformed(description: "not a finite number: \(s.prefix(20))")
        }
        return v
    }
}

/// The C entry point a preview library has (generated by the build): it returns every
/// provider's previews.
public enum PreviewLibraryEntry {
    public static let symbol = "loaderlab_preview_list"
    /// The folder beside the library that holds the preview's resources, laid out as the root of
    /// an iOS bundle (made by the build when the sources have resources).
    public static let resourcesFolder = "Resources"
}

/// The lines a preview process writes on standard error when a preview calls `exit` (or aborts,
/// with `abortBegin`): the begin
/// marker with the library's path (escaped as a message field), one hexadecimal offset into it
/// a line, innermost first, then the end marker.
public enum ExitSiteFormat {
    public static let begin = "*** loaderlab: exit called from"
    /// The begin marker of the same report for an abort (`abort()`, a failed `as!` cast).
    public static let abortBegin = "*** loaderlab: abort called from"
    public static let end = "*** loaderlab: end of exit sites"
}
