import Foundation
import LayerKit
import QuartzCore

/// `UIImage`: a PNG image file, shown through `cgImage` as a layer's `contents`.
///
/// `UIImage(named:)` looks for the file in `searchPaths` (the directories of the preview's
/// sources, set by the host): the name as given, else with `@2x.png`, `@3x.png` or `.png`
/// appended; an `@Nx` suffix sets `scale`. Only the PNG's header is read here (its size);
/// the renderer decodes it. Deviations: no asset catalogues, no other formats, no drawing.
open class UIImage: NSObject {
    /// The directories `UIImage(named:)` searches, in order.
    @_spi(LoaderLabHost) nonisolated(unsafe) public static var searchPaths: [String] = []

    public let cgImage: CGImage?
    /// The size in points (pixels / scale).
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat

    public convenience init?(named name: String) {
        self.init(named: name, searching: UIImage.searchPaths)
    }

    /// The image named `name` in `bundle`'s resources, else where `init(named:)` looks; the
    /// traits are not consulted (one appearance, the screen's scale).
    public convenience init?(
        named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
        self.init(named: name, searching: ((bundle?.resourcePath).map { [$0] } ?? []) + UIImage.searchPaths)
    }

    private convenience init?(named name: String, searching folders: [String]) {
        for directory in folders {
            for candidate in UIImage.candidates(for: name) {
                let path = (directory as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }

    /// The PNG file at `path`; nil when it is not a readable PNG.
    public init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path),
            let pixels = UIImage.pngPixelSize([UInt8](data))
        else { return nil }
        let scale = UIImage.scale(ofFileName: (path as NSString).lastPathComponent)
        self.scale = CGFloat(scale)
        size = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        cgImage = CGImage(reference: ImageReference(path: path, pixelSize: pixels, scale: scale))
        super.init()
    }

    /// There are no archives here: this always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    static func candidates(for name: String) -> [String] {
        if name.lowercased().hasSuffix(".png") { return [name] }
        return [name, name + "@2x.png", name + "@3x.png", name + ".png"]
    }

    /// 2 for `name@2x.png`, 3 for `name@3x.png`, else 1.
    static func scale(ofFileName name: String) -> Double {
        let stem = (name as NSString).deletingPathExtension
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return 1
    }

    /// The width and height from a PNG's IHDR chunk: the 8-byte signature, then the chunk's
    /// length and type ("IHDR"), then the big-endian 32-bit width and height.
    static func pngPixelSize(_ bytes: [UInt8]) -> Size? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func be32(_ at: Int) -> UInt32 {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        let w = be32(16)
        let h = be32(20)
        guard w > 0, h > 0 else { return nil }
        return Size(width: Double(w), height: Double(h))
    }
}
