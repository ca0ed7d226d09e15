import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// Every example's preview, compiled from `Examples/` by the built `loaderlab`, exported with
/// `preview --export` and played by ThorVG and rlottie at five moments: no more unexplained
/// pixels than the players' control leaves (`LottiePlayersTests`), and a file the schema
/// accepts.
@Suite(
    "The examples exported to Lottie", .tags(.compiler, .subprocess), .serialized,
    .enabled(
        if: LottiePlayers.isInstalled,
        "the Lottie players are not installed (make deps-test installs them in .build/lottie-players)"))
struct ExampleLottieTests {
    static let examples = LottiePlayers.repository + "/Examples"
    /// Previews that never come to rest nor loop (the wave moves by a step each display-link
    /// call): exported, as recorded, for this long.
    static let durations = ["wave": 2.0]

    func loaderlab(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let exe = try #require(AppProcess.binaryPath, "the loaderlab executable is not built")
        return try runProcess(exe, arguments)
    }

    @Test func everyExamplePlaysAsLoaderLabDrawsIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let players = LottiePlayersTests()
        let limit = try players.control(in: dir)
        let listed = try loaderlab(["preview", Self.examples, "--list"])
        try #require(listed.status == 0, "\(listed.err)")
        let names = listed.out.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(names.count >= 18, "\(names)")
        for name in names {
            let (json, recording) = (dir + "/\(name).json", dir + "/\(name).png")
            let length = Self.durations[name].map { ["--duration", "\($0)"] } ?? []
            let exported = try loaderlab(
                ["preview", Self.examples, "--export", name, "--scale", "2", "--out", json] + length)
            #expect(exported.status == 0, "\(name): \(exported.err)")
            let recorded = try loaderlab(
                [
                    "preview", Self.examples, "--record", name, "--scale", "2", "--fps", "60", "--format",
                    "png", "--quiet", "--out", recording,
                ] + length)
            #expect(recorded.status == 0, "\(name): \(recorded.err)")
            guard exported.status == 0, recorded.status == 0 else { continue }
            let doc = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
                    as? [String: Any])
            let n = try #require(doc["op"] as? Int)
            var worst = (thorvg: 0, rlottie: 0)
            for frame in try players.play(json, recording, frames: [0, n / 4, n / 2, 3 * n / 4, n - 1]) {
                worst = (
                    max(worst.thorvg, frame.thorvg.unexplained), max(worst.rlottie, frame.rlottie.unexplained)
                )
                #expect(
                    frame.thorvg.unexplained <= limit.thorvg,
                    "\(name) frame \(frame.k), ThorVG: \(frame.thorvg)")
                #expect(
                    frame.rlottie.unexplained <= limit.rlottie,
                    "\(name) frame \(frame.k), rlottie: \(frame.rlottie)")
            }
            let notes = exported.err.split(separator: "\n").filter { $0.contains("not as drawn") }
            print(
                "\(name): worst unexplained pixels ThorVG \(worst.thorvg), rlottie \(worst.rlottie) "
                    + "(control \(limit.thorvg), \(limit.rlottie)); \(notes.count) notes")
        }
    }
}
