import Foundation
import Testing

@testable import LayerKit

/// `ReplicatorLayer`'s animatable properties (Apple documents `instanceDelay`,
/// `instanceTransform`, `instanceColor` and the colour offsets as animatable; `instanceCount`
/// is not): the instances are built from the animated values at each moment.
@Suite struct ReplicatorAnimationTests {
    /// A shown replicator of 100×100 with one white 10×10 dot at its origin, `count` instances.
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

    static func linear(_ keyPath: String, from: AnimationValue, to: AnimationValue) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.duration = 1
        a.timingFunction = .linear
        return a
    }

    /// The dot's colour in instance `k`.
    static func colour(_ stage: Stage, instance k: Int) -> Color {
        let children = stage.scene.presentation().sublayers[0].sublayers
        let dot = k == 0 ? children[0] : children[k].sublayers[0]
        return dot.properties.backgroundColor ?? .clear
    }

    @Test func instanceTransformAnimates() throws {
        let (stage, replicator, _) = Self.make(count: 3)
        // From no turn to a quarter turn about z: half-way, an eighth of a turn each.
        try replicator.add(
            Self.linear(
                "instanceTransform", from: .transform(.identity),
                to: .transform(Transform3D(rotationZ: .pi / 2))),
            forKey: "spread")
        stage.go(0.5)
        let children = stage.scene.presentation().sublayers[0].sublayers
        // Instance k is turned by k·π/4: its container's matrix has m11 = cos, m12 = sin.
        for k in 1...2 {
            let m = children[k].properties.transform
            let angle = Double(k) * Double.pi / 4
            #expect(abs(m.m11 - cos(angle)) < 1e-9 && abs(m.m12 - sin(angle)) < 1e-9, "instance \(k): \(m)")
        }
        // The model did not change.
        #expect(replicator.instanceTransform == .identity)
        #expect(stage.scene.presentation().sublayers[0].replicator?.instanceTransform != .identity)
    }

    @Test func instanceDelayAnimates() throws {
        let (stage, replicator, dot) = Self.make(count: 3)
        let fade = Self.linear("opacity", from: 0, to: 1)
        fade.duration = 10
        fade.fillMode = .both
        try dot.add(fade, forKey: "fade")
        // The delay grows from 0 to 1 s over 1 s: at 0.5 s it is 0.5 s.
        try replicator.add(Self.linear("instanceDelay", from: 0, to: 1), forKey: "delay")
        stage.go(0.5)
        let children = stage.scene.presentation().sublayers[0].sublayers
        // Instance k shows the fade at 0.5 − 0.5·k seconds of its 10: opacity (0.5 − 0.5k)/10,
        // clamped at 0 before it begins (filled backwards).
        let opacities =
            [children[0].properties.opacity] + children[1...].map { $0.sublayers[0].properties.opacity }
        for (k, o) in opacities.enumerated() {
            let expected = Swift.max(0, 0.5 - 0.5 * Double(k)) / 10
            #expect(abs(o - expected) < 1e-9, "instance \(k): \(o)")
        }
    }

    @Test func instanceColorAndOffsetsAnimate() throws {
        let (stage, replicator, _) = Self.make(count: 3)
        // instanceColor from white to (0.2, 0.4, 0.6, 1); the green offset from 0 to −0.4.
        try replicator.add(
            Self.linear(
                "instanceColor", from: .color(.white), to: .color(Color(red: 0.2, green: 0.4, blue: 0.6))),
            forKey: "tint")
        try replicator.add(Self.linear("instanceGreenOffset", from: 0, to: -0.4), forKey: "green")
        try replicator.add(Self.linear("instanceAlphaOffset", from: 0, to: -0.5), forKey: "alpha")
        stage.go(0.5)
        // Half-way: the colour (0.6, 0.7, 0.8, 1), the green offset −0.2, the alpha one −0.25;
        // instance k: (0.6, 0.7 − 0.2k, 0.8, 1 − 0.25k) times the dot's white.
        for k in 0..<3 {
            let c = Self.colour(stage, instance: k)
            let g = 0.7 - 0.2 * Double(k)
            let a = 1 - 0.25 * Double(k)
            #expect(
                abs(c.red - 0.6) < 1e-9 && abs(c.green - g) < 1e-9 && abs(c.blue - 0.8) < 1e-9
                    && abs(c.alpha - a) < 1e-9, "instance \(k): \(c)")
        }
        try replicator.add(Self.linear("instanceRedOffset", from: 0, to: -1), forKey: "red")
        try replicator.add(Self.linear("instanceBlueOffset", from: 0, to: 1), forKey: "blue")
        stage.go(0.75)
        // Added at 0.5 s, the red and blue offsets are a quarter of the way at 0.75 s: −0.25
        // and +0.25; the colour is three quarters of the way: red 1 − 0.8·0.75, blue
        // 1 − 0.4·0.75. Each channel is clamped to 0…1.
        let t = 0.75
        let base = (red: 1 - 0.8 * t, blue: 1 - 0.4 * t)
        let redOffset = -0.25
        let blueOffset = 0.25
        for k in 0..<3 {
            let c = Self.colour(stage, instance: k)
            let r = Swift.max(0, base.red + Double(k) * redOffset)
            let b = Swift.min(1, base.blue + Double(k) * blueOffset)
            #expect(abs(c.red - r) < 1e-9 && abs(c.blue - b) < 1e-9, "instance \(k): \(c)")
        }
    }

    @Test func changesOnAShownReplicatorAnimateImplicitly() {
        let (stage, replicator, _) = Self.make(count: 2)
        stage.scene.perform { replicator.instanceAlphaOffset = -1 }
        // The implicit animation: 0.25 s of the default curve; at its end the model.
        stage.go(0.125)
        let midway = Self.colour(stage, instance: 1).alpha
        #expect(midway > 0.05 && midway < 0.95, "\(midway)")
        stage.go(0.3)
        #expect(Self.colour(stage, instance: 1).alpha == 0)
        // instanceCount is not animatable: it changes at once.
        stage.scene.perform { replicator.instanceCount = 4 }
        stage.go(0.31)
        #expect(stage.scene.presentation().sublayers[0].sublayers.count == 4)
    }

    @Test func replicatorKeyPathsNeedAReplicator() {
        let plain = Layer()
        _ = Stage(time: 0, layer: plain)
        #expect(throws: AnimationError.self) {
            try plain.add(Self.linear("instanceDelay", from: 0, to: 1), forKey: "delay")
        }
        #expect(KeyPathRegistry.property(for: "instanceCount") == nil)
    }
}
