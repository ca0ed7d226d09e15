import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import Testing

/// `inspect --animations` and `timeline` on the real loaders, against the originals' animations.
@Suite struct TimelineCommandTests {
    func run(_ arguments: [String]) -> (status: Int32?, capture: Capture) {
        let r = runCommand(arguments, source: CatalogSceneSource())
        return (r.status, r.capture)
    }

    func inspect(_ arguments: [String]) throws -> [String: Any] {
        let (status, capture) = run(["inspect"] + arguments)
        #expect(status == 0, "\(capture.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
    }

    /// Every layer of the tree, depth first.
    func allLayers(_ json: [String: Any]) -> [[String: Any]] {
        var found: [[String: Any]] = []
        func visit(_ layer: [String: Any]) {
            found.append(layer)
            for sub in layer["sublayers"] as? [[String: Any]] ?? [] { visit(sub) }
        }
        if let root = json["root"] as? [String: Any] { visit(root) }
        return found
    }

    func named(_ json: [String: Any], _ name: String) -> [String: Any]? {
        allLayers(json).first { $0["name"] as? String == name }
    }

    func animations(_ layer: [String: Any]?) -> [[String: Any]] {
        layer?["animations"] as? [[String: Any]] ?? []
    }

    func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
    func numbers(_ value: Any?) -> [Double]? { (value as? [NSNumber])?.map(\.doubleValue) }

    /// The orbit ring (CPMatchingView): the ring's strokeEnd 0 → 1 and the parent's rotation
    /// by 2π, both 3 s, repeating forever, ease-in-ease-out (0.42, 0, 0.58, 1); the ring's
    /// fills forwards and stays on completion.
    @Test func orbitListsItsTwoAnimations() throws {
        let json = try inspect(["--loader", "orbit", "--time", "1", "--animations"])
        #expect(number(json["rootTime"]) == 1)
        let everything = allLayers(json).flatMap { animations($0) }
        #expect(everything.count == 2)
        #expect(allLayers(json).allSatisfy { $0["animations"] is [Any] })

        let ring = try #require(animations(named(json, "progress")).first)
        #expect(ring["key"] as? String == "strokeEndAnimation")
        #expect(ring["keyPath"] as? String == "strokeEnd")
        #expect(ring["kind"] as? String == "basic")
        #expect(ring["origin"] as? String == "explicit")
        #expect(number(ring["duration"]) == 3)
        // Repeating forever: infinity, which JSON writes as null.
        #expect(ring["repeatCount"] is NSNull && ring["activeDuration"] is NSNull)
        #expect(numbers(ring["timingFunction"]) == [0.42, 0, 0.58, 1])
        #expect(number(ring["from"]) == 0 && number(ring["to"]) == 1 && ring["by"] is NSNull)
        #expect(ring["fillMode"] as? String == "forwards")
        #expect(ring["removedOnCompletion"] as? Bool == false)
        // Started with the loader at 0; one second later.
        #expect(number(ring["beginTime"]) == 0 && number(ring["localTime"]) == 1)

        let turn = try #require(animations(named(json, "orbit")).first)
        #expect(turn["keyPath"] as? String == "transform.rotation")
        #expect(number(turn["duration"]) == 3)
        #expect(turn["repeatCount"] is NSNull)
        #expect(numbers(turn["timingFunction"]) == [0.42, 0, 0.58, 1])
        #expect(number(turn["by"]).map { abs($0 - 2 * Double.pi) < 1e-12 } == true)
        #expect(turn["from"] is NSNull && turn["to"] is NSNull)
    }

    @Test func withoutTheFlagTheDocumentIsUnchanged() throws {
        let json = try inspect(["--loader", "orbit", "--time", "1"])
        #expect(json["rootTime"] == nil)
        #expect(allLayers(json).allSatisfy { $0["animations"] == nil })
    }

    /// Three dots (Boss直聘): each dot blinks 1, 0, 1, 1 over 1 s forever, the second and
    /// third starting 0.25 s and 0.5 s after the first.
    @Test func threeDotsBlinkInAWave() throws {
        let json = try inspect(["--loader", "three-dots", "--refreshing", "--time", "1", "--animations"])
        let dots = try ["dot.1", "dot.2", "dot.3"].map { try #require(animations(named(json, $0)).first) }
        for dot in dots {
            #expect(dot["keyPath"] as? String == "opacity")
            #expect(dot["kind"] as? String == "keyframe")
            #expect(number(dot["duration"]) == 1)
            #expect(numbers(dot["values"]) == [1, 0, 1, 1])
            #expect(dot["keyTimes"] is NSNull)
            let times = try #require(numbers(dot["keyframeTimes"]))
            #expect(
                zip(times, [0, 1.0 / 3, 2.0 / 3, 1]).allSatisfy { abs($0 - $1) < 1e-12 } && times.count == 4)
        }
        let begins = dots.compactMap { number($0["beginTime"]) }
        #expect(abs(begins[1] - begins[0] - 0.25) < 1e-9 && abs(begins[2] - begins[0] - 0.5) < 1e-9)
    }

    /// Airplane: the track's stroke group (1.5 s, repeating for 5 s) with strokeStart −0.5 → 1
    /// and strokeEnd 0 → 1, which take the group's duration.
    @Test func airplaneGroupsListTheirChildren() throws {
        let json = try inspect(["--loader", "airplane", "--refreshing", "--time", "1", "--animations"])
        let group = try #require(animations(named(json, "track")).first)
        #expect(group["kind"] as? String == "group")
        #expect(number(group["duration"]) == 1.5 && number(group["repeatDuration"]) == 5)
        #expect(number(group["activeDuration"]) == 5)
        let children = try #require(group["animations"] as? [[String: Any]])
        #expect(children.map { $0["keyPath"] as? String } == ["strokeStart", "strokeEnd"])
        #expect(number(children[0]["from"]) == -0.5 && number(children[0]["to"]) == 1)
        #expect(children.allSatisfy { number($0["duration"]) == 1.5 && $0["localTime"] == nil })
        let flight = try #require(animations(named(json, "airplane")).first)
        let parts = try #require(flight["animations"] as? [[String: Any]])
        #expect(parts.first?["calculationMode"] as? String == "paced")
        #expect(parts.first?["path"] is [String: Any])
    }

    @Test(arguments: ["four-dots", "three-dots", "airplane", "orbit", "balls"])
    func timelinePictures(id: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/\(id).png"
        let header = ["four-dots", "three-dots", "airplane"].contains(id)
        let state = header ? ["--refreshing", "--time", "1"] : ["--time", "1.5"]
        let (status, capture) = run(
            ["timeline", "--loader", id] + state + ["--width", "500", "--scale", "2", "--out", out])
        #expect(status == 0, "\(capture.err)")
        let image = try ImageSurface.load(png: out)
        // One row per animation and per group child, as the inspect JSON lists them.
        let json = try inspect(["--loader", id] + state + ["--animations"])
        let tops = allLayers(json).flatMap { animations($0) }
        let rows = tops.count + tops.map { ($0["animations"] as? [Any])?.count ?? 0 }.reduce(0, +)
        #expect(rows > 0)
        #expect(image.width == 1000)
        #expect(image.height == Int((TimelineGeometry.height(rows: rows) * 2).rounded(.up)))
    }

    @Test func timelineOfOrbitDrawsItsBarsAndPlayhead() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/orbit.png"
        #expect(run(["timeline", "--loader", "orbit", "--time", "1.5", "--out", out]).status == 0)
        let image = try ImageSurface.load(png: out)
        #expect(image.width == 720)
        func count(_ r: Int, _ g: Int, _ b: Int, rowsFrom y0: Int, to y1: Int) -> Int {
            var n = 0
            for y in y0..<y1 {
                for x in 0..<image.width {
                    guard let p = image.pixel(x: x, y: y) else { continue }
                    if abs(Int(p.red) - r) < 12 && abs(Int(p.green) - g) < 12 && abs(Int(p.blue) - b) < 12 {
                        n += 1
                    }
                }
            }
            return n
        }
        // The playhead's red, and both rows' basic-animation blue curves.
        #expect(count(255, 80, 90, rowsFrom: 0, to: image.height) > 20)
        let top = Int(TimelineGeometry.headerHeight + TimelineGeometry.axisHeight)
        let row = Int(TimelineGeometry.rowHeight)
        #expect(count(110, 160, 255, rowsFrom: top, to: top + row) > 100)
        #expect(count(110, 160, 255, rowsFrom: top + row, to: top + 2 * row) > 100)
    }

    @Test func timelineArguments() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/t.png"
        for (arguments, word) in [
            (["--loader", "orbit", "--width", "239", "--out", out], "--width"),
            (["--loader", "orbit", "--width", "wide", "--out", out], "--width"),
            (["--loader", "orbit", "--width", "4000", "--scale", "4", "--out", out], "--width"),
            (["--loader", "orbit"], "--out"),
            (["--loader", "orbit", "--pull", "20", "--out", out], "--pull"),
            (["--loader", "nope", "--out", out], "--loader"),
            (["--loader", "orbit", "--frames", "2", "--out", out], "--frames"),
        ] {
            let (status, capture) = run(["timeline"] + arguments)
            #expect(status == 2, "\(arguments)")
            #expect(capture.err.count == 1 && capture.err[0].contains(word), "\(capture.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        let (status, capture) = run(["timeline", "--loader", "orbit", "--out", dir + "/missing/t.png"])
        #expect(status == 1 && capture.err.count == 1)
        #expect(run(["help", "timeline"]).capture.out.contains("--width W"))
        let overview = run(["help"]).capture.out
        #expect(overview.contains("loaderlab timeline") && overview.contains("--animations"))
        #expect(run(["help", "inspect"]).capture.out.contains("--animations"))
    }
}
