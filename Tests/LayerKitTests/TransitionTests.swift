import Foundation
import Testing

@testable import LayerKit

/// `TransitionAnimation` (`CATransition`) in the engine: what it captures, what the
/// presentation carries while it runs, its record, and the implicit cross-fade of `contents`.
@Suite struct TransitionTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// The layer's node in the scene's last presentation.
    static func node(_ stage: Stage) -> PresentationLayer { stage.scene.presentation().sublayers[0] }

    @Test func aTransitionCarriesTheRenderingShownBeforeTheChange() throws {
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.performWithoutActions {
                stage.layer.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
                stage.layer.backgroundColor = Self.red
            }
        }
        stage.go(0.5)
        // The change and the transition in one transaction, the change first.
        let push = TransitionAnimation(type: .push, subtype: .fromRight)
        push.duration = 1
        push.timingFunction = .linear
        stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.backgroundColor = Self.blue }
            try? stage.layer.add(push, forKey: "transition")
        }
        stage.go(0.75)
        let shown = Self.node(stage)
        let transition = try #require(shown.transition)
        #expect(transition.type == .push && transition.subtype == .fromRight)
        #expect(abs(transition.progress - 0.25) < 1e-12)
        #expect(transition.from?.properties.backgroundColor == Self.red)
        #expect(shown.properties.backgroundColor == Self.blue)
        // Push from the right: the new rendering comes in from +width, the old leaves to −width.
        let new = transition.placement(new: true, size: Size(100, 50))
        let old = transition.placement(new: false, size: Size(100, 50))
        #expect(new.offset == Size(75, 0) && old.offset == Size(-25, 0))
        #expect(stage.layer.animationRecords.first?.kind == .transition)
        stage.go(1.6)
        #expect(Self.node(stage).transition == nil)
    }

    @Test func placementsFollowTheTypes() {
        let size = Size(100, 40)
        func at(_ type: TransitionType, _ subtype: TransitionSubtype, _ t: Double) -> PresentationTransition {
            PresentationTransition(type: type, subtype: subtype, progress: t, from: nil)
        }
        // Fade: in place, the old at 1 − t, the new at t.
        #expect(at(.fade, .fromLeft, 0.3).placement(new: false, size: size).opacity == 0.7)
        #expect(at(.fade, .fromLeft, 0.3).placement(new: true, size: size).opacity == 0.3)
        // Move in from the top: the new comes down from −height, the old stays.
        #expect(at(.moveIn, .fromTop, 0.25).placement(new: true, size: size).offset == Size(0, -30))
        #expect(at(.moveIn, .fromTop, 0.25).placement(new: false, size: size).offset == .zero)
        // Reveal from the bottom: the old moves up and off, above the new, which stays.
        #expect(at(.reveal, .fromBottom, 0.5).placement(new: false, size: size).offset == Size(0, -20))
        #expect(at(.reveal, .fromBottom, 0.5).placement(new: true, size: size).offset == .zero)
        #expect(at(.reveal, .fromBottom, 0.5).oldOnTop)
        // Push from the left: both move right.
        #expect(at(.push, .fromLeft, 0.5).placement(new: true, size: size).offset == Size(-50, 0))
        #expect(at(.push, .fromLeft, 0.5).placement(new: false, size: size).offset == Size(50, 0))
        // Bad progress is clamped.
        #expect(at(.fade, .fromLeft, .nan).progress == 0)
        #expect(at(.fade, .fromLeft, 7).progress == 1)
    }

    @Test func settingContentsCrossFadesOnAStandaloneLayerOnly() {
        let stage = Stage(time: 0)
        stage.go(0.1)
        stage.scene.perform { stage.layer.contents = ImageReference(path: "a.png") }
        let records = stage.layer.animationRecords
        #expect(records.map(\.key) == ["contents"])
        #expect(records.first?.kind == .transition && records.first?.origin == .implicit)
        #expect(records.first?.transitionType == .fade)
        #expect(records.first?.duration == 0.25)
        // Not on a view's backing layer, not with actions disabled.
        let view = Stage(time: 0)
        view.layer.isViewBacking = true
        view.go(0.1)
        view.scene.perform { view.layer.contents = ImageReference(path: "a.png") }
        #expect(view.layer.animationRecords.isEmpty)
        let quiet = Stage(time: 0)
        quiet.go(0.1)
        quiet.scene.perform {
            Transaction.performWithoutActions { quiet.layer.contents = ImageReference(path: "a.png") }
        }
        #expect(quiet.layer.animationRecords.isEmpty)
    }
}
