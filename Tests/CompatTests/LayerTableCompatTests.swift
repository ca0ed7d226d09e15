import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing

/// Every entry of the property tables in the compat: its key names a property for key-value
/// coding, an animatable one reads back by key, and copies (`init(layer:)`, `presentation()`)
/// carry it.
@Suite("Property tables in QuartzCore")
struct LayerTableCompatTests {
    static func forEachProperty(_ body: (any TypedLayerProperty, PropertyAnimating) -> Void) {
        for e in LayerTable.all { body(e.property, e.animating) }
        for e in ShapeTable.all { body(e.property, e.animating) }
        for e in GradientTable.all { body(e.property, e.animating) }
        for e in TextTable.all { body(e.property, e.animating) }
        for e in ReplicatorTable.all { body(e.property, e.animating) }
    }

    /// A layer of the class whose engine layer holds `Group`.
    static func layer<Group: LayerPropertyGroup>(for _: Group.Type) -> CALayer {
        switch Group.self {
        case is ShapeProperties.Type: return CAShapeLayer()
        case is GradientProperties.Type: return CAGradientLayer()
        case is TextProperties.Type: return CATextLayer()
        case is ReplicatorProperties.Type: return CAReplicatorLayer()
        default: return CALayer()
        }
    }

    /// The model values of `Group` in `layer`.
    static func model<Group: LayerPropertyGroup>(_: Group.Type, of layer: Layer) -> Group? {
        switch layer {
        case let l as ShapeLayer where Group.self == ShapeProperties.self: return l.shapeProperties as? Group
        case let l as GradientLayer where Group.self == GradientProperties.self:
            return l.gradientProperties as? Group
        case let l as TextLayer where Group.self == TextProperties.self: return l.textProperties as? Group
        case let l as ReplicatorLayer where Group.self == ReplicatorProperties.self:
            return l.replicatorProperties as? Group
        default: return layer.properties as? Group
        }
    }

    /// Every key names a property for key-value coding: `setValue(1, forKey:)` sets it (an
    /// animatable property of a plain layer that takes a number reads 1 back) or is reported
    /// naming the key, never stored as a key of the caller's own.
    @Test func everyKeyNamesAPropertyForKeyValueCoding() {
        Self.forEachProperty { p, _ in
            let layer = CALayer()
            let messages = reportedErrors { layer.setValue(1, forKey: p.key) }
            let readBack = (layer.value(forKey: p.key) as? NSNumber)?.doubleValue
            if messages.isEmpty {
                #expect(readBack == 1, "\(p.key)")
                #expect(layer.engineLayer.value(forKeyPath: p.key) != nil, "\(p.key)")
            } else {
                #expect(messages.count == 1 && messages[0].contains("\"\(p.key)\""), "\(p.key): \(messages)")
            }
        }
    }

    @Test func animatableKeysReadBackByKey() throws {
        func check<P: TypedLayerProperty>(_ p: P, _ animating: PropertyAnimating) throws {
            let layer = Self.layer(for: P.Group.self)
            let engine = layer.engineLayer
            let model = try #require(Self.model(P.Group.self, of: engine))
            let before = engine.value(forKeyPath: p.key)
            let value = try #require(PropertySamples.other(than: model[keyPath: p.storage]), "\(p.key)")
            #expect(PropertySamples.set(p, value, on: engine), "\(p.key)")
            guard animating != .none else {
                #expect(layer.value(forKey: p.key) == nil, "\(p.key) is not read by key")
                return
            }
            #expect(layer.value(forKey: p.key) != nil, "\(p.key) reads by key")
            #expect(engine.value(forKeyPath: p.key) != before, "\(p.key) reads the new value")
        }
        var failures: [any Error] = []
        Self.forEachProperty { p, animating in
            do { try check(p, animating) } catch { failures.append(error) }
        }
        #expect(failures.isEmpty)
    }

    @Test func presentationCopiesCarryEveryPropertyAndShadowCopiesNone() throws {
        func check<P: TypedLayerProperty>(_ p: P) throws {
            let stage = Stage()
            let layer = Self.layer(for: P.Group.self)
            stage.perform {
                CATransaction.setDisableActions(true)
                stage.root.addSublayer(layer)
            }
            let model = try #require(Self.model(P.Group.self, of: layer.engineLayer))
            let value = try #require(PropertySamples.other(than: model[keyPath: p.storage]), "\(p.key)")
            stage.perform {
                CATransaction.setDisableActions(true)
                _ = PropertySamples.set(p, value, on: layer.engineLayer)
            }
            // `init(layer:)` called by code leaves the framework's properties at their defaults,
            // as a device does (a presentation copy gets them from the render tree).
            let copy: CALayer =
                switch layer {
                case is CAShapeLayer: CAShapeLayer(layer: layer)
                case is CAGradientLayer: CAGradientLayer(layer: layer)
                case is CATextLayer: CATextLayer(layer: layer)
                case is CAReplicatorLayer: CAReplicatorLayer(layer: layer)
                default: CALayer(layer: layer)
                }
            let copied = try #require(Self.model(P.Group.self, of: copy.engineLayer))
            let fresh = try #require(Self.model(P.Group.self, of: Self.layer(for: P.Group.self).engineLayer))
            #expect(copied[keyPath: p.storage] == fresh[keyPath: p.storage], "\(p.key) in init(layer:)")
            // `presentation()` copies what is shown.
            let presented = try #require(layer.presentation())
            let shown = try #require(Self.model(P.Group.self, of: presented.engineLayer))
            #expect(shown[keyPath: p.storage] == value, "\(p.key) in presentation()")
        }
        var failures: [any Error] = []
        Self.forEachProperty { p, _ in
            do { try check(p) } catch { failures.append(error) }
        }
        #expect(failures.isEmpty)
    }
}
