import Foundation
import LayerKit
import LoaderLab
@_spi(LoaderLabHost) import UIKit
import X11Host

/// `loaderlab preview PATH... [MODE]` from start to exit (`PreviewCommand` describes it).
public enum PreviewMain {
    /// Runs the command; `arguments` are those after `preview`.
    @MainActor
    public static func run(_ arguments: [String]) -> Never {
        let command: PreviewCommand
        let sources: PreviewSources
        let builder: PreviewBuilder
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
        do {
            builder = try PreviewBuilder(toolchain: try PreviewToolchain.locate())
        } catch {
            fail(error, status: 1)
        }
        atexit { ChildProcess.terminateAll() }

        var catalog: PreviewCatalog?
        var problem: GalleryNotice?
        do {
            switch try builder.build(sources) {
            case .built(let library):
                let loaded = try PreviewLibrary.load(library, imageFolders: sources.folders)
                catalog = PreviewCatalog(loaded.previews)
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
            let status = catalog.map { runHeadless(command.mode, catalog: $0) } ?? 1
            builder.removeWorkFolder()
            exit(status)
        }
        let options: WindowOptions
        do {
            // Before a first good build the previews' names are unknown: `--loader` takes any.
            let names =
                catalog?.infos.map(\.id)
                ?? windowArguments.indices.dropLast().filter { windowArguments[$0] == "--loader" }
                .map { windowArguments[$0 + 1] }
            options = try PreviewCommand.windowOptions(windowArguments, names: names)
        } catch {
            builder.removeWorkFolder()
            fail(error, status: 2)
        }
        let app = PreviewWindowApp(
            paths: command.paths, sources: sources, builder: builder, catalog: catalog,
            problem: problem, windowArguments: windowArguments)
        X11Host.run(app, options: X11Host.Options(scale: options.scale, size: options.size))
    }

    @MainActor
    private static func runHeadless(_ mode: PreviewCommand.Mode, catalog: PreviewCatalog) -> Int32 {
        switch mode {
        case .window, .help:
            return 1
        case .list:
            do {
                for info in catalog.infos { try StandardStream.output.write(info.id + "\n") }
                return 0
            } catch {
                StandardStream.error.report("loaderlab: cannot write the list: \(error)")
                return 1
            }
        case .command(let arguments):
            // The screen's scale is the render's (`UIScreen.main.scale` in the previews' code).
            if let i = arguments.firstIndex(of: "--scale"), i + 1 < arguments.count,
                let scale = Double(arguments[i + 1])
            {
                UIScreen.main.set(scale: CGFloat(scale))
            }
            switch Commands(source: PreviewSceneSource(catalog)).run(arguments) {
            case .finished(let status): return status
            case .openWindow: return 1
            }
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
