import Foundation
import Testing
@_spi(LoaderLabHost) import UIKit

/// What loader code calls that a desktop has no counterpart for, or that looks in bundles: it
/// compiles and behaves as documented.
@MainActor
@Suite struct PlatformStandInTests {
    @Test func feedbackGeneratorsKeepTheirStyleAndTakeEveryCall() {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        #expect(impact.style == .heavy)
        #expect(UIImpactFeedbackGenerator().style == .medium)
        UISelectionFeedbackGenerator().selectionChanged()
        UINotificationFeedbackGenerator().notificationOccurred(.success)
        #expect(UITraitCollection(displayScale: 3).displayScale == 3)
        #expect(UITraitCollection().userInterfaceStyle == .light)
    }

    @Test func imagesInABundleOrWhereNamedImagesAre() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-images-\(getpid())")
        let inBundle = root.appendingPathComponent("Res.bundle")
        let elsewhere = root.appendingPathComponent("images")
        for d in [inBundle, elsewhere] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        // PNG headers: signature, IHDR chunk length 13, "IHDR", width, height.
        func png(_ w: UInt8, _ h: UInt8) -> Data {
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            bytes += Array("IHDR".utf8) + [0, 0, 0, w, 0, 0, 0, h, 8, 6, 0, 0, 0]
            return Data(bytes)
        }
        try png(8, 4).write(to: inBundle.appendingPathComponent("arrow.png"))
        try png(6, 6).write(to: elsewhere.appendingPathComponent("dot.png"))
        UIImage.searchPaths = [elsewhere.path]
        defer { UIImage.searchPaths = [] }
        let bundle = try #require(Bundle(path: inBundle.path))
        let arrow = try #require(UIImage(named: "arrow", in: bundle, compatibleWith: nil))
        #expect(arrow.size == CGSize(width: 8, height: 4))
        // Not in the bundle: where UIImage(named:) looks.
        let dot = try #require(UIImage(named: "dot", in: bundle, compatibleWith: UITraitCollection()))
        #expect(dot.size == CGSize(width: 6, height: 6))
        #expect(UIImage(named: "arrow", in: nil, compatibleWith: nil) == nil)
    }
}
