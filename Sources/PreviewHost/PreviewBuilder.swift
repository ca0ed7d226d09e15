import Foundation
import LayerKit
import PreviewSeam

/// Compiles a preview's sources into a shared library that the running program loads.
///
/// Each build is a fresh module (`LoaderLabPreview1`, `…2`, …) in a library of its own, so a
/// reloaded preview never meets the types of an earlier one. The sources are compiled as the
/// iOS code they are: Swift 5 language mode, `DEBUG` defined (as in Xcode's preview builds),
/// against the compatibility modules built with this program. The library leaves their symbols
/// undefined: loading it binds them to the running program's own (it exports them), so the
/// previews share its engine, its scene and its types. A generated file adds one C entry point,
/// `loaderlab_preview_list`, that returns every provider's previews.
///
/// Before compiling, the preparer (`PreviewPreparer`) parses the sources with the toolchain's
/// Swift parser: it finds the providers, and rewrites the shapes Swift refuses on Linux into
/// prepared copies compiled in place of those files (their messages and debug information
/// still name the originals). Without it, the providers are those `PreviewSources` found by
/// scanning the text, and the files are compiled as they are.
public final class PreviewBuilder: @unchecked Sendable {
    public let toolchain: PreviewToolchain
    /// Where builds go: a folder of this process's own, removed by `removeWorkFolder()`.
    public let workFolder: String
    /// Prepares the sources; nil: they are compiled as they are.
    public let preparer: PreviewPreparer?
    /// Says once why there is no preparation (the preparer cannot be had).
    private var warnedUnprepared = false
    private let lock = NSLock()
    private var builds = 0
    private var current: ChildProcess?

    /// The C symbol the generated entry point has.
    static let entrySymbol = PreviewLibraryEntry.symbol

    public enum Outcome: Sendable {
        case built(library: String)
        /// The compiler failed: its errors (with notes), and its whole output.
        case failed([PreviewDiagnostic], output: String)
        /// A newer build cancelled this one.
        case cancelled
    }

    /// A builder for `toolchain`; `prepares` false compiles the sources as they are.
    public init(toolchain: PreviewToolchain, prepares: Bool = true) throws {
        self.toolchain = toolchain
        var template = Array((NSTemporaryDirectory() + "/loaderlab-preview-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PreviewToolchain.Missing(
                description: "cannot make a build folder in \(NSTemporaryDirectory()): "
                    + String(cString: strerror(errno)))
        }
        workFolder = String(cString: made)
        preparer =
            prepares
            ? PreviewPreparer(
                compiler: toolchain.compiler, scratch: workFolder,
                log: { StandardStream.error.report("loaderlab: preview: " + $0) }) : nil
    }

    /// Builds `sources`; blocks until the compiler is done. A build started while another runs
    /// cancels that one (its compiler processes are killed).
    public func build(_ sources: PreviewSources) throws -> Outcome {
        let child = ChildProcess()
        let number: Int = lock.withLock {
            current?.cancel()
            current = child
            builds += 1
            return builds
        }
        defer { lock.withLock { if current === child { current = nil } } }
        let module = "LoaderLabPreview\(number)"
        let folder = workFolder + "/\(number)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var preparation: PreviewPreparer.Preparation?
        if let preparer {
            switch preparer.prepare(sources.files, into: folder + "/prepared", child: child) {
            case .prepared(let p):
                preparation = p
            case .unavailable(let why):
                warnUnprepared(why)
            case .cancelled:
                return .cancelled
            }
        }
        let resources = try PreviewResources.assemble(
            sources.resources, into: folder + "/" + PreviewLibraryEntry.resourcesFolder)
        for (left, kept) in resources.duplicates {
            StandardStream.error.report(
                "loaderlab: preview: \(left): left out of the preview's resources, as \(kept) has its name")
        }
        let providers = preparation?.providers ?? sources.providers
        guard !providers.isEmpty else { throw PreviewSources.Problem.noProviders(sources.folders) }
        let entry = folder + "/LoaderLabPreviewEntry.swift"
        try Self.entrySource(
            providers: providers, registrars: preparation?.registrars ?? [],
            bundleModule: Self.needsBundleModule(sources.files)
        ).write(
            toFile: entry, atomically: true, encoding: .utf8)
        let library = folder + "/lib\(module).so"
        var arguments = [
            "-swift-version", "5", "-parse-as-library", "-emit-library", "-module-name", module,
            // Debug information: a crash report names the user's file and line.
            "-Onone", "-g", "-wmo", "-D", "DEBUG", "-I", toolchain.modules,
            "-o", library,
        ]
        arguments += Self.implicitImports
        if let preparation, !preparation.prepared.isEmpty {
            // A message about a prepared copy shows the copy's line under it; the swift style
            // would number it as the copy's, the llvm style shows it without a number.
            arguments += ["-diagnostic-style", "llvm"]
        }
        arguments +=
            try Self.distinctlyNamed(
                preparation?.compiled(sources.files) ?? sources.files, copies: folder + "/renamed") + [entry]
        let result = try child.run(toolchain.compiler, arguments)
        if result.wasCancelled { return .cancelled }
        guard result.status == 0 else {
            let output = preparation?.originalOutput(result.output) ?? result.output
            let diagnostics = PreviewDiagnostic.parse(output)
                .filter { $0.severity != .warning }
                .map { Self.explainEntryError($0, entry: entry) }
            return .failed(diagnostics, output: output)
        }
        return .built(library: library)
    }

    /// `files` with each file whose name an earlier one has (`Previews.swift` in two folders,
    /// which one Swift module refuses: "filename used twice") replaced by a copy of another name
    /// in `copies`, which begins with `#sourceLocation` naming the original (a prepared copy
    /// names it already), so messages and debug information still name the user's file.
    static func distinctlyNamed(_ files: [String], copies: String) throws -> [String] {
        var taken: Set<String> = []
        var out: [String] = []
        for (i, file) in files.enumerated() {
            let name = (file as NSString).lastPathComponent
            if taken.insert(name).inserted {
                out.append(file)
                continue
            }
            let stem = (name as NSString).deletingPathExtension
            var renamed = "\(stem)~\(i).swift"
            while taken.contains(renamed) { renamed = "\(stem)~\(i)~.swift" }
            taken.insert(renamed)
            try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let header =
                text.hasPrefix("#sourceLocation(")
                ? "" : "#sourceLocation(file: \(Self.literal(file)), line: 1)\n"
            try (header + text).write(toFile: copies + "/" + renamed, atomically: true, encoding: .utf8)
            out.append(copies + "/" + renamed)
        }
        return out
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// Every file sees UIKit (and so QuartzCore, CoreGraphics and Foundation) without importing
    /// it, as the Swift files of an iOS framework do through its umbrella header (a CocoaPods or
    /// Carthage framework's imports UIKit): library code whose files leave the import out
    /// compiles as it does there. A file's own imports are unaffected.
    static let implicitImports = ["-Xfrontend", "-import-module", "-Xfrontend", "UIKit"]

    /// Says, once, that the sources are compiled unprepared, and why.
    private func warnUnprepared(_ why: String) {
        let first = lock.withLock {
            defer { warnedUnprepared = true }
            return !warnedUnprepared
        }
        guard first else { return }
        StandardStream.error.report(
            "loaderlab: preview: warning: the sources are compiled as they are, their providers found by "
                + "scanning the text (overrides in extensions, @objc and #selector will not compile): "
                + why)
    }

    /// Cancels the build in progress, if any.
    public func cancel() {
        lock.withLock { current?.cancel() }
    }

    /// Removes every build (the libraries already loaded stay mapped).
    public func removeWorkFolder() {
        try? FileManager.default.removeItem(atPath: workFolder)
    }

    /// The generated entry point: every provider's previews, in source order, made after the
    /// `registrars` the preparer added to the sources have registered their layer classes
    /// (`CALayer.register`: a view's `layerClass` and `presentation()` can then make them). It
    /// also makes `Timer` mean the scene clock's timer in the previewed module (a declaration
    /// of the module's own wins over Foundation's), so that the user's timers pause, slow,
    /// step and run headless with their animations (`LoaderLabTimer`).
    static func entrySource(providers: [String], registrars: [String] = [], bundleModule: Bool = false)
        -> String
    {
        let list = providers.map { "\($0).previews" }.joined(separator: " + ")
        let registering = registrars.map { "    \($0)()\n" }.joined()
        // SwiftPM's generated accessor for a package target's resources.
        let module =
            bundleModule
            ? """


            private final class LoaderLabBundleAnchor {}

            extension Foundation.Bundle {
                /// The previewed sources' resources, as SwiftPM's `Bundle.module` is a target's.
                static let module = Bundle(previewFor: LoaderLabBundleAnchor.self)
            }
            """ : ""
        return """
            // Generated by loaderlab preview: the previews of every LoaderPreviewProvider.
            import QuartzCore
            import UIKit

            typealias Timer = QuartzCore.LoaderLabTimer\(module)

            @_cdecl("\(entrySymbol)")
            public func loaderLabPreviewList() -> UnsafeMutableRawPointer {
            \(registering)    let previews: [LoaderPreview] = \(list)
                return Unmanaged.passRetained(LoaderPreviewList(previews)).toOpaque()
            }

            """
    }

    /// Whether the sources use `Bundle.module` (code of a SwiftPM package target with
    /// resources) without declaring it themselves: then the entry file declares it, as SwiftPM
    /// generates it for such a target.
    static func needsBundleModule(_ files: [String]) -> Bool {
        var uses = false
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let code = SourceText.code(text)
            if code.range(of: #"static\s+(let|var)\s+module\b"#, options: .regularExpression) != nil {
                return false
            }
            if code.contains("Bundle.module") { uses = true }
        }
        return uses
    }

    /// An error in the generated entry file means a provider it names is not visible from a
    /// file's top level: say that instead of pointing at a file the user never wrote.
    static func explainEntryError(_ d: PreviewDiagnostic, entry: String) -> PreviewDiagnostic {
        guard d.file == entry else { return d }
        var d = d
        d.message =
            "a LoaderPreviewProvider must be visible at file scope (not private, not inside a "
            + "function) and have `static var previews: [LoaderPreview]`: " + d.message
        return d
    }
}
