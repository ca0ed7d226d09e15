import Foundation
import LayerKit

@testable import RefreshKit

/// UIScrollView's rubber-band formula, (1 − 1 / (x · 0.55 / d + 1)) · d, written out here so the
/// tests don't trust the code.
func referenceRubberBand(_ x: Double, _ d: Double) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
}

/// Its inverse, solved by hand: o = (1 − 1/(x·c/d + 1))·d  ⇒  x = o·d / ((d − o)·c).
func referenceRubberBandInverse(_ o: Double, _ d: Double) -> Double {
    o * d / ((d - o) * 0.55)
}

/// ω of a critically damped spring with a 0.4 s response, as documented on `ScrollPhysics`.
let referenceOmega = 2 * Double.pi / 0.4

/// Remaining distance of a critically damped release from rest: A·(1 + ω·t)·e^(−ω·t).
func referenceBounce(_ a: Double, _ t: Double) -> Double {
    a * (1 + referenceOmega * t) * exp(-referenceOmega * t)
}

/// The time at which a release from rest `a` points away is within `tolerance` of rest
/// (bisection on the monotonic A·(1 + ω·t)·e^(−ω·t)).
func referenceSettleTime(_ a: Double, tolerance: Double = 0.1) -> Double {
    var lo = 0.0
    var hi = 10.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if referenceBounce(abs(a), mid) > tolerance { lo = mid } else { hi = mid }
    }
    return hi
}

/// A scroll view with a long list: viewport 375×600, content 375×3000.
func makeListScrollView(inset: EdgeInsets = .zero) -> ScrollView {
    ScrollView(viewportSize: Size(375, 600), contentSize: Size(375, 3000), contentInset: inset, time: 0)
}

/// Drags from rest: begin at `t`, move to `translation` at `t + 0.1`, returns the time after.
@discardableResult
func drag(_ view: ScrollView, by translation: Double, at t: Double) -> Double {
    view.panBegan(at: t)
    view.panChanged(translation: Point(0, translation), at: t + 0.1)
    return t + 0.1
}
