import Foundation
import Testing

@testable import LayerKit

/// A cubic Bézier from (0,0) to (1,1) with control points p1, p2, evaluated at parameter t.
func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
}

/// y for x on the curve, solved independently of the engine by plain bisection on t.
func referenceEase(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(y1, y2, (lo + hi) / 2)
}

@Suite struct TimingFunctionTests {
    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        #expect(TimingFunction.linear == TimingFunction(controlPoints: 0, 0, 1, 1))
        #expect(
            TimingFunction.easeIn.c1 == Point(x: 0.42, y: 0) && TimingFunction.easeIn.c2 == Point(x: 1, y: 1))
        #expect(
            TimingFunction.easeOut.c1 == Point(x: 0, y: 0)
                && TimingFunction.easeOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.easeInEaseOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.default.c1 == Point(x: 0.25, y: 0.1))
        #expect(TimingFunction(name: "easeInEaseOut") == .easeInEaseOut)
        #expect(TimingFunction(name: "bogus") == nil)
    }

    @Test func knownValues() {
        // At t = ½ a unit cubic sits at 3/8·p1 + 3/8·p2 + 1/8.
        // easeIn: x = 3/8·0.42 + 3/8 + 1/8 = 0.6575, y = 3/8·0 + 3/8·1 + 1/8 = 0.5.
        #expect(close(TimingFunction.easeIn.value(at: 0.6575), 0.5, 1e-7))
        // easeOut: x = 3/8·0.58 + 1/8 = 0.3425, y = 0.5.
        #expect(close(TimingFunction.easeOut.value(at: 0.3425), 0.5, 1e-7))
        // The symmetric ease-in-ease-out passes through the centre.
        #expect(close(TimingFunction.easeInEaseOut.value(at: 0.5), 0.5, 1e-7))
        // Linear is the identity; the ends are fixed and out-of-range input is clamped.
        #expect(TimingFunction.linear.value(at: 0.3) == 0.3)
        for f in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
            #expect(f.value(at: -3) == 0 && f.value(at: 7) == 1)
            #expect(f.value(at: .nan) == 0)
        }
    }

    @Test func symmetricCurveIsPointSymmetric() {
        for i in 0...20 {
            let x = Double(i) / 20
            let f = TimingFunction.easeInEaseOut
            #expect(close(f.value(at: x) + f.value(at: 1 - x), 1, 1e-7))
        }
    }

    @Test(arguments: [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 0.58, 1.0), (0.0, 0.0, 0.58, 1.0),
        // Control points outside the unit square in y: overshoot and anticipation.
        (0.68, -0.55, 0.265, 1.55), (0.5, 2.0, 0.5, -1.0), (0.9, 0.0, 0.1, 1.0),
        // Nearly vertical ends, where Newton's method struggles.
        (0.0, 1.0, 0.0, 1.0), (1.0, 0.0, 1.0, 0.0),
    ])
    func roundTrip(_ cp: (Double, Double, Double, Double)) {
        let f = TimingFunction(controlPoints: cp.0, cp.1, cp.2, cp.3)
        for i in 1..<100 {
            let t = Double(i) / 100
            let x = bezier(cp.0, cp.2, t)
            let y = bezier(cp.1, cp.3, t)
            // The contract is a solve of x to 1e-6 or better: where the curve is steep in x
            // (dy/dx large) that allows a proportionally larger error in y.
            let dx = derivative(cp.0, cp.2, t)
            let dy = derivative(cp.1, cp.3, t)
            let slope = dx > 0 ? abs(dy / dx) : .infinity
            let tolerance = 1e-6 * max(1, slope)
            #expect(abs(f.value(at: x) - y) <= tolerance, "t=\(t)")
            #expect(abs(f.value(at: x) - referenceEase(cp.0, cp.1, cp.2, cp.3, x)) <= tolerance)
        }
    }

    /// d/dt of the unit cubic with control values p1, p2.
    func derivative(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    @Test func xControlPointsAreClampedToKeepTimeMonotonic() {
        // x outside 0…1 would make the curve fold back in time; it is clamped.
        let f = TimingFunction(controlPoints: -0.5, 0.3, 1.7, 0.6)
        #expect(f.c1.x == 0 && f.c2.x == 1)
        var last = -Double.infinity
        for i in 0...100 {
            let v = f.value(at: Double(i) / 100)
            #expect(v.isFinite && v >= last - 1e-9)
            last = v
        }
        // NaN control points fall back to the linear ones.
        let g = TimingFunction(controlPoints: .nan, .infinity, .nan, -.infinity)
        #expect(close(g.value(at: 0.3), 0.3, 1e-7))
    }
}

@Suite struct TimingFunctionsInSubtreeTests {
    /// Every animation's curve in a tree, groups opened and masks included; no curve is linear;
    /// a spring's motion is no curve.
    @Test func theCurvesOfEveryAnimationInATree() throws {
        let root = Layer()
        let child = Layer()
        let mask = Layer()
        root.addSublayer(child)
        child.mask = mask
        let fade = BasicAnimation(keyPath: "opacity")
        fade.timingFunction = .easeIn
        try root.add(fade, forKey: "fade")
        let steps = KeyframeAnimation(keyPath: "position.x")
        steps.values = [.number(0), .number(1), .number(2)]
        steps.timingFunctions = [.easeOut, TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)]
        let group = AnimationGroup()
        group.animations = [steps, SpringAnimation(keyPath: "position.y")]
        group.timingFunction = .default
        try child.add(group, forKey: "group")
        try mask.add(BasicAnimation(keyPath: "opacity"), forKey: "plain")
        #expect(
            root.timingFunctionsInSubtree == [
                .easeIn, .easeOut, TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4), .default, .linear,
            ])
    }

    @Test func theReversedCurveIsTheCurvePlayedBackwards() {
        let curve = TimingFunction(controlPoints: 0.3, 0.1, 0.7, 0.95)
        #expect(curve.reversed.c1 == Point(x: 1 - 0.7, y: 1 - 0.95))
        for x in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(close(curve.reversed.value(at: x), 1 - referenceEase(0.3, 0.1, 0.7, 0.95, 1 - x), 1e-7))
        }
    }
}
