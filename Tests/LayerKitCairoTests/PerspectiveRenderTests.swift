import Foundation
import LayerKit
import LayerKitCairo
import Testing

/// Layers placed with perspective or turned out of the plane, drawn: flattened into their
/// plane, then projected. Expected edges come from projecting corners by hand with Core
/// Animation's rules (row vectors, `w′ = x·m14 + y·m24 + z·m34 + m44`, divide by `w′`).
@Suite struct PerspectiveRenderTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// `CATransform3DRotate(perspective(d), θ, 0, 1, 0)`: turn about y, then the eye at `d`.
    static func turnedY(_ angle: Double, eye d: Double) -> Transform3D {
        var perspective = Transform3D.identity
        perspective.m34 = -1 / d
        return Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0).concatenating(perspective)
    }

    /// Where the layer point (x, y), relative to the anchor, lands relative to the position
    /// under `turnedY(θ, eye: d)`, worked out by hand: the turn sends (x, y, 0) to
    /// (x·cos θ, y, −x·sin θ); the perspective divides by w = 1 − z/d.
    static func projectedByHand(_ x: Double, _ y: Double, angle: Double, eye d: Double) -> Point {
        let z = -x * sin(angle)
        let w = 1 - z / d
        return Point(x: x * cos(angle) / w, y: y / w)
    }

    /// Columns of row `y` (or rows of column `x`) where the pixel is mostly red: first and last.
    static func redSpan(_ image: ImageSurface, row y: Int) -> (Int, Int)? {
        let xs = (0..<image.width).filter { isRed(image.pixel(x: $0, y: y)!) }
        return xs.isEmpty ? nil : (xs.first!, xs.last!)
    }

    static func redSpan(_ image: ImageSurface, column x: Int) -> (Int, Int)? {
        let ys = (0..<image.height).filter { isRed(image.pixel(x: x, y: $0)!) }
        return ys.isEmpty ? nil : (ys.first!, ys.last!)
    }

    static func isRed(_ p: Pixel) -> Bool { p.red > 200 && p.green < 128 && p.blue < 128 }

    static func card(angle: Double, eye: Double, doubleSided: Bool = true) -> PresentationLayer {
        Fixture.layer(size: Size(100, 100), center: Point(100, 100), background: red) { p in
            p.transform = turnedY(angle, eye: eye)
            p.isDoubleSided = doubleSided
        }
    }

    @Test func aCardTurnedAboutYIsDrawnWhereItsCornersProject() throws {
        let angle = Double.pi / 3
        let eye = 400.0
        let image = try Fixture.render(Self.card(angle: angle, eye: eye), width: 200, height: 200)
        // The near (left) edge is taller than the far (right) one.
        let left = Self.projectedByHand(-50, -50, angle: angle, eye: eye)
        let right = Self.projectedByHand(50, -50, angle: angle, eye: eye)
        #expect(left.y < right.y)
        // Along the middle row the red runs from the left edge to the right edge (pixel
        // centres: the first covered column starts within a pixel of the edge).
        let span = try #require(Self.redSpan(image, row: 100))
        #expect(abs(Double(span.0) - (100 + left.x)) <= 1.0, "left edge \(span.0), expected \(100 + left.x)")
        #expect(
            abs(Double(span.1 + 1) - (100 + right.x)) <= 1.0,
            "right edge \(span.1), expected \(100 + right.x)")
        // Just inside each vertical edge, the red spans that edge's projected height.
        let nearColumn = Int((100 + left.x).rounded(.up)) + 1
        let near = try #require(Self.redSpan(image, column: nearColumn))
        let nearTop = Self.projectedByHand(-50 + 1.5 / cos(angle), -50, angle: angle, eye: eye)
        #expect(
            abs(Double(near.0) - (100 + nearTop.y)) <= 1.5, "near top \(near.0), expected \(100 + nearTop.y)")
        #expect(abs(Double(near.1 + 1) - (100 - nearTop.y)) <= 1.5)
        let farColumn = Int((100 + right.x).rounded(.down)) - 2
        let far = try #require(Self.redSpan(image, column: farColumn))
        #expect(abs(Double(far.0) - (100 + right.y)) <= 1.5, "far top \(far.0), expected \(100 + right.y)")
        #expect(abs(Double(far.1 + 1) - (100 - right.y)) <= 1.5)
    }

    @Test func withoutPerspectiveATurnAboutYNarrowsTheLayer() throws {
        // No m34: the turn projects orthographically, x scaled by cos θ = 0.5 (an affine map).
        let layer = Fixture.layer(size: Size(100, 100), center: Point(100, 100), background: Self.red) { p in
            p.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        }
        let image = try Fixture.render(layer, width: 200, height: 200)
        let span = try #require(Self.redSpan(image, row: 100))
        #expect(span.0 == 75 && span.1 == 124, "\(span)")
        let column = try #require(Self.redSpan(image, column: 100))
        #expect(column.0 == 50 && column.1 == 149, "\(column)")
    }

    @Test func aLayerTurnedPastAQuarterTurnIsHiddenWhenNotDoubleSided() throws {
        let back = try Fixture.render(
            Self.card(angle: 2 * .pi / 3, eye: 400, doubleSided: false), width: 200, height: 200)
        for y in stride(from: 0, to: 200, by: 5) {
            #expect(Self.redSpan(back, row: y) == nil, "row \(y) shows the back")
        }
        // Double-sided (the default), its back shows, mirrored; and its front shows either way.
        let shown = try Fixture.render(Self.card(angle: 2 * .pi / 3, eye: 400), width: 200, height: 200)
        #expect(Self.redSpan(shown, row: 100) != nil)
        let front = try Fixture.render(
            Self.card(angle: .pi / 3, eye: 400, doubleSided: false), width: 200, height: 200)
        #expect(Self.redSpan(front, row: 100) != nil)
    }

    @Test func aMirroredSublayerOfAFlatteningLayerFacesByItsOwnPlane() throws {
        // A parent turned half a turn about y (double-sided) shows its flattened drawing
        // mirrored; its child, front-facing in the parent's plane, is drawn though it is not
        // double-sided: facing is decided in the plane it is flattened into.
        let child = Fixture.layer(size: Size(20, 20), center: Point(10, 50), background: Self.red) { p in
            p.isDoubleSided = false
        }
        let parent = Fixture.layer(size: Size(100, 100), center: Point(100, 100), sublayers: [child]) { p in
            p.transform = Self.turnedY(.pi, eye: 400)
        }
        let image = try Fixture.render(parent, width: 200, height: 200)
        // Mirrored: the child's bounds x = 0…20 land at 150…130 on screen.
        let span = try #require(Self.redSpan(image, row: 100))
        #expect(abs(span.0 - 130) <= 1 && abs(span.1 - 149) <= 1, "\(span)")
    }

    @Test func zPositionUnderAPerspectiveSublayerTransformScalesAboutTheAnchor() throws {
        // sublayerTransform m34 = −1/200 and zPosition 50: w = 1 − 50/200 = 0.75, so a 30-point
        // square at the parent's centre shows 40 points wide, still centred.
        let child = Fixture.layer(size: Size(30, 30), center: Point(50, 50), background: Self.red) { p in
            p.zPosition = 50
        }
        let parent = Fixture.layer(size: Size(100, 100), center: Point(100, 100), sublayers: [child]) { p in
            p.sublayerTransform.m34 = -1.0 / 200
        }
        let image = try Fixture.render(parent, width: 200, height: 200)
        let span = try #require(Self.redSpan(image, row: 100))
        #expect(span.0 == 80 && span.1 == 119, "\(span)")
        let column = try #require(Self.redSpan(image, column: 100))
        #expect(column.0 == 80 && column.1 == 119, "\(column)")
    }

    // MARK: - Transform layers

    static let faceColors: [Color] = [
        Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0.6, blue: 0),
        Color(red: 0, green: 0, blue: 1), Color(red: 1, green: 0.8, blue: 0),
        Color(red: 0.6, green: 0, blue: 0.8), Color(red: 0, green: 0.8, blue: 0.8),
    ]

    /// A cube of side 60 as six faces of a transform layer: front (+z, nearer the viewer),
    /// right (+x), back, left, top (−y), bottom; each face turned to face outward, then moved
    /// out by half the side.
    static func cube(turn: Transform3D, doubleSided: Bool = false) -> PresentationLayer {
        let h = 30.0
        let placements: [Transform3D] = [
            Transform3D(translationX: 0, y: 0, z: h),
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(
                Transform3D(translationX: h, y: 0)),
            Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(
                Transform3D(translationX: 0, y: 0, z: -h)),
            Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0).concatenating(
                Transform3D(translationX: -h, y: 0)),
            Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).concatenating(
                Transform3D(translationX: 0, y: -h)),
            Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0).concatenating(
                Transform3D(translationX: 0, y: h)),
        ]
        let faces = zip(placements, faceColors).map { placement, color in
            Fixture.layer(size: Size(60, 60), center: Point(0, 0), background: color) { p in
                p.transform = placement
                p.isDoubleSided = doubleSided
            }
        }
        var box = Fixture.layer(size: Size(0, 0), center: Point(100, 100), sublayers: faces) { p in
            p.transform = turn
        }
        box.isTransformLayer = true
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 300
        return Fixture.layer(size: Size(200, 200), center: Point(100, 100), sublayers: [box]) { p in
            p.sublayerTransform = perspective
        }
    }

    static func isColor(_ p: Pixel, _ c: Color) -> Bool {
        abs(Double(p.red) - c.red * 255) < 40 && abs(Double(p.green) - c.green * 255) < 40
            && abs(Double(p.blue) - c.blue * 255) < 40
    }

    @Test func aTransformLayerKeepsItsFacesIn3DAndHidesTheirBacks() throws {
        // Turned 45° about y: x′ = x·cos θ + z·sin θ, z′ = −x·sin θ + z·cos θ. The front face's
        // centre (0, 0, 30) goes to (21.2, 0, 21.2) and the left face's (−30, 0, 0) to
        // (−21.2, 0, 21.2): both come nearer, the right and back faces go away.
        let image = try Fixture.render(
            Self.cube(turn: Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)), width: 200, height: 200)
        let w = 1 - 21.2 / 300
        let front = Point(x: 100 + 21.2 / w, y: 100)
        let left = Point(x: 100 - 21.2 / w, y: 100)
        #expect(Self.isColor(image.pixel(x: Int(front.x), y: 100)!, Self.faceColors[0]))
        #expect(Self.isColor(image.pixel(x: Int(left.x), y: 100)!, Self.faceColors[3]))
        // No pixel anywhere shows the right, back, top or bottom face.
        for y in 0..<200 {
            for x in 0..<200 {
                let p = image.pixel(x: x, y: y)!
                for hidden in [1, 2, 4, 5] where Self.isColor(p, Self.faceColors[hidden]) {
                    Issue.record("(\(x), \(y)) shows face \(hidden): \(p)")
                    return
                }
            }
        }
    }

    @Test func doubleSidedFacesAreDrawnBackToFront() throws {
        // Double-sided, the back faces draw too, but first: the picture is the same.
        let turn = Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let culled = try Fixture.render(Self.cube(turn: turn), width: 200, height: 200)
        let sorted = try Fixture.render(Self.cube(turn: turn, doubleSided: true), width: 200, height: 200)
        var differing = 0
        for y in 0..<200 {
            for x in 0..<200 where culled.pixel(x: x, y: y)! != sorted.pixel(x: x, y: y)! {
                differing += 1
            }
        }
        // Only along the edges, where back faces show through the antialiasing: under 1 %.
        #expect(differing < 400, "\(differing) pixels differ")
        let w = 1 - 21.2 / 300
        #expect(Self.isColor(sorted.pixel(x: Int(100 + 21.2 / w), y: 100)!, Self.faceColors[0]))
        #expect(Self.isColor(sorted.pixel(x: Int(100 - 21.2 / w), y: 100)!, Self.faceColors[3]))
    }

    @Test func aCubeSnapshot() throws {
        let turn = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(rotationAngle: -.pi / 7, x: 1, y: 0, z: 0))
        let image = try Fixture.render(Self.cube(turn: turn), width: 200, height: 200, scale: 2)
        try expectSnapshot(image, named: "perspective-cube")
    }

    @Test func aPerspectiveCardSnapshot() throws {
        // A card with a rounded border, a shadow and a child, turned with perspective: all of it
        // flattened into its plane first.
        let child = Fixture.layer(size: Size(40, 20), center: Point(50, 30), background: Self.blue)
        let card = Fixture.layer(
            size: Size(100, 70), center: Point(100, 100), background: Self.red, sublayers: [child]
        ) {
            p in
            p.transform = Self.turnedY(-.pi / 4, eye: 250)
            p.cornerRadius = 12
            p.borderWidth = 3
            p.borderColor = .black
            p.shadowOpacity = 0.5
            p.shadowOffset = Size(0, 6)
        }
        let image = try Fixture.render(card, width: 200, height: 200, scale: 2)
        try expectSnapshot(image, named: "perspective-card")
    }

    // MARK: - Bad numbers

    @Test func badProjectionsDrawNothingAndSpareTheirSiblings() throws {
        var bad: [PresentationLayer] = []
        for m34 in [Double.nan, .infinity, -.infinity] {
            bad.append(
                Fixture.layer(size: Size(50, 50), center: Point(50, 50), background: Self.blue) { p in
                    p.transform.m34 = m34
                    p.zPosition = 1
                })
        }
        // Singular with perspective: x and y rows alike, the plane sent onto a line.
        bad.append(
            Fixture.layer(size: Size(50, 50), center: Point(50, 50), background: Self.blue) { p in
                p.transform = Transform3D(
                    m11: 1, m12: 0, m13: 0, m14: 0.01, m21: 1, m22: 0, m23: 0, m24: 0.01, m31: 0, m32: 0,
                    m33: 1,
                    m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
            })
        // Wholly behind the eye: w = 1 − 20/10 = −1 everywhere.
        var behind = Fixture.layer(
            size: Size(100, 100), center: Point(50, 50),
            sublayers: [
                Fixture.layer(size: Size(50, 50), center: Point(50, 50), background: Self.blue) { p in
                    p.zPosition = 20
                }
            ])
        behind.properties.sublayerTransform.m34 = -1.0 / 10
        bad.append(behind)
        let sibling = Fixture.layer(size: Size(10, 10), center: Point(90, 90), background: Self.red)
        let root = Fixture.layer(size: Size(100, 100), center: Point(50, 50), sublayers: bad + [sibling])
        let image = try Fixture.render(root, width: 100, height: 100)
        expectPixel(image, 90, 90, (255, 0, 0, 255))
        for y in 0..<100 {
            for x in 0..<100 where image.pixel(x: x, y: y)!.blue > 128 && image.pixel(x: x, y: y)!.red < 128 {
                Issue.record("(\(x), \(y)) is drawn")
                return
            }
        }
    }

    @Test func aLayerReachingBehindTheEyeIsCutAtTheEyesPlane() throws {
        // Turned 80° about y with the eye 60 away, the layer's near edge (x = −100, z ≈ 98.5)
        // is behind the eye (w < 0): the part in front is drawn, reaching past the image's
        // edge; nothing hangs, nothing is allocated without bound.
        let layer = Fixture.layer(size: Size(200, 100), center: Point(100, 100), background: Self.red) { p in
            p.transform = Self.turnedY(80 * .pi / 180, eye: 60)
        }
        let start = Date()
        let image = try Fixture.render(layer, width: 200, height: 200)
        #expect(Date().timeIntervalSince(start) < 10)
        // The far edge x = 100: z = −98.5, w = 2.64, lands at 100 + 17.4/2.64 = 106.6.
        let span = try #require(Self.redSpan(image, row: 100))
        #expect(span.0 == 0)
        #expect(abs(Double(span.1 + 1) - 106.6) <= 1, "\(span)")
    }

    @Test func aLayerNearTheEyeIsDrawnAtABoundedResolution() throws {
        // w = 1 − 199.99/200 = 5·10⁻⁵: a 20-point square magnified 20 000 times.
        let child = Fixture.layer(size: Size(20, 20), center: Point(50, 50), background: Self.red) { p in
            p.zPosition = 199.99
        }
        let parent = Fixture.layer(size: Size(100, 100), center: Point(50, 50), sublayers: [child]) { p in
            p.sublayerTransform.m34 = -1.0 / 200
        }
        let image = try Fixture.render(parent, width: 100, height: 100)
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        expectPixel(image, 0, 0, (255, 0, 0, 255))
    }

    // MARK: - Damage

    @Test func incrementalFramesOfATurningCardMatchFullRedraws() throws {
        let frames = (0..<12).map { k in
            Self.card(angle: Double(k) * .pi / 8, eye: 300, doubleSided: k % 3 != 0)
        }
        let root = frames.map {
            Fixture.layer(
                size: Size(200, 200), center: Point(100, 100), background: Color(white: 0.9), sublayers: [$0])
        }
        try DamageOracleTests.expectIncrementalMatchesFull(root, width: 200, height: 200)
    }

    @Test func incrementalFramesOfATurningCubeMatchFullRedraws() throws {
        let frames = (0..<10).map { k in
            Self.cube(
                turn: Transform3D(rotationAngle: Double(k) * .pi / 10, x: 0, y: 1, z: 0)
                    .concatenating(Transform3D(rotationAngle: Double(k) * 0.1, x: 1, y: 0, z: 0)))
        }
        try DamageOracleTests.expectIncrementalMatchesFull(frames, width: 200, height: 200, scale: 2)
    }
}
