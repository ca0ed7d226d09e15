import Foundation
import LayerKitCairo
import LoaderLab
import Loaders
import SnapshotTesting
import Testing

@testable import LayerKit

/// Every entry of the property tables against what is built from them: the animatable key
/// paths, the setters' actions, the presentation, damage and `inspect`'s JSON. A property
/// added to a table is checked here without a line of its own.
@Suite struct LayerTableTests {
    static func forEachProperty(_ body: (any TypedLayerProperty, PropertyAnimating, PropertyRole) -> Void) {
        for e in LayerTable.all { body(e.property, e.animating, e.role) }
        for e in ShapeTable.all { body(e.property, e.animating, e.role) }
        for e in GradientTable.all { body(e.property, e.animating, e.role) }
        for e in TextTable.all { body(e.property, e.animating, e.role) }
        for e in ReplicatorTable.all { body(e.property, e.animating, e.role) }
    }

    // Core Animation's classification (its headers and the engine's documented deviations:
    // `Layer`, `ShapeLayer`, `TextLayer`, `GradientLayer`, `ReplicatorLayer`).
    static let notAnimatable: Set<String> = [
        "masksToBounds", "contents", "contentsGravity", "maskedCorners", "fillRule", "lineCap", "lineJoin",
        "lineDashPattern", "type", "string", "font", "alignmentMode", "truncationMode", "wrapped",
        "instanceCount",
    ]
    /// Animatable, but a change shows at once: paths, as in Core Animation, and the flags.
    static let explicitOnly: Set<String> = ["hidden", "doubleSided", "shouldRasterize", "shadowPath", "path"]
    /// Only where and how the rendering is composited.
    static let placement: Set<String> = [
        "position", "anchorPoint", "transform", "sublayerTransform", "opacity", "hidden", "zPosition",
        "doubleSided", "shouldRasterize",
    ]

    @Test func everyStoredValueHasOneEntryWithCoreAnimationsClassification() {
        func check<G: LayerPropertyGroup>(_ table: [LayerPropertyEntry<G>], extra: Int = 0) {
            // One entry per stored value of the group (LayerProperties' custom values are keyed).
            #expect(Mirror(reflecting: G()).children.count == table.count + extra, "\(G.self)")
            #expect(Set(table.map(\.storage)).count == table.count, "\(G.self)")
        }
        check(LayerTable.all, extra: 1)
        check(ShapeTable.all)
        check(GradientTable.all)
        check(TextTable.all)
        check(ReplicatorTable.all)
        var keys: [String] = []
        Self.forEachProperty { p, animating, role in
            keys.append(p.key)
            let expected: PropertyAnimating =
                Self.notAnimatable.contains(p.key)
                ? .none : Self.explicitOnly.contains(p.key) ? .explicitOnly : .implicit
            #expect(animating == expected, "\(p.key)")
            #expect(role == (Self.placement.contains(p.key) ? .placement : .content), "\(p.key)")
        }
        #expect(keys.count == 59)
        #expect(Set(keys).count == keys.count)
    }

    @Test func defaultsAreCoreAnimations() {
        // Apple's documented defaults, by key.
        let expected: [String: any Sendable] = [
            "bounds": Rect.zero, "position": Point.zero, "anchorPoint": Point(0.5, 0.5),
            "transform": Transform3D.identity, "sublayerTransform": Transform3D.identity, "opacity": 1.0,
            "hidden": false, "zPosition": 0.0, "doubleSided": true, "cornerRadius": 0.0,
            "maskedCorners": CornerMask.all, "shadowColor": Color?.some(.black), "shadowOpacity": 0.0,
            "shadowOffset": Size(0, -3), "shadowRadius": 3.0, "shadowPath": Path?.none,
            "contentsRect": Rect(x: 0, y: 0, width: 1, height: 1),
            "contentsCenter": Rect(x: 0, y: 0, width: 1, height: 1), "contentsScale": 1.0,
            "shouldRasterize": false, "rasterizationScale": 1.0, "backgroundColor": Color?.none,
            "borderWidth": 0.0, "borderColor": Color?.some(.black), "masksToBounds": false,
            "contents": ImageReference?.none, "contentsGravity": ContentsGravity.resize,
            "strokeStart": 0.0, "strokeEnd": 1.0, "lineWidth": 1.0, "lineDashPattern": [Double](),
            "strokeColor": Color?.none, "fillColor": Color?.some(.black), "path": Path?.none,
            "fillRule": FillRule.nonZero, "lineCap": LineCap.butt, "lineJoin": LineJoin.miter,
            "miterLimit": 10.0, "lineDashPhase": 0.0, "type": GradientType.axial, "colors": [Color](),
            "locations": [Double]?.none, "startPoint": Point(0.5, 0), "endPoint": Point(0.5, 1),
            "string": String?.none, "font": "Helvetica", "fontSize": 36.0,
            "foregroundColor": Color?.some(.white), "alignmentMode": TextAlignment.natural,
            "truncationMode": TruncationMode.none, "wrapped": false, "instanceCount": 1,
            "instanceTransform": Transform3D.identity, "instanceDelay": 0.0,
            "instanceColor": Color.white, "instanceRedOffset": 0.0, "instanceGreenOffset": 0.0,
            "instanceBlueOffset": 0.0, "instanceAlphaOffset": 0.0,
        ]
        func check<P: TypedLayerProperty>(_ p: P) {
            let value = expected[p.key] as? P.Value
            #expect(value == p.defaultValue, "\(p.key)")
        }
        Self.forEachProperty { p, _, _ in check(p) }
    }

    /// Values of every kind with defaults, as an animation of a layer of that kind reads them.
    static let defaults = LayerValues(
        layer: LayerProperties(), shape: ShapeProperties(), gradient: GradientProperties(),
        text: TextProperties(), replicator: ReplicatorProperties())

    static func values<G: LayerPropertyGroup>(_ values: LayerValues, with group: G) -> LayerValues {
        var v = values
        switch group {
        case let g as LayerProperties: v.layer = g
        case let g as ShapeProperties: v.shape = g
        case let g as GradientProperties: v.gradient = g
        case let g as TextProperties: v.text = g
        case let g as ReplicatorProperties: v.replicator = g
        default: Issue.record("unknown group \(G.self)")
        }
        return v
    }

    @Test func animatableKeysResolveToTheirStorage() throws {
        func check<P: TypedLayerProperty>(_ p: P, _ animating: PropertyAnimating) throws {
            let property = KeyPathRegistry.property(for: p.key)
            guard animating != .none else {
                #expect(property == nil, "\(p.key) is not animatable")
                return
            }
            let resolved = try #require(property, "\(p.key)")
            #expect(resolved.isShapeProperty == (P.Group.self == ShapeProperties.self), "\(p.key)")
            let owner: OwningLayerClass? =
                switch P.Group.self {
                case is GradientProperties.Type: .gradient
                case is TextProperties.Type: .text
                case is ReplicatorProperties.Type: .replicator
                default: nil
                }
            #expect(resolved.owner == owner, "\(p.key)")
            // It reads the storage: changing the stored value changes what it reads.
            let group = try #require(P.Group.values(in: PresentationLayer.defaults(for: P.Group.self)))
            let changed = try #require(PropertySamples.changed(p, in: group), "\(p.key)")
            let before = Self.values(Self.defaults, with: group)
            let after = Self.values(Self.defaults, with: changed)
            #expect(resolved.animationValue(in: before) != resolved.animationValue(in: after), "\(p.key)")
            // And writes it: an animation holding the changed value shows it stored.
            let layer = PropertySamples.layer(for: P.Group.self)
            let stage = TableStage(time: 0, layer: layer)
            let hold = BasicAnimation(keyPath: p.key)
            hold.fromValue = resolved.animationValue(in: after)
            hold.toValue = hold.fromValue
            hold.duration = 10
            try layer.add(hold, forKey: "hold")
            stage.go(1)
            let shown = try #require(layer.presentation().flatMap { P.Group.values(in: $0) })
            #expect(
                shown[keyPath: p.storage] == changed[keyPath: p.storage]
                    || resolved.valuesAgree(Self.values(Self.defaults, with: shown), after), "\(p.key)")
        }
        var failures: [any Error] = []
        Self.forEachProperty { p, animating, _ in
            do { try check(p, animating) } catch { failures.append(error) }
        }
        #expect(failures.isEmpty)
    }

    @Test func implicitOnesAnimateAndOthersChangeAtOnce() throws {
        func check<P: TypedLayerProperty>(_ p: P, _ animating: PropertyAnimating) throws {
            let layer = PropertySamples.layer(for: P.Group.self)
            let stage = TableStage(time: 0, layer: layer)
            let before = try #require(layer.presentation().flatMap { P.Group.values(in: $0) })
            let value = try #require(PropertySamples.other(than: before[keyPath: p.storage]), "\(p.key)")
            #expect(PropertySamples.set(p, value, on: layer), "\(p.key)")
            stage.go(0.05)
            let now = try #require(layer.presentation().flatMap { P.Group.values(in: $0) })
            if animating == .implicit {
                #expect(layer.animationKeys() == [p.key], "\(p.key) animates implicitly")
                #expect(now[keyPath: p.storage] != value, "\(p.key) is on its way")
            } else {
                #expect(layer.animationKeys().isEmpty, "\(p.key) has no implicit animation")
                #expect(now[keyPath: p.storage] == value, "\(p.key) changes at once")
            }
            stage.go(1)
            let end = try #require(layer.presentation().flatMap { P.Group.values(in: $0) })
            #expect(end[keyPath: p.storage] == value, "\(p.key) ends at the model value")
        }
        var failures: [any Error] = []
        Self.forEachProperty { p, animating, _ in
            do { try check(p, animating) } catch { failures.append(error) }
        }
        #expect(failures.isEmpty)
    }

    /// A layer that draws something (40×40, white background, at (50, 50)); `rich` also turns
    /// on the sections that need it: a shadow, contents, rasterization.
    static func base(rich: Bool) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        p.position = Point(50, 50)
        p.backgroundColor = .white
        if rich {
            p.shadowOpacity = 0.5
            p.contents = ImageReference(path: "/x.png", pixelSize: Size(4, 4))
            p.shouldRasterize = true
        }
        return p
    }

    static func tree(_ layer: PresentationLayer) -> PresentationLayer {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Point(50, 50)
        return PresentationLayer(name: "root", properties: root, sublayers: [layer])
    }

    static func inspected(_ tree: PresentationLayer) throws -> [String: Any] {
        let text = InspectJSON.document(
            loader: "x", snapshot: LoaderSnapshot(tree: tree, state: "running", time: 0, size: Size(100, 100))
        )
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let root = try #require(json["root"] as? [String: Any])
        return try #require((root["sublayers"] as? [[String: Any]])?.first)
    }

    @Test func everyChangeIsDamageAndInspectShowsIt() throws {
        func check<P: TypedLayerProperty>(_ p: P, entry: LayerPropertyEntry<P.Group>) throws {
            var shownInInspect = false
            for rich in [false, true] {
                let base = Self.base(rich: rich)
                let start = PresentationLayer.defaults(for: P.Group.self, properties: base)
                let group = try #require(P.Group.values(in: start))
                let changed = try #require(PropertySamples.changed(p, in: group), "\(p.key)")
                let end = PropertySamples.presentation(with: changed, properties: base)
                #expect(start != end, "\(p.key) changes the presentation")
                let damage = LayerRenderer.damage(from: Self.tree(start), to: Self.tree(end))
                // nil: the whole frame is redrawn.
                #expect(damage.map { !$0.isEmpty } ?? true, "\(p.key) damages (rich: \(rich))")
                let a = try Self.inspected(Self.tree(start))
                let b = try Self.inspected(Self.tree(end))
                for field in entry.inspectFields {
                    guard let after = b[field.name] else { continue }
                    if let before = a[field.name], (before as? NSObject) == (after as? NSObject) { continue }
                    shownInInspect = true
                }
            }
            #expect(entry.inspectFields.isEmpty || shownInInspect, "\(p.key) appears in inspect")
            #expect(!entry.inspectFields.isEmpty, "\(p.key) has an inspect field")
        }
        var failures: [any Error] = []
        func all<G>(_ table: [LayerPropertyEntry<G>]) {
            for e in table {
                do { try check(e.property, entry: e) } catch { failures.append(error) }
            }
        }
        all(LayerTable.all)
        all(ShapeTable.all)
        all(GradientTable.all)
        all(TextTable.all)
        all(ReplicatorTable.all)
        #expect(failures.isEmpty)
    }
}

extension PresentationLayer {
    /// A presentation layer of `Group`'s kind with default values (and `properties`).
    static func defaults<Group: LayerPropertyGroup>(
        for _: Group.Type, properties: LayerProperties = LayerProperties()
    ) -> PresentationLayer {
        if Group.self == LayerProperties.self { return PresentationLayer(properties: properties) }
        return PropertySamples.presentation(with: Group(), properties: properties)
    }
}

/// A scene on a manual clock with one layer in it.
private struct TableStage {
    let clock: ManualClock
    let scene: Scene

    init(time: Double, layer: Layer) {
        clock = ManualClock(time: time)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        layer.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(layer)
        scene = Scene(root: root, clock: clock)
        scene.update()
    }

    func go(_ t: Double) {
        clock.set(t)
        scene.update()
    }
}
