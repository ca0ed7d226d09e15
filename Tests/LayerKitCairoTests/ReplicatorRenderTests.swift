import Foundation
import LayerKit
import SnapshotTesting
import Testing

@testable import LayerKitCairo

/// A replicator dot spinner drawn: eight dots a 45° turn apart about the centre, fading by
/// the alpha offset, each where the turn puts it.
@Suite struct ReplicatorRenderTests {
    @Test func dotSpinnerDrawsEveryInstanceWhereItsTurnPutsIt() throws {
        let replicator = ReplicatorLayer()
        replicator.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 8
        replicator.instanceTransform = Transform3D(rotationZ: Double.pi / 4)
        replicator.instanceAlphaOffset = -0.1
        let dot = Layer()
        dot.frame = Rect(x: 45, y: 5, width: 10, height: 10)  // centred at (50, 10)
        dot.backgroundColor = Color(red: 1, green: 0, blue: 0)
        replicator.addSublayer(dot)
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(replicator)
        let scene = Scene(root: root, clock: ManualClock(time: 0))
        scene.update()
        let surface = try renderForTesting(scene.presentation(), width: 100, height: 100, background: .white)
        for k in 0..<8 {
            // (50, 10) turned by k·45° about (50, 50): radius 40 from the centre.
            let angle = Double(k) * Double.pi / 4
            let x = 50 + 40 * sin(angle)
            let y = 50 - 40 * cos(angle)
            let alpha = 1 - 0.1 * Double(k)
            let pixel = try #require(surface.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))))
            // Red over white at that alpha: green and blue are 255·(1 − alpha).
            let expected = 255 * (1 - alpha)
            #expect(pixel.red == 255, "dot \(k)")
            #expect(
                abs(Double(pixel.green) - expected) <= 2 && abs(Double(pixel.blue) - expected) <= 2,
                "dot \(k): \(pixel)")
        }
        // Between two dots: background.
        #expect(surface.pixel(x: 50, y: 50) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }
}
