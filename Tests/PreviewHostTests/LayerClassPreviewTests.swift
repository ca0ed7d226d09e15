import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The user's own layer classes through `loaderlab preview`: a view whose `layerClass` is the
/// user's `CALayer` subclass gets one (`layer as! ProgressLayer` holds), and `presentation()`
/// and a layer's drawing for an animation are copies of the user's class made by its
/// `init(layer:)`, registered by the preparer before the previews are made.
@Suite("Layer classes in previews", .tags(.compiler, .subprocess), .serialized)
struct LayerClassPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch

    /// A 100×40 preview on black. Top half: a view whose layer is a `ProgressLayer` drawing a
    /// blue bar of `progress` of the width (its colour set on the view's layer), animated 0 → 1
    /// over 1 s, linearly. Bottom half: a `TintLayer` sublayer (no delegate) drawing a bar of
    /// the colour its `init(layer:)` copies, green on the model, animated the same way. At
    /// 0.5 s a block reads both presentations and turns a marker layer at (96, 36) white when
    /// each is of its own class with progress ½ and the copied colour, red otherwise.
    static let source = """
        import Foundation
        import UIKit

        class ProgressLayer: CALayer {
            @NSManaged var progress: CGFloat
            var barColor: UIColor = .red

            override init() {
                super.init()
                needsDisplayOnBoundsChange = true
            }

            override init(layer: Any) {
                super.init(layer: layer)
                if let other = layer as? ProgressLayer { barColor = other.barColor }
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" || super.needsDisplay(forKey: key)
            }

            override func draw(in ctx: CGContext) {
                ctx.setFillColor(barColor.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
            }
        }

        final class TintLayer: ProgressLayer {
            var tint: UIColor = .red

            override init() {
                super.init()
            }

            override init(layer: Any) {
                super.init(layer: layer)
                tint = (layer as! TintLayer).tint
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            override func draw(in ctx: CGContext) {
                ctx.setFillColor(tint.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
            }
        }

        final class ProgressBarView: UIView {
            override class var layerClass: AnyClass { ProgressLayer.self }
            var progressLayer: ProgressLayer { layer as! ProgressLayer }
        }

        enum Fill {
            static func animate(_ layer: ProgressLayer) {
                let animation = CABasicAnimation(keyPath: "progress")
                animation.fromValue = 0
                animation.toValue = 1
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.progress = 1
                layer.add(animation, forKey: "fill")
            }
        }

        struct LayerClassPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("bars", size: CGSize(width: 100, height: 40), background: .black) { root in
                        let bar = ProgressBarView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
                        bar.progressLayer.barColor = .blue
                        root.addSublayer(bar.layer)
                        let tinted = TintLayer()
                        tinted.frame = CGRect(x: 0, y: 20, width: 100, height: 20)
                        tinted.tint = .green
                        tinted.setNeedsDisplay()
                        root.addSublayer(tinted)
                        let marker = CALayer()
                        marker.frame = CGRect(x: 92, y: 32, width: 8, height: 8)
                        marker.backgroundColor = UIColor.gray.cgColor
                        root.addSublayer(marker)
                        Fill.animate(bar.progressLayer)
                        Fill.animate(tinted)
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                            let viewShown = bar.layer.presentation() as? ProgressLayer
                            let shown = tinted.presentation()
                            let right =
                                viewShown != nil && abs((viewShown?.progress ?? 0) - 0.5) < 0.01
                                && viewShown?.barColor == .blue && shown.map { type(of: $0) == TintLayer.self } == true
                                && abs((shown?.progress ?? 0) - 0.5) < 0.01 && shown?.tint == .green
                            CATransaction.setDisableActions(true)
                            marker.backgroundColor = (right ? UIColor.white : UIColor.red).cgColor
                        }
                    }
                ]
            }
        }
        """

    func loaderlab(_ arguments: [String], _ scratch: Scratch) throws -> (
        status: Int32, out: String, err: String
    ) {
        try ExamplePreviewTests().loaderlab(arguments, tmp: scratch.path + "/tmp")
    }

    /// The RGB of the pixel at (`x`, `y`) of an RGBA frame `width` pixels wide.
    func rgb(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2])]
    }

    @Test("a layerClass of the user's own, its presentation() and its drawing for an animation")
    func userLayerClasses() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/Bars"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.source.write(toFile: folder + "/Bars.swift", atomically: true, encoding: .utf8)
        let black = [0, 0, 0]
        let blue = [0, 0, 255]
        let green = [0, 255, 0]
        // UIColor's gray is 0.5 white: 127.5, drawn 127 or 128.
        let grey: Set<[Int]> = [[127, 127, 127], [128, 128, 128]]
        for time in [0.25, 0.75] {
            let out = scratch.path + "/bars-\(time).png"
            let r = try loaderlab(
                ["preview", folder, "--render", "bars", "--time", "\(time)", "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            #expect(!r.err.contains("not registered"), "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            #expect(image.width == 100 && image.height == 40)
            // The bars end at 100·t points: inside, a little before; outside, a little after.
            let end = Int(100 * time)
            #expect(rgb(frame, width: 100, end - 5, 10) == blue, "view's bar at \(time)")
            #expect(rgb(frame, width: 100, end + 5, 10) == black, "view's bar at \(time)")
            #expect(rgb(frame, width: 100, end - 5, 30) == green, "layer's bar at \(time)")
            #expect(rgb(frame, width: 100, end + 5, 22) == black, "layer's bar at \(time)")
            let marker = rgb(frame, width: 100, 96, 36)
            if time < 0.5 {
                #expect(grey.contains(marker), "marker at \(time): \(marker)")
            } else {
                #expect(marker == [255, 255, 255], "marker at \(time): \(marker)")
            }
        }
    }
}
