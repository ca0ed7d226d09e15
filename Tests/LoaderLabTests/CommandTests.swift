import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

@Suite struct CommandTests {
    @Test func listPrintsIdTitleAndKind() {
        let (status, _, capture) = runCommand(["list"])
        #expect(status == 0)
        #expect(capture.out == "demo\tDemo orbit\tstandalone")
        #expect(capture.err.isEmpty)
    }

    @Test func helpPrintsUsage() {
        for arguments in [
            ["help"], ["--help"], ["help", "render"], ["render", "--help"], ["help", "inspect"],
        ] {
            let (status, _, capture) = runCommand(arguments)
            #expect(status == 0)
            #expect(capture.out.contains("usage"))
            #expect(capture.err.isEmpty)
        }
        #expect(runCommand(["help", "sheet"]).capture.out.contains("loaderlab sheet"))
        // The benchmarks are their own program (loaderlab-bench), not a command.
        #expect(!runCommand(["--help"]).capture.out.contains("bench"))
        #expect(runCommand(["help", "bench"]).status == 2)
        #expect(runCommand(["bench"]).status == 2)
    }

    @Test func noCommandAsksForTheWindow() {
        let (status, window, _) = runCommand(["--loader", "demo", "--scale", "2"])
        #expect(status == nil)
        #expect(window == WindowOptions(loaderID: "demo", scale: 2, size: nil))
    }

    /// inspect's JSON parsed back; `toRoot` checked against the demo's geometry worked out by
    /// hand at t = 0.75 s, a quarter of the 3 s turn.
    @Test func inspectPrintsTheTreeAsJSON() throws {
        let (status, _, capture) = runCommand(["inspect", "--loader", "demo", "--time", "0.75"])
        #expect(status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
        #expect(json["loader"] as? String == "demo")
        #expect(json["state"] as? String == "running")
        #expect((json["time"] as? NSNumber)?.doubleValue == 0.75)
        expectNumbers(json["size"], [120, 120])
        let root = try #require(json["root"] as? [String: Any])
        #expect(root["name"] as? String == "root")
        #expect(root["kind"] as? String == "layer")
        expectNumbers(root["toRoot"], [1, 0, 0, 1, 0, 0])
        let sublayers = try #require(root["sublayers"] as? [[String: Any]])
        #expect(sublayers.map { $0["name"] as? String } == ["ring", "orbit"])

        // The ring: 80×80 centred at (60, 60): its bounds origin maps to (20, 20).
        let ring = sublayers[0]
        #expect(ring["kind"] as? String == "shape")
        expectNumbers(ring["toRoot"], [1, 0, 0, 1, 20, 20])
        expectNumbers(ring["strokeEnd"].map { [$0] }, [0.25])
        expectNumbers(ring["strokeColor"], [1, 1, 1, 1])
        #expect(ring["fillColor"] is NSNull)
        expectNumbers(ring["pathBounds"], [0, 0, 80, 80], tolerance: 1e-9)
        expectNumbers(ring["lineDashPattern"], [])

        // The orbit parent turned by 2π·0.25 = π/2: a = cos, b = sin, c = −sin, d = cos; its
        // bounds point (x, y) is (x − 40, y − 40) from the anchor, turned and moved to (60, 60):
        // tx = 60 − (a·40 + c·40) = 100, ty = 60 − (b·40 + d·40) = 20.
        let orbit = sublayers[1]
        expectNumbers(orbit["transform"], [0, 1, -1, 0, 0, 0], tolerance: 1e-12)
        expectNumbers(orbit["toRoot"], [0, 1, -1, 0, 100, 20], tolerance: 1e-12)
        // The ball (8×8 at (40, 0) in the orbit): its bounds → orbit is a shift by (36, −4);
        // then the orbit's toRoot: (x, y) → (−(y − 4) + 100, (x + 36) + 20).
        let ball = try #require((orbit["sublayers"] as? [[String: Any]])?.first)
        expectNumbers(ball["toRoot"], [0, 1, -1, 0, 104, 56], tolerance: 1e-12)
        // Its centre (4, 4) lands at (100, 60): right of the root's centre, a quarter turn on.
        #expect(ball["sublayers"] as? [Any] != nil)
        #expect(ball["strokeEnd"] == nil)
    }

    @Test func inspectWritesNullForNonFiniteNumbers() throws {
        var props = LayerProperties()
        props.bounds = Rect(x: 0, y: 0, width: .infinity, height: 10)
        props.position = Point(.nan, 5)
        props.opacity = .nan
        var shape = ShapeProperties()
        shape.strokeEnd = .nan
        shape.lineWidth = -.infinity
        let tree = PresentationLayer(name: "bad\n\"name\"", properties: props, shape: shape)
        let (status, _, capture) = runCommand(
            ["inspect", "--loader", "fixed"], source: FixedSource(tree: tree))
        #expect(status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
        let root = try #require(json["root"] as? [String: Any])
        #expect(root["name"] as? String == "bad\n\"name\"")
        let bounds = try #require(root["bounds"] as? [Any])
        #expect(bounds[2] is NSNull)
        #expect((root["position"] as? [Any])?.first is NSNull)
        #expect(root["opacity"] is NSNull)
        #expect(root["strokeEnd"] is NSNull)
        #expect(root["lineWidth"] is NSNull)
        #expect(root["pathBounds"] is NSNull)
    }

    @Test func inspectOrdersSublayersByZPosition() throws {
        func named(_ name: String, z: Double) -> PresentationLayer {
            var p = LayerProperties()
            p.zPosition = z
            return PresentationLayer(name: name, properties: p)
        }
        let tree = PresentationLayer(
            name: "root", sublayers: [named("top", z: 1), named("a", z: 0), named("b", z: 0)])
        let (_, _, capture) = runCommand(["inspect", "--loader", "fixed"], source: FixedSource(tree: tree))
        let json = try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any]
        let sublayers = (json?["root"] as? [String: Any])?["sublayers"] as? [[String: Any]]
        #expect(sublayers?.map { $0["name"] as? String } == ["a", "b", "top"])
    }

    @Test func renderWritesThePNG() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/demo.png"
        let (status, _, capture) = runCommand(
            ["render", "--loader", "demo", "--time", "1", "--scale", "2", "--out", out])
        #expect(status == 0)
        #expect(capture.err.isEmpty)
        let image = try ImageSurface.load(png: out)
        #expect(image.width == 240 && image.height == 240)
        // At t = 1 the orbit has turned 2π/3: the ball (radius 4, 40 from the centre, starting
        // straight up) is at (60 + 40·sin 120°, 60 − 40·cos 120°) = (94.64, 80) points.
        let x = Int(((60 + 40 * sin(2 * Double.pi / 3)) * 2).rounded())
        let y = Int(((60 - 40 * cos(2 * Double.pi / 3)) * 2).rounded())
        #expect(image.pixel(x: x, y: y) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        // The background: 0.15 white.
        #expect(image.pixel(x: 4, y: 4) == Pixel(red: 38, green: 38, blue: 38, alpha: 255))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["demo.png"])
    }

    @Test func renderHonoursSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/small.png"
        let (status, _, _) = runCommand(["render", "--loader", "demo", "--size", "30x20.5", "--out", out])
        #expect(status == 0)
        let image = try ImageSurface.load(png: out)
        #expect(image.width == 30 && image.height == 21)
    }

    @Test func unwritableOutputFailsWithOneLineAndNoFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = dir + "/no/such/dir/out.png"
        for command in [["render", "--loader", "demo"], ["sheet"]] {
            let (status, _, capture) = runCommand(command + ["--out", missing])
            #expect(status == 1)
            #expect(capture.err.count == 1)
            #expect(capture.err.first?.contains(missing) == true)
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
        // An existing directory in the way: the rename fails, nothing is left behind.
        let blocked = dir + "/blocked.png"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        let (status, _, capture) = runCommand(["render", "--loader", "demo", "--out", blocked])
        #expect(status == 1)
        #expect(capture.err.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["blocked.png"])
    }

    @Test func stateMustFitTheLoaderKind() {
        for state in [["--pull", "20"], ["--refreshing"]] {
            let (status, _, capture) = runCommand(["inspect", "--loader", "demo"] + state)
            #expect(status == 2)
            #expect(capture.err.count == 1)
            #expect(capture.err.first?.contains(state[0]) == true)
        }
        // A header accepts both.
        let header = FixedSource(tree: PresentationLayer(name: "h"), kind: .header)
        #expect(runCommand(["inspect", "--loader", "fixed", "--pull", "20"], source: header).status == 0)
        let (status, _, capture) = runCommand(
            ["inspect", "--loader", "fixed", "--refreshing", "--time", "2"], source: header)
        #expect(status == 0)
        #expect(capture.out.contains("\"state\": \"refreshing\""))
    }

    @Test func badArgumentsExitWithTwoAndOneLine() {
        let (status, _, capture) = runCommand([
            "render", "--loader", "demo", "--size", "axb", "--out", "x.png",
        ])
        #expect(status == 2)
        #expect(capture.err.count == 1)
        #expect(capture.err.first?.contains("--size") == true)
        #expect(capture.out.isEmpty)
    }

    /// A loader id with escape codes and a newline: one line on stderr, the codes escaped.
    @Test func errorMessageIsOneEscapedLine() {
        let (status, _, capture) = runCommand(["render", "--loader", "x\u{1B}[2J\ny", "--out", "x.png"])
        #expect(status == 2)
        #expect(capture.err.count == 1)
        #expect(capture.err.first?.contains(#"'x\e[2J\ny'"#) == true, "\(capture.err)")
    }

    /// A NUL cannot be part of a file name: a bad argument, and no file by the part before it.
    @Test func outputNameWithNULIsABadArgument() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, _, capture) = runCommand(["render", "--loader", "demo", "--out", dir + "/a\0b.png"])
        #expect(status == 2)
        #expect(capture.err.count == 1 && capture.err[0].contains("--out"), "\(capture.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test func sheetDrawsEveryLoader() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/sheet.png"
        let (status, _, capture) = runCommand(["sheet", "--time", "1", "--out", out])
        #expect(status == 0)
        #expect(capture.err.isEmpty)
        let image = try ImageSurface.load(png: out)
        // One 120-point viewport with 16-point margins, a 36-point title band.
        #expect(image.width >= 152)
        #expect(image.height == 120 + 36 + 32)
        // Neutral grey in the margin (0.78 white), the demo's dark background inside.
        #expect(image.pixel(x: 2, y: 2) == Pixel(red: 199, green: 199, blue: 199, alpha: 255))
        let x0 = (image.width - 120) / 2
        #expect(image.pixel(x: x0 + 5, y: 16 + 36 + 5) == Pixel(red: 38, green: 38, blue: 38, alpha: 255))
    }
}
