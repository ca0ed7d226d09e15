import Foundation
import LayerKit
import LoaderLab
import PreviewSeam
import X11Host

/// `loaderlab preview PATH... [MODE]` from start to exit (`PreviewCommand` describes it).
///
/// This process finds and builds the sources; the previews run in a preview process
/// (`PreviewProcess`), so no mistake in the user's code — a trap, a loop that never ends, a
/// stack overflow, a call to `exit` — takes this one down: the window (`PreviewProxyApp`)
/// shows what happened, and a headless command reports it and exits 1.
public enum PreviewMain {
    /// Runs the command; `arguments` are those after `preview`.
    @MainActor
    public static func run(_ arguments: [String]) -> Never {
        let command: PreviewCommand
        let sources: PreviewSources
        let builder: PreviewBuilder
        let executable: String
        do {
            command = try PreviewCommand.parse(arguments)
            if command.mode == .help {
                try? StandardStream.output.write(Help.text(for: "preview") + "\n")
                exit(0)
            }
            sources = try PreviewSources.collect(command.paths)
        } catch {
            fail(error, status: 2)
        }
        StandardStream.error.report("loaderlab: preview: \(sources.summary)")
        do {
            executable = try PreviewProcess.executable()
            builder = try PreviewBuilder(toolchain: try PreviewToolchain.locate())
        } catch {
            fail(error, status: 1)
        }
        atexit {
            ChildProcess.terminateAll()
            PreviewProcess.terminateAll()
        }

        var library: String?
        var problem: GalleryNotice?
        do {
            switch try builder.build(sources) {
            case .built(let built):
                library = built
            case .failed(let diagnostics, let output):
                reportCompileFailure(output: output)
                problem = notice(for: diagnostics, output: output, keptPrevious: false)
            case .cancelled:
                problem = GalleryNotice(title: "The build was cancelled", lines: [])
            }
        } catch {
            problem = GalleryNotice(title: "Cannot build the preview", lines: ["\(error)"])
            StandardStream.error.report("loaderlab: preview: \(error)")
        }

        guard case .window(let windowArguments) = command.mode else {
            // Headless: a failed build is the answer.
            let status =
                library.map {
                    runHeadless(
                        command.mode, library: $0, sources: sources, executable: executable,
                        symbolizer: PreviewSymbolizer(compiler: builder.toolchain.compiler))
                } ?? 1
            builder.removeWorkFolder()
            exit(status)
        }
        let options: WindowOptions
        do {
            // The previews' names are the preview process's: `--loader` takes any here, and the
            // preview process refuses one it does not have.
            let names = windowArguments.indices.dropLast().filter { windowArguments[$0] == "--loader" }
                .map { windowArguments[$0 + 1] }
            options = try PreviewCommand.windowOptions(windowArguments, names: names)
        } catch {
            builder.removeWorkFolder()
            fail(error, status: 2)
        }
        let app: PreviewProxyApp
        do {
            app = try PreviewProxyApp(
                paths: command.paths, sources: sources, builder: builder, executable: executable,
                library: library, problem: problem, loaderID: options.loaderID)
        } catch {
            builder.removeWorkFolder()
            fail(error, status: 1)
        }
        if case .exited(2) = app.failure?.kind {
            // The preview process refused the command line (an unknown `--loader`).
            builder.removeWorkFolder()
            exit(2)
        }
        X11Host.run(app, options: X11Host.Options(scale: options.scale, size: options.size))
    }

    /// Runs a headless mode in a preview process and supervises it; the exit status. A crash or
    /// a hang is reported (standard error) and exits 1; `--sheet` then runs again without the
    /// preview that failed, its cell showing why, so every other preview is still drawn.
    @MainActor
    static func runHeadless(
        _ mode: PreviewCommand.Mode, library: String, sources: PreviewSources, executable: String,
        symbolizer: PreviewSymbolizer?
    ) -> Int32 {
        let command: [String]
        switch mode {
        case .window, .help: return 1
        case .list: command = ["list"]
        case .command(let arguments): command = arguments
        }
        let named = command.indices.dropLast().first { command[$0] == "--loader" }.map { command[$0 + 1] }
        let deadline = PreviewDeadlines.current().headless
        var failures: [(id: String, reason: String)] = []
        while true {
            var arguments = ["--library", library]
            for folder in sources.folders { arguments += ["--image-folder", folder] }
            for f in failures { arguments += ["--failed", f.id, f.reason] }
            arguments += ["--command"] + command
            let process: PreviewProcess
            do {
                process = try PreviewProcess.start(executable, arguments: arguments)
            } catch {
                StandardStream.error.report("loaderlab: preview: \(error)")
                return 1
            }
            var running = named
            var hung: Double?
            watching: while true {
                do {
                    guard let message = try process.channel.receive(timeout: deadline) else {
                        hung = deadline
                        process.stopForBacktrace()
                        break watching
                    }
                    if case .running(let id) = message, !id.isEmpty { running = id }
                } catch {
                    // Its end closed: the process is done (or died).
                    break watching
                }
            }
            let status = process.wait(timeout: nil) ?? 0
            let crash = process.crashText
            let exitedNormally =
                (status & 0x7f) == 0 && hung == nil && crash.report == nil && crash.exitSites == nil
            if exitedNormally {
                let code = (status >> 8) & 0xff
                return failures.isEmpty ? code : 1
            }
            let failure = PreviewFailure(
                status: status, crash: crash, preview: running, sources: sources.files, hungAfter: hung,
                symbolizer: symbolizer)
            StandardStream.error.report("loaderlab: preview: " + failure.description)
            guard command.first == "sheet", let id = running, !failures.contains(where: { $0.id == id })
            else { return 1 }
            failures.append((id, ([failure.title, ""] + failure.details).joined(separator: "\n")))
        }
    }

    private static func fail(_ error: any Error, status: Int32) -> Never {
        let message =
            (error as? CommandFailure)?.message ?? (error as? ArgumentError)?.message ?? "\(error)"
        StandardStream.error.report("loaderlab: preview: " + message)
        exit(status)
    }

    /// The compiler's errors on standard error, as it printed them (with their source lines).
    static func reportCompileFailure(output: String) {
        StandardStream.error.report("loaderlab: preview: the sources do not compile:")
        StandardStream.error.report(output.trimmingCharacters(in: .newlines))
    }

    /// The panel the window shows for a failed build: each error as `file:line:col: message`,
    /// in file and line order. `keptPrevious` says the last good previews are still running.
    static func notice(
        for diagnostics: [PreviewDiagnostic], output: String, keptPrevious: Bool
    ) -> GalleryNotice {
        let errors = diagnostics.filter { $0.severity == .error }
            .sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        var lines = errors.map { d in
            "\((d.file as NSString).lastPathComponent):\(d.line):\(d.column): \(d.message)"
        }
        if lines.isEmpty {
            lines = output.split(separator: "\n").suffix(12).map(String.init)
        }
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        let title = count + (keptPrevious ? " — showing the last build that compiled" : "")
        return GalleryNotice(title: title, lines: lines)
    }
}
