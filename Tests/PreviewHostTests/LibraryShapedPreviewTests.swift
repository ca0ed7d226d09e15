import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// Code shaped as open-source iOS libraries ship it, previewed end to end: a refresh header that
/// learns of the list's motion only by key-value observing (it sees the release in the frames
/// after it, also headless), and a framework's file that leaves out `import UIKit` (an umbrella
/// header gave it UIKit), imports `ObjectiveC` for associated objects and spells its delays
/// with `NSEC_PER_SEC`.
@Suite("Library-shaped previews", .tags(.compiler, .subprocess), .serialized)
struct LibraryShapedPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    /// A header in the common shape of pull-to-refresh libraries: it observes `contentOffset`
    /// and, when an offset past 50 points arrives while the finger is up after a pull, opens a
    /// 50-point inset (orange) for 2 s. It is not the scroll view's delegate.
    static let observingHeader = """
        import UIKit

        final class ObservingHeader: UIView {
            private var context = 0
            private var wasPulledPast = false
            private(set) var isRefreshing = false
            private weak var scrollView: UIScrollView?

            func attach(to scrollView: UIScrollView) {
                self.scrollView = scrollView
                frame = CGRect(x: 0, y: -50, width: scrollView.bounds.width, height: 50)
                backgroundColor = .gray
                scrollView.addSubview(self)
                scrollView.addObserver(self, forKeyPath: "contentOffset", options: [.new], context: &context)
            }

            override func observeValue(
                forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                context: UnsafeMutableRawPointer?
            ) {
                guard context == &self.context, let scrollView = scrollView, !isRefreshing else { return }
                let pulledPast = scrollView.contentOffset.y < -50
                if scrollView.isDragging {
                    wasPulledPast = pulledPast
                } else if wasPulledPast && pulledPast {
                    isRefreshing = true
                    backgroundColor = .orange
                    UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 50 }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in
                        self?.isRefreshing = false
                        self?.backgroundColor = .gray
                        UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 0 }
                    }
                }
            }
        }

        struct ObservingPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview.header("header", size: CGSize(width: 200, height: 300)) { scrollView in
                        ObservingHeader().attach(to: scrollView)
                    }
                ]
            }
        }
        """

    @Test("a header that only observes contentOffset hears the release headless and refreshes")
    func observingHeaderRefreshes() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Observing", Self.observingHeader, in: scratch)
        // Released at 0 past the threshold: the next frame's offset starts the refresh, the
        // code holds the inset open until 2 s, and the list slides back over 0.25 s.
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "0.5"], scratch) == "refreshing")
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "1.9"], scratch) == "refreshing")
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "3"], scratch) == "idle")
        // The 50-point inset shows the orange header at the top.
        let pixel = try clock.renderedPixel(
            [source], "header", ["--refreshing", "--time", "1"], at: 100, 25, scratch)
        #expect(SceneClockPreviewTests.isOrange(pixel), "\(pixel ?? [])")
    }

    /// A framework's file: no `import UIKit` of its own, `import ObjectiveC` for associated
    /// objects, and a colour change 0.5 s in, its delay spelt in nanoseconds.
    static let frameworkFile = """
        import ObjectiveC

        private var colourKey = 0

        extension UIView {
            var laterColour: UIColor? {
                get { objc_getAssociatedObject(self, &colourKey) as? UIColor }
                set { objc_setAssociatedObject(self, &colourKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
            }

            func changeColourLater() {
                let delay = DispatchTime.now() + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
                DispatchQueue.main.asyncAfter(deadline: delay) { self.backgroundColor = self.laterColour }
            }
        }

        struct FrameworkPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("square", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let square = UIView(frame: layer.bounds)
                        square.backgroundColor = .red
                        square.laterColour = .green
                        layer.addSublayer(square.layer)
                        square.changeColourLater()
                    }
                ]
            }
        }
        """

    @Test("a framework's file without import UIKit, with import ObjectiveC and NSEC_PER_SEC, runs")
    func frameworkFileRuns() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Framework", Self.frameworkFile, in: scratch)
        for (time, colour) in [(0.49, SceneClockPreviewTests.red), (0.5, SceneClockPreviewTests.green)] {
            let out = scratch.path + "/square-\(time).png"
            let r = try clock.loaderlab(
                ["preview", source, "--render", "square", "--time", "\(time)", "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            #expect(clock.rgb(frame, width: image.width, 20, 20) == colour, "at \(time) s")
        }
    }
}
