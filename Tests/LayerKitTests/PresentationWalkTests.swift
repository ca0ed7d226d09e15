import Testing

@testable import LayerKit

/// `PresentationLayer.transformToSuperlayer(_:)` and `PresentationWalk`, against points placed
/// by hand from Core Animation's rules: `position` is where the anchor point sits in the
/// superlayer; `transform` turns about the anchor point; the superlayer's `sublayerTransform`
/// turns about the superlayer's anchor point. Angles: +π/2 turns (x, y) into (−y, x).
@Suite struct PresentationWalkTests {
    static func layer(
        _ name: String, bounds: Rect, position: Point, anchor: Point = Point(0.5, 0.5),
        _ configure: (inout LayerProperties) -> Void = { _ in }, sublayers: [PresentationLayer] = []
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = bounds
        p.position = position
        p.anchorPoint = anchor
        configure(&p)
        return PresentationLayer(name: name, properties: p, sublayers: sublayers)
    }

    static func expectMaps(
        _ m: AffineTransform, _ from: Point, to expected: Point,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let q = m.apply(to: from)
        #expect(
            close(q, expected, 1e-9), "\(from) → \(q), expected \(expected)", sourceLocation: sourceLocation)
    }

    // MARK: - The transform

    @Test func positionPlacesTheAnchorPoint() {
        // Bounds (10, 20, 40, 30), anchor (0.25, 0.5): the anchor is the bounds point
        // (10 + 10, 20 + 15) = (20, 35); it sits at (100, 50), so every point moves by (80, 15).
        let l = Self.layer(
            "l", bounds: Rect(x: 10, y: 20, width: 40, height: 30), position: Point(100, 50),
            anchor: Point(0.25, 0.5))
        let m = l.transformToSuperlayer(nil)
        #expect(m == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 80, ty: 15))
        Self.expectMaps(m, Point(20, 35), to: Point(100, 50))
        Self.expectMaps(m, Point(10, 20), to: Point(90, 35))
    }

    @Test func transformTurnsAboutTheAnchorPoint() {
        // Anchor (20, 35) at (100, 50), a quarter turn: the anchor stays; the bounds point 10 to
        // its right, (30, 35), turns to 10 below it, (100, 60); (20, 25), 10 above it, turns to
        // 10 right of it, (110, 50).
        let l = Self.layer(
            "l", bounds: Rect(x: 10, y: 20, width: 40, height: 30), position: Point(100, 50),
            anchor: Point(0.25, 0.5)
        ) { $0.transform = Transform3D(rotationZ: .pi / 2) }
        let m = l.transformToSuperlayer(nil)
        Self.expectMaps(m, Point(20, 35), to: Point(100, 50))
        Self.expectMaps(m, Point(30, 35), to: Point(100, 60))
        Self.expectMaps(m, Point(20, 25), to: Point(110, 50))
    }

    @Test func transformPartsComposeInTheTransformsOwnOrder() {
        // `scaledBy` scales first, then the turn: (10, 0) from the anchor → (20, 0) → (0, 20).
        // The other way round, (10, 0) → (0, 10) → (0, 10). Anchor (5, 5) at (50, 50).
        let bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let scaleThenTurn = Self.layer("a", bounds: bounds, position: Point(50, 50)) {
            $0.transform = Transform3D(rotationZ: .pi / 2).scaledBy(x: 2, y: 1)
        }
        let turnThenScale = Self.layer("b", bounds: bounds, position: Point(50, 50)) {
            $0.transform = Transform3D(rotationZ: .pi / 2).concatenating(Transform3D(scaleX: 2, y: 1))
        }
        Self.expectMaps(scaleThenTurn.transformToSuperlayer(nil), Point(15, 5), to: Point(50, 70))
        Self.expectMaps(turnThenScale.transformToSuperlayer(nil), Point(15, 5), to: Point(50, 60))
        // A translation in the transform moves the layer after the turn: (10, 0) → (0, 10) + (3, 4).
        let moved = Self.layer("c", bounds: bounds, position: Point(50, 50)) {
            $0.transform = Transform3D(rotationZ: .pi / 2).concatenating(Transform3D(translationX: 3, y: 4))
        }
        Self.expectMaps(moved.transformToSuperlayer(nil), Point(15, 5), to: Point(53, 64))
    }

    @Test func sublayerTransformTurnsAboutTheSuperlayersAnchorPoint() {
        // The parent's bounds (10, 10, 100, 80): with the default anchor its anchor point is the
        // bounds centre (60, 50). The child's anchor point sits at (70, 50) in the parent, 10
        // right of the parent's anchor point; a sublayerTransform scaling by 2 takes it to 20
        // right: (80, 50). The child's own corner (0, 0) is (−5, −5) from its anchor: at (65, 45),
        // (5, −5) from the parent's anchor point → (10, −10) → (70, 40).
        let child = Self.layer(
            "child", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(70, 50))
        let parent = Self.layer("parent", bounds: Rect(x: 10, y: 10, width: 100, height: 80), position: .zero)
        {
            $0.sublayerTransform = Transform3D(scaleX: 2, y: 2)
        }
        let m = child.transformToSuperlayer(parent)
        Self.expectMaps(m, Point(5, 5), to: Point(80, 50))
        Self.expectMaps(m, Point(0, 0), to: Point(70, 40))
        // Anchored at its top-left, the parent scales about its bounds origin (10, 10):
        // (70, 50) is (60, 40) from it → (120, 80) → (130, 90).
        var topLeft = parent
        topLeft.properties.anchorPoint = .zero
        Self.expectMaps(child.transformToSuperlayer(topLeft), Point(5, 5), to: Point(130, 90))
        // A quarter turn about (60, 50): (10, 0) from it → (0, 10): (60, 60).
        var turned = parent
        turned.properties.sublayerTransform = Transform3D(rotationZ: .pi / 2)
        Self.expectMaps(child.transformToSuperlayer(turned), Point(5, 5), to: Point(60, 60))
        // The parent's own placement is not part of it: it belongs to the parent's map.
        var placed = parent
        placed.properties.position = Point(500, 500)
        placed.properties.transform = Transform3D(rotationZ: 1)
        #expect(child.transformToSuperlayer(placed) == m)
        // Without a superlayer (or with an identity sublayerTransform) nothing is added.
        var plain = parent
        plain.properties.sublayerTransform = .identity
        #expect(child.transformToSuperlayer(plain) == child.transformToSuperlayer(nil))
        Self.expectMaps(child.transformToSuperlayer(nil), Point(5, 5), to: Point(70, 50))
    }

    @Test func badNumbersAreReportedNotFixed() {
        let bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        func map(_ configure: (inout LayerProperties) -> Void, in parent: PresentationLayer? = nil)
            -> AffineTransform
        {
            Self.layer("l", bounds: bounds, position: Point(5, 5), configure).transformToSuperlayer(parent)
        }
        // Non-finite values used give non-finite entries.
        #expect(!map({ $0.position.x = .nan }).isFinite)
        #expect(!map({ $0.transform.m11 = .infinity }).isFinite)
        #expect(!map({ $0.bounds.size.height = .infinity }).isFinite)
        // Infinity × a zero size is NaN: still reported, not hidden.
        #expect(
            !map({
                $0.anchorPoint.x = .infinity
                $0.bounds.size.width = 0
            }).isFinite)
        // Singular transforms give singular maps, finite but not invertible.
        let flat = map { $0.transform = Transform3D(scaleX: 0, y: 1) }
        #expect(flat.isFinite && flat.determinant == 0 && !flat.isInvertible)
        #expect(map({ $0.transform = Transform3D(scaleX: 1e-200, y: 1e-200) }).isInvertible == false)
        // Values outside the affine part are ignored.
        let deep = map { $0.transform.m34 = .nan }
        #expect(deep.isFinite && deep.isInvertible)
        // The superlayer's values count only through a non-identity sublayerTransform.
        let badParent = Self.layer("p", bounds: Rect(x: .nan, y: 0, width: 10, height: 10), position: .zero)
        #expect(map({ _ in }, in: badParent).isInvertible)
        var turning = badParent
        turning.properties.sublayerTransform = Transform3D(rotationZ: 1)
        #expect(!map({ _ in }, in: turning).isFinite)
        var squashing = Self.layer("p", bounds: bounds, position: .zero)
        squashing.properties.sublayerTransform = Transform3D(scaleX: 0, y: 0)
        #expect(!map({ _ in }, in: squashing).isInvertible)
    }

    // MARK: - The walk

    /// root (200×100, anchor top-left at (10, 20)) → arm (quarter turn, anchor point at (50, 50))
    /// → tip (4×4 at (30, 0) in the arm); plus a sibling `other` at z = −1.
    static func arm() -> PresentationLayer {
        let tip = layer("tip", bounds: Rect(x: 0, y: 0, width: 4, height: 4), position: Point(30, 0))
        let arm = layer(
            "arm", bounds: Rect(x: 0, y: 0, width: 40, height: 10), position: Point(50, 50),
            { $0.transform = Transform3D(rotationZ: .pi / 2) }, sublayers: [tip])
        let other = layer("other", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(5, 5)) {
            $0.zPosition = -1
        }
        return layer(
            "root", bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: Point(10, 20), anchor: .zero,
            sublayers: [arm, other])
    }

    /// Each layer's name, depth and toRoot, in the order the walk meets them.
    static func met(
        _ tree: PresentationLayer, from origin: PresentationWalk.Origin = .placed,
        scope: PresentationWalk.Scope = .drawn
    ) -> [(name: String, place: PresentationWalk.Place)] {
        var out: [(String, PresentationWalk.Place)] = []
        tree.visit(from: origin, scope: scope) { layer, place in
            out.append((layer.name ?? "?", place))
            return true
        }
        return out
    }

    @Test func toRootAccumulatesEveryAncestor() throws {
        let met = Self.met(Self.arm())
        #expect(met.map(\.name) == ["root", "other", "arm", "tip"])
        #expect(met.map(\.place.depth) == [0, 1, 1, 2])
        let byName = Dictionary(uniqueKeysWithValues: met.map { ($0.name, $0.place.toRoot) })
        // The root's top-left anchor sits at (10, 20): its point (0, 0) is there.
        Self.expectMaps(try #require(byName["root"]), Point(0, 0), to: Point(10, 20))
        // The arm's anchor point (20, 5) sits at (50, 50) in the root: (60, 70) on the page.
        // Its point (40, 5), 20 right of the anchor, turns to 20 below: (60, 90).
        let arm = try #require(byName["arm"])
        Self.expectMaps(arm, Point(20, 5), to: Point(60, 70))
        Self.expectMaps(arm, Point(40, 5), to: Point(60, 90))
        // The tip's centre (2, 2) sits at (30, 0) in the arm: 10 right and 5 above the arm's
        // anchor point, which turns to 10 below and 5 right: (65, 80).
        Self.expectMaps(try #require(byName["tip"]), Point(2, 2), to: Point(65, 80))
    }

    @Test func originChoosesTheSpace() throws {
        // In the root's own bounds coordinates, the root maps by the identity and its sublayers
        // lose the root's (10, 20).
        let met = Self.met(Self.arm(), from: .rootBounds)
        #expect(met.first?.place.toRoot == .identity)
        let tip = try #require(met.first { $0.name == "tip" })
        Self.expectMaps(tip.place.toRoot, Point(2, 2), to: Point(55, 60))
        // Into a space scaled by 2 (a HiDPI canvas): everything doubles.
        let scaled = Self.met(Self.arm(), from: .superlayer(nil, toSpace: AffineTransform(scaleX: 2, y: 2)))
        let tip2 = try #require(scaled.first { $0.name == "tip" })
        Self.expectMaps(tip2.place.toRoot, Point(2, 2), to: Point(130, 160))
        // As a sublayer of a layer with a sublayerTransform: the tree turns about that
        // layer's anchor point (0, 0) by a quarter turn: (65, 80) → (−80, 65).
        let host = Self.layer(
            "host", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: .zero,
            anchor: .zero
        ) { $0.sublayerTransform = Transform3D(rotationZ: .pi / 2) }
        let hosted = Self.met(Self.arm(), from: .superlayer(host, toSpace: .identity))
        let tip3 = try #require(hosted.first { $0.name == "tip" })
        Self.expectMaps(tip3.place.toRoot, Point(2, 2), to: Point(-80, 65))
    }

    @Test func sublayersAreMetInDrawingOrderBetweenEnterAndLeave() {
        struct Recorder: PresentationVisitor {
            var events: [String] = []
            mutating func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> String? {
                events.append("enter \(layer.name ?? "?")")
                return layer.name == "skip" ? nil : layer.name
            }
            mutating func leave(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ entry: String)
            {
                events.append("leave \(entry)")
            }
        }
        func named(_ name: String, z: Double, _ sublayers: [PresentationLayer] = []) -> PresentationLayer {
            Self.layer(
                name, bounds: Rect(x: 0, y: 0, width: 1, height: 1), position: .zero, { $0.zPosition = z },
                sublayers: sublayers)
        }
        let skipped = named("skip", z: .nan, [named("hidden-by-skip", z: 0)])
        let tree = named(
            "root", z: 0,
            [named("top", z: 2), named("a", z: 0, [named("a1", z: 0)]), skipped, named("b", z: 0)])
        var recorder = Recorder()
        tree.walk(&recorder)
        #expect(
            recorder.events == [
                "enter root", "enter a", "enter a1", "leave a1", "leave a", "enter skip", "enter b",
                "leave b",
                "enter top", "leave top", "leave root",
            ])
    }

    @Test func drawnWalksSkipWhatCannotDrawAndKeepSiblings() {
        func square(_ name: String, _ configure: (inout LayerProperties) -> Void = { _ in })
            -> PresentationLayer
        {
            Self.layer(
                name, bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(5, 5), configure,
                sublayers: [
                    Self.layer(
                        name + ".child", bounds: Rect(x: 0, y: 0, width: 2, height: 2), position: Point(5, 5))
                ])
        }
        let tree = Self.layer(
            "root", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(50, 50),
            sublayers: [
                square("hidden") { $0.isHidden = true },
                square("clear") { $0.opacity = 0 },
                square("nan-opacity") { $0.opacity = .nan },
                square("flat") { $0.transform = Transform3D(scaleX: 0, y: 1) },
                square("nan-position") { $0.position.y = .nan },
                square("infinite-bounds") { $0.bounds.size.width = .infinity },
                square("squashing") { $0.sublayerTransform = Transform3D(scaleX: 0, y: 0) },
                square("empty-mask") {
                    $0.masksToBounds = true
                    $0.bounds.size.height = 0
                },
                square("healthy"),
            ])
        let drawn = Self.met(tree).map(\.name)
        #expect(drawn == ["root", "squashing", "empty-mask", "healthy", "healthy.child"])
        // Every layer in `.all`, with its transform as computed.
        let all = Self.met(tree, scope: .all)
        #expect(all.count == 19)
        #expect(all.first { $0.name == "nan-position.child" }?.place.toRoot.isFinite == false)
        #expect(all.first { $0.name == "flat" }?.place.toRoot.isInvertible == false)
    }

    @Test func clipIsTheAncestorsMasksInTheWalksSpace() throws {
        // A 40×20 mask turned a quarter about its centre (50, 50): its box is (40…60, 30…70).
        // Inside, a 100×10 mask at the mask's origin; inside that a leaf.
        let leaf = Self.layer("leaf", bounds: Rect(x: 0, y: 0, width: 1, height: 1), position: .zero)
        let inner = Self.layer(
            "inner", bounds: Rect(x: 0, y: 0, width: 100, height: 10), position: .zero,
            anchor: .zero, { $0.masksToBounds = true }, sublayers: [leaf])
        let outer = Self.layer(
            "outer", bounds: Rect(x: 0, y: 0, width: 40, height: 20), position: Point(50, 50),
            {
                $0.masksToBounds = true
                $0.transform = Transform3D(rotationZ: .pi / 2)
            }, sublayers: [inner])
        let met = Self.met(outer)
        #expect(met[0].place.clip == nil)  // a mask clips what is inside, not itself
        let outerBox = try #require(met[1].place.clip)
        #expect(close(outerBox.minX, 40) && close(outerBox.maxX, 60))
        #expect(close(outerBox.minY, 30) && close(outerBox.maxY, 70))
        // The inner mask's origin is the outer's (0, 0), which turned lands at (60, 30): its
        // 100×10 bounds turn into (50…60, 30…130), cut by the outer box to (50…60, 30…70).
        let both = try #require(met[2].place.clip)
        #expect(close(both.minX, 50) && close(both.maxX, 60))
        #expect(close(both.minY, 30) && close(both.maxY, 70))
    }

    /// The walk and the model's own conversion (`Layer.convert`, worked in 3D from model values)
    /// agree for a flat tree.
    @Test func toRootAgreesWithLayerConversion() throws {
        let root = Layer()
        let parent = Layer()
        let child = Layer()
        Transaction.performWithoutActions {
            root.frame = Rect(x: 0, y: 0, width: 300, height: 300)
            root.sublayerTransform = Transform3D(scaleX: 1.5, y: 0.5)
            parent.bounds = Rect(x: 5, y: -5, width: 80, height: 60)
            parent.anchorPoint = Point(0.2, 0.7)
            parent.position = Point(120, 90)
            parent.transform = Transform3D(rotationZ: 0.4).scaledBy(x: 1.2, y: 0.8)
            parent.sublayerTransform = Transform3D(rotationZ: -0.3)
            child.bounds = Rect(x: 0, y: 0, width: 10, height: 30)
            child.position = Point(20, 15)
            child.transform = Transform3D(rotationZ: 2)
            root.addSublayer(parent)
            parent.addSublayer(child)
        }
        let scene = Scene(root: root, clock: ManualClock())
        scene.update()
        let tree = scene.presentation()
        let met = Self.met(tree, from: .rootBounds)
        #expect(met.count == 3)
        for point in [Point(0, 0), Point(10, 30), Point(3, -7)] {
            Self.expectMaps(try #require(met.last?.place.toRoot), point, to: child.convert(point, to: root))
        }
    }
}
