import CWebP
import Foundation

/// Encodes frames as an animated WebP with libwebp's `WebPAnimEncoder` (libwebpmux), which
/// finds the rectangle that changed in each frame, chooses blending, and lengthens the previous
/// frame instead of storing an identical one.
///
/// Lossless by default: the ARGB handed to libwebp is un-premultiplied exactly as the PNG
/// writer does it (`Unpremultiplied`), so a decoded frame equals `render`'s PNG wherever a pixel
/// is not fully transparent (libwebp may change the colour under alpha 0, which shows nothing).
/// With a quality (0…100), lossy. Frame k starts at round(1000·k/F) ms.
///
/// Owns the `WebPAnimEncoder` and one `WebPPicture`, both checked when made and freed in
/// `deinit`.
final class WebPAnimationEncoder: AnimationEncoder {
    let settings: AnimationSettings
    let width: Int
    let height: Int
    private(set) var framesAdded = 0

    /// libwebp's effort for lossless coding (`WebPConfigLosslessPreset`, 0 fastest … 9 smallest).
    static let losslessLevel: Int32 = 6
    /// libwebp's speed/size trade-off for lossy coding (`method`, 0 fastest … 6 smallest).
    static let lossyMethod: Int32 = 4

    private let encoder: OpaquePointer
    private var picture = WebPPicture()
    private var config = WebPConfig()
    private var finished = false

    init(width: Int, height: Int, settings: AnimationSettings) throws {
        self.width = width
        self.height = height
        self.settings = settings
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw AnimationEncodingError("libwebp: the animation encoder's version does not match its header")
        }
        // Loop forever.
        options.anim_params.loop_count = 0
        // Keyframes as libwebp chooses by default; mixed lossy/lossless frames off: a lossless
        // file stays lossless.
        options.allow_mixed = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw AnimationEncodingError("libwebp: cannot make a \(width)×\(height) animation encoder")
        }
        self.encoder = encoder
        guard WebPConfigInit(&config) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw AnimationEncodingError("libwebp: the encoder's version does not match its header")
        }
        if let quality = settings.quality {
            config.lossless = 0
            config.quality = Float(quality)
            config.method = Self.lossyMethod
        } else {
            _ = WebPConfigLosslessPreset(&config, Self.losslessLevel)
        }
        guard WebPValidateConfig(&config) != 0, WebPPictureInit(&picture) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw AnimationEncodingError("libwebp: invalid encoder settings")
        }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw AnimationEncodingError("libwebp: cannot allocate a \(width)×\(height) picture")
        }
    }

    deinit {
        WebPPictureFree(&picture)
        WebPAnimEncoderDelete(encoder)
    }

    /// Frame k's start in milliseconds.
    private func timestamp(ofFrame k: Int) -> Int32 {
        Int32(FrameTimes.start(ofFrame: k, fps: settings.framesPerSecond, unitsPerSecond: 1000))
    }

    func add(_ frame: AnimationFrame) throws {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        guard frame.width == width, frame.height == height else {
            throw AnimationEncodingError(
                "frame \(framesAdded) is \(frame.width)×\(frame.height) pixels, not \(width)×\(height)")
        }
        // The encoder may have changed the picture (transparent areas): fill it afresh.
        let stride = Int(picture.argb_stride)
        let argb = picture.argb!
        frame.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let source = pixels.baseAddress! + y * width
                let target = argb + y * stride
                for x in 0..<width { target[x] = Unpremultiplied.argb(source[x]) }
            }
        }
        guard WebPAnimEncoderAdd(encoder, &picture, timestamp(ofFrame: framesAdded), &config) != 0 else {
            throw AnimationEncodingError("libwebp: cannot add frame \(framesAdded): \(lastError)")
        }
        framesAdded += 1
    }

    func finish() throws -> [UInt8] {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        guard framesAdded > 0 else { throw AnimationEncodingError("an animation needs at least one frame") }
        finished = true
        // The end of the last frame.
        guard WebPAnimEncoderAdd(encoder, nil, timestamp(ofFrame: framesAdded), nil) != 0 else {
            throw AnimationEncodingError("libwebp: cannot end the animation: \(lastError)")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw AnimationEncodingError("libwebp: cannot assemble the animation: \(lastError)")
        }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    private var lastError: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
