import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// Code in the shape of older open-source iOS libraries, previewed end to end: an `@objc`
/// delegate protocol with optional requirements that return values (called with
/// `delegate?.name?()`, implemented by an internal method of a public protocol's conformer, or
/// not at all), a layer class with an `@NSManaged` property of an object type set in `init`, a
/// key-value change read with `(value as AnyObject).cgPointValue`, and Swift 4 names
/// (`kCAFillModeForwards`, `UIGestureRecognizerState`, `RunLoopMode`).
@Suite("Optional requirements and Swift 4 shapes in previews", .tags(.compiler, .subprocess), .serialized)
struct OptionalRequirementPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    static let source = """
        import UIKit

        @objc public protocol BadgeSource: class {
            @objc optional func badgeSide() -> CGFloat
            @objc optional func badgeDidShow(_ side: CGFloat)
        }

        final class SizedSource: NSObject, BadgeSource {
            var shown: CGFloat = 0
            func badgeSide() -> CGFloat { 30 }
            func badgeDidShow(_ side: CGFloat) { shown = side }
        }

        final class PlainSource: NSObject, BadgeSource {}

        final class TintLayer: CALayer {
            @NSManaged var tint: UIColor

            override init() {
                super.init()
                tint = .green
            }

            override init(layer: Any) {
                super.init(layer: layer)
            }

            required init?(coder: NSCoder) { nil }

            override func draw(in ctx: CGContext) {
                ctx.setFillColor(tint.cgColor)
                ctx.fill(bounds)
            }
        }

        final class Badge: UIView {
            weak var source: BadgeSource?
            let state: UIGestureRecognizerState = .possible
            let mode: RunLoopMode = .commonModes

            func show(in layer: CALayer) {
                let side = source?.badgeSide?() ?? 10
                let change: [NSKeyValueChangeKey: Any] = [.newKey: NSValue(cgPoint: CGPoint(x: 5, y: 5))]
                let origin = (change[.newKey] as AnyObject).cgPointValue.y
                frame = CGRect(x: origin, y: origin, width: side, height: side)
                backgroundColor = .red
                layer.addSublayer(self.layer)
                source?.badgeDidShow?(side)
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fillMode = kCAFillModeForwards
                self.layer.add(fade, forKey: nil)
            }
        }

        struct BadgePreviews: LoaderPreviewProvider {
            static let sized = SizedSource()
            static let plain = PlainSource()

            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("sized", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let badge = Badge()
                        badge.source = sized
                        badge.show(in: layer)
                        if sized.shown != 30 { badge.backgroundColor = .blue }
                    },
                    LoaderPreview("plain", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let badge = Badge()
                        badge.source = plain
                        badge.show(in: layer)
                    },
                    LoaderPreview("tinted", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let tinted = TintLayer()
                        tinted.frame = layer.bounds
                        tinted.setNeedsDisplay()
                        layer.addSublayer(tinted)
                        let copy = TintLayer(layer: tinted)
                        if copy.tint != .green { tinted.backgroundColor = UIColor.blue.cgColor }
                    },
                ]
            }
        }
        """

    @Test("optional requirements answer or are nil, @NSManaged objects and AnyObject lookups work")
    func badgesDraw() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Badges", Self.source, in: scratch)
        // The implemented side is 30 (from 5 to 35), the default 10 (from 5 to 15); (25, 25)
        // is inside the first only. The tinted layer is green all over.
        let cases: [(String, Int, Int, [Int])] = [
            ("sized", 25, 25, SceneClockPreviewTests.red), ("sized", 37, 37, [0, 0, 0]),
            ("plain", 10, 10, SceneClockPreviewTests.red), ("plain", 25, 25, [0, 0, 0]),
            ("tinted", 20, 20, SceneClockPreviewTests.green),
        ]
        for (name, x, y, colour) in cases {
            let out = scratch.path + "/\(name).png"
            let r = try clock.loaderlab(["preview", source, "--render", name, "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            #expect(clock.rgb(frame, width: image.width, x, y) == colour, "\(name) at (\(x), \(y))")
        }
    }
}
