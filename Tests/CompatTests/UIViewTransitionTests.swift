import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing
import UIKit

/// `UIView.transition(with:…)`: a cross-dissolve shows the old content fading into the new over
/// the duration along the options' curve, and completes at its end.
@Suite("UIView transitions")
struct UIViewTransitionTests {
    private func pixel(_ stage: Stage, _ x: Int, _ y: Int) throws -> Pixel {
        let surface = try renderForTesting(stage.scene.presentation(), width: 100, height: 100)
        return try #require(surface.pixel(x: x, y: y))
    }

    @Test func crossDissolveFadesOldIntoNew() throws {
        let stage = Stage(width: 100, height: 100)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var completedAt: Double?
        stage.perform {
            view.backgroundColor = .red
            stage.root.addSublayer(view.layer)
        }
        stage.at(0)
        stage.perform {
            UIView.transition(
                with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                animations: { view.backgroundColor = .blue },
                completion: { _ in completedAt = stage.scene.currentTime })
        }
        // The model changed at once; the screen still shows red at the start.
        #expect(view.backgroundColor == .blue)
        stage.at(0.001)
        let start = try pixel(stage, 50, 50)
        #expect(start.red > 240 && start.blue < 15)
        // Linear: at 0.25 s a quarter of the way from red (255, 0, 0) to blue (0, 0, 255),
        // (every pixel of the old image over the new faded in, or the two blended: either way
        // the channels are (1 − p)·255 and p·255).
        stage.at(0.25)
        let quarter = try pixel(stage, 50, 50)
        #expect(abs(Int(quarter.red) - 191) <= 4 && abs(Int(quarter.blue) - 64) <= 4, "\(quarter)")
        #expect(completedAt == nil)
        stage.at(1.01)
        let end = try pixel(stage, 50, 50)
        #expect(end.blue > 240 && end.red < 15)
        #expect(completedAt.map { abs($0 - 1) < 1e-6 } == true)
    }

    @Test func noTransitionChangesAtOnce() throws {
        let stage = Stage(width: 100, height: 100)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var completed = false
        stage.perform {
            view.backgroundColor = .red
            stage.root.addSublayer(view.layer)
        }
        stage.at(0)
        stage.perform {
            UIView.transition(
                with: view, duration: 1, options: [], animations: { view.backgroundColor = .blue },
                completion: { _ in completed = true })
        }
        #expect(completed)
        stage.at(0.1)
        #expect(try pixel(stage, 50, 50).blue > 240)
    }
}
