import Foundation
import LayerKit
import LayerKitCairo
import Testing

@testable import LoaderLab

/// `LottieExport`'s contract, piece by piece, on trees built here. Where a value is mapped, the
/// test maps points both ways — Core Animation's layer geometry and Lottie's transform, each
/// written out here — and compares where they land, rather than restating the exporter.
@Suite struct LottieExportTests {
    func settings(fps: Int = 10, size: Size = Size(width: 100, height: 80), scale: Double = 1)
        -> LottieExport.Settings
    {
        LottieExport.Settings(name: "test", size: size, framesPerSecond: fps, scale: scale)
    }

    /// The Lottie layers, by name.
    func layers(_ export: LottieExport) -> [String: [String: Any]] {
        let list = export.document["layers"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["nm"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// A property's value when it is not animated.
    func still(_ property: Any?) -> [Double]? {
        guard let p = property as? [String: Any], p["a"] as? Int == 0 else { return nil }
        if let list = p["k"] as? [Double] { return list }
        if let n = p["k"] as? Double { return [n] }
        if let n = p["k"] as? Int { return [Double(n)] }
        return nil
    }

    func layer(_ name: String, bounds: Rect, position: Point, anchor: Point = Point(x: 0.5, y: 0.5))
        -> PresentationLayer
    {
        var l = PresentationLayer(name: name)
        l.properties.bounds = bounds
        l.properties.position = position
        l.properties.anchorPoint = anchor
        return l
    }

    @Test func aLayersTransformPutsItsPointsWhereCoreAnimationDoes() throws {
        var child = layer(
            "child", bounds: Rect(x: 3, y: -2, width: 40, height: 20), position: Point(x: 70, y: 30))
        child.properties.anchorPoint = Point(x: 0.25, y: 0.75)
        child.properties.transform = Transform3D(rotationZ: .pi / 6).scaledBy(x: 2, y: -0.5)
            .concatenating(Transform3D(translationX: 5, y: 6))
        var root = layer(
            "root", bounds: Rect(x: 0, y: 0, width: 100, height: 80), position: Point(x: 50, y: 40))
        root.sublayers = [child]
        let export = LottieExport(frames: [root], settings: settings())
        let ks = try #require(layers(export)["child"]?["ks"] as? [String: Any])
        let a = try #require(still(ks["a"]))
        let p = try #require(still(ks["p"]))
        let r = try #require(still(ks["r"]))[0] * .pi / 180
        let s = try #require(still(ks["s"])).map { $0 / 100 }
        for (x, y) in [(3.0, -2.0), (43, 18), (10, 5), (-7, 30)] {
            // Core Animation: position + transform applied to the offset from the anchor, in
            // the transform's row-vector form.
            let t = child.properties.transform
            let b = child.properties.bounds
            let (ax, ay) = (b.minX + 0.25 * b.width, b.minY + 0.75 * b.height)
            let (dx, dy) = (x - ax, y - ay)
            let caX = 70 + dx * t.m11 + dy * t.m21 + t.m41
            let caY = 30 + dx * t.m12 + dy * t.m22 + t.m42
            // Lottie: translate(p) · rotate(r) · scale(s) · translate(−a), clockwise on screen.
            let (sx, sy) = ((x - a[0]) * s[0], (y - a[1]) * s[1])
            let lottieX = p[0] + sx * cos(r) - sy * sin(r)
            let lottieY = p[1] + sx * sin(r) + sy * cos(r)
            #expect(abs(caX - lottieX) < 1e-3 && abs(caY - lottieY) < 1e-3, "(\(x), \(y))")
        }
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    @Test func opacityIsTheProductOfTheAncestorsAndHidingMakesItZero() throws {
        var leaf = layer("leaf", bounds: Rect(x: 0, y: 0, width: 4, height: 4), position: .zero)
        leaf.properties.opacity = 0.5
        var middle = layer("middle", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        middle.properties.opacity = 0.4
        middle.sublayers = [leaf]
        var root = layer("root", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        root.sublayers = [middle]
        var hidden = root
        hidden.sublayers[0].properties.isHidden = true
        let export = LottieExport(frames: [root, hidden], settings: settings())
        let ks = try #require(layers(export)["leaf"]?["ks"] as? [String: Any])
        let keyframes = try #require((ks["o"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect(keyframes.map { ($0["s"] as? [Double])?.first } == [20, 0])
    }

    @Test func aLinearChangeIsTwoKeyframesAndACurveKeepsWhatALineMisses() throws {
        let line = (0...20).map { [Double($0) * 1.5] }
        #expect(LottieProperty.keptFrames(line, tolerance: 0.01) == [0, 20])
        // An ease-in-out curve: every frame left out is within the tolerance of the line
        // through the kept frames on either side (checked here by interpolating them).
        let curve = (0...60).map { k -> [Double] in
            let x = Double(k) / 60
            return [100 * x * x * (3 - 2 * x)]
        }
        let tolerance = 0.01
        let kept = LottieProperty.keptFrames(curve, tolerance: tolerance)
        #expect(kept.first == 0 && kept.last == 60 && kept.count > 2 && kept.count < 61)
        for (a, b) in zip(kept, kept.dropFirst()) {
            for m in a...b {
                let f = Double(m - a) / Double(b - a)
                let between = curve[a][0] + (curve[b][0] - curve[a][0]) * f
                #expect(abs(between - curve[m][0]) <= tolerance + 1e-12, "frame \(m)")
            }
        }
        // A jump between two frames keeps both sides of it.
        let step = (0...10).map { [$0 < 5 ? 0.0 : 1.0] }
        #expect(LottieProperty.keptFrames(step, tolerance: 0.01) == [0, 4, 5, 10])
    }

    @Test func pathsAreVerticesWithTangentsAndAClosedSubpathEndsWhereItBegan() {
        let path = Path(elements: [
            .move(to: Point(x: 0, y: 0)),
            .line(to: Point(x: 10, y: 0)),
            .cubic(to: Point(x: 10, y: 10), control1: Point(x: 15, y: 2), control2: Point(x: 14, y: 9)),
            .line(to: Point(x: 0, y: 0)),
            .close,
            .quad(to: Point(x: 6, y: 3), control: Point(x: 3, y: 6)),
        ])
        let subpaths = LottieSubpath.subpaths(of: path)
        #expect(subpaths.count == 2)
        let square = subpaths[0]
        #expect(square.closed)
        // The closing line back to (0, 0) folds into the first vertex.
        #expect(square.vertices == [[0, 0], [10, 0], [10, 10]])
        #expect(square.outTangents == [[0, 0], [5, 2], [0, 0]])
        #expect(square.inTangents == [[0, 0], [0, 0], [4, -1]])
        // After a close, drawing goes on from the subpath's start; a quadratic curve's
        // controls are two thirds of the way to its control point.
        let curve = subpaths[1]
        #expect(!curve.closed && curve.vertices == [[0, 0], [6, 3]])
        #expect(curve.outTangents[0] == [2, 4])
        #expect(curve.inTangents[1] == [-2, 2])
    }

    @Test func strokeEndTrimsTheStrokeOnlyAndTheBorderIsALayerOverTheSublayers() throws {
        var ring = layer(
            "ring", bounds: Rect(x: 0, y: 0, width: 50, height: 50), position: Point(x: 50, y: 40))
        ring.shape = ShapeProperties()
        ring.shape!.path = .oval(in: Rect(x: 0, y: 0, width: 50, height: 50))
        ring.shape!.fillColor = Color(red: 1, green: 0, blue: 0)
        ring.shape!.strokeColor = Color(red: 0, green: 0, blue: 1)
        ring.shape!.lineWidth = 4
        ring.shape!.strokeEnd = 0.25
        var root = layer(
            "root", bounds: Rect(x: 0, y: 0, width: 100, height: 80), position: Point(x: 50, y: 40))
        root.properties.borderWidth = 2
        root.properties.borderColor = Color(red: 0, green: 1, blue: 0)
        root.sublayers = [ring]
        let export = LottieExport(frames: [root], settings: settings())
        let shapes = try #require(layers(export)["ring"]?["shapes"] as? [[String: Any]])
        #expect(shapes.map { $0["nm"] as? String } == ["stroke", "fill"])
        let strokeItems = (shapes[0]["it"] as? [[String: Any]] ?? []).map { $0["ty"] as? String }
        let fillItems = (shapes[1]["it"] as? [[String: Any]] ?? []).map { $0["ty"] as? String }
        #expect(strokeItems == ["sh", "tm", "st", "tr"])
        #expect(fillItems == ["sh", "fl", "tr"])
        // Drawing order, the top first: the border, then the ring, then the root.
        let names = (export.document["layers"] as? [[String: Any]] ?? []).map { $0["nm"] as? String }
        #expect(names == ["root border", "ring", "root", "scale"])
    }

    @Test func whatDoesNotMapIsNamedOncePerLayer() {
        var card = layer("card", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        card.properties.transform = Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.5, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        card.properties.shadowOpacity = 0.5
        // A turn about x without perspective is in 3D: flattened, exactly, with no note.
        var flat = layer("flat", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero)
        flat.properties.transform = Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0)
        card.sublayers = [flat]
        let export = LottieExport(frames: [card, card], settings: settings())
        #expect(
            export.notes == [
                "'card': a skew is written as rotation and scale only",
                "'card': the shadow is cast by the background, shape and text only",
            ])
    }

    /// A shadow is the drop shadow effect: colour, opacity out of 255, and the offset as a
    /// direction clockwise from up and a distance, which put the shadow where the offset does.
    @Test func aShadowIsTheDropShadowEffect() throws {
        var ball = layer(
            "ball", bounds: Rect(x: 0, y: 0, width: 20, height: 20), position: Point(x: 50, y: 40))
        ball.properties.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
        ball.properties.shadowColor = Color(red: 0.2, green: 0, blue: 0.4, alpha: 0.5)
        ball.properties.shadowOpacity = 0.6
        ball.properties.shadowOffset = Size(width: 3, height: 4)
        ball.properties.shadowRadius = 2
        let export = LottieExport(frames: [ball, ball], settings: settings())
        let effects = try #require(layers(export)["ball"]?["ef"] as? [[String: Any]])
        try #require(effects.count == 1)
        #expect(effects[0]["ty"] as? Int == 25)
        let values = try #require(effects[0]["ef"] as? [[String: Any]])
        func value(_ name: String) throws -> [Double] {
            let entry = try #require(values.first { $0["nm"] as? String == name })
            return try #require(still(entry["v"]))
        }
        #expect(try value("Shadow Color") == [0.2, 0, 0.4, 1])
        #expect(abs(try value("Opacity")[0] - 0.5 * 0.6 * 255) < 1e-3)
        // Clockwise from up: (d·sin a, −d·cos a) is the offset on screen, y down.
        let a = try value("Direction")[0] * .pi / 180
        let d = try value("Distance")[0]
        #expect(abs(d * sin(a) - 3) < 1e-3 && abs(-d * cos(a) - 4) < 1e-3)
        #expect(abs(try value("Softness")[0] - 2 / 0.3) < 1e-3)
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    /// A layer that clips its sublayers, or has a mask, is a composition of its own shown by a
    /// layer in its place; the mask is another, over it as its alpha matte. Inside, the layer's
    /// space is moved so its bounds start at the margin, and the composition layer's anchor
    /// moves with it, so that its points land where they did.
    @Test func clippingAndMaskedLayersAreCompositionsOfTheirOwn() throws {
        var card = layer(
            "card", bounds: Rect(x: 5, y: -5, width: 60, height: 50), position: Point(x: 40, y: 35))
        card.properties.masksToBounds = true
        card.properties.cornerRadius = 12
        card.sublayers = [
            layer("disc", bounds: Rect(x: 0, y: 0, width: 50, height: 50), position: Point(x: 60, y: 15))
        ]
        var mask = PresentationLayer(name: "ring")
        mask.properties.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        card.mask = mask
        var root = layer(
            "root", bounds: Rect(x: 0, y: 0, width: 100, height: 80), position: Point(x: 50, y: 40))
        root.sublayers = [card]
        let export = LottieExport(frames: [root], settings: settings())
        let top = export.document["layers"] as? [[String: Any]] ?? []
        #expect(top.map { $0["nm"] as? String } == ["card mask", "card", "root", "scale"])
        let (matte, shown) = (top[0], top[1])
        #expect(matte["ty"] as? Int == 0 && matte["td"] as? Int == 1 && shown["tt"] as? Int == 1)
        #expect(shown["ty"] as? Int == 0 && shown["hasMask"] as? Bool == true)
        let margin = 100.0
        #expect(shown["w"] as? Int == Int(60 + 2 * margin) && shown["h"] as? Int == Int(50 + 2 * margin))
        let assets = export.document["assets"] as? [[String: Any]] ?? []
        let inside = try #require(assets.first { $0["id"] as? String == shown["refId"] as? String })
        let insideLayers = inside["layers"] as? [[String: Any]] ?? []
        #expect(insideLayers.map { $0["nm"] as? String } == ["disc", "card"])
        // A point of the card's space, (x, y), goes to (x, y) − origin + margin inside; the
        // composition layer then puts that where the card put (x, y).
        let shownKs = try #require(shown["ks"] as? [String: Any])
        let innerKs = try #require(insideLayers.last?["ks"] as? [String: Any])
        let a = try #require(still(shownKs["a"]))
        let p = try #require(still(shownKs["p"]))
        let innerAnchor = try #require(still(innerKs["a"]))
        for (x, y) in [(5.0, -5.0), (65, 45), (20, 10)] {
            let inner = (x - innerAnchor[0], y - innerAnchor[1])
            let placed = (p[0] + inner.0 - a[0], p[1] + inner.1 - a[1])
            // Core Animation: position + (point − anchor), anchor = origin + half the size.
            let expected = (40 + x - (5 + 30), 35 + y - (-5 + 25))
            #expect(abs(placed.0 - expected.0) < 1e-9 && abs(placed.1 - expected.1) < 1e-9, "(\(x), \(y))")
        }
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    @Test func theDocumentHasTheRateLengthAndSizeAndTypeComesFirst() throws {
        let root = layer(
            "root", bounds: Rect(x: 0, y: 0, width: 100, height: 80), position: Point(x: 50, y: 40))
        let export = LottieExport(frames: [root, root, root], settings: settings(fps: 30, scale: 1.5))
        let text = String(decoding: export.json(), as: UTF8.self)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["fr"] as? Int == 30 && parsed["op"] as? Int == 3 && parsed["ip"] as? Int == 0)
        #expect(parsed["w"] as? Int == 150 && parsed["h"] as? Int == 120)
        #expect(parsed["v"] as? String == "5.7.0")
        #expect(text.contains("{\"ty\":3,"))
    }

    /// A picture that changes is an image layer per run of frames, each picture embedded once
    /// (the same pixels from another file are the same asset).
    @Test func changingContentsAreOneImageLayerPerRun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func png(_ name: String, _ colour: Color) throws -> String {
            let surface = try ImageSurface(width: 4, height: 4)
            let canvas = try Canvas(surface: surface)
            canvas.clear(color: colour)
            try surface.writePNG(to: dir + "/" + name)
            return dir + "/" + name
        }
        let red = try png("red.png", Color(red: 1, green: 0, blue: 0))
        let blue = try png("blue.png", Color(red: 0, green: 0, blue: 1))
        let sameRed = try png("red-again.png", Color(red: 1, green: 0, blue: 0))
        func frame(_ path: String) -> PresentationLayer {
            var l = layer("badge", bounds: Rect(x: 0, y: 0, width: 8, height: 8), position: Point(x: 4, y: 4))
            l.properties.contents = ImageReference(path: path)
            return l
        }
        let export = LottieExport(
            frames: [frame(red), frame(sameRed), frame(blue), frame(blue)], settings: settings())
        let assets = try #require(export.document["assets"] as? [[String: Any]])
        #expect(assets.count == 2)
        let images = (export.document["layers"] as? [[String: Any]] ?? []).filter { $0["ty"] as? Int == 2 }
        #expect(images.map { [$0["ip"] as? Int, $0["op"] as? Int] } == [[0, 2], [2, 4]])
        #expect(
            Set(images.compactMap { $0["refId"] as? String })
                == Set(assets.compactMap { $0["id"] as? String }))
        // Drawn at twice its size: 4 pixels into 8 points.
        let ks = try #require(images.first?["ks"] as? [String: Any])
        #expect(still(ks["s"]) == [200, 200] && still(ks["p"]) == [0, 0])
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    /// An elliptical radial gradient is a circular one in a space squashed to make it round:
    /// mapped back through the group's scale, its centre and its edge land where Core
    /// Animation puts them.
    @Test func anEllipticalRadialGradientIsACircleInASquashedSpace() throws {
        var l = layer("glow", bounds: Rect(x: 0, y: 0, width: 80, height: 40), position: Point(x: 40, y: 20))
        var g = GradientProperties()
        g.type = .radial
        g.colors = [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0, alpha: 0.5)]
        g.startPoint = Point(x: 0.5, y: 0.5)
        g.endPoint = Point(x: 1, y: 1)
        l.gradient = g
        let export = LottieExport(frames: [l], settings: settings())
        let shapes = try #require(layers(export)["glow"]?["shapes"] as? [[String: Any]])
        let items = try #require(
            shapes.first(where: { $0["nm"] as? String == "gradient" })?["it"] as? [[String: Any]])
        let fill = try #require(items.first(where: { $0["ty"] as? String == "gf" }))
        let squash = try #require(still(items.last?["s"])).map { $0 / 100 }
        #expect(fill["t"] as? Int == 2)
        let start = try #require(still(fill["s"]))
        let end = try #require(still(fill["e"]))
        // Centre (40, 20), half-axes 40 and 20: the circle's centre and its rightmost point,
        // scaled back, are the ellipse's centre and the end of its horizontal half-axis; its
        // radius scaled vertically is the vertical half-axis.
        #expect([start[0] * squash[0], start[1] * squash[1]] == [40, 20])
        #expect([end[0] * squash[0], end[1] * squash[1]] == [80, 20])
        #expect((end[0] - start[0]) * squash[1] == 20)
        // Two stops: locations with red, green, blue, then locations with opacity.
        let stops = try #require(fill["g"] as? [String: Any])
        #expect(stops["p"] as? Int == 2)
        #expect(still(stops["k"]) == [0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0.5])
    }

    /// A conic gradient is 180 wedges about its centre, each in the gradient's colour at its
    /// middle (a straight blend of the two stops, worked out here), clipped to the bounds in a
    /// composition of its own.
    @Test func aConicGradientIsWedgesClippedToTheBounds() throws {
        var l = layer("wheel", bounds: Rect(x: 0, y: 0, width: 60, height: 40), position: Point(x: 30, y: 20))
        var g = GradientProperties()
        g.type = .conic
        g.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
        g.startPoint = Point(x: 0.5, y: 0.5)
        g.endPoint = Point(x: 1, y: 0.5)
        l.gradient = g
        let export = LottieExport(frames: [l], settings: settings())
        #expect(export.notes.isEmpty, "\(export.notes)")
        let shown = try #require((export.document["layers"] as? [[String: Any]])?.first)
        #expect(shown["ty"] as? Int == 0 && shown["hasMask"] as? Bool == true)
        let assets = export.document["assets"] as? [[String: Any]] ?? []
        let inside = try #require(assets.first { $0["id"] as? String == shown["refId"] as? String })
        let wheel = try #require((inside["layers"] as? [[String: Any]])?.first)
        let groups = try #require(wheel["shapes"] as? [[String: Any]])
        #expect(groups.count == 180)
        for i in [0, 45, 179] {
            let group = try #require(groups.first { $0["nm"] as? String == "wedge \(i)" })
            let fill = try #require((group["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "fl" })
            let t = (Double(i) + 0.5) / 180
            let colour = try #require(still(fill["c"]))
            #expect(abs(colour[0] - (1 - t)) < 1e-3 && abs(colour[2] - t) < 1e-3, "wedge \(i): \(colour)")
        }
    }
}
