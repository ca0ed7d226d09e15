import CProcess
import Foundation
import LayerKit
import LoaderLab
import PreviewSeam
@_spi(LoaderLabHost) import UIKit

#if canImport(Glibc)
    import Glibc
#endif

/// `loaderlab-preview-process`: the process the user's compiled code runs in, started and
/// supervised by `loaderlab preview` (never by a person).
///
///     loaderlab-preview-process --channel FD --library PATH [--image-folder DIR]...
///         [--failed ID REASON]...
///         (--serve [--frame FD] [--loader ID] [--spool-folder DIR] [--summaries]
///          | --command ARGS...)
///
/// It loads the library, then either serves a window (`PreviewServer`: the gallery of the
/// previews drawn into the shared frame on request) or runs one headless command (`render`,
/// `sheet`, …, or `list`) with the previews as its loaders and exits with its status. `--failed`
/// names previews that crashed in an earlier process: they show their reason instead of running.
/// `--summaries` adds the gallery's one-line summary to each frame's answer (a frame log).
/// Standard error is the supervisor's: what the Swift runtime prints when the code traps is
/// read there.
public enum PreviewProcessMain {
    struct Arguments {
        var channel: Int32 = -1
        var frame: Int32 = -1
        var library = ""
        var imageFolders: [String] = []
        var failures: [String: String] = [:]
        var serve = false
        var loaderID: String?
        var spoolFolder: String?
        var summaries = false
        var command: [String] = []
        /// The screen's scale when the previews are made (`--screen-scale`, else a headless
        /// command's `--scale`).
        var screenScale: Double?
    }

    @MainActor
    public static func run(_ raw: [String]) -> Never {
        // Gone with the supervisor, however it ends (even SIGKILL): a preview never outlives it.
        _ = loaderlab_parent_death_signal(SIGKILL)
        if getppid() == 1 { end(1) }
        // A preview's own `exit` is a failure to report, with the user's line: the handler
        // says where `exit` was called from in the preview library (`ExitSite`).
        atexit {
            if !PreviewProcessMain.exitIsOurs { ExitSite.report(library: PreviewProcessMain.library) }
        }
        let arguments: Arguments
        do {
            arguments = try parse(raw)
        } catch {
            fail((error as? CommandFailure)?.message ?? "\(error)", status: 2)
        }
        library = arguments.library
        ExitSite.reportAborts(library: arguments.library)
        let channel = SeamChannel(descriptor: arguments.channel)
        // The screen's scale is known before the previews' code runs, as on a device: code that
        // picks `@2x` or `@3x` resources by `UIScreen.main.scale` while its previews are listed
        // sees the scale they are drawn at.
        if let scale = arguments.screenScale { UIScreen.main.set(scale: CGFloat(scale)) }
        var catalog: PreviewCatalog
        do {
            let loaded = try PreviewLibrary.load(arguments.library, imageFolders: arguments.imageFolders)
            catalog = PreviewCatalog(loaded.previews)
        } catch {
            fail("\(error)", status: 1)
        }
        catalog.failures = arguments.failures
        let activity = PreviewActivity(channel: channel, sendsBeats: !arguments.serve)
        catalog.activity = activity
        if arguments.serve {
            guard arguments.frame >= 0 else { fail("--serve needs --frame", status: 2) }
            let server = PreviewServer(
                channel: channel, frame: SharedFrame(descriptor: arguments.frame), catalog: catalog,
                loaderID: arguments.loaderID, spoolFolder: arguments.spoolFolder,
                sendsSummaries: arguments.summaries)
            server.run()
        }
        end(runCommand(arguments.command, catalog: catalog, activity: activity))
    }

    static func parse(_ raw: [String]) throws -> Arguments {
        var a = Arguments()
        var i = 0
        func value(_ flag: String) throws -> String {
            guard i + 1 < raw.count else {
                throw CommandFailure(message: "\(flag) needs a value", exitCode: 2)
            }
            i += 1
            return raw[i]
        }
        func descriptor(_ flag: String) throws -> Int32 {
            let v = try value(flag)
            guard let fd = Int32(v), fd >= 0 else {
                throw CommandFailure(message: "\(flag): not a descriptor: \(v)", exitCode: 2)
            }
            return fd
        }
        while i < raw.count {
            switch raw[i] {
            case "--channel": a.channel = try descriptor("--channel")
            case "--frame": a.frame = try descriptor("--frame")
            case "--library": a.library = try value("--library")
            case "--image-folder": a.imageFolders.append(try value("--image-folder"))
            case "--failed":
                let id = try value("--failed")
                a.failures[id] = try value("--failed")
            case "--loader": a.loaderID = try value("--loader")
            case "--spool-folder": a.spoolFolder = try value("--spool-folder")
            case "--summaries": a.summaries = true
            case "--screen-scale":
                let v = try value("--screen-scale")
                guard let scale = Double(v), scale.isFinite, scale > 0 else {
                    throw CommandFailure(message: "--screen-scale: not a positive number: \(v)", exitCode: 2)
                }
                a.screenScale = scale
            case "--serve": a.serve = true
            case "--command":
                a.command = Array(raw[(i + 1)...])
                if a.screenScale == nil, let at = a.command.firstIndex(of: "--scale"),
                    at + 1 < a.command.count,
                    let scale = Double(a.command[at + 1]), scale.isFinite, scale > 0
                {
                    a.screenScale = scale
                }
                i = raw.count
                continue
            default:
                throw CommandFailure(
                    message: "unknown option \(raw[i]) (this program is started by loaderlab preview)",
                    exitCode: 2)
            }
            i += 1
        }
        guard a.channel >= 0, !a.library.isEmpty, a.serve || !a.command.isEmpty else {
            throw CommandFailure(
                message: "needs --channel, --library and --serve or --command (this program is started by "
                    + "loaderlab preview)", exitCode: 2)
        }
        return a
    }

    /// A headless command with the previews as its loaders; its exit status.
    @MainActor
    static func runCommand(_ arguments: [String], catalog: PreviewCatalog, activity: PreviewActivity) -> Int32
    {
        if arguments == ["list"] {
            do {
                for info in catalog.infos { try StandardStream.output.write(info.id + "\n") }
                return 0
            } catch {
                StandardStream.error.report("loaderlab: cannot write the list: \(error)")
                return 1
            }
        }
        // A long command's progress is a beat for the supervisor's watchdog (standard error is
        // its pipe, not a terminal: no progress line).
        nonisolated(unsafe) let beating = activity
        let io = CommandIO(
            out: CommandIO.standard.out, err: CommandIO.standard.err,
            progress: { _ in MainActor.assumeIsolated { beating.beat() } })
        switch Commands(source: PreviewSceneSource(catalog), io: io).run(arguments) {
        case .finished(let status): return status
        case .openWindow: return 1
        }
    }

    /// Set just before this program's own exits; any other is a preview's `exit`.
    nonisolated(unsafe) static var exitIsOurs = false
    /// The preview library's path (for the exit handler, which can capture nothing).
    nonisolated(unsafe) static var library = ""

    /// Exits with `status`, as this program (not a preview) decided.
    static func end(_ status: Int32) -> Never {
        exitIsOurs = true
        exit(status)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        StandardStream.error.report("loaderlab: preview: " + message)
        end(status)
    }
}
