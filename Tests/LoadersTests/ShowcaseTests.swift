import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing

@testable import Loaders

/// The showcase's loops: reachable by id like the loaders, not among the five, each running,
/// drawing and looping.
@Suite struct ShowcaseTests {
    static let ids = [
        "showcase-cube", "showcase-spinner", "showcase-gradient", "showcase-reveal", "showcase-ball",
        "showcase-text",
    ]

    @Test func theShowcaseIsReachableByIdButNotAmongTheFive() {
        #expect(Catalog.showcase.map(\.id) == Self.ids)
        #expect(Catalog.all.count == 5)
        for id in Self.ids {
            #expect(Catalog.info(id: id)?.kind == .standalone)
            #expect(Catalog.makeSession(id: id, size: Size(200, 200))?.status == .running)
        }
    }

    @Test(arguments: ids)
    func eachLoopDrawsAndComesRound(id: String) throws {
        let timeline = try LoaderTimeline(id: id, moment: .time(0.4))
        guard case .loop(let seconds) = timeline.ending else {
            Issue.record("\(id) does not loop")
            return
        }
        #expect(seconds > 0 && seconds <= 4)
        let image = try renderForTesting(timeline.tree, width: 240, height: 240, background: .white)
        // Something besides the background colour draws.
        let background = Pixel(red: 24, green: 26, blue: 36, alpha: 255)
        var other = 0
        for y in stride(from: 0, to: 240, by: 4) {
            for x in stride(from: 0, to: 240, by: 4) where image.pixel(x: x, y: y)! != background {
                other += 1
            }
        }
        #expect(other > 20, "\(id): \(other) sampled pixels differ from the background")
    }

    @Test func theCubeIsATransformLayerOfSixFacesThatHideTheirBacks() throws {
        let tree = try LoaderTimeline(id: "showcase-cube", moment: .time(0)).tree
        var cube: PresentationLayer?
        tree.visit(scope: .all) { layer, _ in
            if layer.name == "cube" { cube = layer }
            return true
        }
        let box = try #require(cube)
        #expect(box.isTransformLayer)
        #expect(box.sublayers.count == 6)
        #expect(box.sublayers.allSatisfy { !$0.properties.isDoubleSided })
        // At time 0 the front face faces the viewer: its colour at the stage's centre.
        let image = try renderForTesting(tree, width: 240, height: 240)
        let p = image.pixel(x: 120, y: 130)!
        #expect(p.red > 200 && p.green < 140 && p.blue < 140, "\(p)")
    }

    @Test func theCubeFlipsAQuarterTurnAboutYAtATime() throws {
        // At 1 s (a quarter of the loop, a flip's end) the cube has turned exactly a quarter.
        let timeline = try LoaderTimeline(id: "showcase-cube", moment: .time(1))
        var turn: Transform3D?
        timeline.tree.visit(scope: .all) { layer, _ in
            if layer.name == "cube" { turn = layer.properties.transform }
            return true
        }
        let t = try #require(turn)
        let expected = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        for (a, b) in zip(
            [t.m11, t.m13, t.m31, t.m33], [expected.m11, expected.m13, expected.m31, expected.m33])
        {
            #expect(abs(a - b) < 1e-9)
        }
    }
}
