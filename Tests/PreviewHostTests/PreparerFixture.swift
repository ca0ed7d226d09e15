import Foundation
import Testing

@testable import PreviewHost

/// Runs the source preparer on files written for a test, the way a build runs it.
enum PreparerFixture {
    /// The compiler previews are built with.
    static var compiler: String {
        get throws { try PreviewToolchain.locate().compiler }
    }

    /// A preparer with the shared cache (the program is built once, by the first test to ask).
    static let shared: PreviewPreparer? = {
        guard let compiler = try? compiler else { return nil }
        // The scratch folder is made only if the cache cannot be written.
        let scratch = NSTemporaryDirectory() + "/preparer-scratch-\(UUID().uuidString)"
        return PreviewPreparer(compiler: compiler, scratch: scratch, log: { _ in })
    }()

    /// What preparing `files` (name, text) written into a fresh folder gave: the folder (its real
    /// path, removed since), the preparation, the text of each prepared copy by file name, and
    /// what the preparer wrote into its output folder.
    struct Prepared {
        var folder: String
        var preparation: PreviewPreparer.Preparation
        var texts: [String: String]
        var written: [String]

        func path(_ name: String) -> String { folder + "/" + name }
    }

    static func prepare(_ files: [(String, String)]) throws -> Prepared {
        let preparer = try #require(shared, "no Swift compiler")
        let folder = try temporaryFolder("preparer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for (name, text) in files {
            try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
            paths.append(folder + "/" + name)
        }
        switch preparer.prepare(paths, into: folder + "/out", child: ChildProcess()) {
        case .prepared(let preparation):
            var texts: [String: String] = [:]
            for (original, copy) in preparation.prepared {
                texts[(original as NSString).lastPathComponent] = try String(
                    contentsOfFile: copy, encoding: .utf8)
            }
            let written = try FileManager.default.subpathsOfDirectory(atPath: folder + "/out").sorted()
            return Prepared(folder: folder, preparation: preparation, texts: texts, written: written)
        case .unavailable(let why):
            throw PreparerUnavailable(description: why)
        case .cancelled:
            throw PreparerUnavailable(description: "cancelled")
        }
    }

    struct PreparerUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// A new folder under the temporary directory, by its real path.
    static func temporaryFolder(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try #require(PreviewPreparer.realPath(path))
    }

    /// `text` with every `⟦…⟧` replaced by as many spaces as the bytes between the brackets:
    /// expected texts show what the preparer blanks out.
    static func blanked(_ text: String) -> String {
        var out = ""
        var inside = false
        for c in text {
            switch c {
            case "⟦": inside = true
            case "⟧": inside = false
            default:
                if inside, c != "\n" {
                    out += String(repeating: " ", count: c.utf8.count)
                } else {
                    out.append(c)
                }
            }
        }
        return out
    }

    /// The first line of every prepared copy: the original's name, from its line 1.
    static func header(_ path: String) -> String {
        "#sourceLocation(file: \"\(path)\", line: 1)\n"
    }
}
