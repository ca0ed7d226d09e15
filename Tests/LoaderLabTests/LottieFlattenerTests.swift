import Foundation
import LayerKit
import Testing

@testable import LoaderLab

/// Layers placed in 3D, exported as outlines in their superlayer's plane (`LottieFlattener`),
/// and the sublayer transform as a null. Where a point is projected, the test projects it with
/// Core Animation's matrices written out here.
@Suite struct LottieFlattenerTests {
    let settings = LottieExport.Settings(
        name: "test", size: Size(width: 100, height: 80), framesPerSecond: 10, scale: 1)

    func layer(_ name: String, size: Double, position: Point, colour: Color? = nil) -> PresentationLayer {
        var l = PresentationLayer(name: name)
        l.properties.bounds = Rect(x: 0, y: 0, width: size, height: size)
        l.properties.position = position
        l.properties.backgroundColor = colour
        return l
    }

    func root(_ sublayers: [PresentationLayer]) -> PresentationLayer {
        var r = PresentationLayer(name: "root")
        r.properties.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        r.properties.position = Point(x: 50, y: 40)
        r.sublayers = sublayers
        return r
    }

    func lottieLayer(_ export: LottieExport, _ name: String) throws -> [String: Any] {
        let list = export.document["layers"] as? [[String: Any]] ?? []
        return try #require(list.first { $0["nm"] as? String == name })
    }

    /// The pieces' groups of a flattened layer, the top first: each with its subpaths' vertices
    /// and its fill's colour at frame `k` (held values and keyframes alike).
    func pieces(_ layer: [String: Any], frame k: Int = 0) throws -> [(
        vertices: [[[Double]]], colour: [Double]
    )] {
        let groups = try #require(layer["shapes"] as? [[String: Any]])
        return try groups.map { group in
            let items = try #require(group["it"] as? [[String: Any]])
            let paths = try items.filter { $0["ty"] as? String == "sh" }.map { item -> [[Double]] in
                let ks = try #require(item["ks"] as? [String: Any])
                let value = try #require(at(ks, frame: k) as? [String: Any])
                return try #require(value["v"] as? [[Double]])
            }
            let fill = try #require(items.first { $0["ty"] as? String == "fl" })
            let (colour, opacity) = (fill["c"] as? [String: Any] ?? [:], fill["o"] as? [String: Any] ?? [:])
            let c = try #require(at(colour, frame: k) as? [Double])
            let o = try #require(at(opacity, frame: k) as? [Double])
            return (paths, Array(c.prefix(3)) + [o[0] / 100])
        }
    }

    /// An animatable property's value at keyframe time `k` (or its still value).
    func at(_ property: [String: Any], frame k: Int) -> Any? {
        if property["a"] as? Int == 0 {
            if let n = property["k"] as? Double { return [n] }
            if let n = property["k"] as? Int { return [Double(n)] }
            return property["k"]
        }
        let frames = property["k"] as? [[String: Any]] ?? []
        let key = frames.last { ($0["t"] as? Int ?? 0) <= k }
        let value = (key?["s"] as? [Any])
        return value?.count == 1 && !(value?[0] is Double) ? value?[0] : value
    }

    @Test func aLayerInPerspectiveIsItsProjectedOutline() throws {
        // Turned 60° about y, then seen with perspective (m34 = −1/500): the product written out
        // (Core Animation's row vectors: rotation, then perspective).
        let (c, s, d) = (cos(Double.pi / 3), sin(Double.pi / 3), 500.0)
        var card = layer(
            "card", size: 40, position: Point(x: 50, y: 40), colour: Color(red: 1, green: 0, blue: 0))
        card.properties.transform = Transform3D(
            m11: c, m12: 0, m13: -s, m14: s / d, m21: 0, m22: 1, m23: 0, m24: 0, m31: s, m32: 0, m33: c,
            m34: -c / d, m41: 0, m42: 0, m43: 0, m44: 1)
        let export = LottieExport(frames: [root([card])], settings: settings)
        let shapes = try pieces(try lottieLayer(export, "card"))
        try #require(shapes.count == 1)
        #expect(shapes[0].colour == [1, 0, 0, 1])
        // A corner (x, y) of the bounds, from the anchor (20, 20): x' = dx·cos, w = 1 + dx·sin/500.
        let expected = [(0.0, 0.0), (40, 0), (40, 40), (0, 40)].map { x, y -> [Double] in
            let (dx, dy) = (x - 20, y - 20)
            let w = 1 + dx * s / d
            return [dx * c / w + 50, dy / w + 40]
        }
        let vertices = try #require(shapes[0].vertices.first)
        #expect(vertices.count == 4)
        for corner in expected {
            #expect(
                vertices.contains { abs($0[0] - corner[0]) < 1e-3 && abs($0[1] - corner[1]) < 1e-3 },
                "\(corner) in \(vertices)")
        }
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    /// A transform layer's sublayers are drawn back to front by depth at each frame, whatever
    /// their order in the array; one turned away that is single-sided is not drawn.
    @Test func aTransformLayersSublayersArePiecesBackToFrontEachFrame() throws {
        func frame(redDepth: Double) -> PresentationLayer {
            var box = PresentationLayer(name: "box")
            box.isTransformLayer = true
            box.properties.position = Point(x: 50, y: 40)
            var blue = layer("blue", size: 20, position: .zero, colour: Color(red: 0, green: 0, blue: 1))
            blue.properties.zPosition = 0
            var red = layer(
                "red", size: 20, position: Point(x: 5, y: 5), colour: Color(red: 1, green: 0, blue: 0))
            red.properties.zPosition = redDepth
            var away = layer("away", size: 20, position: .zero, colour: Color(red: 0, green: 1, blue: 0))
            away.properties.transform = Transform3D(
                m11: -1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: -1,
                m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
            away.properties.isDoubleSided = false
            box.sublayers = [red, away, blue]
            return root([box])
        }
        let export = LottieExport(frames: [frame(redDepth: 10), frame(redDepth: -10)], settings: settings)
        let box = try lottieLayer(export, "box")
        // The top first: at frame 0 red is nearer (on top), at frame 1 blue is.
        let first = try pieces(box, frame: 0)
        let second = try pieces(box, frame: 1)
        #expect(first.map(\.colour) == [[1, 0, 0, 1], [0, 0, 1, 1]])
        #expect(second.map(\.colour) == [[0, 0, 1, 1], [1, 0, 0, 1]])
    }

    /// The border is the region between the rounded bounds and the rounded rectangle inset by
    /// the border's width, the inner outline wound the other way (so the non-zero rule leaves it
    /// empty); it is drawn over the sublayers.
    @Test func aBorderInThreeDIsARingWoundBothWaysOverTheSublayers() throws {
        var box = PresentationLayer(name: "box")
        box.isTransformLayer = true
        var face = layer("face", size: 30, position: Point(x: 40, y: 40), colour: Color(white: 0.5, alpha: 1))
        face.properties.cornerRadius = 6
        face.properties.borderWidth = 4
        face.properties.borderColor = Color(red: 1, green: 1, blue: 1)
        face.sublayers = [
            layer("dot", size: 10, position: Point(x: 15, y: 15), colour: Color(red: 1, green: 0, blue: 0))
        ]
        box.sublayers = [face]
        let export = LottieExport(frames: [root([box])], settings: settings)
        let shapes = try pieces(try lottieLayer(export, "box"))
        // The top first: border, dot, background.
        #expect(shapes.map(\.colour) == [[1, 1, 1, 1], [1, 0, 0, 1], [0.5, 0.5, 0.5, 1]])
        let ring = shapes[0].vertices
        try #require(ring.count == 2)
        func extent(_ v: [[Double]]) -> (Double, Double, Double, Double) {
            (v.map { $0[0] }.min()!, v.map { $0[1] }.min()!, v.map { $0[0] }.max()!, v.map { $0[1] }.max()!)
        }
        // Placed from (25, 25): the bounds, and the bounds 4 in.
        #expect(extent(ring[0]) == (25, 25, 55, 55))
        #expect(extent(ring[1]) == (29, 29, 51, 51))
        // Shoelace area of the vertices: opposite signs for opposite windings.
        func area(_ v: [[Double]]) -> Double {
            zip(v, v.dropFirst() + [v[0]]).reduce(0) { $0 + $1.0[0] * $1.1[1] - $1.1[0] * $1.0[1] } / 2
        }
        #expect(area(ring[0]) * area(ring[1]) < 0)
    }

    /// A curve's control points mapped by a projection stay near the curve's true image: a
    /// rounded corner of a face turned 80° in strong perspective, its true image sampled
    /// densely, is everywhere within 0.05 points of the exported curve.
    @Test func aCurvesProjectionStaysNearItsTrueImage() throws {
        let (c, s, d) = (cos(80 * Double.pi / 180), sin(80 * Double.pi / 180), 200.0)
        // Turned about y with perspective, the translation (100, 100) in the same matrix (so
        // divided by w with the rest).
        let map = ProjectiveTransform(
            flattening: Transform3D(
                m11: c, m12: 0, m13: -s, m14: s / d, m21: 0, m22: 1, m23: 0, m24: 0, m31: s, m32: 0, m33: c,
                m34: -c / d, m41: 100, m42: 100, m43: 0, m44: 1))
        func project(_ p: Point) -> Point {
            let w = 1 + p.x * s / d
            return Point(x: (p.x * c + 100) / w, y: (p.y + 100) / w)
        }
        let corner = Path.roundedRect(Rect(x: -40, y: -40, width: 80, height: 80), cornerRadius: 12)
        let projected = try #require(LottieFlattener.project(corner, map))
        // The exported curves, densely sampled.
        var exported: [Point] = []
        var last = Point.zero
        for element in projected.elements {
            switch element {
            case .move(let p): last = p
            case .line(let p):
                exported += (0...100).map { last + (p - last) * (Double($0) / 100) }
                last = p
            case .cubic(let p, let c1, let c2):
                exported += (0...100).map { i -> Point in
                    let t = Double(i) / 100
                    let u = 1 - t
                    return last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t)
                }
                last = p
            default: break
            }
        }
        // The true image: the original's points, projected one by one.
        var worst = 0.0
        var from = Point.zero
        for element in corner.elements {
            switch element {
            case .move(let p): from = p
            case .line(let p): from = p
            case .cubic(let p, let c1, let c2):
                for i in 0...50 {
                    let t = Double(i) / 50
                    let u = 1 - t
                    let q = project(
                        from * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                    worst = max(worst, exported.map { hypot($0.x - q.x, $0.y - q.y) }.min()!)
                }
                from = p
            default: break
            }
        }
        #expect(worst < 0.05, "\(worst)")
    }

    /// A sublayer transform is a null between the layer and its sublayers: the transform about
    /// the layer's anchor point. A sublayer's point lands where Core Animation puts it.
    @Test func anAffineSublayerTransformIsANullAboutTheAnchor() throws {
        var parent = layer("parent", size: 40, position: Point(x: 50, y: 40))
        parent.properties.sublayerTransform = Transform3D(rotationZ: .pi / 6).scaledBy(x: 2, y: 1)
            .concatenating(Transform3D(translationX: 3, y: -4))
        let child = layer("child", size: 10, position: Point(x: 30, y: 10))
        parent.sublayers = [child]
        let export = LottieExport(frames: [root([parent])], settings: settings)
        let null = try lottieLayer(export, "parent sublayers")
        let parentIndex = try #require(try lottieLayer(export, "parent")["ind"] as? Int)
        #expect(null["parent"] as? Int == parentIndex)
        #expect(try lottieLayer(export, "child")["parent"] as? Int == null["ind"] as? Int)
        let ks = try #require(null["ks"] as? [String: Any])
        func still(_ key: String) throws -> [Double] {
            let property = ks[key] as? [String: Any] ?? [:]
            return try #require(at(property, frame: 0) as? [Double])
        }
        let (a, p, r, sc) = (try still("a"), try still("p"), try still("r")[0] * .pi / 180, try still("s"))
        // A point (x, y) of the parent's bounds space where the sublayers are placed.
        for (x, y) in [(0.0, 0.0), (30, 10), (-5, 17)] {
            // Core Animation: about the anchor (20, 20), row vectors.
            let t = parent.properties.sublayerTransform
            let (dx, dy) = (x - 20, y - 20)
            let ca = (20 + dx * t.m11 + dy * t.m21 + t.m41, 20 + dx * t.m12 + dy * t.m22 + t.m42)
            // Lottie: translate(p) · rotate(r) · scale(s) · translate(−a).
            let (sx, sy) = ((x - a[0]) * sc[0] / 100, (y - a[1]) * sc[1] / 100)
            let lottie = (p[0] + sx * cos(r) - sy * sin(r), p[1] + sx * sin(r) + sy * cos(r))
            #expect(abs(ca.0 - lottie.0) < 1e-3 && abs(ca.1 - lottie.1) < 1e-3, "(\(x), \(y))")
        }
        #expect(export.notes.isEmpty, "\(export.notes)")
    }

    /// A path that changes structure is thinned within each run of one structure, and the last
    /// frame of a run holds (a path is not interpolated into another structure).
    @Test func aPathIsThinnedWithinEachRunOfOneStructure() throws {
        func line(_ x: Double, points: Int) -> LottieSubpath {
            LottieSubpath.subpaths(
                of: Path(
                    elements: [.move(to: Point(x: x, y: 0))]
                        + (1..<points).map { .line(to: Point(x: x, y: Double($0))) }))[0]
        }
        // Frames 0–4 a two-point line moving steadily, 5–9 a three-point one.
        let frames = (0..<10).map { k in line(Double(k), points: k < 5 ? 2 : 3) }
        let builder = LottieBuilder(settings: settings, frames: [], images: .shared)
        let property = builder.shapeProperty(frames)
        let keys = try #require(property["k"] as? [[String: Any]])
        #expect(keys.map { $0["t"] as? Int } == [0, 4, 5, 9])
        #expect(keys.map { $0["h"] as? Int } == [nil, 1, nil, nil])
    }
}
