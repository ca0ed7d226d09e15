import Foundation
import LayerKit
import QuartzCore

/// `UIImage`: a PNG image file or a drawn image, shown through `cgImage` as a layer's `contents`
/// and drawn with `draw(in:)` (UIImage+Drawing.swift).
///
/// `UIImage(named:)` looks for the file in `searchPaths` (the preview's resources and the
/// directories of its sources, set by the host): the name as given, else with `@2x.png`,
/// `@3x.png` or `.png` appended, an `@Nx` suffix setting `scale`; else an image set of that
/// name in an asset catalogue there (UIImage+AssetCatalog.swift). Only the PNG's header is read
/// here (its size); the renderer decodes it. `UIGraphicsImageRenderer` makes drawn images.
/// Deviations: PNG only; orientations other than `.up` are kept but not drawn.
open class UIImage: NSObject {
    /// The directories `UIImage(named:)` searches, in order.
    @_spi(LoaderLabHost) nonisolated(unsafe) public static var searchPaths: [String] = []

    public let cgImage: CGImage?
    /// The size in points (pixels / scale).
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// As given (`init(cgImage:scale:orientation:)`); images are drawn upright whatever it says.
    public let imageOrientation: UIImage.Orientation

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
            if let found = UIImage.assetCatalogImage(named: name, in: directory) {
                self.init(contentsOfFile: found.path, scale: found.scale)
                return
            }
        }
        return nil
    }

    /// The PNG file at `path`, its scale from its name (`arrow@2x.png`: 2); nil when it is not a
    /// readable PNG.
    public convenience init?(contentsOfFile path: String) {
        self.init(
            contentsOfFile: path, scale: UIImage.scale(ofFileName: (path as NSString).lastPathComponent))
    }

    /// The PNG file at `path` at `scale` pixels per point, whatever its name says (an asset
    /// catalogue's image states its scale in the catalogue).
    init?(contentsOfFile path: String, scale: Double) {
        guard let data = FileManager.default.contents(atPath: path),
            let pixels = UIImage.pngPixelSize([UInt8](data))
        else { return nil }
        self.scale = CGFloat(scale)
        size = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        cgImage = CGImage(reference: ImageReference(path: path, pixelSize: pixels, scale: scale))
        imageOrientation = .up
        super.init()
    }

    /// An image of `cgImage`'s pixels at `scale` pixels per point (a scale that is not a
    /// positive number counts as 1).
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        var reference = cgImage.reference
        self.cgImage =
            reference.scale == Double(s)
            ? cgImage
            : {
                reference.scale = Double(s)
                return CGImage(reference: reference)
            }()
        self.scale = s
        size = CGSize(width: CGFloat(cgImage.width) / s, height: CGFloat(cgImage.height) / s)
        imageOrientation = orientation
        super.init()
    }

    /// An image of `cgImage`'s pixels, one a point.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
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
