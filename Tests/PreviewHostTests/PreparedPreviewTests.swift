import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

@testable import PreviewHost

/// iOS code that Swift on Linux refuses as written, previewed end to end through the built
/// `loaderlab preview`: the preparer rewrites it, the compiler's messages and the crash
/// reports still name the user's own lines, and sources that need nothing compile as before.
@Suite("Previews of iOS-shaped sources", .tags(.compiler, .subprocess), .serialized)
struct PreparedPreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch

    func loaderlab(_ arguments: [String], tmp: String, environment: [String] = []) throws -> (
        status: Int32, out: String, err: String
    ) {
        let exe = try #require(AppProcess.binaryPath, "the loaderlab executable is not built")
        return try runProcess("/usr/bin/env", ["TMPDIR=\(tmp)"] + environment + [exe] + arguments)
    }

    /// A loader in the shapes iOS code is written in: its layout in an extension (`override`),
    /// `@objc` members, an `@objc` delegate protocol with an optional requirement, an extension
    /// member a subclass overrides, Interface Builder's attributes, a `#selector` handed to a
    /// display-link-like ticker that calls it back with itself, as the selector-taking APIs do.
    static let fillView = """
        import UIKit

        /// Calls its target's selector with itself, as CADisplayLink calls its target.
        final class Ticker {
            let progress: CGFloat
            private let target: AnyObject
            private let selector: Selector

            init(progress: CGFloat, target: AnyObject, selector: Selector) {
                self.progress = progress
                self.target = target
                self.selector = selector
            }

            func fire() { selector.perform(on: target, with: self) }
        }

        @objc protocol FillDelegate {
            @objc optional func didFill(_ view: FillView)
        }

        @IBDesignable
        class FillView: UIView {
            @IBOutlet weak var caption: UILabel?
            @IBInspectable var color: UIColor = .red
            @objc dynamic var fraction: CGFloat = 0
            weak var delegate: FillDelegate?
            let bar = CAShapeLayer()

            override init(frame: CGRect) {
                super.init(frame: frame)
                layer.addSublayer(bar)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            func start(at progress: CGFloat) {
                Ticker(progress: progress, target: self, selector: #selector(tick(_:))).fire()
            }

            @objc private func tick(_ ticker: Ticker) {
                fraction = ticker.progress
                setNeedsLayout()
                delegate?.didFill?(self)
            }

            @IBAction func reset() {
                fraction = 0
            }
        }

        // MARK: - Layout

        extension FillView {
            override func layoutSubviews() {
                super.layoutSubviews()
                bar.fillColor = barColor().cgColor
                bar.path = UIBezierPath(
                    rect: CGRect(x: 0, y: 0, width: bounds.width * fraction, height: bounds.height)).cgPath
            }

            @objc func barColor() -> UIColor { color }
        }

        final class GreenFillView: FillView {
            override func barColor() -> UIColor { .green }
        }

        /// Paints the view blue when told it filled.
        final class Painter: FillDelegate {
            func didFill(_ view: FillView) { view.backgroundColor = .blue }
        }

        """

    static let fillPreviews = """
        import UIKit

        struct FillPreviews: LoaderPreviewProvider {
            static let painter = Painter()

            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("fill-25", size: CGSize(width: 100, height: 100)) { layer in
                        let view = FillView(frame: layer.bounds)
                        layer.addSublayer(view.layer)
                        view.start(at: 0.25)
                    },
                    LoaderPreview("fill-75", size: CGSize(width: 100, height: 100)) { layer in
                        let view = FillView(frame: layer.bounds)
                        view.delegate = painter
                        layer.addSublayer(view.layer)
                        view.start(at: 0.75)
                    },
                    LoaderPreview("green-50", size: CGSize(width: 100, height: 100)) { layer in
                        let view = GreenFillView(frame: layer.bounds)
                        layer.addSublayer(view.layer)
                        view.start(at: 0.5)
                    },
                ]
            }
        }

        """

    /// A previews file showing one preview, "one", whose set-up is `body` (`layer` the root).
    static func onePreview(_ body: String) -> String {
        """
        import UIKit

        struct OnePreview: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [LoaderPreview("one", size: CGSize(width: 100, height: 100)) { layer in \(body) }]
            }
        }

        """
    }

    @Test("overrides in extensions, @objc, optional requirements, IB attributes and #selector run")
    func iosShapesRun() throws {
        let scratch = try Scratch()
        try Self.fillView.write(toFile: scratch.path + "/FillView.swift", atomically: true, encoding: .utf8)
        try Self.fillPreviews.write(
            toFile: scratch.path + "/FillPreviews.swift", atomically: true, encoding: .utf8)
        let list = try loaderlab(["preview", scratch.path, "--list"], tmp: scratch.path + "/tmp")
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.split(separator: "\n") == ["fill-25", "fill-75", "green-50"])
        typealias RGB = (r: Int, g: Int, b: Int)
        // The preview, how far its bar reaches, its colour and the colour after it: red (the
        // inspectable colour), green where the subclass overrides the extension's
        // `barColor()`, blue where the delegate's optional `didFill` painted the view, the
        // previews' dark grey (28, 30, 40) where no delegate said anything.
        let red: RGB = (255, 0, 0)
        let green: RGB = (0, 255, 0)
        let blue: RGB = (0, 0, 255)
        let grey: RGB = (28, 30, 40)
        let cases: [(String, Int, RGB, RGB)] = [
            ("fill-25", 25, red, grey), ("fill-75", 75, red, blue), ("green-50", 50, green, grey),
        ]
        for (name, filled, bar, after) in cases {
            let png = scratch.path + "/\(name).png"
            let r = try loaderlab(
                ["preview", scratch.path, "--render", name, "--scale", "1", "--out", png],
                tmp: scratch.path + "/tmp")
            #expect(r.status == 0, "\(r.err)")
            guard r.status == 0 else { continue }
            let image = try Pillow.decode(png)
            let pixels = try #require(image.frames.first)
            func isColor(_ c: RGB, _ x: Int, _ y: Int) -> Bool {
                let i = (y * image.width + x) * 4
                return abs(Int(pixels[i]) - c.r) < 4 && abs(Int(pixels[i + 1]) - c.g) < 4
                    && abs(Int(pixels[i + 2]) - c.b) < 4
            }
            // The bar layoutSubviews drew: the ticker's progress of the view's 100 points, on
            // every row.
            let barColumns = (0..<image.width).filter { isColor(bar, $0, 50) }
            #expect(
                barColumns.first == 0 && barColumns.last == filled - 1,
                "\(name): \(barColumns.first ?? -1)…\(barColumns.last ?? -1)")
            #expect(isColor(bar, filled / 2, 1) && isColor(bar, filled / 2, 98), "\(name)")
            #expect(isColor(after, filled + 2, 50) && isColor(after, 98, 98), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/tmp").isEmpty)
    }

    @Test("a layer's @NSManaged property, drawn from draw(in:), links and draws as QuartzCore's @Managed")
    func managedProperties() throws {
        let scratch = try Scratch()
        let layer = """
            import UIKit

            final class BarLayer: CALayer {
                @NSManaged var progress: CGFloat

                override class func needsDisplay(forKey key: String) -> Bool {
                    key == "progress" || super.needsDisplay(forKey: key)
                }

                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(UIColor.red.cgColor)
                    ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
                }
            }

            """
        try layer.write(toFile: scratch.path + "/BarLayer.swift", atomically: true, encoding: .utf8)
        try Self.onePreview(
            "let bar = BarLayer(); bar.frame = layer.bounds; bar.progress = 0.4; bar.setNeedsDisplay(); "
                + "layer.addSublayer(bar)"
        ).write(toFile: scratch.path + "/Previews.swift", atomically: true, encoding: .utf8)
        let png = scratch.path + "/bar.png"
        let r = try loaderlab(
            ["preview", scratch.path, "--render", "one", "--scale", "1", "--out", png],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        guard r.status == 0 else { return }
        let image = try Pillow.decode(png)
        let pixels = try #require(image.frames.first)
        let red = (0..<image.width).filter { x in
            let i = (50 * image.width + x) * 4
            return pixels[i] > 200 && pixels[i + 1] < 60 && pixels[i + 2] < 60
        }
        // 0.4 of the layer's 100 points.
        #expect(red.first == 0 && red.last == 39, "\(red.first ?? -1)…\(red.last ?? -1)")
    }

    @Test("a compile error in a prepared file names the original file, line and column")
    func compileErrorsInPreparedFiles() throws {
        let scratch = try Scratch()
        // Line 6: an error after a #selector (whose replacement is longer); line 14: an error in
        // an override the preparer moves from the extension into the class.
        let broken = """
            import UIKit

            final class Broken: UIView {
                @objc func tick() {}
                func start() {
                    let s = #selector(tick); let n: Int = "x"
                    _ = (s, n)
                }
            }

            extension Broken {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.opacity = "half"
                }
            }

            """
        try broken.write(toFile: scratch.path + "/Broken.swift", atomically: true, encoding: .utf8)
        try Self.onePreview("Broken().start()")
            .write(toFile: scratch.path + "/Previews.swift", atomically: true, encoding: .utf8)
        let r = try loaderlab(
            ["preview", scratch.path, "--render", "one", "--out", scratch.path + "/x.png"],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 1)
        let file = try #require(PreviewPreparer.realPath(scratch.path + "/Broken.swift"))
        // `"x"` begins at column 47 of line 6; `"half"` at column 25 of line 14.
        #expect(r.err.contains(file + ":6:47: error: "), "\(r.err)")
        #expect(r.err.contains(file + ":14:25: error: "), "\(r.err)")
        // Nothing names the prepared copies.
        #expect(!r.err.contains("/prepared/"), "\(r.err)")
        let diagnostics = PreviewDiagnostic.parse(r.err).filter { $0.severity == .error }
        #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["6:47", "14:25"], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.file == file })
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/tmp").isEmpty)
    }

    @Test("a crash in a member the preparer moved is reported at the user's own line")
    func crashInAMovedMember() throws {
        let scratch = try Scratch()
        let crashing = """
            import UIKit

            final class Crashing: UIView {
                var widths: [CGFloat] = []
            }

            extension Crashing {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.cornerRadius = widths[2]
                }
            }

            """
        try crashing.write(toFile: scratch.path + "/Crashing.swift", atomically: true, encoding: .utf8)
        try Self.onePreview(
            "let view = Crashing(); layer.addSublayer(view.layer); view.frame = layer.bounds"
        )
        .write(toFile: scratch.path + "/Previews.swift", atomically: true, encoding: .utf8)
        let r = try loaderlab(
            ["preview", scratch.path, "--render", "one", "--out", scratch.path + "/x.png"],
            tmp: scratch.path + "/tmp")
        #expect(r.status == 1)
        // Line 10 of the original, where the index is read.
        #expect(r.err.contains("Crashing.swift:10 in Crashing.layoutSubviews()"), "\(r.err)")
        #expect(!r.err.contains("/prepared/"), "\(r.err)")
    }

    @Test("providers come from the parser: a brace in a regex literal does not hide a nested provider")
    func providersFromTheParser() throws {
        let scratch = try Scratch()
        let source = """
            import UIKit

            enum Catalog {
                static let digits = #/[{]/#
                struct Previews: LoaderPreviewProvider {
                    static var previews: [LoaderPreview] {
                        [LoaderPreview("nested") { layer in layer.backgroundColor = UIColor.red.cgColor }]
                    }
                }
            }

            """
        try source.write(toFile: scratch.path + "/Catalog.swift", atomically: true, encoding: .utf8)
        let r = try loaderlab(["preview", scratch.path, "--list"], tmp: scratch.path + "/tmp")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "nested\n")
    }

    @Test("without SwiftParser the build warns and compiles as before, with the providers the scan finds")
    func fallback() throws {
        let scratch = try Scratch()
        let r = try loaderlab(
            // An example written without the shapes Linux refuses (the Wave example's
            // `#selector` needs the preparer).
            ["preview", ExamplePreviewTests.examples + "/Orbit", "--list"], tmp: scratch.path + "/tmp",
            environment: ["LOADERLAB_SWIFT_HOST_LIBS=/nonexistent/host"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.split(separator: "\n").contains("orbit"))
        #expect(r.err.contains("warning: the sources are compiled as they are"), "\(r.err)")
        #expect(r.err.contains("/nonexistent/host"), "\(r.err)")
        // The iOS shapes then fail as Swift on Linux says they do.
        try Self.fillView.write(toFile: scratch.path + "/FillView.swift", atomically: true, encoding: .utf8)
        try Self.fillPreviews.write(
            toFile: scratch.path + "/FillPreviews.swift", atomically: true, encoding: .utf8)
        let refused = try loaderlab(
            ["preview", scratch.path, "--list"], tmp: scratch.path + "/tmp",
            environment: ["LOADERLAB_SWIFT_HOST_LIBS=/nonexistent/host"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("Objective-C interoperability is disabled"), "\(refused.err)")
    }

    @Test("sources that need no preparation are compiled as they are, with the compiler's own messages")
    func unpreparedSources() throws {
        let scratch = try Scratch()
        let toolchain = try PreviewToolchain.locate(
            environment: ProcessInfo.processInfo.environment.merging(
                ["LOADERLAB_PREVIEW_MODULES": try Self.modules()], uniquingKeysWith: { $1 }))
        let builder = try PreviewBuilder(toolchain: toolchain)
        defer { builder.removeWorkFolder() }
        let sources = try PreviewSources.collect([ExamplePreviewTests.examples + "/Orbit"])
        guard case .built = try builder.build(sources) else {
            Issue.record("the Orbit example does not build")
            return
        }
        // The preparer ran and wrote no copy: the files compiled are the originals.
        let prepared = builder.workFolder + "/1/prepared"
        #expect(FileManager.default.fileExists(atPath: prepared))
        #expect(try FileManager.default.contentsOfDirectory(atPath: prepared).isEmpty)

        // A compile error there keeps the compiler's own style (the source excerpt with its
        // line numbers), at the error's own place.
        let broken = """
            import UIKit

            struct Broken: LoaderPreviewProvider {
                static var previews: [LoaderPreview] {
                    [LoaderPreview("broken") { layer in layer.opacity = "half" }]
                }
            }

            """
        try broken.write(toFile: scratch.path + "/Broken.swift", atomically: true, encoding: .utf8)
        let r = try loaderlab(
            ["preview", scratch.path + "/Broken.swift", "--list"], tmp: scratch.path + "/tmp")
        #expect(r.status == 1)
        let file = try #require(PreviewPreparer.realPath(scratch.path + "/Broken.swift"))
        #expect(r.err.contains(file + ":5:61: error: "), "\(r.err)")
        #expect(r.err.contains("5 |         [LoaderPreview(\"broken\")"), "\(r.err)")
    }

    /// The `Modules` folder beside the built `loaderlab`.
    static func modules() throws -> String {
        let exe = try #require(AppProcess.binaryPath)
        return (exe as NSString).deletingLastPathComponent + "/Modules"
    }
}
