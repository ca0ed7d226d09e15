import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import Testing

/// The showcase through the commands: its ids work wherever a loader id does, `list` keeps
/// the five, `sheet --showcase` draws the showcase.
@Suite struct ShowcaseCommandTests {
    func run(_ arguments: [String]) -> (status: Int32?, window: WindowOptions?, capture: Capture) {
        runCommand(arguments, source: CatalogSceneSource())
    }

    @Test func showcaseIdsRenderInspectAndOpenTheWindow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "showcase-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/cube.png"
        let render = run(["render", "--loader", "showcase-cube", "--time", "0.3", "--out", out])
        #expect(render.status == 0, "\(render.capture.err)")
        let image = try ImageSurface.load(png: out)
        #expect(image.width == 240 && image.height == 240)
        let inspect = run(["inspect", "--loader", "showcase-cube", "--time", "0.3"])
        #expect(inspect.status == 0)
        #expect(inspect.capture.out.contains("\"kind\": \"transform\""))
        #expect(inspect.capture.out.contains("\"doubleSided\": false"))
        #expect(inspect.capture.out.contains("\"depth\": "))
        #expect(inspect.capture.out.contains("\"sublayerTransform3D\": "))
        let window = run(["--loader", "showcase-spinner"])
        #expect(window.window?.loaderID == "showcase-spinner")
    }

    @Test func listKeepsTheFiveAndSheetShowcaseDrawsTheSix() throws {
        let list = run(["list"])
        #expect(list.capture.out.split(separator: "\n").count == 5)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "showcase-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/sheet.png"
        let sheet = run(["sheet", "--showcase", "--out", out])
        #expect(sheet.status == 0, "\(sheet.capture.err)")
        let image = try ImageSurface.load(png: out)
        // Three columns of 240-point cells (and margins), two rows.
        #expect(image.width >= 3 * 240 && image.height >= 2 * 240)
        #expect(
            try ArgumentParser.parse(["sheet", "--showcase", "--out", "s.png"], loaderIDs: [])
                == .sheet(SheetOptions(time: 1, scale: 1, output: "s.png", showcase: true)))
    }
}
