import Foundation
import Testing

@testable import LayerKit

/// The shadow properties: Core Animation's defaults, and which animate how.
@Suite struct ShadowPropertiesTests {
    @Test func defaultsAreCoreAnimations() {
        let p = LayerProperties()
        #expect(p.shadowColor == .black)
        #expect(p.shadowOpacity == 0)
        #expect(p.shadowOffset == Size(0, -3))
        #expect(p.shadowRadius == 3)
        #expect(p.shadowPath == nil)
    }

    @Test func colourOpacityOffsetAndRadiusAnimateImplicitly() {
        let stage = Stage(time: 0)
        stage.scene.perform {
            stage.layer.shadowOpacity = 1
            stage.layer.shadowRadius = 7
            stage.layer.shadowOffset = Size(4, 4)
            stage.layer.shadowColor = Color(red: 1, green: 0, blue: 0)
        }
        #expect(
            Set(stage.layer.animationKeys()) == [
                "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor",
            ])
        stage.go(0.25)
        #expect(stage.shown.shadowOpacity == 1 && stage.shown.shadowRadius == 7)
        #expect(stage.shown.shadowOffset == Size(4, 4))
    }

    @Test func shadowPathAnimatesOnlyExplicitly() throws {
        let stage = Stage(time: 0)
        let a = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Path.rect(Rect(x: 0, y: 0, width: 20, height: 30))
        stage.scene.perform { stage.layer.shadowPath = a }
        #expect(stage.layer.animationKeys().isEmpty)  // like every CGPath property
        let anim = BasicAnimation(keyPath: "shadowPath")
        anim.toValue = .path(b)
        anim.duration = 1
        try stage.layer.add(anim, forKey: nil)
        stage.go(0.5)
        #expect(stage.shown.shadowPath?.controlPointBounds == Rect(x: 0, y: 0, width: 15, height: 20))
        // Offset components by their CGSize key paths.
        let h = BasicAnimation(keyPath: "shadowOffset.height")
        h.fromValue = 0
        h.toValue = 10
        h.duration = 1
        try stage.layer.add(h, forKey: nil)
        stage.go(1)
        #expect(stage.shown.shadowOffset == Size(0, 5))
    }
}
