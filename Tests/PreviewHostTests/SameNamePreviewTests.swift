import Foundation
import SnapshotTesting
import Testing

/// Two folders with files of one name (each library's `Previews.swift`, or `Extensions.swift`
/// in two folders of one library) build into one preview, and a message still names the file
/// the user wrote.
@Suite("Files of one name in previews", .tags(.compiler, .subprocess), .serialized)
struct SameNamePreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    static func previews(_ name: String, colour: String) -> String {
        """
        import UIKit

        private let fill = UIColor.\(colour)

        struct \(name)Previews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [LoaderPreview("\(name.lowercased())", size: CGSize(width: 20, height: 20), background: fill) { _ in }]
            }
        }
        """
    }

    @Test("two Previews.swift build together; an error in the second names it")
    func sameNames() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        for (name, colour) in [("One", "red"), ("Two", "green")] {
            try fm.createDirectory(atPath: scratch.path + "/\(name)", withIntermediateDirectories: true)
            try Self.previews(name, colour: colour).write(
                toFile: scratch.path + "/\(name)/Previews.swift", atomically: true, encoding: .utf8)
        }
        let list = try clock.loaderlab(
            ["preview", scratch.path + "/One", scratch.path + "/Two", "--list"], scratch)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out == "one\ntwo\n")
        let folders = [scratch.path + "/One", scratch.path + "/Two"]
        #expect(try clock.renderedPixel(folders, "two", at: 10, 10, scratch) == SceneClockPreviewTests.green)
        // A mistake on line 3 of the second file is reported there.
        let broken = Self.previews("Two", colour: "green").replacingOccurrences(
            of: "UIColor.green", with: "UIColor.grean")
        try broken.write(toFile: scratch.path + "/Two/Previews.swift", atomically: true, encoding: .utf8)
        let failed = try clock.loaderlab(
            ["preview", scratch.path + "/One", scratch.path + "/Two", "--list"], scratch)
        #expect(failed.status == 1)
        #expect(failed.err.contains(scratch.path + "/Two/Previews.swift:3:"), "\(failed.err)")
    }
}
