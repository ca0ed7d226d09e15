import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// `loaderlab preview` end to end, through the built executable: the examples compile, and each
/// built-in loader written as its original iOS code gives the same pixels as the built-in one.
@Suite("Previews of the examples", .tags(.compiler, .subprocess), .serialized)
struct ExamplePreviewTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples = package.appendingPathComponent("Examples").path

    /// A scratch folder, also the preview's TMPDIR so that what it leaves behind shows.
    final class Scratch {
        let path: String
        init() throws {
            path =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("preview-test-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path + "/tmp", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    func loaderlab(_ arguments: [String], tmp: String) throws -> (status: Int32, out: String, err: String) {
        let exe = try #require(AppProcess.binaryPath, "the loaderlab executable is not built")
        // TMPDIR through env(1): runProcess passes the test's own environment.
        return try runProcess("/usr/bin/env", ["TMPDIR=\(tmp)", exe] + arguments)
    }

    func pixels(_ path: String) throws -> [UInt8] {
        try #require(Pillow.decode(path).frames.first)
    }

    @Test("--list names every example's preview; nothing is left in TMPDIR")
    func list() throws {
        let scratch = try Scratch()
        let r = try loaderlab(["preview", Self.examples, "--list"], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let names = Set(r.out.split(separator: "\n").map(String.init))
        // The five originals (named as the built-in loaders) and the other styles.
        for name in ["four-dots", "three-dots", "airplane", "orbit", "balls"] {
            #expect(names.contains(name), "\(name) missing from \(names)")
        }
        #expect(names.count >= 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/tmp").isEmpty)
    }

    /// The moments compared: standalone loaders at several times, headers pulled and refreshing.
    static let moments: [(id: String, state: [String])] = [
        ("orbit", ["--time", "0.35"]), ("orbit", ["--time", "1.9"]), ("orbit", ["--time", "4.2"]),
        ("balls", ["--time", "0.2"]), ("balls", ["--time", "0.9"]), ("balls", ["--time", "2.35"]),
        ("four-dots", ["--pull", "30"]), ("four-dots", ["--pull", "70"]),
        ("four-dots", ["--refreshing", "--time", "0.8"]),
        ("three-dots", ["--pull", "45"]), ("three-dots", ["--refreshing", "--time", "1.1"]),
        ("airplane", ["--pull", "60"]), ("airplane", ["--refreshing", "--time", "0.7"]),
        ("airplane", ["--refreshing", "--time", "2.4"]),
    ]

    @Test("each built-in loader written as its original iOS code draws as the built-in loader does")
    func originalsMatchTheBuiltInLoaders() throws {
        let scratch = try Scratch()
        for (i, m) in Self.moments.enumerated() {
            let preview = scratch.path + "/p\(i).png"
            let builtIn = scratch.path + "/b\(i).png"
            let p = try loaderlab(
                ["preview", Self.examples, "--render", m.id] + m.state + ["--out", preview],
                tmp: scratch.path + "/tmp")
            #expect(p.status == 0, "\(m.id) \(m.state): \(p.err)")
            let b = try loaderlab(
                ["render", "--loader", m.id] + m.state + ["--out", builtIn], tmp: scratch.path + "/tmp")
            #expect(b.status == 0, "\(b.err)")
            guard p.status == 0, b.status == 0 else { continue }
            let difference = ImageDifference(try pixels(preview), try pixels(builtIn))
            // The same loader through two routes: the same pixels but for anti-aliasing noise.
            #expect(difference.maximum <= 8, "\(m.id) \(m.state): \(difference)")
        }
    }

    @Test("the comparison tells loaders apart: an edited example no longer matches")
    func comparisonSeesAnEdit() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/Orbit"
        try FileManager.default.copyItem(atPath: Self.examples + "/Orbit", toPath: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".swift")
        }
        var edited = false
        for name in files {
            let path = folder + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // The rings and the balls drawn red instead of white.
            let changed = text.replacingOccurrences(of: "UIColor.white", with: "UIColor.red")
            if changed != text {
                try changed.write(toFile: path, atomically: true, encoding: .utf8)
                edited = true
            }
        }
        try #require(edited, "the Orbit example no longer uses UIColor.white")
        let preview = scratch.path + "/p.png"
        let builtIn = scratch.path + "/b.png"
        let p = try loaderlab(
            ["preview", folder, "--render", "orbit", "--time", "1", "--out", preview],
            tmp: scratch.path + "/tmp")
        #expect(p.status == 0, "\(p.err)")
        _ = try loaderlab(
            ["render", "--loader", "orbit", "--time", "1", "--out", builtIn], tmp: scratch.path + "/tmp")
        let difference = ImageDifference(try pixels(preview), try pixels(builtIn))
        #expect(difference.maximum > 100 && difference.differingPixels > 200, "\(difference)")
    }

    @Test("a compile error exits 1 naming file:line:column; an unknown name exits 2")
    func errors() throws {
        let scratch = try Scratch()
        let source = """
            import UIKit

            struct Broken: LoaderPreviewProvider {
                static var previews: [LoaderPreview] {
                    [LoaderPreview("broken") { layer in layer.opacity = "half" }]
                }
            }
            """
        try source.write(toFile: scratch.path + "/Broken.swift", atomically: true, encoding: .utf8)
        let r = try loaderlab(
            [
                "preview", scratch.path + "/Broken.swift", "--render", "broken", "--out",
                scratch.path + "/x.png",
            ],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 1)
        #expect(r.err.contains("Broken.swift:5:"), "\(r.err)")
        #expect(r.err.contains("error:"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.png"))

        let unknown = try loaderlab(
            ["preview", Self.examples, "--render", "no-such-preview", "--out", scratch.path + "/y.png"],
            tmp: scratch.path + "/tmp")
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("no-such-preview"))

        let none = try loaderlab(["preview"], tmp: scratch.path + "/tmp")
        #expect(none.status == 2 && none.err.contains("no Swift file or folder"))
        let help = try loaderlab(["preview", "--help"], tmp: scratch.path + "/tmp")
        #expect(help.status == 0 && help.out.contains("LoaderPreviewProvider"))

        let missing = try loaderlab(
            ["preview", scratch.path + "/nope.swift", "--list"], tmp: scratch.path + "/tmp")
        #expect(missing.status == 2 && missing.err.contains("nope.swift"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/tmp").isEmpty)
    }

    @Test("UIScreen.main is the preview's screen: its viewport, at the render's scale")
    func screen() throws {
        let scratch = try Scratch()
        let source = """
            import UIKit

            struct ScreenPreviews: LoaderPreviewProvider {
                static var previews: [LoaderPreview] {
                    [LoaderPreview("screen", size: CGSize(width: 100, height: 100)) { layer in
                        // A bar as wide as 10 points times the scale, as tall as a quarter of
                        // the screen's width.
                        let bar = CAShapeLayer()
                        let rect = CGRect(
                            x: 0, y: 0, width: 10 * UIScreen.main.scale, height: UIScreen.main.bounds.width / 4)
                        bar.path = UIBezierPath(rect: rect).cgPath
                        bar.fillColor = UIColor.red.cgColor
                        layer.addSublayer(bar)
                    }]
                }
            }
            """
        try source.write(toFile: scratch.path + "/Screen.swift", atomically: true, encoding: .utf8)
        let png = scratch.path + "/screen.png"
        let r = try loaderlab(
            [
                "preview", scratch.path + "/Screen.swift", "--render", "screen", "--size", "160x100",
                "--scale", "2", "--out", png,
            ], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        let image = try Pillow.decode(png)
        let pixels = try #require(image.frames.first)
        func isRed(_ x: Int, _ y: Int) -> Bool {
            let i = (y * image.width + x) * 4
            return pixels[i] > 200 && pixels[i + 1] < 60 && pixels[i + 2] < 60
        }
        // The 100-point root sits centred in the 160-point viewport: x from 30 points (60 px).
        // Width 10 × 2 = 20 points (40 px); height 160 / 4 = 40 points (80 px).
        let row = 10
        let redColumns = (0..<image.width).filter { isRed($0, row) }
        #expect(
            redColumns.first == 60 && redColumns.last == 99,
            "\(redColumns.first ?? -1)…\(redColumns.last ?? -1)")
        let redRows = (0..<image.height).filter { isRed(70, $0) }
        #expect(redRows.first == 0 && redRows.last == 79, "\(redRows.first ?? -1)…\(redRows.last ?? -1)")
    }

    @Test("--inspect gives the same JSON as inspect for the built-in loader")
    func inspect() throws {
        let scratch = try Scratch()
        let p = try loaderlab(
            ["preview", Self.examples, "--inspect", "balls", "--time", "0.6"], tmp: scratch.path + "/tmp")
        let b = try loaderlab(["inspect", "--loader", "balls", "--time", "0.6"], tmp: scratch.path + "/tmp")
        #expect(p.status == 0 && b.status == 0, "\(p.err)")
        let pj = try JSONSerialization.jsonObject(with: Data(p.out.utf8)) as? [String: Any]
        let bj = try JSONSerialization.jsonObject(with: Data(b.out.utf8)) as? [String: Any]
        #expect(pj?["state"] as? String == "running")
        #expect(pj?["state"] as? String == bj?["state"] as? String)
    }
}
