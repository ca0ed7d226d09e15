import Testing

@testable import LayerKit

/// Additive animations of `path`: paths of the same elements add point by point; over a model
/// path of other elements the animation's own paths show (an equaliser's bars animated with
/// `isAdditive` over a placeholder path), and the empty path is neutral either way.
@MainActor
@Suite("Additive path animations")
struct AdditivePathTests {
    /// A bar from the bottom (y = 40) up to `top`, as a closed four-corner outline.
    func bar(x: Double, top: Double) -> Path {
        var p = Path()
        p.move(to: Point(x, 40))
        p.addLine(to: Point(x + 4, 40))
        p.addLine(to: Point(x + 4, top))
        p.addLine(to: Point(x, top))
        p.close()
        return p
    }

    @Test("over a model path of other elements, an additive keyframe animation draws its own paths")
    func otherStructure() throws {
        let shape = ShapeLayer()
        let stage = Stage(time: 0, layer: shape)
        var placeholder = Path()
        placeholder.move(to: Point(0, 0))
        placeholder.addLine(to: Point(1, 1))
        try stage.scene.perform {
            Transaction.performWithoutActions { shape.path = placeholder }
            let k = KeyframeAnimation(keyPath: "path")
            k.values = [.path(bar(x: 10, top: 30)), .path(bar(x: 10, top: 10)), .path(bar(x: 10, top: 30))]
            k.duration = 1
            k.isAdditive = true
            k.calculationMode = .linear
            try shape.add(k, forKey: "eq")
        }
        stage.go(0.25)
        // A quarter of the way: half-way between the first two keyframes, the top at 20.
        #expect(stage.scene.shapePresentation(of: shape)!.path == bar(x: 10, top: 20))
        stage.go(0.5)
        #expect(stage.scene.shapePresentation(of: shape)!.path == bar(x: 10, top: 10))
        // The model keeps its own path.
        #expect(shape.path == placeholder)
    }

    @Test("same elements add point by point; an empty model path adds nothing")
    func sameStructureAndEmpty() throws {
        let shape = ShapeLayer()
        let stage = Stage(time: 0, layer: shape)
        try stage.scene.perform {
            Transaction.performWithoutActions { shape.path = bar(x: 10, top: 30) }
            let a = BasicAnimation(keyPath: "path")
            // An offset of the same elements: every point moved by (1, -2).
            var offset = Path()
            offset.move(to: Point(1, -2))
            offset.addLine(to: Point(1, -2))
            offset.addLine(to: Point(1, -2))
            offset.addLine(to: Point(1, -2))
            offset.close()
            a.fromValue = .path(offset)
            a.toValue = .path(offset)
            a.duration = 1
            a.isAdditive = true
            try shape.add(a, forKey: "nudge")
        }
        stage.go(0.5)
        var moved = Path()
        moved.move(to: Point(11, 38))
        moved.addLine(to: Point(15, 38))
        moved.addLine(to: Point(15, 28))
        moved.addLine(to: Point(11, 28))
        moved.close()
        #expect(stage.scene.shapePresentation(of: shape)!.path == moved)
        #expect(Path.accumulate(Path(), bar(x: 0, top: 5)) == bar(x: 0, top: 5))
        #expect(Path.accumulate(bar(x: 0, top: 5), Path()) == bar(x: 0, top: 5))
    }
}
