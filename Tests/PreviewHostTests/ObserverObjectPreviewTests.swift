import Foundation
import SnapshotTesting
import Testing

/// A refresh controller in the shape several libraries give it: an `NSObject`, not a view, that
/// observes the scroll view's `contentOffset` with `addObserver` and overrides `observeValue`
/// (which Linux's `NSObject` does not declare; the preparer gives it a superclass that does).
@Suite("Key-value observers deriving from NSObject in previews", .tags(.compiler, .subprocess), .serialized)
struct ObserverObjectPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    /// The controller's base class holds the scroll view and the header view; its subclass
    /// observes and, on a release past 50 points, opens a 50-point inset and turns the header
    /// orange for 2 s. Notifications for other contexts go to `super`, as on iOS.
    static let source = """
        import UIKit

        open class RefreshController: NSObject {
            let header = UIView()
            weak var scrollView: UIScrollView?
            var context = 0

            public init(scrollView: UIScrollView) {
                self.scrollView = scrollView
                super.init()
                header.frame = CGRect(x: 0, y: -50, width: scrollView.bounds.width, height: 50)
                header.backgroundColor = .gray
                scrollView.addSubview(header)
                scrollView.addObserver(self, forKeyPath: "contentOffset", options: [.initial, .new], context: &context)
            }

            deinit {
                scrollView?.removeObserver(self, forKeyPath: "contentOffset", context: &context)
            }
        }

        final class PullController: RefreshController {
            private var armed = false
            private var refreshing = false
            private(set) var offsets = 0

            override func observeValue(
                forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                context: UnsafeMutableRawPointer?
            ) {
                guard context == &self.context else {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                    return
                }
                guard let scrollView = scrollView, !refreshing,
                    let offset = (change?[.newKey] as? NSValue)?.cgPointValue
                else { return }
                offsets += 1
                if scrollView.isDragging {
                    armed = offset.y < -50
                } else if armed {
                    armed = false
                    refreshing = true
                    header.backgroundColor = .orange
                    UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 50 }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in
                        self?.refreshing = false
                        self?.header.backgroundColor = .gray
                        UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 0 }
                    }
                }
            }
        }

        private var controllerKey = 0

        extension UIScrollView {
            var pullController: PullController? {
                get { objc_getAssociatedObject(self, &controllerKey) as? PullController }
                set { objc_setAssociatedObject(self, &controllerKey, newValue, .OBJC_ASSOCIATION_RETAIN) }
            }
        }

        struct ControllerPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview.header("header", size: CGSize(width: 200, height: 300)) { scrollView in
                        scrollView.pullController = PullController(scrollView: scrollView)
                    }
                ]
            }
        }
        """

    @Test("an NSObject subclass that overrides observeValue hears the pull and refreshes")
    func controllerRefreshes() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Controller", Self.source, in: scratch)
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "0.5"], scratch) == "refreshing")
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "3"], scratch) == "idle")
        // The open inset shows the header, orange.
        let pixel = try clock.renderedPixel(
            [source], "header", ["--refreshing", "--time", "1"], at: 100, 25, scratch)
        #expect(SceneClockPreviewTests.isOrange(pixel), "\(pixel ?? [])")
    }
}
