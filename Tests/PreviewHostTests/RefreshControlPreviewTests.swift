import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// iOS's own `UIRefreshControl` through `loaderlab preview`: assigned to the scroll view's
/// `refreshControl`, a release past its threshold begins a refresh that holds the inset open and
/// sends `.valueChanged`, and `endRefreshing()` closes it; a subclass's own views show in it.
@Suite("UIRefreshControl in previews", .tags(.compiler, .subprocess), .serialized)
struct RefreshControlPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch

    /// A 200×300 list with a `UIRefreshControl` subclass (red tint, a blue 10-point badge 10
    /// points from its top right). Its `.valueChanged` action, a `#selector` of a feed kept
    /// alive by the provider, turns the control yellow and ends the refresh 1.5 s later. A
    /// second list's plain control, titled "Loading", is begun by code at set-up.
    static let source = """
        import Foundation
        import UIKit

        final class BrandedRefreshControl: UIRefreshControl {
            let badge = UIView()

            override init() {
                super.init()
                badge.backgroundColor = .blue
                addSubview(badge)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            override func layoutSubviews() {
                super.layoutSubviews()
                badge.frame = CGRect(x: bounds.width - 20, y: 10, width: 10, height: 10)
            }
        }

        final class Feed: NSObject {
            private(set) var loads = 0

            @objc func reload(_ sender: UIRefreshControl) {
                loads += 1
                sender.backgroundColor = .yellow
                DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                    sender.endRefreshing()
                }
            }
        }

        struct RefreshPreviews: LoaderPreviewProvider {
            static var feeds: [Feed] = []

            static var previews: [LoaderPreview] {
                [
                    LoaderPreview.header("native-refresh", size: CGSize(width: 200, height: 300)) { scrollView in
                        let feed = Feed()
                        feeds.append(feed)
                        let control = BrandedRefreshControl()
                        control.tintColor = .red
                        control.addTarget(feed, action: #selector(Feed.reload(_:)), for: .valueChanged)
                        scrollView.refreshControl = control
                    },
                    LoaderPreview.header("begun-refresh", size: CGSize(width: 200, height: 300)) { scrollView in
                        let feed = Feed()
                        feeds.append(feed)
                        let control = UIRefreshControl()
                        control.tintColor = .red
                        control.attributedTitle = NSAttributedString(string: "Loading")
                        control.addTarget(feed, action: #selector(Feed.reload(_:)), for: .valueChanged)
                        scrollView.refreshControl = control
                        control.beginRefreshing()
                    },
                ]
            }
        }
        """

    func rgb(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2])]
    }

    /// Renders the preview in `state`; the frame and its width.
    func render(
        _ state: [String], _ folder: String, _ scratch: Scratch, preview: String = "native-refresh"
    ) throws -> (frame: [UInt8], width: Int)? {
        let out = scratch.path + "/\(preview)-\(state.joined(separator: "-")).png"
        let r = try ExamplePreviewTests().loaderlab(
            ["preview", folder, "--render", preview] + state + ["--out", out], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        guard r.status == 0 else { return nil }
        let image = try Pillow.decode(out)
        return (try #require(image.frames.first), image.width)
    }

    @Test("a release past the threshold refreshes: inset held, .valueChanged sent, ended by endRefreshing")
    func refresh() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/Refresh"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.source.write(toFile: folder + "/Refresh.swift", atomically: true, encoding: .utf8)
        let yellow = [255, 255, 0]
        let blue = [0, 0, 255]

        // Refreshing, 1 s after the release (the inset opened over 0.3 s): the control fills
        // the 60 points above the list, yellow from its action, its badge at its top right and
        // the red spinner in its middle.
        if let (frame, width) = try render(["--refreshing", "--time", "1"], folder, scratch) {
            #expect(rgb(frame, width: width, 10, 10) == yellow)
            #expect(rgb(frame, width: width, 10, 58) == yellow)
            #expect(rgb(frame, width: width, 10, 62) != yellow)
            #expect(rgb(frame, width: width, 185, 15) == blue)
            var red = 0
            for y in 20..<40 {
                for x in 90..<110 {
                    let p = rgb(frame, width: width, x, y)
                    if p[0] > 200 && p[1] < 90 && p[2] < 90 { red += 1 }
                }
            }
            #expect(red > 10, "red spinner pixels: \(red)")
        }
        // After endRefreshing (at 1.5 s) and its 0.3 s: the list is back at the top.
        if let (frame, width) = try render(["--refreshing", "--time", "3"], folder, scratch) {
            #expect(rgb(frame, width: width, 10, 10) != yellow)
            #expect(rgb(frame, width: width, 185, 15) != blue)
        }
        // Begun by code: held open (the list's first thumbnail, 16…52 × 12…48 at rest, is 60
        // points down) with the spinner turning, no .valueChanged (not yellow), the title under
        // the spinner.
        if let (frame, width) = try render(["--time", "1"], folder, scratch, preview: "begun-refresh") {
            let white = [255, 255, 255]
            #expect(rgb(frame, width: width, 10, 10) == white)
            #expect(rgb(frame, width: width, 30, 30) == white)
            #expect(rgb(frame, width: width, 30, 90) != white)
            var red = 0
            var title = 0
            for x in 60..<140 {
                for y in 10..<30 {
                    let p = rgb(frame, width: width, x, y)
                    if p[0] > 200 && p[1] < 90 && p[2] < 90 { red += 1 }
                }
                for y in 36..<48 where rgb(frame, width: width, x, y)[1] < 200 { title += 1 }
            }
            #expect(red > 10, "red spinner pixels: \(red)")
            #expect(title > 20, "title pixels: \(title)")
        }
        // A pull short of the threshold sends nothing: the badge shows in the gap, the control
        // is not yellow.
        if let (frame, width) = try render(["--pull", "50"], folder, scratch) {
            #expect(rgb(frame, width: width, 10, 45) != yellow)
            #expect(rgb(frame, width: width, 185, 5) == blue)
        }
    }
}
