import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerTests {
    @Test func frameFromPositionBoundsAndAnchor() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        l.anchorPoint = Point(x: 0.25, y: 1)
        l.position = Point(x: 100, y: 50)
        // origin = position − anchor·size = (100 − 10, 50 − 20).
        #expect(l.frame == Rect(x: 90, y: 30, width: 40, height: 20))
        // Setting the frame keeps the anchor: position = origin + anchor·size.
        l.frame = Rect(x: 10, y: 10, width: 80, height: 40)
        #expect(l.position == Point(x: 10 + 0.25 * 80, y: 10 + 40))
        #expect(l.bounds.size == Size(width: 80, height: 40))
        // Scaled by 2 about the anchor: the frame grows away from the anchor point.
        l.transform = Transform3D(scaleX: 2, y: 2)
        let f = l.frame
        #expect(close(f.origin.x, 30 - 0.25 * 160) && close(f.origin.y, 50 - 80))
        #expect(close(f.size.width, 160) && close(f.size.height, 80))
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let root = Layer()
        let l = Layer()
        root.addSublayer(l)
        l.frame = Rect(x: 5, y: 5, width: 10, height: 10)
        l.bounds = Rect(x: 100, y: 100, width: 10, height: 10)
        #expect(l.frame == Rect(x: 5, y: 5, width: 10, height: 10))
        // …but it shifts where sublayers appear: bounds (100,100) is the frame's corner.
        let child = Layer()
        l.addSublayer(child)
        child.frame = Rect(x: 100, y: 100, width: 2, height: 2)
        #expect(child.convert(Point(x: 0, y: 0), to: root) == Point(x: 5, y: 5))
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 5, y: 5))
    }

    @Test func convertPointBetweenLayers() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 300, height: 300)
        let a = Layer()
        a.frame = Rect(x: 50, y: 60, width: 100, height: 100)
        let b = Layer()
        b.frame = Rect(x: 10, y: 20, width: 30, height: 30)
        root.addSublayer(a)
        a.addSublayer(b)
        // b's origin is at a's (10,20), which is root's (60,80).
        #expect(b.convert(Point(x: 0, y: 0), to: root) == Point(x: 60, y: 80))
        #expect(root.convert(Point(x: 60, y: 80), to: b) == Point(x: 0, y: 0))
        #expect(b.convert(Point(x: 1, y: 1), to: nil) == Point(x: 61, y: 81))
        #expect(b.convert(Point(x: 61, y: 81), from: nil) == Point(x: 1, y: 1))
        // Rotating a by 90° about its centre (100,110 in root): a's (0,0) is 50 left and 50 up
        // of the centre, which turns (clockwise on screen) to 50 right and 50 up: (150, 60).
        a.transform = Transform3D(rotationZ: .pi / 2)
        let p = a.convert(Point(x: 0, y: 0), to: root)
        #expect(close(p, Point(x: 150, y: 60), 1e-9))
        #expect(close(root.convert(p, to: a), Point(x: 0, y: 0), 1e-9))
        // A sibling subtree.
        let c = Layer()
        c.frame = Rect(x: 200, y: 200, width: 10, height: 10)
        root.addSublayer(c)
        #expect(close(c.convert(Point(x: 150, y: 60), from: root), Point(x: -50, y: -140), 1e-9))
        let r = b.convert(Rect(x: 0, y: 0, width: 30, height: 30), to: root)
        #expect(close(r.width, 30, 1e-9) && close(r.height, 30, 1e-9))
    }

    @Test func sublayerTransformAppliesAboutTheAnchor() {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.sublayerTransform = Transform3D(scaleX: 2, y: 2)
        let child = Layer()
        child.frame = Rect(x: 50, y: 50, width: 10, height: 10)
        root.addSublayer(child)
        // The child's origin (50,50) is the root's centre: scaling about it leaves it there;
        // its (10,10) corner moves to 20 from the centre.
        #expect(child.convert(Point(x: 10, y: 10), to: root) == Point(x: 70, y: 70))
    }

    @Test func singularTransformsDoNotBreakConversion() {
        let root = Layer()
        let flat = Layer()
        flat.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        flat.transform = Transform3D(scaleX: 0, y: 1)
        root.addSublayer(flat)
        let p = flat.convert(Point(x: 3, y: 4), from: root)
        #expect(p == Point(x: 3, y: 4))
        let q = flat.convert(Point(x: 3, y: 4), to: root)
        #expect(q.isFinite)
        flat.transform.m11 = .nan
        #expect(flat.convert(Point(x: 1, y: 1), to: root).isFinite)
        #expect(flat.convert(Rect(x: 0, y: 0, width: 1, height: 1), to: root).isFinite)
    }

    @Test func sublayerOrdering() {
        let root = Layer()
        let a = Layer()
        let b = Layer()
        let c = Layer()
        let d = Layer()
        a.name = "a"
        b.name = "b"
        c.name = "c"
        d.name = "d"
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, below: a)
        root.insertSublayer(d, above: c)
        #expect(root.sublayers.map(\.name) == ["c", "d", "a", "b"])
        root.insertSublayer(b, at: 0)
        #expect(root.sublayers.map(\.name) == ["b", "c", "d", "a"])
        root.insertSublayer(a, at: 99)
        #expect(root.sublayers.map(\.name) == ["b", "c", "d", "a"])
        d.removeFromSuperlayer()
        #expect(d.superlayer == nil && root.sublayers.count == 3)
        // Moving a layer takes it from its old parent.
        a.addSublayer(b)
        #expect(root.sublayers.map(\.name) == ["c", "a"] && b.superlayer === a)
        // Cycles are refused.
        b.addSublayer(root)
        b.addSublayer(b)
        #expect(b.sublayers.isEmpty && root.superlayer == nil)
    }

    @Test func layerFindsItsSceneThroughItsRoot() {
        let root = Layer()
        let child = Layer()
        root.addSublayer(child)
        #expect(child.scene == nil)
        let scene = Scene(root: root, clock: ManualClock())
        #expect(child.scene === scene && root.scene === scene)
        child.removeFromSuperlayer()
        #expect(child.scene == nil)
        #expect(scene.presentation(of: child) == nil)
    }

    @Test func shapeLayerModelValues() {
        let s = ShapeLayer()
        #expect(s.fillColor == .black && s.strokeColor == nil && s.lineWidth == 1)
        s.path = Path.oval(in: Rect(x: 0, y: 0, width: 10, height: 10))
        s.lineDashPattern = [2, 3]
        s.strokeEnd = 0.5
        #expect(s.shapeProperties.strokeEnd == 0.5 && s.shapeProperties.lineDashPattern == [2, 3])
        let scene = Scene(root: s, clock: ManualClock())
        scene.update(to: 0)
        #expect(scene.presentation().shape?.strokeEnd == 0.5)
        #expect(scene.presentation().kind == .shape)
    }
}
