import Foundation
import LayerKit
import Testing

@testable import RefreshKit

@Suite struct RubberBandTests {
    @Test(arguments: [0.0, 1, 10, 50, 100, 200, 600, 1200, 10_000])
    func formulaMatchesReference(distance: Double) {
        let d = 600.0
        let value = ScrollPhysics.rubberBand(distance: distance, dimension: d)
        #expect(abs(value - referenceRubberBand(distance, d)) < 1e-9)
        #expect(value < d)
        #expect(value <= distance)
    }

    @Test func inverseUndoesFormula() {
        for o in [0.5, 10, 85, 110, 300, 599] {
            let x = ScrollPhysics.rubberBandInverse(offset: o, dimension: 600)
            #expect(abs(x - referenceRubberBandInverse(o, 600)) < 1e-6 * max(1, x))
            #expect(abs(ScrollPhysics.rubberBand(distance: x, dimension: 600) - o) < 1e-9)
        }
    }

    @Test func slopeStartsAtCoefficient() {
        // d/dx (1 − 1/(x·c/d + 1))·d = c / (x·c/d + 1)², which is c at the edge.
        #expect(abs(ScrollPhysics.rubberBandSlope(distance: 1e-12, dimension: 600) - 0.55) < 1e-9)
        let x = 300.0
        let q = x * 0.55 / 600 + 1
        #expect(abs(ScrollPhysics.rubberBandSlope(distance: x, dimension: 600) - 0.55 / (q * q)) < 1e-12)
    }

    @Test func badInputGivesNoStretch() {
        #expect(ScrollPhysics.rubberBand(distance: .nan, dimension: 600) == 0)
        #expect(ScrollPhysics.rubberBand(distance: -5, dimension: 600) == 0)
        #expect(ScrollPhysics.rubberBand(distance: 50, dimension: 0) == 0)
        #expect(ScrollPhysics.rubberBand(distance: 50, dimension: .nan) == 0)
        #expect(ScrollPhysics.rubberBand(distance: .infinity, dimension: 600) == 600)
        #expect(ScrollPhysics.rubberBandInverse(offset: 600, dimension: 600).isFinite)
        #expect(ScrollPhysics.rubberBandInverse(offset: .nan, dimension: 600) == 0)
    }

    @Test(arguments: [20.0, 85, 150, 400, 1000])
    func pullingPastTopFollowsFormula(translation: Double) {
        let view = makeListScrollView()
        drag(view, by: translation, at: 0)
        #expect(abs(view.contentOffset.y - -referenceRubberBand(translation, 600)) < 1e-9)
        #expect(view.isDragging && view.isTracking)
    }

    @Test func rubberBandStartsAtTheInsetTop() {
        // With a 20-point top inset the edge is at −20; only the part past it is damped.
        let view = makeListScrollView(inset: EdgeInsets(top: 20))
        #expect(view.contentOffset.y == -20)
        drag(view, by: 100, at: 0)
        #expect(abs(view.contentOffset.y - (-20 - referenceRubberBand(100, 600))) < 1e-9)
    }

    @Test func freeScrollingThenRubberBand() {
        // From 50 points into the content, pulling 150: 50 move freely, 100 are damped.
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 50), at: 0)
        drag(view, by: 150, at: 0)
        #expect(abs(view.contentOffset.y - -referenceRubberBand(100, 600)) < 1e-9)
    }

    @Test func rubberBandPastBottom() {
        // max offset = 3000 − 600 = 2400; dragging up 100 past it stretches by the formula.
        let view = makeListScrollView()
        view.setContentOffset(Point(0, 2400), at: 0)
        drag(view, by: -100, at: 0)
        #expect(abs(view.contentOffset.y - (2400 + referenceRubberBand(100, 600))) < 1e-9)
    }

    @Test func shortContentStillBounces() {
        let view = ScrollView(viewportSize: Size(375, 600), contentSize: Size(375, 100))
        #expect(view.maxContentOffsetY == view.minContentOffsetY)
        drag(view, by: 60, at: 0)
        #expect(abs(view.contentOffset.y - -referenceRubberBand(60, 600)) < 1e-9)
    }

    @Test func observersSeeEveryOffsetChangeAndDragging() {
        let view = makeListScrollView()
        var seen: [(Double, Bool)] = []
        view.addOffsetObserver { seen.append(($0.contentOffset.y, $0.isDragging)) }
        view.panBegan(at: 0)
        view.panChanged(translation: Point(0, 10), at: 0.016)
        view.panChanged(translation: Point(0, 30), at: 0.032)
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0.1 })
        #expect(abs(seen[1].0 - -referenceRubberBand(30, 600)) < 1e-9)
        view.panEnded(velocity: .zero, at: 0.05)
        view.advance(to: 0.1)
        #expect(seen.count == 3)
        #expect(seen[2].1 == false)
    }
}
