import Foundation
import QuartzCore
import Testing
import UIKit

/// `CGFloat` and `NSNumber` cast to each other, as on iOS, where key-value coding's numbers are
/// read `as! CGFloat`; and key-value coding writes a layer's animatable properties by key path.
@Suite struct CGFloatBridgingTests {
    @Test func numbersCastToCGFloatAndBack() {
        let number: Any = NSNumber(value: 1.25)
        #expect(number as? CGFloat == 1.25)
        let float: Any = CGFloat(2.5)
        #expect((float as? NSNumber)?.doubleValue == 2.5)
        #expect([NSNumber(value: 3)] as [Any] as? [CGFloat] == [3])
    }

    @Test func aLayersKeyPathValueReadsAsCGFloat() {
        let layer = CALayer()
        layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let angle = layer.value(forKeyPath: "transform.rotation.z") as? CGFloat
        #expect(abs((angle ?? 0) - .pi / 2) < 1e-12)
        // The rest of the transform stays: a scale set first is kept.
        let scaled = CALayer()
        scaled.transform = CATransform3DMakeScale(2, 2, 1)
        scaled.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
        #expect(abs(scaled.transform.m11 + 2) < 1e-9 && abs(scaled.transform.m22 + 2) < 1e-9)
    }

    @Test func propertiesAreSetByKeyAndKeyPath() {
        let layer = CAShapeLayer()
        layer.setValue(0.25, forKey: "opacity")
        layer.setValue(NSNumber(value: 0.5), forKey: "strokeEnd")
        layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKey: "position")
        layer.setValue(7, forKeyPath: "position.x")
        layer.setValue("mine", forKey: "tag")
        #expect(layer.opacity == 0.25)
        #expect(layer.strokeEnd == 0.5)
        #expect(layer.position == CGPoint(x: 7, y: 4))
        #expect(layer.value(forKey: "tag") as? String == "mine")
        // A shape's key path on a plain layer names nothing: reported, nothing set.
        let plain = CALayer()
        plain.setValue(0.5, forKeyPath: "strokeEnd")
        #expect(plain.value(forKey: "strokeEnd") == nil)
    }
}
