import Foundation
import Testing

@testable import LayerKit

/// `ProjectiveTransform` and the walk's 3D placement, against points projected by hand:
/// row vectors, `w′ = x·m14 + y·m24 + z·m34 + m44`, divided by `w′` (docs/loaders.md,
/// "Matrices and springs").
@Suite struct ProjectionWalkTests {
    static func layer(
        _ name: String, size: Size, position: Point, sublayers: [PresentationLayer] = [],
        _ configure: (inout LayerProperties) -> Void = { _ in }
    ) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(origin: .zero, size: size)
        p.position = position
        configure(&p)
        return PresentationLayer(name: name, properties: p, sublayers: sublayers)
    }

    static func perspective(_ d: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / d
        return t
    }

    @Test func flatteningKeepsRowsAndColumnsOneTwoAndFour() {
        let t = Transform3D(rotationAngle: 0.7, x: 0.3, y: 1, z: 0.2).concatenating(Self.perspective(250))
            .concatenating(Transform3D(translationX: 12, y: -5, z: 7))
        let h = ProjectiveTransform(flattening: t)
        for p in [Point(0, 0), Point(30, -20), Point(-45, 60)] {
            // By hand: (x, y, 0, 1) · t, then divide.
            let x = p.x * t.m11 + p.y * t.m21 + t.m41
            let y = p.x * t.m12 + p.y * t.m22 + t.m42
            let w = p.x * t.m14 + p.y * t.m24 + t.m44
            let q = h.apply(to: p)!
            #expect(close(q, Point(x / w, y / w), 1e-9))
            #expect(close(t.apply(to: p), q, 1e-9))
        }
    }

    @Test func theInverseMapsBackAndBehindTheEyeIsNil() {
        let h = ProjectiveTransform(
            flattening: Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0).concatenating(Self.perspective(100))
        )
        let inverse = h.inverted()!
        for p in [Point(10, 10), Point(-30, 5), Point(20, -40)] {
            let q = h.apply(to: p)!
            #expect(close(inverse.apply(to: q)!, p, 1e-9))
        }
        // Turned 1.2 rad about y, x = −150 comes to z = 150·sin 1.2 ≈ 139.8 > 100: behind.
        #expect(h.apply(to: Point(-150, 0)) == nil)
        #expect(h.weight(at: Point(-150, 0)) < 0)
    }

    @Test func projectingARectCutsItAtTheEyesPlane() {
        let h = ProjectiveTransform(
            flattening: Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0).concatenating(Self.perspective(100))
        )
        // x from −200 to 50: w = 1 + x·sin(1.2)/100 is 0 at x ≈ −107.3; the part left of it goes.
        let polygon = h.project(Rect(x: -200, y: -50, width: 250, height: 100))
        #expect(polygon.count == 4)
        #expect(polygon.allSatisfy { $0.isFinite })
        let box = ProjectiveTransform.boundingBox(of: polygon)
        // The right edge x = 50: w = 1.466, x′ = 50·cos 1.2 / w ≈ 12.36 (the box spans 10¹⁰:
        // its far edge is as precise as that allows).
        #expect(abs(box.maxX - 50 * cos(1.2) / (1 + 50 * sin(1.2) / 100)) < 1e-4)
        #expect(
            polygon.contains {
                close($0, Point(50 * cos(1.2) / (1 + 50 * sin(1.2) / 100), -50 / (1 + 50 * sin(1.2) / 100)))
            })
        // The cut edge runs off towards infinity: far left and tall, but finite.
        #expect(box.minX < -1e5)
        // Wholly behind: nothing.
        #expect(h.project(Rect(x: -300, y: 0, width: 100, height: 10)).isEmpty)
    }

    @Test func badMatricesAreNotInvertibleAndProjectNothing() {
        var nan = ProjectiveTransform.identity
        nan.m13 = .nan
        #expect(!nan.isInvertible)
        #expect(nan.inverted() == nil)
        #expect(nan.project(Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
        let singular = ProjectiveTransform(
            m11: 1, m12: 0, m13: 0.01, m21: 1, m22: 0, m23: 0.01, m31: 0, m32: 0, m33: 1)
        #expect(!singular.isInvertible)
        #expect(
            ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
                .affine == nil)
    }

    @Test func aPerspectiveTransformGivesAProjectedPlace() throws {
        // A 100×100 layer at (100, 100) turned 60° about y with the eye at 400: its corner
        // (0, 0) is (−50, −50) from the anchor → (−25, −50, 43.3) → w = 1 − 43.3/400.
        let angle = Double.pi / 3
        let l = Self.layer("l", size: Size(100, 100), position: Point(100, 100)) {
            $0.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0).concatenating(
                Self.perspective(400))
        }
        var places: [PresentationWalk.Place] = []
        l.visit { _, place in
            places.append(place)
            return true
        }
        let projection = try #require(places.first?.projection)
        let z = 50 * sin(angle)
        let w = 1 - z / 400
        #expect(
            close(projection.apply(to: Point(0, 0))!, Point(100 - 50 * cos(angle) / w, 100 - 50 / w), 1e-9))
    }

    @Test func aTransformLayerPlacesItsSublayersThroughItsFullMatrix() throws {
        // A face moved 30 towards the viewer inside a transform layer turned 90° about y, under
        // perspective: the face's centre (0, 0, 30) turns to (30, 0, 0): x′ = 30 at depth 0.
        // A plain layer in its place flattens first: the face's z is lost and it shows edge-on.
        let face = Self.layer("face", size: Size(20, 20), position: .zero) {
            $0.transform = Transform3D(translationX: 0, y: 0, z: 30)
        }
        func box(_ transformLayer: Bool) -> PresentationLayer {
            var b = Self.layer("box", size: .zero, position: Point(100, 100), sublayers: [face]) {
                $0.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
            }
            b.isTransformLayer = transformLayer
            return Self.layer("root", size: Size(200, 200), position: Point(100, 100), sublayers: [b]) {
                $0.sublayerTransform = Self.perspective(300)
            }
        }
        var met: [String: PresentationWalk.Place] = [:]
        box(true).visit(from: .rootBounds) { layer, place in
            met[layer.name!] = place
            return true
        }
        let place = try #require(met["face"])
        let h = place.toRootProjective
        // The face's centre (10, 10) in its bounds: at (100 + 30, 100) on the root.
        #expect(close(h.apply(to: Point(10, 10))!, Point(130, 100), 1e-9))
        #expect(close(place.context!.depth(of: Rect(x: 0, y: 0, width: 20, height: 20)), 0, 1e-9))
        // The plain box: its face's plane is edge-on; a drawn walk skips it.
        var plainFace = false
        box(false).visit(from: .rootBounds) { layer, _ in
            if layer.name == "face" { plainFace = true }
            return true
        }
        #expect(!plainFace)
    }

    @Test func backFacingLayersThatAreNotDoubleSidedAreSkipped() {
        func names(turn: Double, doubleSided: Bool) -> [String] {
            let l = Self.layer("card", size: Size(10, 10), position: Point(50, 50)) {
                $0.transform = Transform3D(rotationAngle: turn, x: 0, y: 1, z: 0).concatenating(
                    Self.perspective(500))
                $0.isDoubleSided = doubleSided
            }
            let root = Self.layer("root", size: Size(100, 100), position: Point(50, 50), sublayers: [l])
            var met: [String] = []
            root.visit(from: .rootBounds) { layer, _ in
                met.append(layer.name!)
                return true
            }
            return met
        }
        #expect(names(turn: 0.4 * .pi, doubleSided: false) == ["root", "card"])
        #expect(names(turn: 0.6 * .pi, doubleSided: false) == ["root"])
        #expect(names(turn: 0.6 * .pi, doubleSided: true) == ["root", "card"])
        // Mirrored in the plane is facing away too.
        #expect(names(turn: .pi, doubleSided: false) == ["root"])
    }
}
