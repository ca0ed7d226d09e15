import CCairo
import Foundation

/// Encodes frames as an animated PNG (APNG): the PNG writer's rows (`PNGEncoder`: 8-bit RGBA,
/// Sub filter, un-premultiplied as Cairo does) in the chunks APNG adds — `acTL` (frame count,
/// loop forever), a `fcTL` before each frame (its rectangle and delay), the first frame in
/// `IDAT` (what a viewer without APNG shows) and the others in `fdAT`.
///
/// Lossless. A frame after the first stores only the bounding box of the pixels that changed,
/// replacing that rectangle (`APNG_BLEND_OP_SOURCE`) and leaving the rest of the canvas as it
/// was (`APNG_DISPOSE_OP_NONE`), so the canvas shows each frame exactly. Delays are exact
/// fractions: `n/F` seconds for a frame that lasts n frames at F per second.
final class APNGEncoder: AnimationEncoder {
    let settings: AnimationSettings
    let width: Int
    let height: Int
    private(set) var framesAdded = 0

    /// Frames are written once and shared, so they get zlib's smallest output (level 9, its
    /// default strategy) rather than `render`'s fast level 1: 10–40 % smaller, 2–5× slower
    /// (BENCHMARKS.md, "Recording").
    static let compressionLevel: Int32 = 9
    /// The longest delay numerator APNG stores (16 bits): a longer still is split.
    static let maximumDelayFrames = Int(UInt16.max)

    /// The chunks after `acTL`, in order.
    private var body: [UInt8] = []
    /// The next chunk's sequence number (`fcTL` and `fdAT` share one count).
    private var sequence: UInt32 = 0
    /// Frames stored (a still spanning several frames is one).
    private var storedFrames: UInt32 = 0
    /// The frame waiting to be written (its delay may still grow): its pixels and rectangle.
    private var pending: (frame: AnimationFrame, rect: PixelBox, frames: Int)?
    /// The last frame added: what the canvas shows once `pending` is written.
    private var canvas: AnimationFrame?
    private var finished = false

    init(width: Int, height: Int, settings: AnimationSettings) {
        self.width = width
        self.height = height
        self.settings = settings
    }

    func add(_ frame: AnimationFrame) throws {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        guard frame.width == width, frame.height == height else {
            throw AnimationEncodingError(
                "frame \(framesAdded) is \(frame.width)×\(frame.height) pixels, not \(width)×\(height)")
        }
        defer { framesAdded += 1 }
        guard let previous = canvas else {
            pending = (frame, PixelBox(x: 0, y: 0, width: width, height: height), 1)
            canvas = frame
            return
        }
        guard let changed = PixelBox.changed(from: previous, to: frame) else {
            // The same picture: the waiting frame lasts one frame longer.
            if var waiting = pending, waiting.frames < Self.maximumDelayFrames {
                waiting.frames += 1
                pending = waiting
                return
            }
            try flush()
            pending = (frame, PixelBox(x: 0, y: 0, width: 1, height: 1), 1)
            return
        }
        try flush()
        pending = (frame, changed, 1)
        canvas = frame
    }

    /// Writes the waiting frame.
    private func flush() throws {
        guard let (frame, rect, frames) = pending else { return }
        pending = nil
        let first = storedFrames == 0
        let data = frame.pixels.withUnsafeBufferPointer { pixels in
            PNGEncoder.deflateRows(
                width: rect.width, height: rect.height, level: Self.compressionLevel,
                strategy: Z_DEFAULT_STRATEGY
            ) { y in
                pixels.baseAddress! + (rect.y + y) * frame.width + rect.x
            }
        }
        guard let data else {
            throw AnimationEncodingError("cannot compress frame \(storedFrames): out of memory")
        }
        var control: [UInt8] = []
        PNGEncoder.appendBigEndian(sequence, to: &control)
        PNGEncoder.appendBigEndian(UInt32(rect.width), to: &control)
        PNGEncoder.appendBigEndian(UInt32(rect.height), to: &control)
        PNGEncoder.appendBigEndian(UInt32(rect.x), to: &control)
        PNGEncoder.appendBigEndian(UInt32(rect.y), to: &control)
        // delay_num / delay_den seconds: `frames` frames at F per second.
        control += [UInt8(frames >> 8), UInt8(frames & 0xFF)]
        let fps = settings.framesPerSecond
        control += [UInt8(fps >> 8), UInt8(fps & 0xFF)]
        // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE.
        control += [0, 0]
        PNGEncoder.appendChunk("fcTL", control[...], to: &body)
        sequence += 1
        if first {
            PNGEncoder.appendChunk("IDAT", data[...], to: &body)
        } else {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(data.count + 4)
            PNGEncoder.appendBigEndian(sequence, to: &chunk)
            chunk += data
            PNGEncoder.appendChunk("fdAT", chunk[...], to: &body)
            sequence += 1
        }
        storedFrames += 1
    }

    func finish() throws -> [UInt8] {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        guard framesAdded > 0 else { throw AnimationEncodingError("an animation needs at least one frame") }
        try flush()
        finished = true
        var file = PNGEncoder.signature
        file.reserveCapacity(body.count + 64)
        PNGEncoder.appendChunk("IHDR", PNGEncoder.header(width: width, height: height)[...], to: &file)
        var animation: [UInt8] = []
        PNGEncoder.appendBigEndian(storedFrames, to: &animation)
        // num_plays 0: loop forever.
        PNGEncoder.appendBigEndian(0, to: &animation)
        PNGEncoder.appendChunk("acTL", animation[...], to: &file)
        file += body
        PNGEncoder.appendChunk("IEND", [][...], to: &file)
        body = []
        return file
    }
}

/// A rectangle of whole pixels in a frame.
struct PixelBox: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The smallest rectangle holding every pixel that differs between two frames of the same
    /// size, or nil when they are the same.
    static func changed(from a: AnimationFrame, to b: AnimationFrame) -> PixelBox? {
        let w = a.width
        var minX = w
        var maxX = -1
        var minY = a.height
        var maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<a.height {
                    let row = y * w
                    var x0 = 0
                    while x0 < w && pa[row + x0] == pb[row + x0] { x0 += 1 }
                    guard x0 < w else { continue }
                    var x1 = w - 1
                    while pa[row + x1] == pb[row + x1] { x1 -= 1 }
                    minX = min(minX, x0)
                    maxX = max(maxX, x1)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
