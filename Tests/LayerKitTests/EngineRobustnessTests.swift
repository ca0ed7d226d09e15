import Foundation
import Testing

@testable import LayerKit

/// Bad input never crashes, hangs or puts a non-finite number into the presentation.
@Suite struct EngineRobustnessTests {
    static let bad: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e308, -1e308]

    func finite(_ p: LayerProperties) -> Bool {
        p.position.isFinite && p.bounds.isFinite && p.transform.isFinite && p.opacity.isFinite
            && p.anchorPoint.isFinite
    }

    @Test func nonFiniteAnimationValuesKeepTheModelValue() throws {
        let stage = Stage(time: 0)
        stage.layer.position = Point(x: 3, y: 4)
        let a = BasicAnimation(keyPath: "position")
        a.fromValue = .point(Point(x: .nan, y: 0))
        a.toValue = .point(Point(x: 1, y: .infinity))
        a.duration = 1
        try stage.layer.add(a, forKey: "p")
        let k = KeyframeAnimation(keyPath: "opacity")
        k.values = [0, .number(.nan), 1]
        k.calculationMode = .paced
        try stage.layer.add(k, forKey: "o")
        let c = KeyframeAnimation(keyPath: "transform")
        c.values = [.transform(Transform3D(scaleX: 0, y: 0)), .transform(Transform3D(scaleX: .nan, y: 1))]
        c.calculationMode = .cubic
        try stage.layer.add(c, forKey: "t")
        for t in [0.0, 0.25, 0.5, 0.99, 2] {
            stage.go(t)
            #expect(finite(stage.shown))
        }
        stage.go(0.5)
        #expect(stage.shown.position == Point(x: 3, y: 4))
    }

    @Test(arguments: bad)
    func badTimingValues(_ v: Double) throws {
        let stage = Stage(time: 0)
        let setters: [(BasicAnimation) -> Void] = [
            { $0.duration = v }, { $0.speed = v }, { $0.repeatCount = v }, { $0.repeatDuration = v },
            { $0.beginTime = v }, { $0.timeOffset = v },
            {
                $0.repeatCount = v
                $0.autoreverses = true
                $0.fillMode = .both
            },
        ]
        for (i, set) in setters.enumerated() {
            let a = BasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            a.timingFunction = .easeInEaseOut
            a.delegate = Recorder()
            set(a)
            try stage.layer.add(a, forKey: "a\(i)")
        }
        for t in [0.0, 0.1, 1, 1000, 1e12] {
            stage.go(t)
            #expect(finite(stage.shown))
            _ = stage.scene.needsFrames
        }
    }

    @Test(arguments: bad)
    func badLayerTiming(_ v: Double) throws {
        let stage = Stage(time: 0)
        let a = BasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.repeatCount = .infinity
        try stage.layer.add(a, forKey: "a")
        stage.layer.speed = v
        stage.root.beginTime = v
        stage.root.timeOffset = v
        for t in [0.0, 0.5, 100] {
            stage.go(t)
            #expect(finite(stage.shown))
            #expect(stage.layer.convertTime(t, from: nil).isFinite || !v.isFinite || abs(v) > 1e300)
        }
    }

    @Test func nonFiniteUpdateTimesAreIgnored() throws {
        let stage = Stage(time: 1)
        stage.scene.update(to: .nan)
        stage.scene.update(to: .infinity)
        #expect(stage.scene.lastUpdate == 1)
        // Going back in time is allowed (a manual clock reset) and does not replay callbacks.
        let rec = Recorder()
        let a = BasicAnimation(keyPath: "opacity")
        a.delegate = rec
        try stage.layer.add(a, forKey: nil)
        stage.go(5)
        stage.go(0.5)
        stage.go(6)
        #expect(rec.log == ["start a", "stop a true"])
    }

    @Test func singularAndNonFiniteTransformsOnLayers() throws {
        let stage = Stage(time: 0)
        try stage.scene.perform {
            stage.layer.transform = Transform3D(scaleX: 0, y: 0)
            let r = BasicAnimation(keyPath: "transform.rotation.z")
            r.byValue = 1
            try stage.layer.add(r, forKey: nil)
            let s = BasicAnimation(keyPath: "transform.scale.x")
            s.toValue = 2
            try stage.layer.add(s, forKey: nil)
            stage.go(0.1)
            #expect(stage.shown.transform.isFinite)
            stage.layer.frame = Rect(x: .nan, y: 0, width: 1, height: 1)
            #expect(stage.layer.position.isFinite)
            Transaction.performWithoutActions {
                stage.layer.transform = Transform3D(scaleX: .nan, y: 1)
            }
            stage.go(0.2)
            #expect(stage.root.convert(Point(x: 1, y: 1), to: stage.layer).isFinite)
        }
    }

    @Test func aCallbackThatKeepsAddingTinyAnimationsCannotHang() throws {
        let stage = Stage(time: 0)
        final class Spinner: AnimationDelegate {
            let layer: Layer
            var count = 0
            init(_ layer: Layer) { self.layer = layer }
            func animationDidStop(_ anim: Animation, finished: Bool) {
                count += 1
                let a = BasicAnimation(keyPath: "opacity")
                a.duration = 1e-12
                a.delegate = self
                try? layer.add(a, forKey: "spin")
            }
        }
        let spinner = Spinner(stage.layer)
        spinner.animationDidStop(BasicAnimation(), finished: true)
        stage.go(1)
        #expect(spinner.count > 1)
        stage.go(2)
        #expect(stage.scene.needsFrames)
    }

    @Test func emptyAndNestedGroups() throws {
        let stage = Stage(time: 0)
        let empty = AnimationGroup()
        try stage.layer.add(empty, forKey: "e")
        let inner = AnimationGroup()
        let x = BasicAnimation(keyPath: "position.x")
        x.fromValue = 0
        x.toValue = 10
        inner.animations = [x]
        let outer = AnimationGroup()
        outer.duration = 2
        outer.animations = [inner]
        try stage.layer.add(outer, forKey: "o")
        stage.go(1)
        // Inner takes 2 s from the outer group, x takes 2 s from inner: half-way.
        #expect(close(stage.shown.position.x, 5))
        let plain = Animation()
        let rec = Recorder()
        plain.delegate = rec
        try stage.layer.add(plain, forKey: "plain")
        stage.go(5)
        #expect(rec.log == ["start a", "stop a true"])
    }
}

/// Random trees, animations, timing values and callbacks on a fixed seed: the engine never
/// crashes, never hangs and never shows a non-finite number where the model had none.
@Suite struct EngineFuzzTests {
    /// SplitMix64: a small deterministic generator.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func number() -> Double {
            switch int(10) {
            case 0: return [.nan, .infinity, -.infinity, 0, -1, 1e300][int(6)]
            default: return (unit() - 0.3) * 4
            }
        }
        mutating func bool() -> Bool { int(2) == 0 }
    }

    final class Chaos: AnimationDelegate {
        var rng: Random
        let layers: [Layer]
        init(rng: Random, layers: [Layer]) {
            self.rng = rng
            self.layers = layers
        }
        var events = 0
        func animationDidStart(_ anim: Animation) {
            events += 1
            if rng.int(4) == 0 { layers[rng.int(layers.count)].removeAllAnimations() }
        }
        func animationDidStop(_ anim: Animation, finished: Bool) {
            events += 1
            if rng.int(3) == 0 {
                let a = BasicAnimation(keyPath: "opacity")
                a.duration = rng.unit()
                a.delegate = rng.bool() ? self : nil
                try? layers[rng.int(layers.count)].add(a, forKey: rng.bool() ? "k" : nil)
            }
        }
    }

    static let keyPaths = [
        "position", "position.x", "bounds", "bounds.size", "opacity", "transform",
        "transform.rotation.z", "transform.scale", "transform.translation", "anchorPoint",
        "backgroundColor", "hidden", "cornerRadius", "strokeEnd", "strokeColor", "lineWidth",
    ]

    func value(for keyPath: String, _ r: inout Random) -> AnimationValue {
        switch keyPath {
        case "position", "anchorPoint": return .point(Point(x: r.number(), y: r.number()))
        case "bounds": return .rect(Rect(x: r.number(), y: r.number(), width: r.number(), height: r.number()))
        case "bounds.size", "transform.translation": return .size(Size(width: r.number(), height: r.number()))
        case "transform":
            return .transform(
                Transform3D(rotationZ: r.number()).concatenating(
                    Transform3D(scaleX: r.number(), y: r.number())))
        case "backgroundColor", "strokeColor":
            return .color(Color(red: r.number(), green: r.unit(), blue: r.unit(), alpha: r.number()))
        case "hidden": return .bool(r.bool())
        default: return .number(r.number())
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomScenes(seed: UInt64) {
        var r = Random(state: seed)
        let root = Layer()
        var layers: [Layer] = [root]
        for _ in 0..<12 {
            let l: Layer = r.bool() ? ShapeLayer() : Layer()
            l.frame = Rect(x: r.unit() * 100, y: r.unit() * 100, width: 10, height: 10)
            layers[r.int(layers.count)].addSublayer(l)
            layers.append(l)
        }
        let clock = ManualClock(time: 0)
        let scene = Scene(root: root, clock: clock)
        let chaos = Chaos(rng: Random(state: seed &* 7), layers: layers)
        var t = 0.0
        for step in 0..<150 {
            let layer = layers[r.int(layers.count)]
            switch r.int(6) {
            case 0, 1:
                let keyPath = Self.keyPaths[r.int(Self.keyPaths.count)]
                let anim: Animation
                if r.bool() {
                    let b = BasicAnimation(keyPath: keyPath)
                    b.fromValue = r.bool() ? value(for: keyPath, &r) : nil
                    b.toValue = r.bool() ? value(for: keyPath, &r) : nil
                    b.byValue = r.bool() ? value(for: keyPath, &r) : nil
                    b.isAdditive = r.bool()
                    b.isCumulative = r.bool()
                    anim = b
                } else {
                    let k = KeyframeAnimation(keyPath: keyPath)
                    k.values = (0..<r.int(5)).map { _ in value(for: keyPath, &r) }
                    k.keyTimes = r.bool() ? (0..<r.int(5)).map { _ in r.number() } : nil
                    k.calculationMode = CalculationMode.allCases[r.int(5)]
                    if keyPath == "position", r.bool() {
                        k.path = Path.oval(in: Rect(x: r.number(), y: 0, width: r.number(), height: 30))
                        k.rotationMode = r.bool() ? .auto : .autoReverse
                    }
                    anim = k
                }
                anim.duration = r.number()
                anim.beginTime = r.bool() ? 0 : t + r.number()
                anim.speed = r.bool() ? 1 : r.number()
                anim.repeatCount = r.bool() ? 0 : r.number()
                anim.autoreverses = r.bool()
                anim.timeOffset = r.bool() ? 0 : r.number()
                anim.fillMode = FillMode.allCases[r.int(4)]
                anim.isRemovedOnCompletion = r.bool()
                anim.delegate = r.bool() ? chaos : nil
                if r.int(4) == 0 {
                    let g = AnimationGroup()
                    g.animations = [anim]
                    g.duration = r.number()
                    try? layer.add(g, forKey: r.bool() ? "g" : nil)
                } else {
                    try? layer.add(anim, forKey: r.bool() ? keyPath : nil)
                }
            case 2:
                layer.opacity = r.unit()
                layer.position = Point(x: r.unit() * 50, y: r.unit() * 50)
            case 3:
                if r.int(3) == 0 { layer.speed = r.bool() ? 0 : r.unit() * 3 }
                if r.int(5) == 0, layer !== root { layer.removeFromSuperlayer() }
            case 4:
                ViewAnimation.animate(
                    withDuration: r.number(), delay: r.number(), options: .beginFromCurrentState,
                    animations: {
                        layer.isViewBacking = true
                        layer.cornerRadius = r.unit()
                    },
                    completion: { _ in })
            default:
                layer.removeAnimation(forKey: "k")
            }
            t += r.bool() ? r.unit() : r.unit() * 20
            clock.set(t)
            scene.update()
            if step % 5 == 0 {
                let tree = scene.presentation()
                // The model values are all finite, so every presented value must be too.
                func check(_ p: PresentationLayer) {
                    let q = p.properties
                    #expect(q.opacity.isFinite && q.position.isFinite && q.bounds.isFinite)
                    #expect(q.transform.isFinite && q.anchorPoint.isFinite && q.cornerRadius.isFinite)
                    #expect(q.backgroundColor?.isFinite ?? true)
                    if let shape = p.shape {
                        #expect(shape.strokeEnd.isFinite && shape.lineWidth.isFinite)
                        #expect(shape.strokeColor?.isFinite ?? true)
                    }
                    for s in p.sublayers { check(s) }
                }
                check(tree)
            }
        }
        _ = scene.needsFrames
        // The run did exercise the callbacks.
        #expect(chaos.events > 10)
    }
}
