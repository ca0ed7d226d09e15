import LayerKit
import Testing

/// Presentation layers share their nodes: copies are values all the same, equal layers are
/// equal whether or not they share, and a subtree the engine keeps is the same node in
/// successive trees.
@Suite struct PresentationSharingTests {
    func layer(_ name: String, x: Double, sublayers: [PresentationLayer] = []) -> PresentationLayer {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        p.position = Point(x: x, y: 5)
        return PresentationLayer(name: name, properties: p, sublayers: sublayers)
    }

    @Test func aCopyIsAValue() {
        let original = layer("root", x: 5, sublayers: [layer("child", x: 1)])
        var copy = original
        #expect(copy.isSameNode(as: original))
        copy.properties.opacity = 0.5
        copy.sublayers[0].properties.position.x = 7
        copy.name = "renamed"
        copy.mask = layer("mask", x: 2)
        // The original is untouched; the copy has its own node now.
        #expect(original.properties.opacity == 1)
        #expect(original.sublayers[0].properties.position.x == 1)
        #expect(original.name == "root")
        #expect(original.mask == nil)
        #expect(!copy.isSameNode(as: original))
        #expect(copy.properties.opacity == 0.5)
        #expect(copy.sublayers[0].properties.position.x == 7)
        #expect(copy.mask?.name == "mask")
    }

    @Test func equalityAndHashingLookAtValuesNotNodes() {
        let a = layer("root", x: 5, sublayers: [layer("child", x: 1)])
        let b = layer("root", x: 5, sublayers: [layer("child", x: 1)])
        #expect(!a.isSameNode(as: b))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var c = b
        c.sublayers[0].isTransformLayer = true
        #expect(a != c)
        var d = b
        d.transition = nil
        d.replicator = nil
        #expect(a == d)
    }

    @Test func aStaticSubtreeIsTheSameNodeFromOneUpdateToTheNext() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let still = Layer()
        still.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let moving = Layer()
        moving.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(still)
        root.addSublayer(moving)
        let clock = ManualClock(time: 0)
        let scene = Scene(root: root, clock: clock)
        let slide = BasicAnimation(keyPath: "position.x")
        slide.fromValue = .number(0)
        slide.toValue = .number(90)
        slide.duration = 1
        try moving.add(slide, forKey: "slide")
        scene.update(to: 0.1)
        let first = scene.presentation()
        scene.update(to: 0.2)
        let second = scene.presentation()
        #expect(first.sublayers[0].isSameNode(as: second.sublayers[0]))
        #expect(!first.sublayers[1].isSameNode(as: second.sublayers[1]))
        #expect(first.sublayers[1].properties.position.x < second.sublayers[1].properties.position.x)
    }

    @Test func performInsideTheSameSceneRunsTheBodyWithThatSceneActive() {
        let a = Scene(root: Layer(), clock: ManualClock(time: 0))
        let b = Scene(root: Layer(), clock: ManualClock(time: 0))
        var seen: [Scene?] = []
        a.perform {
            seen.append(Scene.active)
            a.perform { seen.append(Scene.active) }
            b.perform {
                seen.append(Scene.active)
                a.perform { seen.append(Scene.active) }
                seen.append(Scene.active)
            }
            seen.append(Scene.active)
        }
        let expected: [Scene] = [a, a, b, a, b, a]
        #expect(seen.count == expected.count)
        for (s, e) in zip(seen, expected) { #expect(s === e) }
    }
}
