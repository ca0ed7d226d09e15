import Foundation
import LayerKit
import LoaderLab
import Testing

/// `loaderlab export`: its arguments, its length (record's rule) and its file. What the file
/// draws is checked against independent players in `LottiePlayersTests`.
@Suite struct ExportCommandTests {
    func document(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func badArgumentsAreNamedAndExitWithTwo() {
        let cases: [([String], String)] = [
            (["export", "--loader", "orbit"], "missing --out FILE (.json)"),
            (["export", "--loader", "orbit", "--out", "a.png"], "--out: a Lottie file's name ends in .json"),
            (
                ["export", "--loader", "orbit", "--fps", "0", "--out", "a.json"],
                "--fps: expected a whole number"
            ),
            (
                ["export", "--loader", "orbit", "--fps", "121", "--out", "a.json"],
                "--fps: expected a whole number"
            ),
            (
                ["export", "--loader", "orbit", "--duration", "0", "--out", "a.json"],
                "--duration: must be greater"
            ),
            (
                ["export", "--loader", "orbit", "--duration", "200", "--out", "a.json"],
                "an export holds at most"
            ),
            (["export", "--loader", "nope", "--out", "a.json"], "--loader: unknown loader 'nope'"),
            (["export", "--out", "a.json"], "missing --loader ID"),
        ]
        for (arguments, message) in cases {
            let r = runCommand(arguments, source: CatalogSceneSource())
            #expect(r.status == 2, "\(arguments)")
            #expect(r.capture.err.first?.contains(message) == true, "\(arguments): \(r.capture.err)")
        }
    }

    @Test func aPlaceThatCannotBeWrittenExitsWithOneAndLeavesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/missing/orbit.json"
        let r = runCommand(["export", "--loader", "orbit", "--out", out], source: CatalogSceneSource())
        #expect(r.status == 1)
        #expect(r.capture.err.first?.contains("cannot write") == true, "\(r.capture.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// One loop by record's rule, at 60 frames per second by default, the loader's size.
    @Test func aLoopingLoaderIsOneLoopAtItsSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/balls.json"
        let r = runCommand(["export", "--loader", "balls", "--out", out], source: CatalogSceneSource())
        #expect(r.status == 0, "\(r.capture.err)")
        let commands = Commands(source: CatalogSceneSource())
        let frames = try commands.recordingFrameCount(
            RecordOptions(
                loaderID: "balls", moment: .time(0), framesPerSecond: 60, format: .webp, output: "x.webp"))
        let doc = try document(out)
        #expect(doc["fr"] as? Int == 60 && doc["ip"] as? Int == 0 && doc["op"] as? Int == frames)
        let size = try #require(
            try CatalogSceneSource().timeline(id: "balls", moment: .time(0), size: nil).size)
        #expect(
            doc["w"] as? Int == Int(size.width.rounded(.up))
                && doc["h"] as? Int == Int(size.height.rounded(.up)))
    }

    @Test func durationRateAndScaleSetTheLengthAndSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/orbit.json"
        let r = runCommand(
            [
                "export", "--loader", "orbit", "--duration", "0.5", "--fps", "30", "--size", "120x100",
                "--scale", "2",
                "--out", out,
            ],
            source: CatalogSceneSource())
        #expect(r.status == 0, "\(r.capture.err)")
        let doc = try document(out)
        #expect(doc["fr"] as? Int == 30 && doc["op"] as? Int == 15)
        #expect(doc["w"] as? Int == 240 && doc["h"] as? Int == 200)
    }
}
