import Foundation

/// One frame of an animation: a copy of an image's pixels in Cairo's ARGB32 format (32-bit
/// native-endian words, alpha premultiplied), rows packed `width` words apart. A value that
/// owns its pixels, so it can be handed to an encoder on another thread.
public struct AnimationFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// `pixels` must hold `width × height` words.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 1 && height >= 1 && pixels.count == width * height, "frame size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A copy of what `surface` shows now.
    public init(surface: ImageSurface) {
        surface.flush()
        let (w, h, stride, data) = (surface.width, surface.height, surface.stride, surface.data)
        pixels = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, count in
            for y in 0..<h {
                let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                (buffer.baseAddress! + y * w).update(from: row, count: w)
            }
            count = w * h
        }
        width = w
        height = h
    }

    /// The frame's straight (not premultiplied) RGBA bytes, as GIF's quantiser and a decoder
    /// read them: see `Unpremultiplied`.
    func straightRGBA() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * 4) { out, count in
            for (i, pixel) in pixels.enumerated() {
                let a = UInt8(truncatingIfNeeded: pixel >> 24)
                let (r, g, b) = Unpremultiplied.rgb(pixel, alpha: a)
                out[4 * i] = r
                out[4 * i + 1] = g
                out[4 * i + 2] = b
                out[4 * i + 3] = a
            }
            count = pixels.count * 4
        }
    }
}

/// The animated image formats `loaderlab record` writes.
public enum AnimationFormat: String, Hashable, Sendable, CaseIterable {
    /// Animated WebP (libwebp's `WebPAnimEncoder`): lossless unless a quality is given.
    case webp
    /// GIF89a (giflib), palettes from libimagequant, dithered.
    case gif
    /// Animated PNG (APNG): lossless, through LayerKitCairo's own PNG writer.
    case apng

    /// The format a file name's extension names (`.webp`, `.gif`, `.png`, in any case), or nil.
    public init?(fileName: [UInt8]) {
        let name = String(decoding: fileName, as: UTF8.self).lowercased()
        guard let format = Self.allCases.first(where: { name.hasSuffix("." + $0.fileExtension) }) else {
            return nil
        }
        self = format
    }

    /// The extension its files end in, without the dot.
    public var fileExtension: String {
        switch self {
        case .webp: "webp"
        case .gif: "gif"
        case .apng: "png"
        }
    }

    /// Most frames per second it stores: GIF keeps a frame's delay in hundredths of a second and
    /// browsers show a delay below 2 as 10, so GIF stops at 50.
    public var maximumFramesPerSecond: Int { self == .gif ? 50 : 120 }
}

/// How a GIF's palettes are made.
public enum GIFPalette: String, Hashable, Sendable, CaseIterable {
    /// Each frame gets the 256 colours that suit its changed pixels best.
    case perFrame = "frame"
    /// One palette from every frame's colours (the frames are seen twice): no colour shifts from
    /// frame to frame.
    case global
}

/// What an animation encoder makes.
public struct AnimationSettings: Hashable, Sendable {
    public var format: AnimationFormat
    /// Frames per second: frame k shows from k/F seconds on.
    public var framesPerSecond: Int
    /// WebP only: nil for lossless, else the lossy quality 0…100.
    public var quality: Double?
    /// GIF only.
    public var palette: GIFPalette

    public init(
        format: AnimationFormat, framesPerSecond: Int, quality: Double? = nil, palette: GIFPalette = .perFrame
    ) {
        self.format = format
        self.framesPerSecond = framesPerSecond
        self.quality = quality
        self.palette = palette
    }
}

/// Why an animation could not be encoded.
public struct AnimationEncodingError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Turns frames shown at a steady rate into an animated image that loops forever.
///
/// Frames come in order, all the same size; frame k shows from k/F seconds on, F being
/// `framesPerSecond`. A frame identical to the one before lengthens it instead of being stored
/// again. `finish()` returns the file's bytes; the encoder takes no more frames after it.
/// Encoders are not shared between threads: one thread (at a time) makes all the calls.
public protocol AnimationEncoder: AnyObject {
    var settings: AnimationSettings { get }
    /// True when every frame must be shown to `learn(_:)` once, in order, before the first is
    /// added (a GIF's global palette).
    var needsFirstPass: Bool { get }
    /// The first pass over a frame (only when `needsFirstPass`).
    func learn(_ frame: AnimationFrame) throws
    /// Adds the next frame.
    func add(_ frame: AnimationFrame) throws
    /// Frames added so far.
    var framesAdded: Int { get }
    /// The finished file.
    func finish() throws -> [UInt8]
}

extension AnimationEncoder {
    public var needsFirstPass: Bool { false }
    public func learn(_ frame: AnimationFrame) throws {}
}

/// Makes the encoder for a format.
public enum AnimationEncoders {
    /// An encoder of `width`×`height`-pixel frames as `settings` say. Throws when the settings
    /// are out of range (a frame rate of 0 or above the format's, a quality outside 0…100).
    public static func make(width: Int, height: Int, settings: AnimationSettings) throws
        -> any AnimationEncoder
    {
        guard width >= 1, height >= 1, width <= 16383, height <= 16383 else {
            throw AnimationEncodingError("frames of \(width)×\(height) pixels cannot be encoded")
        }
        let fps = settings.framesPerSecond
        guard fps >= 1, fps <= settings.format.maximumFramesPerSecond else {
            throw AnimationEncodingError(
                "\(settings.format.rawValue) takes 1…\(settings.format.maximumFramesPerSecond) frames per second, not \(fps)"
            )
        }
        if let q = settings.quality, !(q >= 0 && q <= 100) {
            throw AnimationEncodingError("quality must be between 0 and 100, not \(q)")
        }
        switch settings.format {
        case .webp: return try WebPAnimationEncoder(width: width, height: height, settings: settings)
        case .gif: return try GIFAnimationEncoder(width: width, height: height, settings: settings)
        case .apng: return APNGEncoder(width: width, height: height, settings: settings)
        }
    }
}

/// When frame k begins in a file that counts time in `unitsPerSecond` (1000 for WebP's
/// milliseconds, 100 for GIF's centiseconds): k/F seconds rounded to the nearest unit, so that
/// rounding never accumulates — each frame's delay is the difference between two rounded
/// starts (at 30 fps in centiseconds: 3, 3, 4, 3, 3, 4, …).
enum FrameTimes {
    static func start(ofFrame k: Int, fps: Int, unitsPerSecond: Int) -> Int {
        // round(k · units / fps), halves up, in integers.
        (2 * k * unitsPerSecond + fps) / (2 * fps)
    }
}

/// Writes an encoded file where `loaderlab render` writes its PNGs, by the same rules: a
/// regular file (or a new name) appears complete or not at all, a symbolic link's target is
/// replaced, a device or a FIFO with a reader is written through.
public enum AnimationOutput {
    /// Writes `bytes` to the file named by the bytes `path`. Throws a `CairoError` "cannot
    /// write PATH: REASON".
    public static func write(_ bytes: [UInt8], toPath path: [UInt8]) throws {
        do {
            try OutputFile.write(bytes, toPath: path)
        } catch {
            throw CairoError("cannot write \(OutputFile.display(path)): \(error.reason)")
        }
    }

    /// Checks, before the work begins, that `write` can put a file at `path`: the directory
    /// takes a new file, or the path is a device or a FIFO. Leaves nothing behind; throws
    /// the same error `write` would.
    public static func check(path: [UInt8]) throws {
        do {
            try OutputFile.check(path)
        } catch {
            throw CairoError("cannot write \(OutputFile.display(path)): \(error.reason)")
        }
    }
}
