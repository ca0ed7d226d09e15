import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a preview process stopped working, said the way a person fixing their code wants it:
/// which preview, what went wrong, and the first line of their own code on the way there.
///
/// Built from what the process left behind: how it ended (`waitpid`'s status), the runtime's
/// message (`Fatal error: Index out of range`), and the backtracer's JSON report, whose crashed
/// thread's frames carry `sourceLocation`s. The user's line is the first frame, from the top,
/// whose file is one of the preview's sources; without one, the first frame with any source
/// location (code of the engine or the compatibility modules the user's call ended in).
public struct PreviewFailure: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// It trapped or took a fatal signal.
        case crashed
        /// It did not answer within the deadline and was stopped.
        case hung(seconds: Double)
        /// It exited by itself (a preview's call to `exit`, whose line the report, taken on the
        /// way out, gives), with this status.
        case exited(Int32)
    }

    public var kind: Kind
    /// The preview whose code was running, when known.
    public var preview: String?
    /// What went wrong (`Fatal error: Index out of range`, `Segmentation fault`, …).
    public var reason: String
    /// `File.swift:LINE` of the user's code (or the nearest code with a location).
    public var location: String?
    /// The function at `location`, as the backtracer names it.
    public var function: String?
    /// The preview's code is to blame (a trap, a signal, a hang, its own `exit`); false when
    /// the preview process stopped by its own decision (it said why on standard error).
    public var isPreviewsFault: Bool

    /// One title line: `"Spinner" crashed` (or hung, or exited).
    public var title: String {
        let who = preview.map { "“\($0)”" } ?? "A preview"
        switch kind {
        case .crashed: return "\(who) crashed"
        case .hung(let s): return "\(who) is not responding (no answer in \(Self.format(s)) s)"
        case .exited(let status): return "\(who) ended the preview process (exit(\(status)))"
        }
    }

    /// The lines under the title: the reason, then where.
    public var details: [String] {
        var lines = [reason]
        if let location {
            lines.append("at \(location)" + (function.map { " in \($0)" } ?? ""))
        }
        return lines
    }

    public var description: String {
        ([title + ": " + reason] + details.dropFirst()).joined(separator: "\n  ")
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Reads what a process that ended with `status` left behind. `sources` are the preview's
    /// files (absolute), `hungAfter` the deadline it missed (nil: it was not stopped for that).
    public init(
        status: Int32, crash: CrashText, preview: String?, sources: [String], hungAfter: Double? = nil,
        symbolizer: PreviewSymbolizer? = nil
    ) {
        self.preview = preview
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        var frames = Self.frames(fromReport: crash.report)
        if frames.isEmpty, let sites = crash.exitSites, let symbolizer {
            frames = symbolizer.frames(library: sites.library, offsets: sites.offsets)
        }
        // The backtracer stops inside `abort()` (a failed `as!` cast): the preview's own frames
        // recorded on SIGABRT say where.
        if !frames.contains(where: { $0.file != nil }), let sites = crash.abortSites, let symbolizer {
            frames = symbolizer.frames(library: sites.library, offsets: sites.offsets) + frames
        }
        let description = Self.reportDescription(crash.report)
        let calledExit = crash.exitSites != nil
        isPreviewsFault = hungAfter != nil || signalled || crash.report != nil || calledExit
        if let hungAfter {
            kind = .hung(seconds: hungAfter)
            reason = "its code did not return, and the preview process was stopped"
        } else if signalled {
            kind = .crashed
            reason =
                crash.message.map(Self.stripRuntimeLocation)
                ?? Self.recursion(in: frames).map { "Stack overflow: endless recursion in \($0)" }
                ?? description ?? Self.signalName(status & 0x7f)
        } else {
            let code = (status >> 8) & 0xff
            kind = .exited(code)
            reason =
                calledExit
                ? "a preview called exit(\(code))" : "the preview process stopped (exit status \(code))"
        }
        let sourceSet = Set(sources.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // The user's own frame even at line 0 (an instruction the compiler attributes to no
        // line, as in a tight loop: the file and function still say where); elsewhere only a
        // frame with a line.
        let own = frames.first { f in f.file.map { sourceSet.contains($0) } ?? false }
        let any = own ?? frames.first { $0.file != nil && ($0.line ?? 0) > 0 && !$0.isRuntime }
        if let f = any, let file = f.file {
            let name = (file as NSString).lastPathComponent
            location = (f.line ?? 0) > 0 ? "\(name):\(f.line!)" : name
            function = f.function
        }
    }

    /// `Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range` → `Fatal error:
    /// Index out of range` (the runtime's own file is no help; the user's line comes apart).
    static func stripRuntimeLocation(_ line: String) -> String {
        for marker in runtimeMarkers {
            if let r = line.range(of: marker) {
                // A failed cast names each type's metadata address: "'Swift.String'
                // (0x7f…) to …".
                return String(line[r.lowerBound...]).replacingOccurrences(
                    of: #" \(0x[0-9a-f]+\)"#, with: "", options: .regularExpression)
            }
        }
        return line
    }

    /// How the runtime's own messages about a crash begin (after the runtime's file and line).
    static let runtimeMarkers = [
        "Fatal error:", "Precondition failed:", "Assertion failed:", "Unexpectedly found nil",
        "Could not cast value of type",
    ]

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "Segmentation fault"
        case SIGBUS: "Bus error"
        case SIGILL: "Illegal instruction (a trap)"
        case SIGTRAP: "Trace/breakpoint trap"
        case SIGABRT: "Aborted"
        case SIGFPE: "Arithmetic exception"
        case SIGKILL: "Killed"
        default: "Signal \(signal)"
        }
    }

    /// One frame of a backtrace, top first.
    public struct Frame: Equatable, Sendable {
        var function: String?
        var file: String?
        var line: Int?
        var isRuntime: Bool
    }

    /// The JSON object of the report (after the banner's blank lines).
    static func reportObject(_ report: String?) -> [String: Any]? {
        guard let report, let start = report.firstIndex(of: "{") else { return nil }
        let data = Data(report[start...].utf8)
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func reportDescription(_ report: String?) -> String? {
        reportObject(report)?["description"] as? String
    }

    /// The crashed thread's frames, top first.
    static func frames(fromReport report: String?) -> [Frame] {
        guard let object = reportObject(report), let threads = object["threads"] as? [[String: Any]]
        else { return [] }
        let crashed = threads.first { ($0["crashed"] as? Bool) == true } ?? threads.first
        guard let frames = crashed?["frames"] as? [[String: Any]] else { return [] }
        return frames.map { f in
            let location = f["sourceLocation"] as? [String: Any]
            let description = f["description"] as? String
            let image = f["image"] as? String ?? ""
            return Frame(
                function: description.map(Self.functionName),
                file: (location?["file"] as? String).map {
                    URL(fileURLWithPath: $0).standardizedFileURL.path
                },
                line: location?["line"] as? Int,
                isRuntime: image.hasPrefix("libswift") || image.hasPrefix("libc.")
                    || image.hasPrefix("libFoundation"))
        }
    }

    /// The function that fills the stack when a crash is a stack overflow: the backtrace is
    /// long and the top function recurs through most of it (the backtracer keeps the first
    /// frames of a deep stack, so a handful of them all in one function tells it).
    static func recursion(in frames: [Frame]) -> String? {
        guard frames.count >= 16, let top = frames.first?.function else { return nil }
        let head = frames.prefix(16)
        return head.filter { $0.function == top }.count >= 12 ? top : nil
    }

    /// `inner(_:_:) + 47` → `inner(_:_:)`.
    static func functionName(_ description: String) -> String {
        guard let plus = description.range(of: " + ", options: .backwards) else { return description }
        return String(description[..<plus.lowerBound])
    }
}
