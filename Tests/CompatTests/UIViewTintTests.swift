import Testing
import UIKit

/// `tintColor` inheritance and its change notifications, and `contentMode` as the layer's
/// contents gravity, as UIKit documents them.
@Suite("UIView tint and content mode")
struct UIViewTintTests {
    final class Watcher: UIView {
        var changes = 0
        override func tintColorDidChange() { changes += 1 }
    }

    @Test func tintIsInheritedUntilSet() {
        let root = UIView(frame: .zero)
        let child = Watcher(frame: .zero)
        let grandchild = Watcher(frame: .zero)
        #expect(root.tintColor == UIColor.systemBlue)
        root.addSubview(child)
        child.addSubview(grandchild)
        root.tintColor = .red
        #expect(child.tintColor == .red && grandchild.tintColor == .red)
        // Both heard it; a view with a tint of its own stops the change going further.
        let heard = (child.changes, grandchild.changes)
        #expect(heard.0 >= 1 && heard.1 >= 1)
        child.tintColor = .green
        #expect(grandchild.tintColor == .green)
        root.tintColor = .orange
        #expect(child.changes == heard.0 + 1)
        #expect(grandchild.changes == heard.1 + 1)
        #expect(grandchild.tintColor == .green)
        // Unset: inherited again.
        child.tintColor = nil
        #expect(grandchild.tintColor == .orange)
    }

    @Test func contentModeIsTheLayersGravity() {
        let view = UIView(frame: .zero)
        #expect(view.contentMode == .scaleToFill)
        #expect(view.layer.contentsGravity == .resize)
        let pairs: [(UIView.ContentMode, CALayerContentsGravity)] = [
            (.scaleAspectFit, .resizeAspect), (.scaleAspectFill, .resizeAspectFill), (.center, .center),
            (.topLeft, .topLeft), (.bottomRight, .bottomRight),
        ]
        for (mode, gravity) in pairs {
            view.contentMode = mode
            #expect(view.layer.contentsGravity == gravity)
            #expect(view.contentMode == mode)
        }
    }

    @Test func userInteractionIsStoredAsSet() {
        let view = UIView(frame: .zero)
        #expect(view.isUserInteractionEnabled)
        view.isUserInteractionEnabled = false
        #expect(!view.isUserInteractionEnabled)
    }
}
