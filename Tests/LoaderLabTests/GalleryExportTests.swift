import Foundation
import LayerKit
import Testing

@testable import LoaderLab

/// Key E in the gallery: the focused loader exported as `loaderlab export` exports it, into a
/// file named as V's recordings are, its path printed and its name in the HUD.
@MainActor
@Suite("Gallery export") struct GalleryExportTests {
    let app = GalleryApp(loaderID: "balls", clock: ManualClock(time: 0))
    let printed = Lines()
    let failures = Lines()

    final class Lines {
        var lines: [String] = []
    }

    init() {
        app.resize(to: Size(width: 200, height: 226), scale: 1)
        app.recorder.printPath = { [printed] in printed.lines.append($0) }
        app.recorder.reportFailure = { [failures] in failures.lines.append($0) }
    }

    @Test("E writes the focused loader's export beside the recordings and names it in the HUD")
    func exportsTheFocusedLoader() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        app.recorder.directory = dir
        app.exportSource = CatalogSceneSource()
        app.key(.character("e"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == 1)
        let name = try #require(files.first)
        #expect(name.hasPrefix("loaderlab-balls-") && name.hasSuffix(".json"))
        #expect(printed.lines == [dir + "/" + name])
        #expect(app.hudText.recording == "exported \(name)")
        #expect(failures.lines.isEmpty)
        // The same file as `loaderlab export --loader balls`.
        let out = dir + "/command.json"
        #expect(
            runCommand(["export", "--loader", "balls", "--out", out], source: CatalogSceneSource()).status
                == 0)
        let pressed = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        #expect(pressed == (try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    @Test("E where nothing can be written, or with no loaders to export, says so and writes nothing")
    func failuresAreSaid() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        app.recorder.directory = dir
        app.key(.character("E"))
        #expect(app.hudText.recording == "export: no loaders to export here")
        app.exportSource = CatalogSceneSource()
        app.recorder.directory = dir + "/missing"
        app.key(.character("e"))
        #expect(app.hudText.recording?.hasPrefix("export failed: cannot write") == true, "\(app.hudText)")
        #expect(failures.lines.count == 2 && printed.lines.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
