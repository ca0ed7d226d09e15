import Foundation
import Testing

@testable import LayerKit

/// `ReplicatorLayer`: instances placed by powers of `instanceTransform` about the centre,
/// delayed by `instanceDelay`, tinted by `instanceColor` plus the offsets.
@Suite struct ReplicatorLayerTests {
    /// A replicator of 100×100 at the root's origin with one 10×10 sublayer at (0, 0).
    static func make(count: Int) -> (Stage, ReplicatorLayer, Layer) {
        let replicator = ReplicatorLayer()
        replicator.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = count
        let dot = Layer()
        dot.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = .white
        replicator.addSublayer(dot)
        return (Stage(time: 0, layer: replicator), replicator, dot)
    }

    func tree(_ stage: Stage) -> PresentationLayer { stage.scene.presentation().sublayers[0] }

    /// Runs `change` in a transaction that disables actions.
    static func withoutActions(_ stage: Stage, _ change: () -> Void) {
        stage.scene.perform {
            Transaction.begin()
            Transaction.setDisableActions(true)
            change()
            Transaction.commit()
        }
    }

    @Test func instancesArePlacedByPowersOfTheTransformAboutTheCentre() {
        let (stage, replicator, _) = Self.make(count: 4)
        // A quarter turn about the centre (50, 50): the dot's corner (0, 0) goes to (100, 0),
        // then (100, 100), then (0, 100) — worked out by hand for rotations about (50, 50).
        // (Without actions: on a shown replicator the change would animate.)
        Self.withoutActions(stage) { replicator.instanceTransform = Transform3D(rotationZ: Double.pi / 2) }
        stage.go(0.1)
        let children = tree(stage).sublayers
        #expect(children.count == 4)
        #expect(children.map(\.name) == [nil, "instance 1", "instance 2", "instance 3"])
        let expected = [Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)]
        for k in 1...3 {
            let container = children[k]
            let corner = container.sublayers[0].properties.toSuperlayer.apply(to: Point(x: 0, y: 0))
            let placed = container.properties.toSuperlayer.apply(to: corner)
            #expect(
                abs(placed.x - expected[k - 1].x) < 1e-9 && abs(placed.y - expected[k - 1].y) < 1e-9,
                "instance \(k)")
        }
    }

    @Test func instanceDelayRunsTheSublayersAnimationsInAWave() throws {
        let (stage, replicator, dot) = Self.make(count: 3)
        replicator.instanceDelay = 0.25
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        a.timingFunction = .linear
        a.fillMode = .both
        try dot.add(a, forKey: "fade")
        stage.go(0.6)
        let children = tree(stage).sublayers
        let opacities =
            [children[0].properties.opacity] + children[1...].map { $0.sublayers[0].properties.opacity }
        // Instance k shows the animation at 0.6 − 0.25·k.
        for (k, o) in opacities.enumerated() {
            #expect(abs(o - (0.6 - 0.25 * Double(k))) < 1e-9, "instance \(k)")
        }
    }

    @Test func coloursMultiplyWithOffsetsClampedToOne() {
        let (stage, replicator, _) = Self.make(count: 4)
        Self.withoutActions(stage) {
            replicator.instanceColor = Color(red: 1, green: 0.5, blue: 1)
            replicator.instanceRedOffset = -0.25
            replicator.instanceBlueOffset = 0.5
        }
        stage.go(0.1)
        let children = tree(stage).sublayers
        let colours =
            [children[0].properties.backgroundColor]
            + children[1...].map { $0.sublayers[0].properties.backgroundColor }
        // White × (1 − 0.25k, 0.5, min(1, 1 + 0.5k)).
        for (k, c) in colours.enumerated() {
            let c = c ?? .clear
            #expect(abs(c.red - (1 - 0.25 * Double(k))) < 1e-12 && abs(c.green - 0.5) < 1e-12 && c.blue == 1)
        }
    }

    @Test func oddCountsAndDelays() {
        let (stage, replicator, _) = Self.make(count: 0)
        replicator.instanceDelay = .nan
        stage.go(0.1)
        #expect(tree(stage).sublayers.count == 1)
        replicator.instanceCount = -5
        stage.go(0.2)
        #expect(tree(stage).sublayers.count == 1)
    }
}
