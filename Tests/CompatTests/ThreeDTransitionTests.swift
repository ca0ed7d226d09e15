import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// `CATransformLayer`, `isDoubleSided` and `CATransition` as iOS code uses them, through the
/// engine and drawn by LayerKitCairo.
@Suite(.serialized) struct ThreeDTransitionTests {
    /// The pixel at (`x`, `y`) points of the stage drawn at one pixel per point, on white.
    private func pixel(_ stage: Stage, _ x: Int, _ y: Int) throws -> Pixel {
        let surface = try renderForTesting(stage.scene.presentation(), width: 100, height: 100)
        return try #require(surface.pixel(x: x, y: y))
    }

    private func isRed(_ p: Pixel) -> Bool { p.red > 230 && p.green < 25 && p.blue < 25 }
    private func isBlue(_ p: Pixel) -> Bool { p.red < 25 && p.green < 25 && p.blue > 230 }
    private func isWhite(_ p: Pixel) -> Bool { p.red > 230 && p.green > 230 && p.blue > 230 }

    // MARK: CATransformLayer and isDoubleSided

    /// A transform layer turned half a turn about y, holding a red face 20 points in front of
    /// its plane and a blue face 20 points behind it (turned to face backwards). The half turn
    /// brings the blue face to the front: in 3D it is nearer the viewer and covers the red.
    /// A plain layer flattens its sublayers into its plane in their order, so there the red
    /// face, added last, covers the blue.
    private func box(_ container: CALayer, doubleSided: Bool = true) -> Stage {
        let stage = Stage(width: 100, height: 100)
        stage.perform {
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            stage.root.sublayerTransform = perspective
            container.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            container.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            stage.root.addSublayer(container)
            let back = CALayer()
            back.frame = container.bounds
            back.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
            back.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -20), .pi, 0, 1, 0)
            back.isDoubleSided = doubleSided
            container.addSublayer(back)
            let front = CALayer()
            front.frame = container.bounds
            front.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
            front.transform = CATransform3DMakeTranslation(0, 0, 20)
            front.isDoubleSided = doubleSided
            container.addSublayer(front)
        }
        stage.at(0)
        return stage
    }

    @Test func transformLayerKeepsItsSublayersIn3D() throws {
        let cube = CATransformLayer()
        let stage = box(cube)
        #expect(cube.engineLayer is TransformLayer)
        #expect(stage.scene.presentation().sublayers[0].kind == .transform)
        #expect(isBlue(try pixel(stage, 50, 50)))
        // A plain layer in its place flattens: the red face, drawn last, is on top.
        #expect(isRed(try pixel(box(CALayer()), 50, 50)))
    }

    @Test func singleSidedFacesHideTheirBacks() throws {
        // Turned half a turn within the half-turned box, the blue face faces the viewer; the red
        // one shows its back and is hidden even where nothing covers it.
        let stage = box(CATransformLayer(), doubleSided: false)
        #expect(isBlue(try pixel(stage, 50, 50)))
        let lone = Stage(width: 100, height: 100)
        let card = CALayer()
        lone.perform {
            card.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
            card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
            card.isDoubleSided = false
            card.transform = CATransform3DMakeRotation(.pi * 0.9, 0, 1, 0)
            lone.root.addSublayer(card)
        }
        lone.at(0)
        #expect(card.isDoubleSided == false)
        #expect(card.presentation()?.isDoubleSided == false)
        #expect(isWhite(try pixel(lone, 50, 50)))
        // A fifth of a turn shows its front.
        lone.perform {
            CATransaction.setDisableActions(true)
            card.transform = CATransform3DMakeRotation(.pi * 0.2, 0, 1, 0)
        }
        lone.at(0.1)
        #expect(isRed(try pixel(lone, 50, 50)))
    }

    @Test func transformLayerWrappersKeepTheirClass() {
        let parent = CALayer()
        let cube = CATransformLayer()
        parent.addSublayer(cube)
        #expect(parent.sublayers?.first === cube)
        let stage = Stage()
        stage.perform { stage.root.addSublayer(parent) }
        stage.at(0)
        let shown: CATransformLayer? = cube.presentation()
        #expect(shown != nil && shown !== cube)
        #expect(shown?.model() === cube)
        // A wrapper the host makes for an engine transform layer is a CATransformLayer.
        let hosted = CALayer(hosting: Layer())
        hosted.engineLayer.addSublayer(TransformLayer())
        #expect(hosted.sublayers?.first is CATransformLayer)
    }

    // MARK: CATransition

    /// A 100×100 layer shown red, then turned blue with `transition` added (1 s, linear).
    private func transitioning(_ transition: CATransition) -> (Stage, CALayer) {
        let stage = Stage(width: 100, height: 100)
        let layer = CALayer()
        stage.perform {
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor
            stage.root.addSublayer(layer)
        }
        stage.at(0)
        transition.duration = 1
        transition.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.perform {
            CATransaction.setDisableActions(true)
            layer.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1).cgColor
            layer.add(transition, forKey: kCATransition)
        }
        return (stage, layer)
    }

    @Test func pushFromTheRight() throws {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        let (stage, layer) = transitioning(push)
        #expect(layer.animationKeys() == ["transition"])
        let running = layer.animation(forKey: kCATransition) as? CATransition
        #expect(running?.type == .push && running?.subtype == .fromRight && running !== push)
        // Half-way, the new (blue) rendering has come in from the right over half the width and
        // pushed the old (red) one half out to the left.
        stage.at(0.5)
        #expect(isRed(try pixel(stage, 25, 50)))
        #expect(isBlue(try pixel(stage, 75, 50)))
        // A quarter of the way: only the rightmost quarter is new.
        stage.at(0.25)
        #expect(isRed(try pixel(stage, 70, 50)))
        #expect(isBlue(try pixel(stage, 80, 50)))
        // Over: the new rendering alone, and the transition is gone.
        stage.at(1.2)
        #expect(isBlue(try pixel(stage, 10, 50)))
        #expect(layer.animationKeys() == nil)
    }

    @Test func moveInAndRevealFromEachSide() throws {
        // moveIn: the new rendering slides over the old one from the subtype's side; reveal:
        // the old one slides away towards the opposite side, uncovering the new one. A quarter
        // of the way, a quarter of the layer on the subtype's side is new for both.
        let probes: [(CATransitionSubtype, newPoint: (Int, Int), oldPoint: (Int, Int))] = [
            (.fromLeft, (20, 50), (30, 50)), (.fromRight, (80, 50), (70, 50)),
            (.fromTop, (50, 20), (50, 30)), (.fromBottom, (50, 80), (50, 70)),
        ]
        for type in [CATransitionType.moveIn, .reveal] {
            for (subtype, newPoint, oldPoint) in probes {
                let t = CATransition()
                t.type = type
                t.subtype = subtype
                let (stage, _) = transitioning(t)
                stage.at(0.25)
                #expect(
                    isBlue(try pixel(stage, newPoint.0, newPoint.1)), "\(type.rawValue) \(subtype.rawValue)")
                #expect(
                    isRed(try pixel(stage, oldPoint.0, oldPoint.1)), "\(type.rawValue) \(subtype.rawValue)")
            }
        }
    }

    @Test func progressRunsFromStartToEnd() {
        let fade = CATransition()
        #expect(fade.type == .fade && fade.subtype == nil)
        fade.startProgress = 0.2
        fade.endProgress = 0.6
        let (stage, _) = transitioning(fade)
        // Linear timing half-way: 0.2 + (0.6 − 0.2) · 0.5.
        stage.at(0.5)
        let shown = stage.scene.presentation().sublayers[0].transition
        #expect(shown?.type == .fade)
        // (Float progress values, as on iOS.)
        #expect(near(shown?.progress ?? -1, 0.4, 1e-6))
        // A missing subtype is fromLeft.
        #expect(shown?.subtype == .fromLeft)
    }

    @Test func unknownTypesAreReportedNotIgnored() {
        let stage = Stage()
        let layer = CALayer()
        stage.perform { stage.root.addSublayer(layer) }
        let cube = CATransition()
        cube.type = CATransitionType(rawValue: "cube")
        let errors = reportedErrors { stage.perform { layer.add(cube, forKey: "transition") } }
        #expect(errors.count == 1 && errors.first?.contains("cube") == true)
        #expect(layer.animationKeys() == nil)
        let sideways = CATransition()
        sideways.subtype = CATransitionSubtype("sideways")
        let more = reportedErrors { stage.perform { layer.add(sideways, forKey: nil) } }
        #expect(more.count == 1 && more.first?.contains("sideways") == true)
    }

    @Test func aTransitionAsTheActionForContents() throws {
        // `actions["contents"]` replaces the implicit cross-fade with the given transition.
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("compat-transition-\(ProcessInfo.processInfo.processIdentifier).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try ImageSurface(width: 4, height: 4).writePNG(to: file)
        let image = try #require(UIImage(contentsOfFile: file)?.cgImage)
        let stage = Stage(width: 100, height: 100)
        let layer = CALayer()
        let push = CATransition()
        push.type = .push
        push.subtype = .fromBottom
        push.duration = 1
        stage.perform {
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.actions = ["contents": push]
            stage.root.addSublayer(layer)
        }
        stage.at(0)
        stage.perform { layer.contents = image }
        #expect(layer.animationKeys() == ["contents"])
        stage.at(0.5)
        let shown = stage.scene.presentation().sublayers[0].transition
        #expect(shown?.type == .push && shown?.subtype == .fromBottom)
    }
}

/// `shouldRasterize` and `rasterizationScale` reach the engine and its presentation.
@Suite(.serialized) struct RasterizationTests {
    @Test func rasterizationPropertiesRoundTrip() {
        let stage = Stage()
        let layer = CALayer()
        #expect(layer.shouldRasterize == false && layer.rasterizationScale == 1)
        stage.perform {
            layer.shouldRasterize = true
            layer.rasterizationScale = 2
            stage.root.addSublayer(layer)
        }
        stage.at(0)
        #expect(layer.engineLayer.shouldRasterize && layer.engineLayer.rasterizationScale == 2)
        let shown = layer.presentation()
        #expect(shown?.shouldRasterize == true && shown?.rasterizationScale == 2)
        #expect(stage.scene.presentation().sublayers[0].properties.shouldRasterize)
        // rasterizationScale is animatable (Apple documents it so).
        let sharpen = CABasicAnimation(keyPath: "rasterizationScale")
        sharpen.fromValue = 1
        sharpen.toValue = 3
        sharpen.duration = 1
        sharpen.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.perform { layer.add(sharpen, forKey: "sharpen") }
        stage.at(0.5)
        #expect(near(layer.presentation()?.rasterizationScale ?? 0, 2, 1e-9))
    }
}
