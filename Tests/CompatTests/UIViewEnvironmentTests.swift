import Foundation
import Testing
import UIKit

/// A view that lets touches through, as overlay bars and HUD backdrops do.
private final class PassThroughView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { false }
}

/// A ring shaped as a library writes one: it overrides what Interface Builder, touches, traits
/// and accessibility call, and reports its value as a percentage.
private final class LibraryRing: UIView {
    var progress = 0.4
    private(set) var awoke = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        translatesAutoresizingMaskIntoConstraints = false
        isAccessibilityElement = true
        accessibilityTraits = .updatesFrequently
        accessibilityLabel = "Ring progress"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = true
    }

    override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
    }

    override var accessibilityValue: String? {
        get { "\(Int((progress * 100).rounded()))%" }
        set {}
    }
}

@Suite struct UIViewEnvironmentTests {
    /// A 100×100 view holding a back subview at (0, 0, 60, 60) and a front one at
    /// (40, 40, 60, 60), overlapping on (40…60, 40…60).
    private func stack() -> (root: UIView, back: UIView, front: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let front = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60))
        root.addSubview(back)
        root.addSubview(front)
        return (root, back, front)
    }

    @Test func hitTestFindsTheFrontmostViewUnderThePoint() {
        let (root, back, front) = stack()
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === front)  // both: the front one
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 90, y: 10), with: nil) === root)  // neither subview
        #expect(root.hitTest(CGPoint(x: 150, y: 10), with: nil) == nil)  // outside the root
        #expect(root.point(inside: CGPoint(x: 99.5, y: 0), with: nil))
        #expect(!root.point(inside: CGPoint(x: 100, y: 50), with: nil))
    }

    @Test func hiddenDisabledAndTransparentViewsAreSkipped() {
        let (root, back, front) = stack()
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        front.isHidden = false
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        front.isUserInteractionEnabled = true
        front.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        front.alpha = 0.02  // UIKit ignores views with alpha below 0.01 only
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === front)
    }

    @Test func aViewThatSaysNoToPointInsideLetsTouchesThrough() {
        let (root, back, _) = stack()
        let overlay = PassThroughView(frame: root.bounds)
        root.addSubview(overlay)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
    }

    @Test func aLibrarysOverridesCompileAndItsStoredSettingsStay() {
        let ring = LibraryRing(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        #expect(!ring.translatesAutoresizingMaskIntoConstraints)
        #expect(UIView().translatesAutoresizingMaskIntoConstraints)
        #expect(ring.isAccessibilityElement && ring.accessibilityLabel == "Ring progress")
        #expect(ring.accessibilityTraits.contains(.updatesFrequently))
        #expect(!ring.accessibilityTraits.contains(.button))
        #expect(ring.accessibilityValue == "40%")
        // Nothing is loaded from a nib here.
        #expect(!ring.awoke)
        ring.awakeFromNib()
        #expect(ring.awoke)
        ring.touchesBegan([UITouch()], with: UIEvent())
        #expect(ring.safeAreaInsets == .zero)
    }

    @Test func traitsAreOneLightAppearance() {
        let view = UIView()
        #expect(view.traitCollection.userInterfaceStyle == .light)
        #expect(!view.traitCollection.hasDifferentColorAppearance(comparedTo: UITraitCollection()))
        #expect(view.traitCollection.hasDifferentColorAppearance(comparedTo: nil))
    }
}
