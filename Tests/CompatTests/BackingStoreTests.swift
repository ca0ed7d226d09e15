import CoreGraphics
import Foundation
import LayerKit
import LayerKitCairo
@_spi(LoaderLabHost) import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// Paints its top half red and counts its drawings.
final class CountingLayer: CALayer {
    var draws = 0

    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height / 2))
    }
}

/// The progress values a layer and its presentation copies drew with.
final class DrawnValues {
    var values: [CGFloat] = []
}

/// A progress layer as iOS code writes one (`@NSManaged` becomes `@Managed`). Its copies share
/// its log of what was drawn (Core Animation draws an animation's frames on presentation copies).
final class ProgressLayer: CALayer {
    @Managed var progress: CGFloat
    @Managed var tint: CGColor = UIColor.red.cgColor
    var drawn = DrawnValues()
    var seen: [CGFloat] { drawn.values }
    var animatesChanges = false

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer {
            animatesChanges = other.animatesChanges
            drawn = other.drawn
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "progress" { return true }
        return super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "progress", animatesChanges {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.value(forKey: event)
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            return animation
        }
        return super.action(forKey: event)
    }

    /// A bar across the top, `progress` of the width.
    override func draw(in ctx: CGContext) {
        drawn.values.append(progress)
        ctx.setFillColor(tint)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// Counts its `draw(_:)`s and checks it draws in a context.
final class DrawingView: UIView {
    var draws = 0
    var rects: [CGRect] = []
    var hadContext = true

    override func draw(_ rect: CGRect) {
        draws += 1
        rects.append(rect)
        guard let ctx = UIGraphicsGetCurrentContext() else {
            hadContext = false
            return
        }
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
    }
}

final class DrawingDelegate: NSObject, CALayerDelegate {
    var draws = 0
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(layer.bounds)
    }
}

/// Backing stores as Core Animation keeps them: when layers and views draw, at which scale, and
/// what an animated custom property costs.
@Suite(.serialized) struct BackingStoreTests {
    init() {
        // As `loaderlab preview` registers the classes of the sources it compiles.
        CALayer.register(ProgressLayer.self, make: { ProgressLayer() }, copy: { ProgressLayer(layer: $0) })
    }

    private func pixel(_ stage: Stage, _ x: Int, _ y: Int, size: Int = 100) throws -> Pixel {
        CairoDrawingBackend.install()
        let surface = try renderForTesting(stage.scene.presentation(), width: size, height: size)
        return try #require(surface.pixel(x: x, y: y))
    }

    @Test func aLayerDrawsOnlyWhenMarkedOnceAFrameAtItsScale() throws {
        let stage = Stage(width: 100, height: 100)
        let layer = CountingLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        layer.contentsScale = 2
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0)
        // As on iOS, a layer is not drawn until it is asked to be.
        #expect(layer.draws == 0)
        #expect(layer.contents == nil)
        stage.perform {
            layer.setNeedsDisplay()
            layer.setNeedsDisplay()
        }
        #expect(layer.needsDisplay())
        stage.at(0.1)
        #expect(layer.draws == 1)
        #expect(!layer.needsDisplay())
        let store = try #require(layer.engineLayer.contents?.bitmap)
        #expect(store.width == 80 && store.height == 40)
        // The top half (y 10…20) is red, the bottom white.
        #expect(try pixel(stage, 30, 12) == opaqueRed)
        #expect(try pixel(stage, 30, 25) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        stage.at(0.2)
        #expect(layer.draws == 1)
        // A change of bounds redraws only with needsDisplayOnBoundsChange.
        stage.perform {
            CATransaction.setDisableActions(true)
            layer.bounds.size.width = 60
        }
        stage.at(0.3)
        #expect(layer.draws == 1)
        stage.perform {
            layer.needsDisplayOnBoundsChange = true
            CATransaction.setDisableActions(true)
            layer.bounds.size.width = 50
        }
        stage.at(0.4)
        #expect(layer.draws == 2)
        #expect(layer.engineLayer.contents?.bitmap?.width == 100)
    }

    @Test func aDelegateDrawsAPlainLayer() throws {
        let stage = Stage(width: 100, height: 100)
        let delegate = DrawingDelegate()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.delegate = delegate
        stage.perform {
            stage.root.addSublayer(layer)
            layer.setNeedsDisplay()
        }
        stage.at(0)
        #expect(delegate.draws == 1)
        #expect(try pixel(stage, 10, 10) == opaqueBlue)
    }

    @Test func aViewDrawsWhenFirstShownAndWhenAsked() throws {
        let stage = Stage(width: 100, height: 100)
        let view = DrawingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(view.layer.contentsScale == UIScreen.main.scale)
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0)
        #expect(view.draws == 1)
        #expect(view.hadContext)
        #expect(view.rects == [CGRect(x: 0, y: 0, width: 40, height: 40)])
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(try pixel(stage, 10, 20) == opaqueBlue)
        #expect(try pixel(stage, 30, 20) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        stage.at(0.1)
        #expect(view.draws == 1)
        stage.perform { view.setNeedsDisplay() }
        stage.at(0.2)
        #expect(view.draws == 2)
        // A new size redraws only with contentMode .redraw.
        stage.perform { view.frame.size = CGSize(width: 60, height: 40) }
        stage.at(0.3)
        #expect(view.draws == 2)
        stage.perform {
            view.contentMode = .redraw
            view.frame.size = CGSize(width: 80, height: 40)
        }
        #expect(view.contentMode == .redraw)
        stage.at(0.4)
        #expect(view.draws == 3)
        #expect(view.rects.last == CGRect(x: 0, y: 0, width: 80, height: 40))
    }

    @Test func aViewThatDoesNotDrawKeepsItsContents() throws {
        let stage = Stage(width: 100, height: 100)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let image = render(CGSize(width: 4, height: 4)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        view.layer.contents = image.cgImage
        stage.perform { stage.root.addSublayer(view.layer) }
        stage.at(0)
        #expect((view.layer.contents as? CGImage) === image.cgImage)
        #expect(try pixel(stage, 20, 20) == opaqueRed)
    }

    @Test func managedPropertiesAreKeyValueCodedAndCopied() {
        let layer = ProgressLayer()
        #expect(layer.progress == 0)
        layer.progress = 0.25
        #expect((layer.value(forKey: "progress") as? NSNumber)?.doubleValue == 0.25)
        layer.setValue(0.5, forKey: "progress")
        #expect(layer.progress == 0.5)
        #expect(layer.tint == UIColor.red.cgColor)
        layer.tint = UIColor.blue.cgColor
        let copy = ProgressLayer(layer: layer)
        #expect(copy.progress == 0.5)
        #expect(copy.tint == UIColor.blue.cgColor)
        // Setting a key that needs display marks the layer.
        #expect(layer.needsDisplay())
    }

    @Test func anAnimatedManagedPropertyIsDrawnEachFrameThenCostsNothing() throws {
        let stage = Stage(width: 100, height: 100)
        let layer = ProgressLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0)
        let animation = CABasicAnimation(keyPath: "progress")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.perform {
            layer.progress = 1
            layer.add(animation, forKey: "fill")
        }
        stage.at(0.25)
        #expect(layer.seen.contains { near($0, 0.25) })
        let presented = layer.presentation()?.value(forKey: "progress") as? NSNumber
        #expect(near(presented?.doubleValue ?? -1, 0.25))
        // Read in draw(in:), the property is the presented value; outside it, the model's.
        #expect(layer.progress == 1)
        // Drawn at 0.25: a bar 25 wide.
        #expect(try pixel(stage, 20, 5) == opaqueRed)
        #expect(try pixel(stage, 30, 5) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        stage.at(0.5)
        #expect(layer.seen.contains { near($0, 0.5) })
        #expect(try pixel(stage, 45, 5) == opaqueRed)
        #expect(try pixel(stage, 55, 5) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        // The same frame again draws nothing new.
        let drawsAtHalf = layer.seen.count
        stage.at(0.5)
        #expect(layer.seen.count == drawsAtHalf)
        // Past the end: the model's store (progress 1), then no more drawing at all.
        stage.at(1.5)
        #expect(layer.animationKeys() == nil)
        #expect(try pixel(stage, 95, 5) == opaqueRed)
        let drawsAfter = layer.seen.count
        #expect(!stage.scene.needsFrames)
        stage.at(2)
        stage.at(3)
        #expect(layer.seen.count == drawsAfter)
    }

    @Test func anActionForAManagedKeyAnimatesItsChanges() {
        let stage = Stage(width: 100, height: 100)
        let layer = ProgressLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        layer.animatesChanges = true
        stage.perform { stage.root.addSublayer(layer) }
        stage.at(0)
        stage.perform { layer.progress = 0.8 }
        #expect(layer.animationKeys() == ["progress"])
        stage.at(0.5)
        // Half way from 0 to 0.8.
        let presented = layer.presentation()?.value(forKey: "progress") as? NSNumber
        #expect(near(presented?.doubleValue ?? -1, 0.4))
        #expect(layer.seen.contains { near($0, 0.4) })
    }
}
