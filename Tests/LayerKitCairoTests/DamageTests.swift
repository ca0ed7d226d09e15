import LayerKit
import LayerKitCairo
import Testing

/// `LayerRenderer.damage(from:to:)` against the renderer itself: every pixel that differs
/// between drawing the old tree and drawing the new one lies inside the damage.
@Suite struct DamageTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A parent anchored off-centre, turned, whose sublayerTransform turns and scales its
    /// sublayers about that anchor; inside, a square with a child, and a masking layer.
    static func tree(_ change: (inout PresentationLayer) -> Void = { _ in }) -> PresentationLayer {
        let inner = Fixture.layer("inner", size: Size(6, 6), center: Point(12, 4), background: blue)
        let square = Fixture.layer(
            "square", size: Size(16, 12), center: Point(20, 14), background: red, sublayers: [inner])
        let hidden = Fixture.layer("masked.child", size: Size(30, 6), center: Point(10, 5), background: red)
        let mask = Fixture.layer(
            "mask", size: Size(14, 10), center: Point(34, 30), background: Color(red: 0, green: 1, blue: 0),
            sublayers: [hidden]
        ) { $0.masksToBounds = true }
        var parent = Fixture.layer(
            "parent", size: Size(50, 40), center: Point(60, 60), sublayers: [square, mask]
        ) { p in
            p.anchorPoint = Point(0.2, 0.7)
            p.transform = Transform3D(rotationZ: 0.3)
            p.sublayerTransform = Transform3D(rotationZ: -0.5).scaledBy(x: 1.3, y: 0.8)
        }
        change(&parent)
        return Fixture.layer("root", size: Size(120, 120), center: Point(60, 60), sublayers: [parent])
    }

    static let changes: [(String, @Sendable (inout PresentationLayer) -> Void)] = [
        ("square moves", { $0.sublayers[0].properties.position.x += 7 }),
        ("inner turns", { $0.sublayers[0].sublayers[0].properties.transform = Transform3D(rotationZ: 0.8) }),
        ("inner recoloured", { $0.sublayers[0].sublayers[0].properties.backgroundColor = .black }),
        ("square hidden", { $0.sublayers[0].properties.isHidden = true }),
        ("masked child slides", { $0.sublayers[1].sublayers[0].properties.position.x += 12 }),
        ("mask grows", { $0.sublayers[1].properties.bounds.size.width = 24 }),
        ("sublayerTransform turns", { $0.properties.sublayerTransform = Transform3D(rotationZ: 0.4) }),
        ("parent moves", { $0.properties.position.y -= 9 }),
    ]

    /// How many pixels differ between two renders of the 120 × 120-point tree at `scale`, and
    /// how many of those lie outside `damage`: a pixel is damaged when its square (in points)
    /// touches a rectangle grown by a pixel for anti-aliasing.
    static func changedPixels(
        from before: ImageSurface, to after: ImageSurface, outside damage: [Rect], scale: Int
    )
        -> (changed: Int, outside: Int)
    {
        let grow = 1 / Double(scale)
        let grown = damage.map { $0.insetBy(dx: -grow, dy: -grow) }
        var changed = 0
        var outside = 0
        for y in 0..<(120 * scale) {
            for x in 0..<(120 * scale) where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) {
                changed += 1
                let pixel = Rect(x: Double(x) * grow, y: Double(y) * grow, width: grow, height: grow)
                if !grown.contains(where: { $0.intersects(pixel) }) { outside += 1 }
            }
        }
        return (changed, outside)
    }

    @Test(arguments: [1, 2])
    func changedPixelsLieInsideTheDamage(scale: Int) throws {
        let old = Self.tree()
        let before = try Fixture.render(old, width: 120, height: 120, scale: scale)
        for (what, change) in Self.changes {
            let new = Self.tree(change)
            let after = try Fixture.render(new, width: 120, height: 120, scale: scale)
            let rects = try #require(LayerRenderer.damage(from: old, to: new), "\(what)")
            let (changed, outside) = Self.changedPixels(from: before, to: after, outside: rects, scale: scale)
            #expect(changed > 0, "\(what): nothing changed on screen")
            #expect(outside == 0, "\(what): \(outside) of \(changed) changed pixels lie outside the damage")
        }
    }

    @Test func unchangedTreesHaveNoDamageAndLocalChangesStayLocal() throws {
        #expect(LayerRenderer.damage(from: Self.tree(), to: Self.tree()) == [])
        // The inner square's recolouring damages about its own 6×6 points (turned and scaled
        // by the parent's transforms), far less than the 120×120 tree.
        let rects = try #require(
            LayerRenderer.damage(
                from: Self.tree(),
                to: Self.tree { $0.sublayers[0].sublayers[0].properties.backgroundColor = .black }))
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area > 0 && area < 2 * 12 * 12)
    }

    /// A layer that paints nothing — no background, border or gradient that shows, a shape
    /// whose fill is clear and which has no stroke — has no extent, and a variant that paints
    /// has one: checked against drawing each alone on a clear canvas.
    @Test func aLayerHasAnExtentExactlyWhenItPaints() throws {
        let clear = Color(red: 1, green: 0, blue: 0, alpha: 0)
        let square = Path.rect(Rect(x: 2, y: 2, width: 16, height: 16))
        var variants: [(String, PresentationLayer)] = [
            ("bare", Fixture.layer(size: Size(20, 20), center: Point(20, 20))),
            ("clear background", Fixture.layer(size: Size(20, 20), center: Point(20, 20), background: clear)),
            ("background", Fixture.layer(size: Size(20, 20), center: Point(20, 20), background: Self.red)),
            (
                "clear border",
                Fixture.layer(size: Size(20, 20), center: Point(20, 20)) {
                    $0.borderWidth = 2
                    $0.borderColor = clear
                }
            ),
            (
                "border",
                Fixture.layer(size: Size(20, 20), center: Point(20, 20)) {
                    $0.borderWidth = 2
                    $0.borderColor = Self.blue
                }
            ),
            (
                "clear fill, no stroke",
                Fixture.shape(size: Size(20, 20), center: Point(20, 20), path: square) {
                    $0.fillColor = clear
                }
            ),
            (
                "no fill, stroke of width 0",
                Fixture.shape(size: Size(20, 20), center: Point(20, 20), path: square) {
                    $0.fillColor = nil
                    $0.strokeColor = Self.blue
                    $0.lineWidth = 0
                }
            ),
            (
                "no fill, clear stroke",
                Fixture.shape(size: Size(20, 20), center: Point(20, 20), path: square) {
                    $0.fillColor = nil
                    $0.strokeColor = clear
                    $0.lineWidth = 3
                }
            ),
            ("default fill", Fixture.shape(size: Size(20, 20), center: Point(20, 20), path: square)),
            (
                "stroke only",
                Fixture.shape(size: Size(20, 20), center: Point(20, 20), path: square) {
                    $0.fillColor = nil
                    $0.strokeColor = Self.blue
                    $0.lineWidth = 1
                }
            ),
        ]
        var gradient = Fixture.layer(size: Size(20, 20), center: Point(20, 20))
        gradient.gradient = GradientProperties()
        gradient.gradient?.colors = [Self.red, Self.blue]
        variants.append(("gradient", gradient))
        for (what, layer) in variants {
            let root = Fixture.layer(size: Size(40, 40), center: Point(20, 20), sublayers: [layer])
            let image = try Fixture.render(root, width: 40, height: 40, background: clear)
            var painted = false
            for y in 0..<40 {
                for x in 0..<40 where image.pixel(x: x, y: y)!.alpha > 0 { painted = true }
            }
            let extent = try #require(LayerRenderer.drawnExtent(of: root), "\(what)")
            #expect(extent.isNull == !painted, "\(what): extent \(extent), painted: \(painted)")
        }
    }

    /// Orbit's trick: a parent that paints nothing (a square path with a clear fill) turns and
    /// carries a ball. Only the ball's places before and after are damaged, not the turned
    /// square's bounding box, and every changed pixel lies inside them.
    @Test(arguments: [1, 2])
    func aTurningParentThatPaintsNothingDamagesOnlyWhatItCarries(scale: Int) throws {
        func tree(angle: Double, stroked: Bool = false) -> PresentationLayer {
            let ball = Fixture.layer("ball", size: Size(8, 8), center: Point(40, 0), background: Self.red) {
                $0.cornerRadius = 4
            }
            var parent = Fixture.shape(
                "orbit", size: Size(80, 80), center: Point(60, 60),
                path: .rect(Rect(x: 0, y: 0, width: 80, height: 80))
            ) {
                $0.fillColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
                $0.strokeColor = stroked ? Self.blue : nil
            }
            parent.properties.transform = Transform3D(rotationZ: angle)
            parent.sublayers = [ball]
            return Fixture.layer("root", size: Size(120, 120), center: Point(60, 60), sublayers: [parent])
        }
        let old = tree(angle: 0.3)
        let new = tree(angle: 0.36)
        let rects = try #require(LayerRenderer.damage(from: old, to: new))
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        // Two boxes of the ball, each at most 12 × 12 points (8 points turned, a pixel grown).
        #expect(rects.count == 2 && area <= 2 * 12 * 12, "\(rects)")
        let (changed, outside) = Self.changedPixels(
            from: try Fixture.render(old, width: 120, height: 120, scale: scale),
            to: try Fixture.render(new, width: 120, height: 120, scale: scale), outside: rects, scale: scale)
        #expect(changed > 0)
        #expect(outside == 0, "\(outside) of \(changed) changed pixels lie outside the damage")
        // The same parent stroked paints its square: the turned square is damaged.
        let strokedRects = try #require(
            LayerRenderer.damage(from: tree(angle: 0.3, stroked: true), to: tree(angle: 0.36, stroked: true)))
        #expect(strokedRects.reduce(0) { $0 + $1.width * $1.height } > 80 * 80)
    }
}
