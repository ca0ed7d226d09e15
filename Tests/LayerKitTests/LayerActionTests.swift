import Foundation
import Testing

@testable import LayerKit

/// `action(forKey:)`: the delegate, then `actions`, then the style's actions, then the class's
/// default, then the implicit animation — Core Animation's search order.
@Suite struct LayerActionTests {
    final class Delegate: LayerDelegate {
        var answer: [String: LayerAction] = [:]
        func action(for layer: Layer, forKey event: String) -> LayerAction? { answer[event] }
    }

    /// A value-less, key-path-less linear animation of `duration`: an action's usual shape.
    static func slow(_ duration: Double) -> LayerAction {
        let a = BasicAnimation()
        a.duration = duration
        a.timingFunction = .linear
        return .animation(a)
    }

    @Test func noneTurnsTheImplicitAnimationOff() {
        let stage = Stage(time: 0)
        stage.layer.actions["opacity"] = LayerAction.none
        stage.layer.opacity = 0.5
        #expect(stage.layer.animationKeys().isEmpty)
        stage.layer.position = Point(x: 10, y: 0)  // other keys still animate implicitly
        #expect(stage.layer.animationKeys() == ["position"])
    }

    @Test func anActionAnimatesTheChangeFromTheOldValue() {
        let stage = Stage(time: 0)
        stage.layer.actions["position"] = Self.slow(2)
        stage.layer.position = Point(x: 100, y: 40)
        #expect(stage.layer.animationKeys() == ["position"])
        stage.go(0.5)
        #expect(abs(stage.shown.position.x - 25) < 1e-9 && abs(stage.shown.position.y - 10) < 1e-9)
        stage.go(2.5)
        #expect(stage.shown.position == Point(x: 100, y: 40))
    }

    @Test func theDelegateIsAskedFirstAndNilLetsTheSearchGoOn() {
        let stage = Stage(time: 0)
        let delegate = Delegate()
        stage.layer.delegate = delegate
        stage.layer.actions["opacity"] = Self.slow(2)
        delegate.answer["opacity"] = LayerAction.none
        stage.layer.opacity = 0.5
        #expect(stage.layer.animationKeys().isEmpty)
        delegate.answer["opacity"] = nil
        stage.go(0.1)
        stage.layer.opacity = 0
        stage.go(0.6)
        // The actions' 2 s linear animation from 0.5: a quarter of the way at 0.5 s.
        #expect(abs(stage.shown.opacity - 0.375) < 1e-9)
    }

    final class SlowFadeLayer: Layer {
        override class func defaultAction(forKey key: String) -> LayerAction? {
            key == "opacity" ? LayerActionTests.slow(4) : nil
        }
    }

    @Test func styleActionsThenTheClassDefault() {
        let layer = SlowFadeLayer()
        let stage = Stage(time: 0, layer: layer)
        layer.styleActions["position"] = Self.slow(1)
        layer.position = Point(x: 10, y: 0)
        layer.opacity = 0
        stage.go(0.5)
        #expect(abs(stage.shown.position.x - 5) < 1e-9)  // the style's 1 s
        #expect(abs(stage.shown.opacity - 0.875) < 1e-9)  // the class's 4 s
        // The actions dictionary comes before the style: no new animation. (The style's
        // running one ends at 1 s; it runs to the current model value, so it heads for 50.)
        layer.actions["position"] = LayerAction.none
        layer.position = Point(x: 50, y: 0)
        #expect(layer.animationKeys() == ["position", "opacity"])
        stage.go(0.75)
        #expect(abs(stage.shown.position.x - 37.5) < 1e-9)
        stage.go(1.1)
        #expect(stage.shown.position.x == 50)
    }

    @Test func disabledActionsAskNobody() {
        let stage = Stage(time: 0)
        let delegate = Delegate()
        delegate.answer["opacity"] = Self.slow(2)
        stage.layer.delegate = delegate
        stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.opacity = 0.5 }
        }
        #expect(stage.layer.animationKeys().isEmpty)
    }
}
