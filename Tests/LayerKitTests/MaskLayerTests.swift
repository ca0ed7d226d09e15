import Foundation
import Testing

@testable import LayerKit

/// `Layer.mask`: no sublayer, but part of the tree for time, scene, events and presentation.
@Suite struct MaskLayerTests {
    @Test func theMaskIsInThePresentationInTheMaskedLayersCoordinates() {
        let mask = ShapeLayer()
        mask.name = "mask"
        mask.position = Point(5, 6)
        let stage = Stage(time: 0)
        stage.layer.mask = mask
        #expect(mask.superlayer == nil && stage.layer.sublayers.isEmpty)
        #expect(mask.scene === stage.scene)
        stage.go(0.1)
        let shown = stage.scene.presentation().sublayers[0]
        #expect(shown.mask?.name == "mask")
        #expect(shown.mask?.properties.position == Point(5, 6))
        #expect(shown.mask?.kind == .shape)
        #expect(stage.layer.presentation()?.mask?.name == "mask")
    }

    @Test func maskAnimationsRunInTheMaskedLayersTimeAndReportTheirEvents() throws {
        let mask = ShapeLayer()
        let stage = Stage(time: 0)
        stage.layer.speed = 2  // the masked layer's time runs twice as fast
        stage.layer.mask = mask
        let recorder = Recorder("mask", scene: stage.scene)
        let anim = BasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = 0
        anim.toValue = 1
        anim.duration = 1
        anim.delegate = recorder
        try stage.scene.perform { try mask.add(anim, forKey: "end") }
        stage.go(0.25)
        // Half a second of the masked layer's time: half-way.
        #expect(stage.scene.presentation().sublayers[0].mask?.shape?.strokeEnd == 0.5)
        #expect(stage.scene.needsFrames)
        stage.go(0.6)
        #expect(recorder.log == ["start mask", "stop mask true"])
        #expect(close(recorder.times[1], 0.5))
    }

    @Test func aChangedMaskIsShownThoughTheTreeWasStatic() {
        let mask = Layer()
        let stage = Stage(time: 0)
        stage.scene.perform {
            Transaction.performWithoutActions { stage.layer.mask = mask }
        }
        stage.go(1)
        stage.go(2)
        // Nothing animates: the subtree's presentation is cached. Moving the mask drops it.
        Transaction.performWithoutActions { mask.position = Point(7, 7) }
        stage.go(3)
        #expect(stage.scene.presentation().sublayers[0].mask?.properties.position == Point(7, 7))
    }

    @Test func aLayerIsInOnePlaceOnly() {
        let a = Layer()
        let b = Layer()
        let m = Layer()
        a.addSublayer(m)
        b.mask = m  // taken out of its superlayer
        #expect(m.superlayer == nil && a.sublayers.isEmpty && m.maskedLayer === b)
        a.mask = m  // and away from the layer it masked
        #expect(b.mask == nil && a.mask === m)
        a.addSublayer(m)  // a sublayer is no mask
        #expect(a.mask == nil && m.superlayer === a)
        // No cycles: a layer cannot mask itself or an ancestor.
        let child = Layer()
        a.addSublayer(child)
        child.mask = a
        child.mask = child
        #expect(child.mask == nil)
        a.mask = nil
        #expect(a.mask == nil)
    }

    @Test func removingTheSubtreesAnimationsReachesTheMask() throws {
        let mask = Layer()
        let stage = Stage(time: 0)
        stage.layer.mask = mask
        let anim = BasicAnimation(keyPath: "opacity")
        anim.toValue = 0
        anim.duration = 1
        try mask.add(anim, forKey: "fade")
        stage.layer.removeAllAnimationsInSubtree()
        #expect(mask.animationKeys().isEmpty)
    }
}
