import CoreGraphics
import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// A ring as iOS code declares one: initialisers of its own, a stored colour its `init(layer:)`
/// copies, and a `@Managed` progress (iOS's `@NSManaged`).
final class RingProgressLayer: CAShapeLayer {
    @Managed var progress: CGFloat
    var ringColor: CGColor = UIColor.red.cgColor
    /// Set by `init()` only (a presentation copy is made by `init(layer:)`).
    var madeByInit = false
    /// Not copied by `init(layer:)`: a copy has the initial value, as on iOS.
    var note = "initial"

    override init() {
        super.init()
        madeByInit = true
        lineWidth = 4
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingProgressLayer { ringColor = other.ringColor }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A view whose layer is a `RingProgressLayer`.
final class RingProgressView: UIView {
    override class var layerClass: AnyClass { RingProgressLayer.self }
    var ring: RingProgressLayer { layer as! RingProgressLayer }
}

/// A bar drawn from `draw(in:)`, with no initialisers of its own (it inherits `init()` and
/// `init(layer:)`); it notes each drawing.
class CopyDrawnBarLayer: CALayer {
    struct Drawn {
        var onCopy: Bool
        var progress: CGFloat
        var note: String
        var colour: CGColor
    }

    @Managed var progress: CGFloat
    var barColor: CGColor = UIColor.red.cgColor
    var note = "initial"
    nonisolated(unsafe) static var drawn: [Drawn] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        CopyDrawnBarLayer.drawn.append(
            Drawn(onCopy: model() !== self, progress: progress, note: note, colour: barColor))
        ctx.setFillColor(barColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// Never registered: drawn on itself for an animation.
final class ModelDrawnBarLayer: CopyDrawnBarLayer {}

/// `init()` only (its designated initialisers do not include `init(layer:)`).
final class InitOnlyLayer: CALayer {
    @Managed var level: CGFloat
    var tag = 0

    override init() {
        super.init()
        tag = 7
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Never registered.
final class UnregisteredGradientLayer: CAGradientLayer {}

final class UnregisteredLayerView: UIView {
    override class var layerClass: AnyClass { UnregisteredGradientLayer.self }
}

/// Never registered; has a `@Managed` property.
final class LoneLayer: CALayer {
    @Managed var level: CGFloat
}

/// Layer classes declared outside the framework: made for a view's `layerClass` and as
/// presentation copies through what `CALayer.register` gives, as Core Animation makes them with
/// `init` and `initWithLayer:`.
@Suite(.serialized) struct LayerClassTests {
    init() {
        CALayer.register(
            RingProgressLayer.self, make: { RingProgressLayer() }, copy: { RingProgressLayer(layer: $0) })
        CALayer.register(
            CopyDrawnBarLayer.self, make: { CopyDrawnBarLayer() }, copy: { CopyDrawnBarLayer(layer: $0) })
        CALayer.register(InitOnlyLayer.self, make: { InitOnlyLayer() }, copy: nil)
    }

    /// A linear animation of `key` from `from` to `to` over one second.
    private func linear(_ key: String, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    @Test func aViewsLayerClassOfARegisteredSubclassIsMadeWithItsInit() {
        let view = RingProgressView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(type(of: view.layer) == RingProgressLayer.self)
        #expect(view.ring.madeByInit)
        #expect(view.ring.lineWidth == 4)
        // Still a view's layer: delegate, frame.
        #expect(view.layer.delegate === view)
        #expect(view.layer.bounds.size == CGSize(width: 40, height: 40))
    }

    @Test func anUnregisteredLayerClassIsReportedOnceAndTheNearestFrameworkClassMade() {
        var views: [UnregisteredLayerView] = []
        let errors = reportedErrors {
            views.append(UnregisteredLayerView())
            views.append(UnregisteredLayerView())
        }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("UnregisteredLayerView.layerClass") == true)
        #expect(errors.first?.contains("UnregisteredGradientLayer is not registered") == true)
        #expect(errors.first?.contains("CALayer.register(UnregisteredGradientLayer.self") == true)
        #expect(errors.first?.contains("the view has a CAGradientLayer") == true)
        for view in views { #expect(type(of: view.layer) == CAGradientLayer.self) }
    }

    @Test func theFrameworksOwnClassesAreNotRegistered() {
        let errors = reportedErrors {
            CALayer.register(CAShapeLayer.self, make: { CAShapeLayer() }, copy: nil)
        }
        #expect(
            errors == [
                "QuartzCore: register(CAShapeLayer): the framework's layer classes are made without registering"
            ])
    }

    @Test func aPresentationIsOfTheSubclassMadeByInitLayerWithTheAnimatedValues() throws {
        let stage = Stage(width: 100, height: 100)
        let ring = RingProgressLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        ring.ringColor = UIColor.blue.cgColor
        ring.note = "model"
        stage.perform { stage.root.addSublayer(ring) }
        stage.at(0)
        stage.perform {
            ring.progress = 1
            ring.opacity = 0
            ring.add(linear("progress", from: 0, to: 1), forKey: "progress")
            ring.add(linear("opacity", from: 1, to: 0), forKey: "fade")
        }
        stage.at(0.25)
        // Typed as the subclass (`presentation() -> Self?`), as on iOS.
        let shown = try #require(ring.presentation())
        #expect(type(of: shown) == RingProgressLayer.self)
        #expect(shown !== ring)
        #expect(shown.model() === ring)
        // A linear animation a quarter through: 0 → 1 is 0.25, 1 → 0 is 0.75.
        #expect(near(shown.progress, 0.25))
        #expect(near(Double(shown.opacity), 0.75))
        #expect((shown.value(forKey: "progress") as? NSNumber).map { near($0.doubleValue, 0.25) } == true)
        // Made by init(layer:): what it copies, and the layer's own values; not by init().
        #expect(shown.ringColor == UIColor.blue.cgColor)
        #expect(shown.note == "initial")
        #expect(!shown.madeByInit)
        #expect(shown.lineWidth == 4)
        #expect(shown.bounds.size == CGSize(width: 50, height: 50))
        // The model keeps its own values.
        #expect(ring.progress == 1)
        #expect(ring.opacity == 0)
        // Through a view's layer, typed CALayer: the cast iOS code writes.
        let view = RingProgressView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            stage.root.addSublayer(view.layer)
            view.ring.add(linear("progress", from: 0.5, to: 1), forKey: "p")
        }
        stage.at(0.5)
        let viewShown = try #require(view.layer.presentation() as? RingProgressLayer)
        // A quarter through from 0.5 to 1.
        let expected: CGFloat = 0.625
        #expect(near(viewShown.progress, expected))
    }

    @Test func aSubclassWithoutInitialisersOfItsOwnIsCopiedByTheInheritedInitLayer() throws {
        let stage = Stage(width: 100, height: 100)
        let bar = CopyDrawnBarLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        stage.perform { stage.root.addSublayer(bar) }
        stage.at(0)
        stage.perform {
            bar.progress = 0.8
            bar.add(linear("progress", from: 0.4, to: 0.8), forKey: nil)
        }
        stage.at(0.5)
        let shown = try #require(bar.presentation())
        #expect(type(of: shown) == CopyDrawnBarLayer.self)
        // Half way from 0.4 to 0.8.
        #expect(near(shown.progress, 0.6))
        // The sublayers of a presentation are presentation copies of their classes.
        let sub = try #require(stage.root.presentation()?.sublayers?.first)
        #expect(type(of: sub) == CopyDrawnBarLayer.self)
        #expect(near((sub as? CopyDrawnBarLayer)?.progress ?? -1, 0.6))
    }

    @Test func aLayerIsDrawnForAnAnimationOnAPresentationCopy() throws {
        CairoDrawingBackend.install()
        let stage = Stage(width: 100, height: 100)
        let bar = CopyDrawnBarLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.barColor = UIColor.blue.cgColor
        bar.note = "model"
        stage.perform { stage.root.addSublayer(bar) }
        stage.at(0)
        stage.perform {
            bar.progress = 1
            bar.add(linear("progress", from: 0, to: 1), forKey: "fill")
        }
        CopyDrawnBarLayer.drawn.removeAll()
        stage.at(0.25)
        let surface = try renderForTesting(stage.scene.presentation(), width: 100, height: 100)
        // A quarter through: the copy drew 25 points of the 100.
        let drawnOnCopy = CopyDrawnBarLayer.drawn.filter(\.onCopy)
        #expect(drawnOnCopy.contains { near($0.progress, 0.25) })
        // CALayer's init(layer:) copies the layer's values, not the subclass's stored ones:
        // the copy has their initial values, as on iOS.
        #expect(drawnOnCopy.allSatisfy { $0.note == "initial" && $0.colour == UIColor.red.cgColor })
        #expect(surface.pixel(x: 20, y: 5) == opaqueRed)
        #expect(surface.pixel(x: 30, y: 5) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        // The model is not drawn for the frame.
        #expect(!CopyDrawnBarLayer.drawn.contains { !$0.onCopy && near($0.progress, 0.25) })
    }

    @Test func anUnregisteredLayerIsDrawnForAnAnimationOnItselfReadingThePresentedValues() throws {
        CairoDrawingBackend.install()
        let stage = Stage(width: 100, height: 100)
        let bar = ModelDrawnBarLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.barColor = UIColor.blue.cgColor
        stage.perform { stage.root.addSublayer(bar) }
        stage.at(0)
        stage.perform {
            bar.progress = 1
            bar.add(linear("progress", from: 0, to: 1), forKey: "fill")
        }
        CopyDrawnBarLayer.drawn.removeAll()
        stage.at(0.25)
        let surface = try renderForTesting(stage.scene.presentation(), width: 100, height: 100)
        // The model drew, its @Managed progress reading 0.25 and its own colour.
        #expect(!CopyDrawnBarLayer.drawn.isEmpty)
        #expect(CopyDrawnBarLayer.drawn.allSatisfy { !$0.onCopy && $0.colour == UIColor.blue.cgColor })
        #expect(CopyDrawnBarLayer.drawn.contains { near($0.progress, 0.25) })
        #expect(bar.progress == 1)
        #expect(surface.pixel(x: 20, y: 5) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(surface.pixel(x: 30, y: 5) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func aSubclassRegisteredWithInitAloneIsCopiedByItReportedOnce() throws {
        let stage = Stage(width: 100, height: 100)
        let layer = InitOnlyLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.tag = 3
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0)
        stage.perform { layer.add(linear("level", from: 0, to: 2), forKey: nil) }
        stage.at(0.5)
        var shown: [InitOnlyLayer?] = []
        let errors = reportedErrors {
            shown.append(layer.presentation())
            shown.append(layer.presentation())
        }
        #expect(
            errors == [
                "QuartzCore: InitOnlyLayer has no init(layer:) registered: its presentation copies are made with "
                    + "init(), their stored properties as that leaves them"
            ])
        let first = try #require(shown.first ?? nil)
        #expect(type(of: first) == InitOnlyLayer.self)
        #expect(first.tag == 7)
        #expect(near(first.level, 1))
    }

    @Test func anUnregisteredSubclassHasNoPresentationOfItsOwnClass() throws {
        let stage = Stage(width: 100, height: 100)
        let layer = LoneLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0)
        stage.perform { layer.add(linear("opacity", from: 0, to: 1), forKey: nil) }
        stage.at(0.5)
        var shown: [LoneLayer?] = []
        let errors = reportedErrors {
            shown.append(layer.presentation())
            shown.append(layer.presentation())
        }
        #expect(shown.count == 2 && shown.allSatisfy { $0 == nil })
        #expect(
            errors == [
                "QuartzCore: LoneLayer.presentation() is nil: LoneLayer is not registered (CALayer.register("
                    + "LoneLayer.self, make: { LoneLayer() }, copy: { LoneLayer(layer: $0) }))"
            ])
        // In a presentation tree it is a copy of the nearest class that can be made.
        let sub = try #require(stage.root.presentation()?.sublayers?.first)
        #expect(type(of: sub) == CALayer.self)
        #expect(near(Double(sub.opacity), 0.5))
    }
}
