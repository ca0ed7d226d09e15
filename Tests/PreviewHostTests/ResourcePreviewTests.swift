import Foundation
import SnapshotTesting
import Testing
import XvfbHarness

/// A library's resources found as iOS code finds them: a resource bundle of its own reached
/// through `Bundle(for:)` (an image in its `images` folder, a string in its `en.lproj`), and an
/// image set of an asset catalogue through `UIImage(named:)`.
@Suite("Resources in previews", .tags(.compiler, .subprocess), .serialized)
struct ResourcePreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    /// A 40×40-point tile: on the left the bundle's image (green), on the right a square whose
    /// colour the bundle's string names ("blue"), below them the catalogue's image (red).
    static let source = """
        import UIKit

        final class Badge: UIView {
            static let bundle: Bundle? = {
                guard let path = Bundle(for: Badge.self).path(forResource: "Badge", ofType: "bundle") else { return nil }
                return Bundle(path: path)
            }()

            override init(frame: CGRect) {
                super.init(frame: frame)
                let images = Bundle(path: (Badge.bundle?.bundlePath ?? "") + "/images")
                if let path = images?.path(forResource: "tick@2x", ofType: "png") {
                    let tick = UIImageView(image: UIImage(contentsOfFile: path))
                    tick.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                    addSubview(tick)
                }
                let square = UIView(frame: CGRect(x: 20, y: 0, width: 20, height: 20))
                let english = Badge.bundle?.path(forResource: "en", ofType: "lproj").flatMap(Bundle.init(path:))
                let name = english?.localizedString(forKey: "colour", value: "none", table: nil)
                square.backgroundColor = name == "blue" ? .blue : .white
                addSubview(square)
                let dot = UIImageView(image: UIImage(named: "dot"))
                dot.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
                addSubview(dot)
            }

            required init?(coder: NSCoder) { fatalError() }
        }

        struct BadgePreviews: LoaderPreviewProvider {
            nonisolated(unsafe) static var shown: [UIView] = []

            static var previews: [LoaderPreview] {
                [
                    // Listed while the library loads: the screen's scale is already the render's.
                    LoaderPreview(
                        "badge", size: CGSize(width: 40, height: 40),
                        background: UIScreen.main.scale == 2 ? .black : .white
                    ) { layer in
                        let badge = Badge(frame: layer.bounds)
                        shown.append(badge)
                        layer.addSublayer(badge.layer)
                    }
                ]
            }
        }
        """

    @Test("Bundle(for:) finds the library's own bundle, UIImage(named:) its asset catalogue")
    func resourcesAreFound() throws {
        let scratch = try Scratch()
        let folder = try clock.folder("Badge", Self.source, in: scratch)
        let fm = FileManager.default
        // The library's resources, laid out as a pod ships them, in folders of their own.
        let bundle = folder + "/Resources/Badge.bundle"
        try fm.createDirectory(atPath: bundle + "/images", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: bundle + "/en.lproj", withIntermediateDirectories: true)
        try SolidPNG.solid(width: 40, height: 40, rgba: [0, 255, 0, 255]).write(
            to: URL(fileURLWithPath: bundle + "/images/tick@2x.png"))
        try #""colour" = "blue";"#.write(
            toFile: bundle + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        let set = folder + "/Assets/Images.xcassets/dot.imageset"
        try fm.createDirectory(atPath: set, withIntermediateDirectories: true)
        try SolidPNG.solid(width: 40, height: 40, rgba: [255, 0, 0, 255]).write(
            to: URL(fileURLWithPath: set + "/dot-large.png"))
        try #"{"images": [{"idiom": "universal", "filename": "dot-large.png", "scale": "2x"}]}"#.write(
            toFile: set + "/Contents.json", atomically: true, encoding: .utf8)

        let out = scratch.path + "/badge.png"
        let r = try clock.loaderlab(
            ["preview", folder, "--render", "badge", "--scale", "2", "--out", out], scratch)
        #expect(r.status == 0, "\(r.err)")
        // Found beside the sources: the bundle folder and the catalogue.
        #expect(r.err.contains("1 Swift file in 1 folder, 2 resources"), "\(r.err)")
        guard r.status == 0 else { return }
        let image = try Pillow.decode(out)
        let frame = try #require(image.frames.first)
        #expect(image.width == 80)
        // Points (10, 10), (30, 10) and (10, 30), at 2 pixels a point.
        #expect(clock.rgb(frame, width: 80, 20, 20) == SceneClockPreviewTests.green)
        #expect(clock.rgb(frame, width: 80, 60, 20) == [0, 0, 255])
        #expect(clock.rgb(frame, width: 80, 20, 60) == SceneClockPreviewTests.red)
        // The background, chosen by the scale when the previews were listed.
        #expect(clock.rgb(frame, width: 80, 60, 60) == [0, 0, 0])
    }
}

/// PNG files made for tests: one colour, 8-bit RGBA, stored (uncompressed) deflate blocks.
enum SolidPNG {
    static func solid(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw += rgba }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65_535, raw.count - at)
            let last: UInt8 = at + n == raw.count ? 1 : 0
            zlib += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            zlib += raw[at..<at + n]
            at += n
        } while at < raw.count
        zlib += bigEndian(adler32(raw))
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(png)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

/// SwiftPM's `Bundle.module`, which a package target with resources uses, is the preview's
/// bundle of resources.
@Suite("Bundle.module in previews", .tags(.compiler, .subprocess), .serialized)
struct BundleModulePreviewTests {
    typealias Scratch = ExamplePreviewTests.Scratch
    let clock = SceneClockPreviewTests()

    static let source = """
        import UIKit

        struct ModulePreviews: LoaderPreviewProvider {
            static var previews: [LoaderPreview] {
                [
                    LoaderPreview("module", size: CGSize(width: 20, height: 20), background: .black) { layer in
                        let found = Bundle.module.path(forResource: "tint", ofType: "json") != nil
                        layer.backgroundColor = (found ? UIColor.green : UIColor.red).cgColor
                    }
                ]
            }
        }
        """

    @Test("Bundle.module finds a resource beside the sources")
    func bundleModule() throws {
        let scratch = try Scratch()
        let folder = try clock.folder("Module", Self.source, in: scratch)
        try "{}".write(toFile: folder + "/tint.json", atomically: true, encoding: .utf8)
        #expect(
            try clock.renderedPixel([folder], "module", at: 10, 10, scratch) == SceneClockPreviewTests.green)
    }
}
