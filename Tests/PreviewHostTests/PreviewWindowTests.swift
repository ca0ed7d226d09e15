import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The preview window under Xvfb: live reload on save, a compile error shown over the tiles
/// while the last good build runs, recovery, and no compiler left behind.
@Suite("Preview window under Xvfb", .tags(.xvfb, .compiler), .serialized)
struct PreviewWindowTests {
    static let source = """
        import UIKit

        final class Pulse {
            func start(in layer: CALayer) {
                let dot = CAShapeLayer()
                dot.path = UIBezierPath(ovalIn: CGRect(x: -20, y: -20, width: 40, height: 40)).cgPath
                dot.fillColor = UIColor.systemTeal.cgColor
                dot.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
                layer.addSublayer(dot)
                let grow = CABasicAnimation(keyPath: "transform.scale")
                grow.fromValue = 0.5
                grow.toValue = 1.0
                grow.duration = 0.8
                grow.autoreverses = true
                grow.repeatCount = .infinity
                dot.add(grow, forKey: "pulse")
            }
        }

        struct PulsePreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [LoaderPreview("pulse") { layer in Pulse().start(in: layer) }]
            }
        }

        """

    /// Writes `text` to `path` as editors save: a temporary file renamed into place.
    func save(_ text: String, to path: String) throws {
        let temporary = path + ".saving"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else { throw HarnessError("cannot rename into \(path)") }
    }

    /// The processes whose command line mentions `text` (the compiler working on our folder).
    func processes(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) && !line.contains("xctest") ? "\(pid): \(line)" : nil
        }
    }

    @Test(
        "E exports the focused preview to a Lottie file where V's recordings go, its path on standard output")
    func exportKey() throws {
        let folder = NSTemporaryDirectory() + "preview-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try save(Self.source, to: folder + "/Pulse.swift")

        let x = try XvfbSession()
        let (app, window) = try x.launchApp(
            ["preview", folder + "/Pulse.swift"], workingDirectory: folder + "/out")
        #expect(app.lastFrame["statuses"] == "pulse:running")
        try x.xdotool("key", "--window", window, "e")
        #expect(eventually(timeout: 30) { app.standardOutput.hasSuffix(".json\n") }, "\(app.standardError)")
        let path = app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out")
        #expect(names.count == 1 && path == folder + "/out/" + names[0], "\(path) \(names)")
        #expect(names.first?.hasPrefix("loaderlab-pulse-") == true)
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [String: Any])
        // One loop of the pulse: 0.8 s out and back, at 60 frames a second.
        #expect(doc["nm"] as? String == "pulse")
        #expect(doc["fr"] as? Int == 60 && doc["op"] as? Int == 96, "\(doc["fr"] ?? "") \(doc["op"] ?? "")")
        #expect((doc["layers"] as? [Any])?.isEmpty == false)
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
    }

    @Test("saving an edit reloads; a typo shows its error over the tiles; fixing it recovers")
    func liveReload() throws {
        let folder = NSTemporaryDirectory() + "preview-window-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Pulse.swift"
        try save(Self.source, to: file)

        let x = try XvfbSession()
        let (app, _) = try x.launchApp(["preview", folder])
        #expect(app.lastFrame["reloads"] == "0")
        #expect(app.lastFrame["statuses"] == "pulse:running")

        // An edit: the pulse's duration.
        try save(Self.source.replacingOccurrences(of: "0.8", with: "0.3"), to: file)
        #expect(eventually(timeout: 30) { app.lastFrame["reloads"] == "1" }, "\(app.standardError)")

        // A typo: the error is reported (file:line:column) and drawn over the tiles, and the
        // last build keeps animating under it.
        try save(
            Self.source.replacingOccurrences(of: "grow.toValue = 1.0", with: "grow.toValue = 1.0 +"), to: file
        )
        #expect(eventually(timeout: 30) { app.lastFrame["error"] == "1" })
        #expect(app.standardError.contains("Pulse.swift:12:"), "\(app.standardError)")
        let framesBefore = app.frameCount
        let shot = try x.screenshot(savingTo: folder + "/error.png")
        // The panel: dark red (its colour over the window's background) across the top.
        let panel = Screenshot.RGB(r: 41, g: 12, b: 15)
        #expect(shot.count(panel, in: (x: 0, y: 0, w: 600, h: 60), tolerance: 8) > 5000)
        #expect(eventually(timeout: 5) { app.frameCount > framesBefore + 10 })
        #expect(app.lastFrame["reloads"] == "1")

        // Fixed: the new build replaces the old and the error goes.
        try save(Self.source, to: file)
        #expect(eventually(timeout: 30) { app.lastFrame["reloads"] == "2" })
        #expect(app.lastFrame["error"] == nil)

        // Quit in the middle of a build: no compiler is left running.
        try save(Self.source.replacingOccurrences(of: "0.8", with: "0.5"), to: file)
        usleep(300_000)
        try x.xdotool("key", "q")
        #expect(app.waitForExit(timeout: 10) == 0)
        #expect(
            eventually(timeout: 5) { processes(mentioning: folder).isEmpty },
            "\(processes(mentioning: folder))")
    }
}
