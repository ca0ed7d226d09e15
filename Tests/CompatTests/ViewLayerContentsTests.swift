import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import Testing
@_spi(LoaderLabHost) import UIKit

/// A view's layer is drawn only by its view: when the view has gone (its layer still shown, as
/// `root.addSublayer(MyView().layer)` leaves it), the contents it set stay, as on iOS, where
/// UIKit asks a view's layer for display only for a view that draws.
@MainActor
@Suite(.serialized) struct ViewLayerContentsTests {
    @Test func anImageViewsContentsOutliveItsView() throws {
        let stage = Stage(width: 40, height: 20)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        weak var gone: UIImageView?
        let shown: CALayer = {
            let view = UIImageView(image: image)
            view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            gone = view
            return view.layer
        }()
        stage.perform { stage.root.addSublayer(shown) }
        #expect(gone == nil)
        // The first frame displays what needs display.
        stage.at(0.1)
        #expect(shown.engineLayer.properties.contents == image.cgImage?.reference)
    }

    @Test func aPlainLayerWithoutADelegateIsStillDrawnByItsClass() {
        final class Drawn: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(UIColor.red.cgColor)
                ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
        }
        let stage = Stage(width: 40, height: 20)
        let layer = Drawn()
        layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        stage.perform { stage.root.addSublayer(layer) }
        layer.setNeedsDisplay()
        stage.at(0.1)
        #expect(layer.engineLayer.properties.contents?.bitmap != nil)
    }
}
