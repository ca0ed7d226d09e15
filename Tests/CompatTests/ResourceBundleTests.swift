import Foundation
import Testing
@_spi(LoaderLabHost) import UIKit

/// Resources as iOS code finds them: `Bundle(for:)` is the previewed code's bundle, and
/// `UIImage(named:)` reads image sets from asset catalogues, choosing by the screen's scale.
@MainActor
@Suite(.serialized) struct ResourceBundleTests {
    /// A PNG header (signature, IHDR chunk of length 13, width, height): all a size is read from.
    static func png(_ w: UInt8, _ h: UInt8) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0, w, 0, 0, 0, h, 8, 6, 0, 0, 0]
        return Data(bytes)
    }

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    final class Probe {}

    @Test func aClasssBundleIsThePreviewsResourcesOrElseTheMainBundle() throws {
        #expect(Bundle(previewFor: Probe.self).bundlePath == Bundle.main.bundlePath)
        let root = try Self.folder("resources")
        defer { try? FileManager.default.removeItem(at: root) }
        let header = root.appendingPathComponent("Header.bundle")
        let english = header.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        try #""pull" = "Pull to refresh";"#.write(
            to: english.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        Bundle.previewResources = Bundle(path: root.path)
        defer { Bundle.previewResources = nil }
        // The way libraries reach a resource bundle of their own, then a language's strings.
        let bundle = Bundle(previewFor: Probe.self)
        #expect(bundle.bundlePath == root.path)
        let inner = try #require(
            bundle.path(forResource: "Header", ofType: "bundle").flatMap(Bundle.init(path:)))
        let strings = try #require(inner.path(forResource: "en", ofType: "lproj").flatMap(Bundle.init(path:)))
        #expect(strings.localizedString(forKey: "pull", value: nil, table: nil) == "Pull to refresh")
    }

    @Test func imageSetsInAnAssetCatalogueAreChosenByTheScreensScale() throws {
        let root = try Self.folder("catalogue")
        defer { try? FileManager.default.removeItem(at: root) }
        // A group folder holding the set, as Xcode writes it; the 3x file is 12×12 pixels.
        let set = root.appendingPathComponent("Assets.xcassets/Icons/arrow.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let contents = """
            {"images": [
              {"idiom": "universal", "filename": "a.png", "scale": "1x"},
              {"idiom": "universal", "filename": "b.png", "scale": "2x"},
              {"idiom": "universal", "filename": "c.png", "scale": "3x"},
              {"idiom": "universal", "filename": "vector.pdf"}
            ], "info": {"version": 1, "author": "xcode"}}
            """
        try contents.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try Self.png(4, 4).write(to: set.appendingPathComponent("a.png"))
        try Self.png(8, 8).write(to: set.appendingPathComponent("b.png"))
        try Self.png(12, 12).write(to: set.appendingPathComponent("c.png"))
        // Each scale takes its own file (the screen's is not changed: other suites read it).
        for (scale, file) in [(1.0, "a.png"), (2, "b.png"), (3, "c.png"), (4, "c.png"), (1.5, "b.png")] {
            let found = UIImage.assetCatalogImage(named: "arrow", in: root.path, screenScale: scale)
            #expect(found?.path == set.appendingPathComponent(file).path, "\(scale)")
        }
        #expect(UIImage.assetCatalogImage(named: "missing", in: root.path, screenScale: 2) == nil)
        // Through UIImage(named:), at the screen's scale whatever it is: 4×4 points.
        UIImage.searchPaths = [root.path]
        defer { UIImage.searchPaths = [] }
        let image = try #require(UIImage(named: "arrow"))
        #expect(image.size == CGSize(width: 4, height: 4))
        #expect(CGFloat(image.cgImage?.width ?? 0) == 4 * image.scale)
        #expect(UIImage(named: "missing") == nil)
    }
}
