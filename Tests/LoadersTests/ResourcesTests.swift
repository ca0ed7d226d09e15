import Foundation
import Testing

@testable import LoaderLabResources

/// The images folder is found beside the running program without asking Foundation's bundle,
/// and it is the folder `Bundle.module` names.
@Suite struct ResourcesTests {
    @Test func imagesFolderIsTheBundlesOwn() throws {
        let found = try #require(LoaderLabResources.imagesDirectory)
        let bundled = try #require(Bundle.module.url(forResource: "images", withExtension: nil))
        #expect(URL(fileURLWithPath: found).standardizedFileURL.path == bundled.standardizedFileURL.path)
        let airplane = try #require(LoaderLabResources.imagePath("airplane.png"))
        #expect(FileManager.default.fileExists(atPath: airplane))
        #expect(LoaderLabResources.imagePath("no-such-image.png") == nil)
    }

    @Test func directoryOfAPath() {
        #expect(LoaderLabResources.directory(of: "/a/b/c") == "/a/b")
        #expect(LoaderLabResources.directory(of: "/c") == "/")
        #expect(LoaderLabResources.directory(of: "c") == ".")
    }

    /// The program's own path is a file that exists (the test runner here).
    @Test func executablePathExists() throws {
        let path = try #require(LoaderLabResources.executablePath)
        #expect(path.hasPrefix("/"))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
