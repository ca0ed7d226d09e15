import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UIImageView`: sizes from the image, content modes drawn where they put the image, and
/// template images filled with the tint.
@Suite(.serialized) struct UIImageViewTests {
    /// 20×10 pixels: the left half red, the right half blue.
    private func halves() throws -> TestPNG {
        try TestPNG(
            name: "halves", width: 20, height: 10,
            fills: [
                (Rect(x: 0, y: 0, width: 10, height: 10), Color(red: 1, green: 0, blue: 0, alpha: 1)),
                (Rect(x: 10, y: 0, width: 10, height: 10), Color(red: 0, green: 0, blue: 1, alpha: 1)),
            ])
    }

    private func isRed(_ p: Pixel?) -> Bool {
        p.map { $0.red > 230 && $0.green < 25 && $0.blue < 25 } ?? false
    }
    private func isBlue(_ p: Pixel?) -> Bool {
        p.map { $0.blue > 230 && $0.red < 25 && $0.green < 25 } ?? false
    }
    private func isGreen(_ p: Pixel?) -> Bool {
        p.map { $0.green > 230 && $0.red < 25 && $0.blue < 25 } ?? false
    }
    private func isWhite(_ p: Pixel?) -> Bool {
        p.map { $0.red > 245 && $0.green > 245 && $0.blue > 245 } ?? false
    }

    @Test func anImageViewTakesTheImagesSize() throws {
        let png = try halves()
        let image = try #require(UIImage(contentsOfFile: png.path))
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(view.intrinsicContentSize == CGSize(width: 20, height: 10))
        #expect(!view.isUserInteractionEnabled)
        view.frame = CGRect(x: 5, y: 5, width: 50, height: 50)
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 5, y: 5, width: 20, height: 10))
        let empty = UIImageView(image: nil)
        #expect(empty.frame == .zero)
        #expect(
            empty.intrinsicContentSize
                == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    @Test func contentModesPlaceTheImage() throws {
        let png = try halves()
        let image = try #require(UIImage(contentsOfFile: png.path))
        func drawn(_ mode: UIView.ContentMode) throws -> ImageSurface {
            let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.contentMode = mode
            view.image = image
            #expect(view.layer.contentsGravity == mode.gravityForTest)
            return try render(stage(showing: view, width: 100, height: 100))
        }
        // Fill: stretched to 100×100, the halves split at x = 50.
        let fill = try drawn(.scaleToFill)
        #expect(isRed(fill.pixel(x: 25, y: 5)) && isBlue(fill.pixel(x: 75, y: 95)))
        // Aspect fit: ×5, 100×50, centred: rows 25…75.
        let fit = try drawn(.scaleAspectFit)
        #expect(isRed(fit.pixel(x: 25, y: 50)) && isBlue(fit.pixel(x: 75, y: 50)))
        #expect(isWhite(fit.pixel(x: 50, y: 20)) && isWhite(fit.pixel(x: 50, y: 80)))
        #expect(isRed(fit.pixel(x: 5, y: 27)) && isWhite(fit.pixel(x: 5, y: 23)))
        // Aspect fill: ×10, 200×100, centred: columns −50…150, the split at x = 50.
        let aspectFill = try drawn(.scaleAspectFill)
        #expect(isRed(aspectFill.pixel(x: 45, y: 5)) && isBlue(aspectFill.pixel(x: 55, y: 95)))
        // Centre: 20×10 at (40, 45).
        let center = try drawn(.center)
        #expect(isRed(center.pixel(x: 45, y: 50)) && isBlue(center.pixel(x: 55, y: 50)))
        #expect(isWhite(center.pixel(x: 35, y: 50)) && isWhite(center.pixel(x: 45, y: 40)))
        // Top left: at the origin.
        let topLeft = try drawn(.topLeft)
        #expect(isRed(topLeft.pixel(x: 5, y: 5)) && isBlue(topLeft.pixel(x: 15, y: 5)))
        #expect(isWhite(topLeft.pixel(x: 25, y: 5)) && isWhite(topLeft.pixel(x: 5, y: 15)))
    }

    @Test func templateImagesAreFilledWithTheTint() throws {
        // 20×20: a red 10×10 square at the top left, the rest clear.
        let png = try TestPNG(
            name: "shape", width: 20, height: 20,
            fills: [(Rect(x: 0, y: 0, width: 10, height: 10), Color(red: 1, green: 0, blue: 0, alpha: 1))])
        let original = try #require(UIImage(contentsOfFile: png.path))
        let template = original.withRenderingMode(.alwaysTemplate)
        #expect(original.renderingMode == .automatic && template.renderingMode == .alwaysTemplate)
        #expect(template.size == original.size)
        #expect(template.withRenderingMode(.alwaysOriginal).renderingMode == .alwaysOriginal)

        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let view = UIImageView(image: template)
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        view.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        container.addSubview(view)
        let stage = stage(showing: container, width: 40, height: 40)
        // Stretched ×2: the square covers 0…20; green where the image is opaque, white elsewhere.
        var surface = try render(stage)
        #expect(isGreen(surface.pixel(x: 10, y: 10)), "\(String(describing: surface.pixel(x: 10, y: 10)))")
        #expect(isWhite(surface.pixel(x: 30, y: 30)) && isWhite(surface.pixel(x: 30, y: 10)))

        // Inherited: without a tint of its own it takes its superview's, and follows it.
        stage.perform {
            view.tintColor = nil
            container.tintColor = .blue
        }
        stage.at(0.1)
        surface = try render(stage)
        #expect(isBlue(surface.pixel(x: 10, y: 10)), "\(String(describing: surface.pixel(x: 10, y: 10)))")

        // The original image again: its own red.
        stage.perform { view.image = original }
        stage.at(0.2)
        surface = try render(stage)
        #expect(isRed(surface.pixel(x: 10, y: 10)) && isWhite(surface.pixel(x: 30, y: 30)))
    }
}

extension UIView.ContentMode {
    /// The gravity UIKit's content mode stands for (Apple's table, written out here).
    fileprivate var gravityForTest: CALayerContentsGravity {
        switch self {
        case .scaleToFill: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .topLeft: .topLeft
        default: .resize
        }
    }
}
