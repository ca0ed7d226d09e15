import Foundation
import Testing
import UIKit

/// `value(forKeyPath:)` on layers: the animatable properties by their key paths, boxed as iOS
/// boxes them, the model on a layer and what is on screen on its presentation copy.
@Suite("Layer key-value coding")
struct KeyValueCodingTests {
    @Test func modelValuesByKeyPath() {
        let layer = CAShapeLayer()
        layer.opacity = 0.5
        layer.position = CGPoint(x: 12, y: 34)
        layer.transform = CATransform3DMakeScale(2, 2, 2)
        layer.strokeEnd = 0.25
        #expect((layer.value(forKeyPath: "opacity") as? NSNumber)?.doubleValue == 0.5)
        #expect((layer.value(forKey: "opacity") as? NSNumber)?.doubleValue == 0.5)
        #expect((layer.value(forKeyPath: "position") as? NSValue)?.cgPointValue == CGPoint(x: 12, y: 34))
        #expect((layer.value(forKeyPath: "position.y") as? NSNumber)?.doubleValue == 34)
        #expect((layer.value(forKeyPath: "transform.scale") as? NSNumber)?.doubleValue == 2)
        #expect((layer.value(forKeyPath: "strokeEnd") as? NSNumber)?.doubleValue == 0.25)
        // A rotation of π/3 about z reads back as that angle.
        layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        let angle = (layer.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? .nan
        #expect(abs(angle - .pi / 3) < 1e-12)
    }

    @Test func keysOfOtherClassesAndUnknownKeysReadAsNil() {
        let plain = CALayer()
        #expect(plain.value(forKeyPath: "strokeEnd") == nil)
        #expect(plain.value(forKeyPath: "no.such.key") == nil)
        plain.setValue("mine", forKey: "tag")
        #expect(plain.value(forKeyPath: "tag") as? String == "mine")
    }

    @Test func presentationValueIsWhatIsOnScreen() {
        let stage = Stage()
        let layer = CALayer()
        stage.perform {
            CATransaction.setDisableActions(true)
            stage.root.addSublayer(layer)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            layer.add(fade, forKey: "fade")
        }
        stage.at(0)
        stage.at(0.25)
        // Linear by default: a quarter of the way.
        let shown = (layer.presentation()?.value(forKeyPath: "opacity") as? NSNumber)?.doubleValue ?? .nan
        #expect(abs(shown - 0.25) < 1e-6)
        #expect((layer.value(forKeyPath: "opacity") as? NSNumber)?.doubleValue == 1)
    }
}
