import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

/// The export as other programs play it: each file is checked against the Lottie format's
/// schema (lottie-specs), and frames drawn by ThorVG and by rlottie are compared with
/// LoaderLab's own (`scripts/lottie-oracle.py`, in the players' environment that `make deps`
/// makes). Two rasterisers never agree at the edges, so the measure is the pixels that no
/// pixel of the other picture within one pixel comes near ("unexplained"): an edge drawn a
/// fraction of a pixel apart or an image filtered differently is explained, a shape drawn
/// elsewhere is not. The control — shapes drawn alike (a filled circle, a thin ring, a thick
/// arc trimmed with round caps, a dashed ring and a rotated image) — sets how many the players
/// leave unexplained on their own.
@Suite(
    .tags(.subprocess), .serialized,
    .enabled(
        if: LottiePlayers.isInstalled,
        "the Lottie players are not installed (make deps-test installs them in .build/lottie-players)"))
struct LottiePlayersTests {
    static let python = LottiePlayers.python
    static let oracle = LottiePlayers.oracle

    /// How one player's frame compares with LoaderLab's.
    struct Difference: CustomStringConvertible {
        var maximum: Int
        var mean: Double
        /// Pixels whose largest channel difference is over 32, 64 and 128.
        var over: [Int: Int]
        /// Pixels that no pixel of the other picture within one pixel comes near: a shape
        /// drawn elsewhere, not an edge drawn a fraction of a pixel apart.
        var unexplained: Int
        var description: String {
            "max \(maximum), mean \(String(format: "%.3f", mean)), over \(over), unexplained \(unexplained)"
        }
    }

    struct Frame {
        var k: Int
        var thorvg: Difference
        var rlottie: Difference
    }

    /// Runs the oracle on `json` and LoaderLab's `recording` at `frames`; expects a valid file.
    func play(_ json: String, _ recording: String, frames: [Int]) throws -> [Frame] {
        let (status, out, err) = try runProcess(
            Self.python, [Self.oracle, json, recording] + frames.map(String.init))
        try #require(status == 0, "\(err)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(result["schema"] is NSNull, "\(json): \(result["schema"] ?? "")")
        func difference(_ any: Any?) throws -> Difference {
            let d = try #require(any as? [String: Any])
            let over = try #require(d["over"] as? [String: Int])
            return Difference(
                maximum: try #require(d["max"] as? Int), mean: try #require(d["mean"] as? Double),
                over: Dictionary(uniqueKeysWithValues: over.map { (Int($0.key)!, $0.value) }),
                unexplained: try #require(d["unexplained"] as? Int))
        }
        return try (try #require(result["frames"] as? [[String: Any]])).map {
            Frame(
                k: try #require($0["k"] as? Int), thorvg: try difference($0["thorvg"]),
                rlottie: try difference($0["rlottie"]))
        }
    }

    /// The control: shapes drawn alike by every rasteriser but for anti-aliasing.
    static func controlTree() -> PresentationLayer {
        func shape(_ path: Path, fill: Color?, stroke: Color?, width: Double) -> PresentationLayer {
            var l = PresentationLayer()
            l.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
            l.properties.position = Point(x: 60, y: 60)
            l.shape = ShapeProperties()
            l.shape!.path = path
            l.shape!.fillColor = fill
            l.shape!.strokeColor = stroke
            l.shape!.lineWidth = width
            return l
        }
        let circle = shape(
            .oval(in: Rect(x: 40, y: 40, width: 40, height: 40)), fill: Color(red: 1, green: 0.4, blue: 0),
            stroke: nil, width: 0)
        var arc = shape(
            .oval(in: Rect(x: 20, y: 20, width: 80, height: 80)), fill: nil,
            stroke: Color(red: 0.2, green: 0.5, blue: 1), width: 6)
        arc.shape!.lineCap = .round
        arc.shape!.strokeStart = 0.1
        arc.shape!.strokeEnd = 0.7
        let thin = shape(
            .oval(in: Rect(x: 2, y: 2, width: 116, height: 116)), fill: nil,
            stroke: Color(red: 1, green: 1, blue: 1),
            width: 1)
        var ring = shape(
            .oval(in: Rect(x: 8, y: 8, width: 104, height: 104)), fill: nil,
            stroke: Color(red: 1, green: 1, blue: 1), width: 2)
        ring.shape!.lineDashPattern = [4, 3]
        var root = PresentationLayer(name: "control")
        root.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
        root.properties.position = Point(x: 60, y: 60)
        root.properties.backgroundColor = Color(red: 0.1, green: 0.1, blue: 0.15)
        var image = PresentationLayer()
        image.properties.bounds = Rect(x: 0, y: 0, width: 24, height: 24)
        image.properties.position = Point(x: 60, y: 60)
        image.properties.transform = Transform3D(rotationZ: .pi / 6)
        image.properties.contents = ImageReference(
            path: LottiePlayers.repository + "/Resources/images/airplane.png", scale: 2)
        root.sublayers = [circle, arc, thin, ring, image]
        return root
    }

    /// Writes `tree`, a still 120-point square, as `NAME.json` (two frames of it, exported at 2×)
    /// and as `NAME.png` (LoaderLab's picture at 2×) in `dir`; returns the export's notes.
    func writeStill(_ tree: PresentationLayer, name: String, in dir: String) throws -> [String] {
        let export = LottieExport(
            frames: [tree, tree],
            settings: .init(name: name, size: Size(width: 120, height: 120), framesPerSecond: 60, scale: 2))
        try Data(export.json()).write(to: URL(fileURLWithPath: dir + "/\(name).json"))
        let surface = try ImageSurface(width: 240, height: 240)
        let canvas = try Canvas(surface: surface)
        canvas.scale(2, 2)
        LayerRenderer().draw(tree, on: canvas)
        try surface.writePNG(to: dir + "/\(name).png")
        return export.notes
    }

    /// The control's unexplained pixels, per player (ThorVG, rlottie): what anti-aliasing,
    /// image filtering and each player's own measure of curves (rlottie places dashes by its own
    /// length of a curve) leave on their own.
    func control(in dir: String) throws -> (thorvg: Int, rlottie: Int) {
        _ = try writeStill(Self.controlTree(), name: "control", in: dir)
        let frame = try #require(try play(dir + "/control.json", dir + "/control.png", frames: [0]).first)
        print("control: thorvg \(frame.thorvg); rlottie \(frame.rlottie)")
        return (frame.thorvg.unexplained, frame.rlottie.unexplained)
    }

    /// A layer that clips its sublayers (rounded corners too) and a layer with a mask, each in a
    /// composition of its own: the players show them as LoaderLab draws them.
    @Test func clippingAndMasksAreDrawnAsLoaderLabDrawsThem() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let limit = try control(in: dir)
        func box(_ frame: Rect, _ colour: Color?) -> PresentationLayer {
            var l = PresentationLayer()
            l.properties.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            l.properties.position = Point(x: frame.midX, y: frame.midY)
            l.properties.backgroundColor = colour
            return l
        }
        // A card that clips a disc hanging over its corner, rotated, with its bounds moved.
        var card = box(Rect(x: 10, y: 10, width: 60, height: 50), Color(red: 0.9, green: 0.9, blue: 0.95))
        card.properties.masksToBounds = true
        card.properties.cornerRadius = 12
        card.properties.bounds.origin = Point(x: 5, y: -5)
        card.properties.transform = Transform3D(rotationZ: 0.2)
        var disc = box(Rect(x: 35, y: -10, width: 50, height: 50), Color(red: 0.2, green: 0.5, blue: 1))
        disc.properties.cornerRadius = 25
        card.sublayers = [disc]
        // A square shown through a ring-shaped shape mask.
        var square = box(Rect(x: 70, y: 60, width: 40, height: 40), Color(red: 1, green: 0.3, blue: 0.2))
        var mask = PresentationLayer()
        mask.properties.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        mask.properties.position = Point(x: 25, y: 20)
        mask.shape = ShapeProperties()
        mask.shape!.path = .oval(in: Rect(x: 0, y: 0, width: 40, height: 40))
        mask.shape!.fillColor = nil
        mask.shape!.strokeColor = Color(red: 0, green: 0, blue: 0)
        mask.shape!.lineWidth = 8
        square.mask = mask
        var root = box(Rect(x: 0, y: 0, width: 120, height: 120), Color(red: 0.1, green: 0.1, blue: 0.15))
        root.sublayers = [card, square]
        let notes = try writeStill(root, name: "clips", in: dir)
        #expect(notes.isEmpty, "\(notes)")
        let frame = try #require(try play(dir + "/clips.json", dir + "/clips.png", frames: [1]).first)
        #expect(frame.thorvg.unexplained <= limit.thorvg, "ThorVG: \(frame.thorvg)")
        #expect(frame.rlottie.unexplained <= limit.rlottie, "rlottie: \(frame.rlottie)")
        print("clips and masks: ThorVG \(frame.thorvg); rlottie \(frame.rlottie)")
    }

    /// A shadow is drawn by ThorVG, which plays the drop shadow effect, as LoaderLab draws it:
    /// no pixel differs by more than 32 in any channel; rlottie, which ignores the effect, leaves
    /// the shadow out, which the same measure sees.
    @Test func aShadowIsDrawnByAPlayerThatPlaysTheEffect() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var card = PresentationLayer(name: "card")
        card.properties.bounds = Rect(x: 0, y: 0, width: 50, height: 40)
        card.properties.position = Point(x: 55, y: 50)
        card.properties.transform = Transform3D(rotationZ: 0.3)
        card.properties.cornerRadius = 8
        card.properties.backgroundColor = Color(red: 1, green: 0.6, blue: 0.2)
        card.properties.shadowColor = Color(red: 0, green: 0, blue: 0)
        card.properties.shadowOpacity = 0.8
        card.properties.shadowOffset = Size(width: 4, height: 8)
        card.properties.shadowRadius = 3
        var root = PresentationLayer(name: "root")
        root.properties.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
        root.properties.position = Point(x: 60, y: 60)
        root.properties.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.95)
        root.sublayers = [card]
        let notes = try writeStill(root, name: "shadow", in: dir)
        #expect(notes.isEmpty, "\(notes)")
        let frame = try #require(try play(dir + "/shadow.json", dir + "/shadow.png", frames: [1]).first)
        #expect(frame.thorvg.over[32] == 0, "ThorVG: \(frame.thorvg)")
        #expect(frame.rlottie.over[32, default: 0] > 100, "rlottie: \(frame.rlottie)")
        print("shadow: ThorVG \(frame.thorvg); rlottie \(frame.rlottie)")
    }

    /// The measure catches a wrong export: the balls exported from their start and compared
    /// with LoaderLab's frames from 0.4 s in leave ThorVG ten times the control's unexplained
    /// pixels, and rlottie more than none. (rlottie's own bar is high: it places dashes by its
    /// own measure of a curve's length, and the control has a dashed ring.)
    @Test func anExportOfAnotherMomentIsCaught() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let limit = try control(in: dir)
        let (json, recording) = (dir + "/balls.json", dir + "/balls.png")
        #expect(
            runCommand(
                ["export", "--loader", "balls", "--scale", "2", "--out", json], source: CatalogSceneSource()
            ).status == 0)
        let recorded = runCommand(
            [
                "record", "--loader", "balls", "--time", "0.4", "--scale", "2", "--fps", "60", "--format",
                "png", "--quiet",
                "--out", recording,
            ],
            source: CatalogSceneSource())
        #expect(recorded.status == 0)
        let frame = try #require(try play(json, recording, frames: [0]).first)
        #expect(frame.thorvg.unexplained > 10 * max(limit.thorvg, 1), "\(frame.thorvg)")
        #expect(frame.rlottie.unexplained > 0, "\(frame.rlottie)")
    }

    /// Each loader at 2× at five moments of its export: for both players, no more unexplained
    /// pixels than the control's.
    @Test(arguments: [
        "four-dots", "three-dots", "airplane", "orbit", "balls", "showcase-spinner", "showcase-ball",
        "showcase-gradient", "showcase-text", "showcase-reveal", "showcase-cube",
    ])
    func playersDrawWhatLoaderLabDraws(id: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let limit = try control(in: dir)
        let json = dir + "/\(id).json"
        let recording = dir + "/\(id).png"
        let exported = runCommand(
            ["export", "--loader", id, "--scale", "2", "--out", json], source: CatalogSceneSource())
        #expect(exported.status == 0, "\(exported.capture.err)")
        let recorded = runCommand(
            [
                "record", "--loader", id, "--scale", "2", "--fps", "60", "--format", "png", "--quiet",
                "--out", recording,
            ],
            source: CatalogSceneSource())
        #expect(recorded.status == 0, "\(recorded.capture.err)")
        let doc = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
                as? [String: Any])
        let (n, width, height) = (
            try #require(doc["op"] as? Int), try #require(doc["w"] as? Int), try #require(doc["h"] as? Int)
        )
        var worst = (thorvg: 0, rlottie: 0)
        for frame in try play(json, recording, frames: [0, n / 4, n / 2, 3 * n / 4, n - 1]) {
            worst = (
                max(worst.thorvg, frame.thorvg.unexplained), max(worst.rlottie, frame.rlottie.unexplained)
            )
            #expect(
                frame.thorvg.unexplained <= limit.thorvg, "\(id) frame \(frame.k), ThorVG: \(frame.thorvg)")
            #expect(
                frame.rlottie.unexplained <= limit.rlottie,
                "\(id) frame \(frame.k), rlottie: \(frame.rlottie)")
        }
        print(
            "\(id) (\(width)×\(height)): worst unexplained pixels ThorVG \(worst.thorvg), rlottie \(worst.rlottie) "
                + "(control \(limit.thorvg), \(limit.rlottie))")
    }
}

/// Where the players' environment and the oracle are.
enum LottiePlayers {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let python = repository + "/.build/lottie-players/bin/python"
    static let oracle = repository + "/scripts/lottie-oracle.py"
    static let isInstalled = FileManager.default.isExecutableFile(atPath: python)
}
