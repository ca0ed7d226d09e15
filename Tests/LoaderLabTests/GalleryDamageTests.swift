import Foundation
import LayerKit
import LayerKitCairo
import Loaders
import SnapshotTesting
import Testing

@testable import LoaderLab

/// Redrawing only what changed must leave exactly the pixels a full redraw makes.
@MainActor
@Suite("Gallery damage")
struct GalleryDamageTests {
    @Test(.tags(.exhaustive), arguments: [1.0, 2.0])
    func incrementalFramesMatchFullRedraws(scale: Double) throws {
        let width = Int(1000 * scale)
        let height = Int(480 * scale)
        let clockA = ManualClock(time: 50)
        let clockB = ManualClock(time: 50)
        let incremental = GalleryApp(clock: clockA)
        let full = GalleryApp(clock: clockB)
        // The reference draws every tile whole, never over an underlay of its leading layers.
        full.renderer.usesUnderlays = false
        incremental.resize(to: Size(width: 1000, height: 480), scale: scale)
        full.resize(to: Size(width: 1000, height: 480), scale: scale)
        let a = TestBuffer(width: width, height: height)
        let b = TestBuffer(width: width, height: height)
        var damagedFrames = 0
        var smallerThanTheWindow = 0
        // 2.5 s: every loader animates; headers begin, run and end their refreshes.
        for frame in 0..<150 {
            for app in [incremental, full] {
                for (i, session) in app.sessions.enumerated()
                where session.info.kind == .header && session.status == .idle && frame % 40 == 0 {
                    app.toggleLoader(number: i + 1)
                }
            }
            clockA.advance(by: 1.0 / 60)
            clockB.advance(by: 1.0 / 60)
            let regions = try incremental.renderFrame(into: a.buffer, fullRedraw: frame == 0)
            _ = try full.renderFrame(into: b.buffer, fullRedraw: true)
            if !regions.isEmpty { damagedFrames += 1 }
            let area = regions.reduce(0) { $0 + $1.width * $1.height }
            if area < width * height / 2 { smallerThanTheWindow += 1 }
            // Cairo rasterizes a shape cut by a clip edge through a slightly different path
            // than an unclipped one, so a few edge pixels may differ by a few levels in 255;
            // damage that was missed leaves stale pixels, off by far more and in bulk.
            var differing = 0
            var worst = 0
            let identical = memcmp(a.buffer.data, b.buffer.data, height * a.buffer.stride) == 0
            for y in 0..<height where !identical {
                for x in 0..<width {
                    let p = a.rgb(x, y)
                    let q = b.rgb(x, y)
                    let d = max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2))
                    if d > 0 { differing += 1 }
                    worst = max(worst, d)
                }
            }
            let equal = worst <= 4 && differing <= 64 * Int(scale * scale)
            #expect(worst <= 4, "frame \(frame): a pixel differs by \(worst)")
            #expect(differing <= 64 * Int(scale * scale), "frame \(frame): \(differing) pixels differ")
            if !equal { break }
        }
        #expect(damagedFrames > 100)
        // The point of it: most frames redraw well under half the window.
        #expect(smallerThanTheWindow > 100)
    }

    /// The showcase's 3D, replicated, masked and shadowed loops in a window of their own: the
    /// projected faces' damage (their projected extents) leaves the pixels a full redraw makes.
    @Test(
        .tags(.exhaustive),
        arguments: ["showcase-cube", "showcase-spinner", "showcase-reveal", "showcase-ball"])
    func showcaseFramesMatchFullRedraws(id: String) throws {
        let scale = 2.0
        let clockA = ManualClock(time: 50)
        let clockB = ManualClock(time: 50)
        let incremental = GalleryApp(loaderID: id, clock: clockA)
        let full = GalleryApp(loaderID: id, clock: clockB)
        let size = Size(width: 300, height: 320)
        incremental.resize(to: size, scale: scale)
        full.resize(to: size, scale: scale)
        let width = Int(size.width * scale)
        let height = Int(size.height * scale)
        let a = TestBuffer(width: width, height: height)
        let b = TestBuffer(width: width, height: height)
        var partial = 0
        for frame in 0..<40 {
            clockA.advance(by: 1.0 / 20)
            clockB.advance(by: 1.0 / 20)
            let regions = try incremental.renderFrame(into: a.buffer, fullRedraw: frame == 0)
            _ = try full.renderFrame(into: b.buffer, fullRedraw: true)
            let area = regions.reduce(0) { $0 + $1.width * $1.height }
            if area < width * height { partial += 1 }
            var differing = 0
            var worst = 0
            let identical = memcmp(a.buffer.data, b.buffer.data, height * a.buffer.stride) == 0
            for y in 0..<height where !identical {
                for x in 0..<width {
                    let p = a.rgb(x, y)
                    let q = b.rgb(x, y)
                    let d = max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2))
                    if d > 0 { differing += 1 }
                    worst = max(worst, d)
                }
            }
            #expect(worst <= 4, "\(id) frame \(frame): a pixel differs by \(worst)")
            #expect(differing <= 64 * Int(scale * scale), "\(id) frame \(frame): \(differing) pixels differ")
            if worst > 4 { break }
        }
        #expect(partial > 25, "\(id): \(partial) frames redrew less than the window")
    }

    @Test func damageCoversOnlyWhatChanged() throws {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        root.position = Point(100, 50)
        var still = LayerProperties()
        still.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        still.position = Point(30, 30)
        still.backgroundColor = .white
        var moving = still
        moving.position = Point(120, 30)
        func tree(_ x: Double) -> PresentationLayer {
            var m = moving
            m.position.x = x
            return PresentationLayer(
                properties: root,
                sublayers: [PresentationLayer(properties: still), PresentationLayer(properties: m)])
        }
        #expect(LayerRenderer.damage(from: tree(120), to: tree(120)) == [])
        let rects = try #require(LayerRenderer.damage(from: tree(120), to: tree(130)))
        // The moving square before (95…145) and after (105…155), not the still one (5…55).
        #expect(rects.count == 2)
        #expect(rects.contains(Rect(x: 95, y: 5, width: 50, height: 50)))
        #expect(rects.contains(Rect(x: 105, y: 5, width: 50, height: 50)))
    }

    @Test func maskedChangesAreClippedAndUnboundedContentsGiveUp() throws {
        var screen = LayerProperties()
        screen.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        screen.position = Point(20, 20)
        screen.masksToBounds = true
        var child = LayerProperties()
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 10)
        child.position = Point(50, 5)
        child.backgroundColor = .white
        var moved = child
        moved.position.y = 25
        let rects = try #require(
            LayerRenderer.damage(
                from: PresentationLayer(
                    properties: screen, sublayers: [PresentationLayer(properties: child)]),
                to: PresentationLayer(properties: screen, sublayers: [PresentationLayer(properties: moved)])))
        #expect(rects.allSatisfy { $0.maxX <= 40 && $0.maxY <= 40 && $0.minX >= 0 })

        var image = child
        image.contents = ImageReference(path: "/nonexistent.png")
        image.contentsGravity = .center
        var imageMoved = image
        imageMoved.position.y = 25
        #expect(
            LayerRenderer.damage(
                from: PresentationLayer(properties: image), to: PresentationLayer(properties: imageMoved))
                == nil)
    }
}
