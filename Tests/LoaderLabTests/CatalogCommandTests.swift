import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import Testing

/// The commands on the real loaders, checked against the originals' numbers.
@Suite struct CatalogCommandTests {
    static let ids = ["four-dots", "three-dots", "airplane", "orbit", "balls"]

    func run(_ arguments: [String]) -> (status: Int32?, capture: Capture) {
        let r = runCommand(arguments, source: CatalogSceneSource())
        return (r.status, r.capture)
    }

    /// The inspect JSON of `arguments`, parsed.
    func inspect(_ arguments: [String]) throws -> [String: Any] {
        let (status, capture) = run(["inspect"] + arguments)
        #expect(status == 0, "\(capture.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
    }

    /// Every layer of the tree by name (the first of each name, depth first).
    func layers(_ json: [String: Any]) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        func visit(_ layer: [String: Any]) {
            if let name = layer["name"] as? String, found[name] == nil { found[name] = layer }
            for sub in layer["sublayers"] as? [[String: Any]] ?? [] { visit(sub) }
        }
        if let root = json["root"] as? [String: Any] { visit(root) }
        return found
    }

    /// Where a layer's bounds centre lands in the root's coordinates, through its toRoot.
    func centre(_ layer: [String: Any]?) throws -> Point {
        let layer = try #require(layer)
        let b = try #require((layer["bounds"] as? [NSNumber])?.map(\.doubleValue))
        let m = try #require((layer["toRoot"] as? [NSNumber])?.map(\.doubleValue))
        let x = b[0] + b[2] / 2
        let y = b[1] + b[3] / 2
        return Point(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
    }

    func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test func listShowsTheFiveLoaders() {
        let (status, capture) = run(["list"])
        #expect(status == 0)
        let lines = capture.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0.first } == Self.ids)
        #expect(lines.map { $0.last } == ["header", "header", "header", "standalone", "standalone"])
    }

    @Test(arguments: ids)
    func renderAndInspectEveryLoader(id: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/\(id).png"
        let (status, capture) = run(["render", "--loader", id, "--time", "0.5", "--scale", "2", "--out", out])
        #expect(status == 0, "\(capture.err)")
        let image = try ImageSurface.load(png: out)
        let json = try inspect(["--loader", id, "--time", "0.5"])
        let size = try #require((json["size"] as? [NSNumber])?.map(\.doubleValue))
        #expect(image.width == Int((size[0] * 2).rounded(.up)))
        #expect(image.height == Int((size[1] * 2).rounded(.up)))
        let names: [String: [String]] = [
            "four-dots": ["header", "dot.top", "dot.left", "dot.bottom", "dot.right", "line"],
            "three-dots": ["header", "dot.1", "dot.2", "dot.3"],
            "airplane": ["header", "track", "airplane"],
            "orbit": ["outer", "dashes", "progress", "orbit", "ball", "anchorBall"],
            "balls": ["container", "ball.1", "ball.2", "ball.3"],
        ]
        let found = layers(json)
        for name in names[id]! {
            #expect(found[name] != nil, "\(id) has no layer named \(name)")
        }
    }

    /// Orbit: the 168-point parent centred in 200×200 carries the ball at its top centre,
    /// so at t = 0 the ball is at (100, 100 − 84) = (100, 16); the turn is 2π over 3 s,
    /// ease-in-ease-out, symmetric, so at 1.5 s it is half done (π) and the ball is at
    /// (100, 184).
    @Test func orbitBallFollowsTheParent() throws {
        let start = try centre(layers(try inspect(["--loader", "orbit", "--time", "0"]))["ball"])
        #expect(abs(start.x - 100) < 1e-6 && abs(start.y - 16) < 1e-6, "\(start)")
        let half = try centre(layers(try inspect(["--loader", "orbit", "--time", "1.5"]))["ball"])
        #expect(abs(half.x - 100) < 1e-6 && abs(half.y - 184) < 1e-6, "\(half)")
    }

    /// Four dots: below PullLen − 40 = 45 points the top dot's opacity is progress / 20.
    /// The refresh control's state is "pulling" only past the threshold (PullLen = 85).
    @Test func fourDotsTopDotFadesInWhilePulling() throws {
        let json = try inspect(["--loader", "four-dots", "--pull", "10"])
        #expect(number(layers(json)["dot.top"]?["opacity"]).map { abs($0 - 0.5) < 1e-9 } == true)
        #expect(json["state"] as? String == "idle")
        let past = try inspect(["--loader", "four-dots", "--pull", "100"])
        #expect(past["state"] as? String == "pulling")
    }

    /// Three dots: scale = clamp(pull / 40, 0, 1); the outer dots sit 20·scale either side of
    /// the middle one.
    @Test func threeDotsSpreadWithThePull() throws {
        let found = layers(try inspect(["--loader", "three-dots", "--pull", "20"]))
        let c1 = try centre(found["dot.1"])
        let c2 = try centre(found["dot.2"])
        let c3 = try centre(found["dot.3"])
        #expect(abs(c1.x - (c2.x - 10)) < 1e-6, "\(c1) \(c2)")
        #expect(abs(c3.x - (c2.x + 10)) < 1e-6, "\(c3) \(c2)")
    }

    /// Airplane: progress = pull / 110 drives the track's strokeEnd and the plane's opacity.
    @Test func airplaneTrackFollowsThePull() throws {
        let found = layers(try inspect(["--loader", "airplane", "--pull", "55"]))
        #expect(number(found["track"]?["strokeEnd"]).map { abs($0 - 0.5) < 1e-9 } == true)
        #expect(number(found["airplane"]?["opacity"]).map { abs($0 - 0.5) < 1e-9 } == true)
    }

    @Test func headersRefreshAndStandaloneLoadersRefuseAPull() throws {
        let json = try inspect(["--loader", "four-dots", "--refreshing", "--time", "0.5"])
        #expect(json["state"] as? String == "refreshing")
        let (status, capture) = run(["inspect", "--loader", "orbit", "--pull", "30"])
        #expect(status == 2)
        #expect(capture.err.count == 1 && capture.err[0].contains("--pull"))
    }

    @Test func sheetShowsAllFive() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/sheet.png"
        let (status, capture) = run(["sheet", "--out", out])
        #expect(status == 0, "\(capture.err)")
        let image = try ImageSurface.load(png: out)
        #expect(image.width > 3 * 100 && image.height > 2 * 100)
    }
}
