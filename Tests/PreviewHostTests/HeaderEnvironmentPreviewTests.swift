import Foundation
import SnapshotTesting
import Testing

/// What header libraries expect around the list: the scroll view has a superview (some add
/// layers to it), and a header whose threshold is past the default scripted pull is given a
/// longer one by its preview.
@Suite("Header previews' surroundings", .tags(.compiler, .subprocess), .serialized)
struct HeaderEnvironmentPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    /// Refreshes (an orange band in the scroll view's superview's layer, a 140-point inset)
    /// when let go past 140 points; the preview pulls 160.
    static let source = """
        import UIKit

        final class DeepHeader: UIView, UIScrollViewDelegate {
            let band = CALayer()

            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                guard scrollView.contentOffset.y < -140, let superview = scrollView.superview else { return }
                band.frame = CGRect(x: 0, y: 0, width: superview.bounds.width, height: 20)
                band.backgroundColor = UIColor.orange.cgColor
                superview.layer.addSublayer(band)
                UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 140 }
            }
        }

        struct DeepPreviews: LoaderPreviewProvider {
            nonisolated(unsafe) static var headers: [DeepHeader] = []

            static var previews: [LoaderPreview] {
                [
                    LoaderPreview.header("header", size: CGSize(width: 200, height: 300), refreshPull: 160) { scrollView in
                        let header = DeepHeader(frame: CGRect(x: 0, y: -140, width: 200, height: 140))
                        headers.append(header)
                        scrollView.addSubview(header)
                        scrollView.delegate = header
                    }
                ]
            }
        }
        """

    @Test("the list has a superview, and a preview's longer scripted pull passes a deep threshold")
    func deepThresholdRefreshes() throws {
        let scratch = try Scratch()
        let source = try clock.folder("Deep", Self.source, in: scratch)
        #expect(try clock.inspectedState(source, ["--refreshing", "--time", "1"], scratch) == "refreshing")
        // The orange band at the top of the window.
        let pixel = try clock.renderedPixel(
            [source], "header", ["--refreshing", "--time", "1"], at: 100, 10, scratch)
        #expect(SceneClockPreviewTests.isOrange(pixel), "\(pixel ?? [])")
    }
}
