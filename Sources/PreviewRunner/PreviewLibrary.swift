import Foundation
import LayerKitCairo
import PreviewSeam
@_spi(LoaderLabHost) import UIKit

#if canImport(Glibc)
    import Glibc
#endif

/// A built preview library, loaded into this process, and the previews it returned.
///
/// A library is never unloaded: Swift code cannot be (its types stay registered with the
/// runtime), so each reload maps one more small library for the life of the process.
public struct PreviewLibrary {
    public let path: String
    public let previews: [LoaderPreview]

    public struct LoadFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads `path` and asks it for its previews; `UIImage(named:)` looks in `imageFolders`.
    @MainActor
    public static func load(_ path: String, imageFolders: [String]) throws -> PreviewLibrary {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw LoadFailure(description: "cannot load the preview library: \(why)")
        }
        guard let symbol = dlsym(handle, PreviewLibraryEntry.symbol) else {
            throw LoadFailure(
                description: "the preview library has no \(PreviewLibraryEntry.symbol) entry point")
        }
        typealias Entry = @convention(c) () -> UnsafeMutableRawPointer
        UIImage.searchPaths = imageFolders
        // The sources' resources, as their bundle on iOS holds them (made by the build).
        let resources =
            (path as NSString).deletingLastPathComponent + "/" + PreviewLibraryEntry.resourcesFolder
        if let bundle = Bundle(path: resources), FileManager.default.fileExists(atPath: resources) {
            Bundle.previewResources = bundle
            UIImage.searchPaths.insert(resources, at: 0)
        }
        // Labels and fonts measure text as the renderer draws it.
        TextMeasuring.installed = TextMeasuring(layout: RenderedText.layout, face: RenderedText.face)
        let list = Unmanaged<LoaderPreviewList>.fromOpaque(unsafeBitCast(symbol, to: Entry.self)())
            .takeRetainedValue()
        return PreviewLibrary(path: path, previews: list.previews)
    }
}
