import Foundation
import LayerKit
import Testing

@testable import Loaders

/// A loader's timeline moved forward frame by frame shows, at every frame, exactly the tree a
/// snapshot made straight at that moment shows: stepping through the frames of a recording
/// changes nothing about the scene.
@Suite struct LoaderTimelineTests {
    static let headers = ["four-dots", "three-dots", "airplane"]

    /// A 16 fps frame time: k/16 is exact in binary, and so is k/16 − 0.75.
    static func frameTime(_ k: Int) -> Double { Double(k) / 16 }

    @Test(arguments: ["orbit", "balls"])
    func standaloneFramesAreTheSnapshots(id: String) throws {
        for start in [0.0, 0.5] {
            let timeline = try LoaderTimeline(id: id, moment: .time(start))
            for k in 0..<60 {
                let t = Double(k) / 30
                timeline.advance(to: t)
                let shot = try Catalog.snapshot(id: id, moment: .time(start + t))
                #expect(timeline.tree == shot.tree, "\(id) from \(start) at frame \(k)")
            }
        }
    }

    /// A header at rest is pulled past its threshold, held, let go at 0.75 s, and refreshes:
    /// from then on its frames are the refreshing snapshots, 0.75 s later.
    @Test(arguments: headers)
    func aHeaderAtRestIsPulledAndLetGo(id: String) throws {
        #expect(LoaderTimeline.releaseTime == 0.25 + 0.5)
        let timeline = try LoaderTimeline(id: id, moment: .time(0))
        #expect(timeline.tree == (try Catalog.snapshot(id: id, moment: .time(0))).tree)
        #expect(timeline.status == .idle)
        var pulled = false
        for k in 1...48 {
            let t = Self.frameTime(k)
            timeline.advance(to: t)
            if t < 0.75 {
                pulled = pulled || timeline.status == .pulling
                continue
            }
            let shot = try Catalog.snapshot(id: id, moment: .refreshing(time: t - 0.75))
            #expect(timeline.tree == shot.tree, "\(id) at \(t) s")
            #expect(timeline.status.rawValue == shot.state)
        }
        #expect(pulled)
    }

    /// Held at the refresh's pull, the finger lets go just after the first frame.
    @Test(arguments: headers)
    func aHeldPullIsLetGo(id: String) throws {
        let threshold = try #require(Catalog.makeSession(id: id, size: Size(320, 400))?.refreshThreshold)
        let pull = threshold + 10
        let timeline = try LoaderTimeline(id: id, moment: .pull(pull))
        #expect(timeline.tree == (try Catalog.snapshot(id: id, moment: .pull(pull))).tree)
        #expect(timeline.status == .pulling)
        for k in 1...24 {
            let t = Self.frameTime(k)
            timeline.advance(to: t)
            let shot = try Catalog.snapshot(id: id, moment: .refreshing(time: t))
            #expect(timeline.tree == shot.tree, "\(id) at \(t) s")
        }
    }

    @Test(arguments: headers)
    func aRefreshGoesOn(id: String) throws {
        let timeline = try LoaderTimeline(id: id, moment: .refreshing(time: 0.5))
        for k in 0...24 {
            let t = Self.frameTime(k)
            timeline.advance(to: t)
            let shot = try Catalog.snapshot(id: id, moment: .refreshing(time: 0.5 + t))
            #expect(timeline.tree == shot.tree, "\(id) at \(t) s")
        }
    }

    /// The standalone loaders loop with their originals' animations: orbit's two 3 s animations
    /// repeat forever, balls' 1.6 s path animation is started again by its delegate. One loop
    /// later the tree is the first one again.
    @Test func standaloneLoadersLoop() throws {
        for (id, period) in [("orbit", 3.0), ("balls", 1.6)] {
            let timeline = try LoaderTimeline(id: id, moment: .time(0))
            #expect(timeline.ending == .loop(period), "\(id)")
            let first = timeline.tree
            timeline.advance(to: period)
            #expect(timeline.tree == first, "\(id)")
            #expect(!timeline.isAtRest)
        }
    }

    /// A header's refresh ends after the release, its simulated load and its end animation
    /// (four and three dots: 3 s and 0.5 s; airplane: 4 s and 0.3 s); the last animations may
    /// finish a little later, and then it is at rest and idle.
    @Test func headersComeToRest() throws {
        for (id, end) in [("four-dots", 0.75 + 3.5), ("three-dots", 0.75 + 3.5), ("airplane", 0.75 + 4.3)] {
            let timeline = try LoaderTimeline(id: id, moment: .time(0))
            #expect(timeline.ending == .rest)
            var restAt: Double?
            for k in 1...(16 * 10) {
                let t = Self.frameTime(k)
                timeline.advance(to: t)
                if timeline.isAtRest {
                    restAt = t
                    break
                }
            }
            let rest = try #require(restAt, "\(id) never came to rest")
            #expect(rest >= end && rest <= end + 1, "\(id) at rest at \(rest) s")
            #expect(timeline.status == .idle)
        }
    }

    @Test func badMomentsAreRefused() {
        #expect(throws: CatalogError.notAHeader(id: "orbit", moment: "--pull")) {
            try LoaderTimeline(id: "orbit", moment: .pull(10))
        }
        #expect(throws: CatalogError.unknownLoader("nope")) {
            try LoaderTimeline(id: "nope", moment: .time(0))
        }
        #expect(throws: CatalogError.badValue(name: "time", value: -1)) {
            try LoaderTimeline(id: "balls", moment: .time(-1))
        }
    }

    /// Time does not go back: asking for an earlier time keeps the later tree.
    @Test func timeDoesNotGoBack() throws {
        let timeline = try LoaderTimeline(id: "orbit", moment: .time(0))
        timeline.advance(to: 1)
        let later = timeline.tree
        timeline.advance(to: 0.5)
        #expect(timeline.tree == later)
        #expect(timeline.time == 1)
    }
}
