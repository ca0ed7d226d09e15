import CoreGraphics
import Foundation
import QuartzCore
import Testing
import UIKit

/// Swift 4 names, `@Managed` properties of object types, `AnyObjectLookup` and gesture
/// recognizers made by code.
@Suite("Older names, managed objects, lookups and recognizers")
struct OlderNamesTests {
    @Test("Swift 4 names are the nested types and values")
    func names() {
        #expect(kCAFillModeForwards == CAMediaTimingFillMode.forwards)
        #expect(kCAMediaTimingFunctionEaseOut == CAMediaTimingFunctionName.easeOut)
        #expect(kCALineCapRound == CAShapeLayerLineCap.round)
        #expect(RunLoopMode.commonModes == RunLoop.Mode.common)
        let state: UIGestureRecognizerState = .began
        #expect(state == UIGestureRecognizer.State.began)
        #expect(UIEdgeInsetsMake(1, 2, 3, 4) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(
            NSNotification.Name.UIApplicationWillEnterForeground.rawValue
                == "UIApplicationWillEnterForegroundNotification")
        #expect(NSNotification.Name.UIApplicationDidBecomeActive == UIApplication.didBecomeActiveNotification)
    }

    final class TintLayer: CALayer {
        @Managed var tint: UIColor
        @Managed var progress: CGFloat

        override init() {
            super.init()
            tint = .orange
        }

        override init(layer: Any) {
            super.init(layer: layer)
        }

        required init?(coder: NSCoder) { nil }
    }

    @Test("an object-typed managed property set in init is read back and copied by init(layer:)")
    func managedObject() {
        let layer = TintLayer()
        #expect(layer.tint == .orange)
        #expect(layer.progress == 0)
        layer.tint = .purple
        let copy = TintLayer(layer: layer)
        #expect(copy.tint == .purple)
    }

    @Test("AnyObjectLookup reads boxed values, nil for other objects")
    func lookup() {
        let point = CGPoint(x: 3, y: 4)
        #expect(AnyObjectLookup(NSValue(cgPoint: point)).cgPointValue == point)
        #expect(AnyObjectLookup(NSValue(cgPoint: point)).cgRectValue == nil)
        #expect(AnyObjectLookup(nil).cgPointValue == nil)
        #expect(AnyObjectLookup(NSNumber(value: 2.5)).doubleValue == 2.5)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(AnyObjectLookup(NSValue(uiEdgeInsets: insets)).uiEdgeInsetsValue == insets)
        #expect(AnyObjectLookup("text").doubleValue == nil)
    }

    @Test("recognizers made by code are attached and keep their settings")
    func recognizers() {
        let view = UIView()
        #expect(view.gestureRecognizers == nil)
        #expect(view.isMultipleTouchEnabled == false)
        let tap = UITapGestureRecognizer(target: view, action: nil)
        tap.numberOfTapsRequired = 2
        view.addGestureRecognizer(tap)
        #expect(tap.view === view)
        #expect(view.gestureRecognizers?.count == 1)
        #expect(tap.state == .possible)
        view.removeGestureRecognizer(tap)
        #expect(tap.view == nil)
        let scrollView = UIScrollView()
        #expect(scrollView.panGestureRecognizer.translation(in: scrollView) == .zero)
        #expect(scrollView.panGestureRecognizer.maximumNumberOfTouches == Int.max)
    }
}
