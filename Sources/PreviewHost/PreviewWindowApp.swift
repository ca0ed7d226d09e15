import Dispatch
import Foundation
import LayerKit
import LoaderLab
import Loaders
@_spi(LoaderLabHost) import UIKit

/// The preview window: the gallery of the user's previews, rebuilt when their sources change.
///
/// A change (`SourceWatcher`) starts a build in the background; the running previews go on
/// until the new library is loaded, then a new gallery takes their place. A build that fails
/// leaves the last good previews running with the compiler's errors over them (and on standard
/// error); the next good build takes the errors away. A change during a build cancels it.
@MainActor
public final class PreviewWindowApp: WindowApp {
    private var gallery: GalleryApp
    private let paths: [String]
    private var sources: PreviewSources
    private let builder: PreviewBuilder
    private let windowArguments: [String]
    private var watcher: SourceWatcher?
    private var requestFrame: (@MainActor () -> Void)?
    private var size: Size?
    private var scale = 1.0
    /// The next frame draws everything (a new gallery took over the buffer).
    private var swapped = false
    private var building = false
    private var changedWhileBuilding = false
    private var problem: GalleryNotice?
    /// Some build has compiled: its previews are what the window shows.
    private var hasPreviews: Bool
    /// Builds that replaced the previews, for the window's frame log.
    private(set) var reloads = 0

    /// Opens with `catalog` (nil when the first build failed: `problem` says why).
    public init(
        paths: [String], sources: PreviewSources, builder: PreviewBuilder, catalog: PreviewCatalog?,
        problem: GalleryNotice?, windowArguments: [String]
    ) {
        self.paths = paths
        self.sources = sources
        self.builder = builder
        self.windowArguments = windowArguments
        self.problem = problem
        hasPreviews = catalog != nil
        gallery = Self.makeGallery(catalog, arguments: windowArguments)
        gallery.notice = problem
        adopt(gallery)
        watcher = SourceWatcher { [weak self] in self?.sourcesChanged() }
        watcher?.watch(sources.folders + Self.folderPaths(paths))
        if watcher == nil {
            StandardStream.error.report(
                "loaderlab: preview: cannot watch the sources (inotify); no live reload")
        }
    }

    private static func folderPaths(_ paths: [String]) -> [String] {
        paths.compactMap { p in
            var isFolder: ObjCBool = false
            let absolute = URL(fileURLWithPath: p).standardizedFileURL.path
            return FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder)
                && isFolder.boolValue ? absolute : nil
        }
    }

    private static func makeGallery(_ catalog: PreviewCatalog?, arguments: [String]) -> GalleryApp {
        let infos = catalog?.infos ?? []
        let options = try? PreviewCommand.windowOptions(arguments, names: infos.map(\.id))
        let shown = options?.loaderID.flatMap { id in infos.filter { $0.id == id } } ?? infos
        return GalleryApp(infos: shown, single: shown.count == 1 && options?.loaderID != nil) {
            catalog?.makeSession(id: $0, size: $1)
        }
    }

    /// Makes `gallery` the scene that main-queue code acts on, and asks for a frame whenever
    /// such code changes it.
    private func adopt(_ gallery: GalleryApp) {
        Scene.main = gallery.scene
        gallery.scene.didBecomeDirty = { [weak self] in
            MainActor.assumeIsolated { self?.requestFrame?() }
        }
    }

    // MARK: - Reloading

    private func sourcesChanged() {
        if building {
            changedWhileBuilding = true
            builder.cancel()
            return
        }
        do {
            sources = try PreviewSources.collect(paths)
        } catch {
            show(GalleryNotice(title: "Cannot build the preview", lines: ["\(error)"]))
            return
        }
        watcher?.watch(sources.folders + Self.folderPaths(paths))
        building = true
        let builder = self.builder
        let sources = self.sources
        DispatchQueue.global().async {
            let outcome = Result { try builder.build(sources) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.buildFinished(outcome) }
            }
        }
    }

    private func buildFinished(_ outcome: Result<PreviewBuilder.Outcome, any Error>) {
        building = false
        if changedWhileBuilding {
            changedWhileBuilding = false
            sourcesChanged()
            return
        }
        switch outcome {
        case .failure(let error):
            show(GalleryNotice(title: "Cannot build the preview", lines: ["\(error)"]))
        case .success(.cancelled):
            break
        case .success(.failed(let diagnostics, let output)):
            PreviewMain.reportCompileFailure(output: output)
            show(PreviewMain.notice(for: diagnostics, output: output, keptPrevious: hasPreviews))
        case .success(.built(let library)):
            do {
                let loaded = try PreviewLibrary.load(library, imageFolders: sources.folders)
                swap(to: PreviewCatalog(loaded.previews))
                StandardStream.error.report("loaderlab: preview: reloaded \(loaded.previews.count) previews")
            } catch {
                show(GalleryNotice(title: "Cannot load the preview", lines: ["\(error)"]))
            }
        }
    }

    private func show(_ notice: GalleryNotice) {
        problem = notice
        gallery.notice = notice
        requestFrame?()
    }

    private func swap(to catalog: PreviewCatalog) {
        let old = gallery
        let next = Self.makeGallery(catalog, arguments: windowArguments)
        if let size { next.resize(to: size, scale: scale) }
        problem = nil
        hasPreviews = true
        gallery = next
        adopt(next)
        old.willQuit()
        swapped = true
        reloads += 1
        requestFrame?()
    }

    // MARK: - WindowApp

    public var title: String { "LoaderLab preview" }
    public var preferredSize: Size { gallery.preferredSize }

    public func resize(to size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        UIScreen.main.set(scale: CGFloat(scale))
        gallery.resize(to: size, scale: scale)
    }

    public func pointer(_ event: PointerEvent) { gallery.pointer(event) }
    public func key(_ key: KeyInput) { gallery.key(key) }
    public var needsFrames: Bool { swapped || gallery.needsFrames }
    public var wantsQuit: Bool { gallery.wantsQuit }

    public func renderFrame(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect] {
        let full = fullRedraw || swapped
        swapped = false
        return try gallery.renderFrame(into: buffer, fullRedraw: full)
    }

    public var frameSummary: String {
        gallery.frameSummary + " reloads=\(reloads)" + (problem == nil ? "" : " error=1")
    }

    public func willQuit() {
        gallery.willQuit()
        builder.cancel()
        ChildProcess.terminateAll()
        builder.removeWorkFolder()
    }

    public func setFrameRequester(_ request: @escaping @MainActor () -> Void) {
        requestFrame = request
    }
}
