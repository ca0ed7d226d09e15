import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
import UIKit

/// `CAReplicatorLayer`'s animatable properties animated as iOS code animates them.
@Suite(.serialized) struct ReplicatorCompatTests {
    @Test func replicatorPropertiesAnimateWithIOSValues() {
        let stage = Stage()
        let replicator = CAReplicatorLayer()
        let dot = CALayer()
        stage.perform {
            replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            replicator.instanceCount = 3
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.backgroundColor = UIColor.white.cgColor
            replicator.addSublayer(dot)
            stage.root.addSublayer(replicator)
        }
        stage.at(0)
        let linear = CAMediaTimingFunction(name: .linear)
        let spread = CABasicAnimation(keyPath: "instanceTransform")
        spread.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        spread.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(20, 0, 0))
        let delay = CABasicAnimation(keyPath: "instanceDelay")
        delay.fromValue = 0
        delay.toValue = 0.5
        let tint = CABasicAnimation(keyPath: "instanceColor")
        tint.fromValue = UIColor.white.cgColor
        tint.toValue = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        let fade = CABasicAnimation(keyPath: "instanceAlphaOffset")
        fade.fromValue = 0
        fade.toValue = -0.5
        let errors = reportedErrors {
            stage.perform {
                for (key, a) in [("spread", spread), ("delay", delay), ("tint", tint), ("fade", fade)] {
                    a.duration = 1
                    a.timingFunction = linear
                    replicator.add(a, forKey: key)
                }
            }
        }
        #expect(errors.isEmpty, "\(errors)")
        stage.at(0.5)
        let shown = replicator.presentation()
        // Half-way: a 10-point step, a 0.25 s delay, (0.5, 0.5, 1) tint, −0.25 alpha per copy.
        #expect(near(shown?.instanceTransform.m41 ?? 0, 10))
        #expect(near(shown?.instanceDelay ?? 0, 0.25))
        #expect(near(Double(shown?.instanceAlphaOffset ?? 0), -0.25, 1e-6))
        let c = shown?.instanceColor?.components ?? []
        #expect(c.count == 4 && near(c[0], 0.5) && near(c[1], 0.5) && near(c[2], 1))
        // Instance 2 is two steps along.
        let instance2 = stage.scene.presentation().sublayers[0].sublayers[2]
        #expect(near(instance2.properties.transform.m41, 20))
        // The model is unchanged; key-value reading gives the model, or the copy's value.
        #expect(replicator.instanceDelay == 0 && replicator.instanceAlphaOffset == 0)
        #expect((replicator.value(forKeyPath: "instanceDelay") as? NSNumber)?.doubleValue == 0)
        #expect(near((shown?.value(forKeyPath: "instanceDelay") as? NSNumber)?.doubleValue ?? 0, 0.25))
        #expect(dot.value(forKeyPath: "instanceDelay") == nil)
        // A replicator key path on a plain layer is reported.
        let wrong = reportedErrors { stage.perform { dot.add(delay, forKey: "delay") } }
        #expect(wrong.count == 1)
    }
}
