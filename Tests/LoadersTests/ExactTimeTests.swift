import Foundation
import LayerKit
import Testing

@testable import Loaders

/// `render`/`inspect --time T` evaluate the state at T directly: every animation event and
/// refresh timer lands at its own time, whatever T is, so odd times match the originals' formulas.
@Suite struct ExactTimeTests {
    /// y at x on the cubic Bézier timing curve (0,0) (x1,y1) (x2,y2) (1,1), by bisection.
    static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    static func find(_ name: String, in tree: PresentationLayer) -> PresentationLayer? {
        if tree.name == name { return tree }
        for sub in tree.sublayers {
            if let found = find(name, in: sub) { return found }
        }
        return nil
    }

    /// Orbit: strokeEnd = easeInEaseOut(t / 3) for the first cycle, at times no frame grid has.
    @Test(arguments: [0.0001, 1.2345, 2.71828])
    func orbitAtOddTimes(t: Double) throws {
        let shot = try Catalog.snapshot(id: "orbit", moment: .time(t))
        let ring = try #require(Self.find("progress", in: shot.tree)?.shape)
        #expect(abs(ring.strokeEnd - Self.curve(0.42, 0, 0.58, 1, t / 3)) < 1e-9)
    }

    /// Three dots refreshing: the blink (values 1, 0, 1, 1 over 1 s, the dots 0.25 s apart)
    /// at 1.2345 s; after the simulated load (3 s) and the inset's way back (0.5 s), the end
    /// timer at exactly 3.5 s recentres the dots with Core Animation's implicit animation
    /// (0.25 s, the default curve 0.25, 0.1, 0.25, 1), seen at 3.6234 s.
    @Test func threeDotsRefreshingAtOddTimes() throws {
        func blink(_ local: Double) -> Double {
            let u = local.truncatingRemainder(dividingBy: 1)
            if u < 1.0 / 3 { return 1 - 3 * u }
            if u < 2.0 / 3 { return 3 * u - 1 }
            return 1
        }
        let t = 1.2345
        let blinking = try Catalog.snapshot(id: "three-dots", moment: .refreshing(time: t))
        for (i, name) in ["dot.1", "dot.2", "dot.3"].enumerated() {
            let opacity = try #require(Self.find(name, in: blinking.tree)).properties.opacity
            #expect(abs(opacity - blink(t - 0.25 * Double(i))) < 1e-9, "\(name)")
        }
        let t2 = 3.6234
        let ending = try Catalog.snapshot(id: "three-dots", moment: .refreshing(time: t2))
        #expect(ending.state == "idle")
        let e = Self.curve(0.25, 0.1, 0.25, 1, (t2 - 3.5) / 0.25)
        let x1 = try #require(Self.find("dot.1", in: ending.tree)).properties.position.x
        let x3 = try #require(Self.find("dot.3", in: ending.tree)).properties.position.x
        #expect(abs(x1 - (5 + 20 * e)) < 1e-9, "dot 1 at \(x1)")
        #expect(abs(x3 - (45 - 20 * e)) < 1e-9, "dot 3 at \(x3)")
    }

    /// UIKit's animated `contentInset`: when the airplane's 4 s load ends, the delegate hears
    /// the final offset once (`scrollViewDidScroll` with progress 0, the refreshing flag
    /// already cleared), so the airplane fades as a standalone layer's implicit animation does
    /// (0.25 s, the default curve), while the scroll view's bounds slide back to the top over
    /// the end animation (0.3 s, ease-out 0, 0, 0.58, 1).
    @Test func airplaneEndSlidesTheBoundsAndFadesThePlane() {
        let h = Harness("airplane")
        h.pull(to: 120)
        let r = h.release()
        h.run(to: r + 4)
        #expect(h.session.status == .ending)
        #expect(h.header.scrollView.contentOffset.y == 0)
        h.run(to: r + 4.1)
        let fade = Self.curve(0.25, 0.1, 0.25, 1, 0.1 / 0.25)
        #expect(abs(h.presented("airplane").opacity - (1 - fade)) < 1e-9)
        let slide = Self.curve(0, 0, 0.58, 1, 0.1 / 0.3)
        #expect(abs(h.presented("scrollView").bounds.origin.y - (-110 + 110 * slide)) < 1e-9)
        h.run(to: r + 4.35)
        #expect(h.presented("airplane").opacity == 0)
        #expect(h.presented("scrollView").bounds.origin.y == 0)
    }
}
