import Foundation
import LayerKit
import RefreshKit
import Testing

@testable import Loaders

/// Airplane (seed 002): a 110-point view, circle radius 110/2·0.8 = 44 centred in it, starting
/// at its rightmost point and running clockwise; groups of 1.5 s repeated for 5 s.
@Suite struct AirplaneTests {
    static let width = 320.0
    static let center = Point(x: 160, y: 55)
    static let radius = 44.0

    /// The point at angle θ (clockwise from the rightmost point, y down) on the circle.
    static func onCircle(_ theta: Double) -> Point {
        Point(x: center.x + radius * cos(theta), y: center.y + radius * sin(theta))
    }

    /// While pulling: progress = min(P/110, 1) drives the circle's strokeEnd and the airplane's
    /// opacity (presentation values after the implicit 0.25 s animations settled).
    @Test(arguments: [27.5, 55, 82.5, 110, 150])
    func pullDrawsTheCircle(pull: Double) {
        let h = Harness("airplane")
        h.pull(to: pull)
        let progress = min(pull / 110, 1)
        #expect(close(h.presentedShape("track").strokeEnd, progress, 1e-6))
        #expect(close(h.presentedShape("track").strokeStart, 0, 1e-12))
        #expect(close(h.presented("airplane").opacity, progress, 1e-6))
        #expect(h.session.status == (pull >= 110 ? .pulling : .idle))
    }

    @Test func restingLayout() {
        let h = Harness("airplane")
        h.run(to: 0.5)
        #expect(h.layer("header").frame == Rect(x: 0, y: -110, width: Self.width, height: 110))
        let track = h.shapeLayer("track")
        #expect(track.lineWidth == 4)
        #expect(track.lineDashPattern == [2, 3])
        #expect(track.strokeColor == .white)
        // The original's oval: radius = height/2·0.8, centred in the view.
        let radius = 110.0 / 2 * 0.8
        #expect(
            track.path
                == Path.oval(in: Rect(x: 160 - radius, y: 55 - radius, width: 2 * radius, height: 2 * radius))
        )
        // At the oval's start point, nothing shown at rest.
        #expect(close(h.layer("airplane").position, Self.onCircle(0), 1e-9))
        #expect(h.presented("airplane").opacity == 0)
        #expect(h.presentedShape("track").strokeEnd == 0)
        #expect(!h.scene.needsFrames)
    }

    /// Flying: the position is paced along the circle's own path (equal arc in equal time),
    /// the heading turns 0 → 2π linearly with it, and the stroke group trims the circle.
    @Test func airplaneFliesThePacedCircle() {
        let h = Harness("airplane")
        h.pull(to: 120)
        let r = h.release()
        #expect(h.session.status == .refreshing)
        #expect(h.header.scrollView.contentInset.top == 110)
        for t in [0.02, 0.1, 0.1875, 0.375, 0.5, 0.75, 1.0, 1.125, 1.4, 1.6, 2.3, 3.2] {
            h.run(to: r + t)
            let f = t.truncatingRemainder(dividingBy: 1.5) / 1.5
            let theta = 2 * Double.pi * f
            let airplane = h.presented("airplane")
            // The Bézier circle is within 0.012 points of the true one.
            #expect(close(airplane.position, Self.onCircle(theta), 0.05), "position at \(t)")
            #expect(sameAngle(airplane.transform.components.rotationZ, theta, 1e-6), "heading at \(t)")
            let track = h.presentedShape("track")
            #expect(close(track.strokeEnd, f, 1e-6))
            #expect(close(track.strokeStart, -0.5 + 1.5 * f, 1e-6))
        }
        #expect(close(h.header.scrollView.contentOffset.y, -110, 1e-9))
    }

    /// Paced means constant speed: equal time steps cover equal arcs, so successive positions
    /// 0.05 s apart are all the same chord apart: 2·44·sin(π·0.05/1.5).
    @Test func pacedMeansEqualArcInEqualTime() {
        let h = Harness("airplane")
        h.pull(to: 120)
        let r = h.release()
        let chord = 2 * Self.radius * sin(Double.pi * 0.05 / 1.5)
        var previous: Point?
        for k in 1...30 {
            h.run(to: r + Double(k) * 0.05)
            let p = h.presented("airplane").position
            if let previous {
                #expect(close(previous.distance(to: p), chord, 0.02), "step \(k)")
            }
            previous = p
        }
    }

    /// The groups repeat for 5 s (3⅓ turns) and are then removed: what shows is the model. With
    /// the demo's 4 s load the view has scrolled away and the pull set the model to 0.
    @Test func afterRepeatDurationTheModelShows() {
        let h = Harness("airplane")
        h.pull(to: 120)
        let r = h.release()
        h.run(to: r + 4.1)
        #expect(h.session.status == .ending)
        #expect(h.header.scrollView.contentInset.top == 0)
        h.run(to: r + 4.9)
        #expect(h.session.status == .idle)
        // Still flying (0.4 s into the fourth turn) though faded out by the end scroll.
        let f = 0.4 / 1.5
        #expect(close(h.presented("airplane").position, Self.onCircle(2 * Double.pi * f), 0.05))
        #expect(close(h.presented("airplane").opacity, 0, 1e-9))
        h.run(to: r + 5.2)
        #expect(close(h.presented("airplane").position, Self.onCircle(0), 1e-9))
        #expect(h.presented("airplane").transform == .identity)
        #expect(h.presentedShape("track").strokeEnd == 0)
        #expect(h.presentedShape("track").strokeStart == 0)
        #expect(h.header.scrollView.contentOffset.y == 0)
        #expect(!h.scene.needsFrames)
        #expect(!h.session.needsFrames)
    }

    /// With a load longer than 5 s the course's quirk shows: the circle stands full (the model
    /// strokeEnd the pull left at 1) and the airplane parks at its start, heading 0.
    @Test func longLoadParksTheAirplane() {
        let h = Harness("airplane")
        h.header.control?.simulatedLoadDuration = 8
        h.pull(to: 120)
        let r = h.release()
        h.run(to: r + 5.2)
        #expect(h.session.status == .refreshing)
        #expect(close(h.presented("airplane").position, Self.onCircle(0), 1e-9))
        #expect(h.presented("airplane").transform == .identity)
        #expect(h.presented("airplane").opacity == 1)
        #expect(h.presentedShape("track").strokeStart == 0)
        #expect(h.presentedShape("track").strokeEnd == 1)
    }

    @Test func imageSizeFromThePNGHeader() throws {
        // A PNG signature, an IHDR chunk header and a 56×48 image.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0, 56, 0, 0, 0, 48]
        #expect(PNGHeader.pixelSize(of: bytes) == Size(width: 56, height: 48))
        #expect(PNGHeader.pixelSize(of: Array(bytes.prefix(20))) == nil)
        var notPNG = bytes
        notPNG[1] = 0
        #expect(PNGHeader.pixelSize(of: notPNG) == nil)
        var zero = bytes
        zero[19] = 0
        #expect(PNGHeader.pixelSize(of: zero) == nil)
        #expect(PNGHeader.pixelSize(atPath: "/nonexistent/airplane.png") == nil)

        // The layer is sized to the bundled image at 2× (or a placeholder size without it).
        let h = Harness("airplane")
        let airplane = h.layer("airplane")
        #expect(airplane.contents != nil)
        if let image = airplane.contents, let pixels = image.pixelSize {
            #expect(image.scale == 2)
            #expect(airplane.bounds.size == Size(width: pixels.width / 2, height: pixels.height / 2))
        } else {
            #expect(airplane.bounds.size == AirplaneRefreshView.fallbackImageSize)
        }
    }
}
