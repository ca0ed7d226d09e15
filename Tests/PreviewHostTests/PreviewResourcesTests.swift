import Foundation
import Testing

@testable import PreviewHost

/// The resources found beside a preview's sources, and the bundle folder they are linked into.
@Suite struct PreviewResourcesTests {
    /// A folder of files (paths relative to it, each with its text), by its real path.
    func tree(_ files: [String]) throws -> String {
        let made = FileManager.default.temporaryDirectory
            .appendingPathComponent("resources-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        let root = try #require(PreviewPreparer.realPath(made))
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "x".write(toFile: path, atomically: false, encoding: .utf8)
        }
        return root
    }

    @Test func resourceFoldersAreTakenWholeAndResourceFilesByExtension() throws {
        let root = try tree([
            "Sources/Header.swift", "Sources/Previews.swift",
            "Sources/Header.bundle/images/arrow@2x.png", "Sources/Header.bundle/Nested.swift",
            "Assets/Images.xcassets/dot.imageset/Contents.json",
            "Sources/en.lproj/Localizable.strings", "Sources/Info.plist", "Sources/theme.JSON",
            "Sources/spinner@3x.png", "Sources/notes.md", ".hidden/secret.png", "Pods/Other/logo.png",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "struct P: LoaderPreviewProvider {}".write(
            toFile: root + "/Sources/Previews.swift", atomically: false, encoding: .utf8)
        let sources = try PreviewSources.collect([root])
        // Folders whole (not walked into: the Swift file in the bundle is not a source), files by
        // extension, in any case; not Info.plist, hidden or dependency folders, or other files.
        #expect(sources.files == [root + "/Sources/Header.swift", root + "/Sources/Previews.swift"])
        #expect(
            sources.resources == [
                root + "/Assets/Images.xcassets", root + "/Sources/Header.bundle",
                root + "/Sources/en.lproj", root + "/Sources/spinner@3x.png", root + "/Sources/theme.JSON",
            ])
        #expect(sources.summary == "2 Swift files in 1 folder, 5 resources")
    }

    @Test func resourcesAreLinkedAtTheTopOfOneFolderTheFirstOfANameWinning() throws {
        let root = try tree(["a/Header.bundle/x.png", "a/arrow.png", "b/arrow.png"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/out/Resources"
        let assembly = try PreviewResources.assemble(
            [root + "/b/arrow.png", root + "/a/arrow.png", root + "/a/Header.bundle"], into: folder)
        #expect(assembly.folder == folder)
        #expect(assembly.duplicates.map(\.left) == [root + "/b/arrow.png"])
        #expect(assembly.duplicates.map(\.kept) == [root + "/a/arrow.png"])
        let fm = FileManager.default
        #expect(try fm.contentsOfDirectory(atPath: folder).sorted() == ["Header.bundle", "arrow.png"])
        #expect(try fm.destinationOfSymbolicLink(atPath: folder + "/arrow.png") == root + "/a/arrow.png")
        #expect(fm.fileExists(atPath: folder + "/Header.bundle/x.png"))
        // No resources: no folder.
        let none = try PreviewResources.assemble([], into: root + "/none")
        #expect(none.folder == nil && !fm.fileExists(atPath: root + "/none"))
    }
}
