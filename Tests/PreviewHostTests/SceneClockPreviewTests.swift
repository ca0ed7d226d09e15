import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// The user's time is the scene's, end to end through `loaderlab preview`: work a previewed
/// loader puts on `DispatchQueue.main` runs at its scene time in `--render`, `--record` and
/// `--inspect`, and a previewed header goes through every state headless — a refresh its code
/// ends with `asyncAfter(2 s)` is refreshing at 1 s and idle at 3 s.
@Suite("Scene clock in previews", .tags(.compiler, .subprocess), .serialized)
struct SceneClockPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch

    /// A standalone preview whose colour changes by `asyncAfter`: red, green at 1 s, then at
    /// 1.5 s blue and white, asked for in that order (so white shows).
    static let clockSource = """
        import Foundation
        import UIKit

        struct ClockPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("clock", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let square = UIView(frame: layer.bounds)
                        square.backgroundColor = .red
                        layer.addSublayer(square.layer)
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { square.backgroundColor = .green }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                            square.backgroundColor = .blue
                        }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) {
                            square.backgroundColor = .white
                        }
                    }
                ]
            }
        }
        """

    /// A standalone preview driven by Foundation's `Timer` as iOS code writes it: a block timer
    /// every 0.5 s cycles the square red, green, blue; a selector timer (`#selector`, `@objc`,
    /// `RunLoop.main.add`) fires once at 1.75 s and stops both, leaving it white.
    static let timerSource = """
        import Foundation
        import UIKit

        final class CyclingSquare: UIView {
            private var ticks = 0
            private var cycle: Timer?
            private var stop: Timer?

            func start() {
                backgroundColor = .red
                cycle = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
                    guard let self = self else { return }
                    self.ticks += 1
                    self.backgroundColor = [UIColor.red, .green, .blue][self.ticks % 3]
                }
                let stop = Timer(
                    timeInterval: 1.75, target: self, selector: #selector(finish(_:)), userInfo: nil,
                    repeats: false)
                RunLoop.main.add(stop, forMode: .common)
                self.stop = stop
            }

            @objc private func finish(_ timer: Timer) {
                cycle?.invalidate()
                backgroundColor = .white
            }
        }

        struct TimerPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("timer", size: CGSize(width: 40, height: 40), background: .black) { layer in
                        let square = CyclingSquare(frame: layer.bounds)
                        layer.addSublayer(square.layer)
                        square.start()
                    }
                ]
            }
        }
        """

    /// A refresh header as iOS code writes one: past 60 points a release holds the list open
    /// (inset 60, animated over 0.25 s) and colours the header orange; the "load" ends 2 s
    /// later by `asyncAfter`, closing the inset over 0.25 s.
    static let headerSource = """
        import Foundation
        import UIKit

        final class SimpleRefreshHeader: UIView, UIScrollViewDelegate {
            private(set) var isRefreshing = false
            private weak var scrollView: UIScrollView?

            init(scrollView: UIScrollView) {
                self.scrollView = scrollView
                super.init(frame: CGRect(x: 0, y: -60, width: scrollView.bounds.width, height: 60))
                backgroundColor = .gray
            }

            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                guard !isRefreshing, scrollView.contentOffset.y <= -60 else { return }
                isRefreshing = true
                backgroundColor = .orange
                UIView.animate(withDuration: 0.25) { scrollView.contentInset.top = 60 }
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in self?.endRefreshing() }
            }

            func endRefreshing() {
                isRefreshing = false
                backgroundColor = .gray
                UIView.animate(withDuration: 0.25) { self.scrollView?.contentInset.top = 0 }
            }
        }

        struct HeaderPreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview.header("header", size: CGSize(width: 200, height: 300)) { scrollView in
                        let header = SimpleRefreshHeader(scrollView: scrollView)
                        scrollView.addSubview(header)
                        scrollView.delegate = header
                    }
                ]
            }
        }
        """

    /// Writes `source` as the only file of a folder of the scratch space; the folder.
    func folder(_ name: String, _ source: String, in scratch: Scratch) throws -> String {
        let folder = scratch.path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try source.write(toFile: folder + "/\(name).swift", atomically: true, encoding: .utf8)
        return folder
    }

    func loaderlab(_ arguments: [String], _ scratch: Scratch) throws -> (
        status: Int32, out: String, err: String
    ) {
        try ExamplePreviewTests().loaderlab(arguments, tmp: scratch.path + "/tmp")
    }

    /// The RGB of the pixel at (`x`, `y`) of an RGBA frame `width` pixels wide.
    func rgb(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return [Int(frame[i]), Int(frame[i + 1]), Int(frame[i + 2])]
    }

    /// The RGB at pixel (`x`, `y`) of `loaderlab preview PATHS --render NAME ARGS`; nil, the
    /// failure recorded, when it does not render.
    func renderedPixel(
        _ paths: [String], _ name: String, _ arguments: [String] = [], at x: Int, _ y: Int, _ scratch: Scratch
    ) throws -> [Int]? {
        let out = scratch.path + "/\(name)-\(UUID().uuidString).png"
        let r = try loaderlab(
            ["preview"] + paths + ["--render", name] + arguments + ["--out", out], scratch)
        #expect(r.status == 0, "\(r.err)")
        guard r.status == 0 else { return nil }
        let image = try Pillow.decode(out)
        let frame = try #require(image.frames.first)
        return rgb(frame, width: image.width, x, y)
    }

    /// UIColor.orange, (1, 0.5, 0), as drawn (0.5 of 255 rounds either way).
    static func isOrange(_ pixel: [Int]?) -> Bool {
        guard let p = pixel else { return false }
        return p[0] == 255 && (127...128).contains(p[1]) && p[2] == 0
    }

    /// UIColor's red, green (0, 1, 0), blue and white, as drawn.
    static let red = [255, 0, 0]
    static let green = [0, 255, 0]
    static let white = [255, 255, 255]

    @Test("asyncAfter runs at its scene time in --render; two blocks due at once run in order")
    func renderAtTimes() throws {
        let scratch = try Scratch()
        let source = try folder("Clock", Self.clockSource, in: scratch)
        for (time, colour) in [
            (0.0, Self.red), (0.999, Self.red), (1.0, Self.green), (1.499, Self.green), (1.5, Self.white),
            (7.0, Self.white),
        ] {
            let out = scratch.path + "/clock-\(time).png"
            let r = try loaderlab(
                ["preview", source, "--render", "clock", "--time", "\(time)", "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            #expect(rgb(frame, width: image.width, 20, 20) == colour, "at \(time) s")
        }
    }

    @Test("Timer in previewed code is the scene clock's: block and selector timers fire at scene times")
    func timerAtTimes() throws {
        let scratch = try Scratch()
        let source = try folder("Timers", Self.timerSource, in: scratch)
        let blue = [0, 0, 255]
        for (time, colour) in [
            (0.0, Self.red), (0.499, Self.red), (0.5, Self.green), (1.0, blue), (1.6, Self.red),
            (1.75, Self.white), (4.0, Self.white),
        ] {
            let out = scratch.path + "/timer-\(time).png"
            let r = try loaderlab(
                ["preview", source, "--render", "timer", "--time", "\(time)", "--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(out)
            let frame = try #require(image.frames.first)
            #expect(rgb(frame, width: image.width, 20, 20) == colour, "at \(time) s")
        }
    }

    @Test("--record sees each block at its frame: 10 frames red, 5 green, then white")
    func record() throws {
        let scratch = try Scratch()
        let source = try folder("Clock", Self.clockSource, in: scratch)
        let out = scratch.path + "/clock.png"
        let r = try loaderlab(
            ["preview", source, "--record", "clock", "--fps", "10", "--duration", "2", "--out", out], scratch)
        #expect(r.status == 0, "\(r.err)")
        let animation = try Pillow.decode(out)
        // Frames that repeat the one before are stored once, lasting longer: 2 s in all.
        #expect(abs(animation.durations.reduce(0, +) - 2000) < 1, "\(animation)")
        // Frame k is the scene at k/10 s, shown from k·100 ms.
        let colours = (0..<20).map { k in
            animation.frame(at: Double(k) * 100 + 50).map { rgb($0, width: animation.width, 20, 20) }
        }
        let expected =
            Array(repeating: Self.red, count: 10) + Array(repeating: Self.green, count: 5)
            + Array(repeating: Self.white, count: 5)
        #expect(colours == expected)
    }

    /// The state `--inspect` reports for `header` at `state`.
    func inspectedState(_ source: String, _ state: [String], _ scratch: Scratch) throws -> String? {
        let r = try loaderlab(["preview", source, "--inspect", "header"] + state, scratch)
        #expect(r.status == 0, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        return json?["state"] as? String
    }

    @Test("a header preview ended by asyncAfter(2 s): refreshing at 1 s, ending at 2.1 s, idle at 3 s")
    func headerStates() throws {
        let scratch = try Scratch()
        let source = try folder("Header", Self.headerSource, in: scratch)
        #expect(try inspectedState(source, ["--time", "0"], scratch) == "idle")
        #expect(try inspectedState(source, ["--pull", "40"], scratch) == "pulling")
        // Released at 0 past the threshold: the code holds the inset open until its load ends
        // at 2 s, and the list slides back over 0.25 s.
        #expect(try inspectedState(source, ["--refreshing", "--time", "1"], scratch) == "refreshing")
        #expect(try inspectedState(source, ["--refreshing", "--time", "1.99"], scratch) == "refreshing")
        #expect(try inspectedState(source, ["--refreshing", "--time", "2.1"], scratch) == "ending")
        #expect(try inspectedState(source, ["--refreshing", "--time", "3"], scratch) == "idle")

        // Drawn: at 1 s the open inset shows the orange header above the list (60 points at
        // the top); at 3 s the list is back at rest, drawn as before the pull.
        func render(_ state: [String]) throws -> (frame: [UInt8], width: Int)? {
            let out = scratch.path + "/header-\(state.joined()).png"
            let r = try loaderlab(
                ["preview", source, "--render", "header"] + state + ["--out", out], scratch)
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { return nil }
            let image = try Pillow.decode(out)
            return (try #require(image.frames.first), image.width)
        }
        if let open = try render(["--refreshing", "--time", "1"]) {
            // UIColor.orange is (1, 0.5, 0): 0.5 of 255 drawn as 127 or 128.
            let pixel = rgb(open.frame, width: open.width, 100, 30)
            #expect(pixel[0] == 255 && (127...128).contains(pixel[1]) && pixel[2] == 0, "\(pixel)")
        }
        if let ended = try render(["--refreshing", "--time", "3"]), let rest = try render(["--time", "0"]) {
            #expect(ended.frame == rest.frame)
        }

        // The timeline picture of the refreshing moment is made.
        let timeline = scratch.path + "/timeline.png"
        let t = try loaderlab(
            ["preview", source, "--timeline", "header", "--refreshing", "--time", "1", "--out", timeline],
            scratch)
        #expect(t.status == 0, "\(t.err)")
        #expect(FileManager.default.fileExists(atPath: timeline))
    }

    @Test("--record of a header preview lasts until its refresh has ended and the list rests")
    func headerRecording() throws {
        let scratch = try Scratch()
        let source = try folder("Header", Self.headerSource, in: scratch)
        let out = scratch.path + "/header.gif"
        let r = try loaderlab(
            ["preview", source, "--record", "header", "--fps", "10", "--out", out], scratch)
        #expect(r.status == 0, "\(r.err)")
        let animation = try Pillow.decode(out)
        // Pulled and let go at 0.75 s, the load ends at 2.75 s and the list is back at 3 s:
        // frames 0…30 at 10 a second, 3.1 s.
        #expect(abs(animation.durations.reduce(0, +) - 3100) < 1, "\(animation)")
    }

    /// The original headers end their refresh by `asyncAfter` (3 s, the airplane 4 s), as the
    /// built-in headers end theirs by a simulated load of the same length: past the end, while
    /// the list slides back and at rest again, the examples draw as the built-in headers.
    @Test("the original header examples end their refresh headless as the built-in headers do")
    func originalHeadersEndAsTheBuiltInOnesDo() throws {
        let scratch = try Scratch()
        let moments: [(id: String, time: String)] = [
            ("four-dots", "5"), ("three-dots", "3.15"), ("three-dots", "4"), ("airplane", "4.1"),
            ("airplane", "4.3"), ("airplane", "6"),
        ]
        for (i, m) in moments.enumerated() {
            let preview = scratch.path + "/p\(i).png"
            let builtIn = scratch.path + "/b\(i).png"
            let state = ["--refreshing", "--time", m.time]
            let p = try loaderlab(
                ["preview", ExamplePreviewTests.examples, "--render", m.id] + state + ["--out", preview],
                scratch)
            let b = try loaderlab(["render", "--loader", m.id] + state + ["--out", builtIn], scratch)
            #expect(p.status == 0 && b.status == 0, "\(p.err) \(b.err)")
            guard p.status == 0, b.status == 0 else { continue }
            let difference = ImageDifference(
                try #require(Pillow.decode(preview).frames.first),
                try #require(Pillow.decode(builtIn).frames.first))
            #expect(difference.maximum <= 8, "\(m.id) at \(m.time): \(difference)")
            let p2 = try loaderlab(
                ["preview", ExamplePreviewTests.examples, "--inspect", m.id] + state, scratch)
            let b2 = try loaderlab(["inspect", "--loader", m.id] + state, scratch)
            let stateLine = { (out: String) in out.split(separator: "\n").first { $0.contains("\"state\"") } }
            #expect(
                stateLine(p2.out) != nil && stateLine(p2.out) == stateLine(b2.out), "\(m.id) at \(m.time)")
        }
    }
}
