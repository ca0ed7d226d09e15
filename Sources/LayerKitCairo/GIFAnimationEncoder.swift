import CGIF
import CImageQuant
import Foundation

/// Encodes frames as an animated GIF (GIF89a, looping forever) with giflib, its palettes made
/// by libimagequant and dithered (Floyd–Steinberg).
///
/// A frame stores only the rectangle around the pixels that changed since the frame before;
/// inside it, a pixel that did not change is transparent, so the decoder keeps what it already
/// shows there and the pixel costs next to nothing once compressed. Only the changed pixels are
/// quantised: with `GIFPalette.perFrame` each frame gets the 256 colours that suit them best,
/// with `.global` one palette made from every frame (the frames are seen twice) serves all.
///
/// GIF has one transparent colour and no partial transparency: a pixel with alpha below 128
/// is transparent, any other is opaque (its colour not premultiplied). When a pixel turns
/// transparent, the frame before it covers the whole canvas and is cleared after it shows
/// (disposal "restore to background"), and the new frame is stored whole.
///
/// GIF keeps delays in hundredths of a second: frame k starts at round(100·k/F) cs, so at
/// 30 fps the delays run 3, 3, 4, 3, 3, 4 cs and every third frame starts exactly on time.
/// An identical frame lengthens the one before.
final class GIFAnimationEncoder: AnimationEncoder {
    let settings: AnimationSettings
    let width: Int
    let height: Int
    private(set) var framesAdded = 0

    /// libimagequant's speed (1 slowest and best … 10 fastest); 4 is its default.
    static let quantiserSpeed: Int32 = 4
    /// Full Floyd–Steinberg dithering.
    static let ditheringLevel: Float = 1

    private let attributes: OpaquePointer
    private var histogram: OpaquePointer?
    private var globalResult: OpaquePointer?
    private let output = ByteSink()
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// The frame waiting to be written (its delay may still grow, and the next frame decides
    /// whether it is cleared afterwards).
    private var pending: Pending?
    /// The first frame's pixels: looping back to it may need the last frame cleared.
    private var first: [UInt8]?
    private var finished = false

    private struct Pending {
        /// Straight RGBA.
        var pixels: [UInt8]
        /// What the canvas shows before it (the previous frame's pixels), or nil when the
        /// canvas is clear.
        var before: [UInt8]?
        /// Hundredths of a second.
        var delay: Int
    }

    init(width: Int, height: Int, settings: AnimationSettings) throws {
        self.width = width
        self.height = height
        self.settings = settings
        guard let attributes = liq_attr_create() else {
            throw AnimationEncodingError("libimagequant: out of memory")
        }
        self.attributes = attributes
        _ = liq_set_max_colors(attributes, 256)
        _ = liq_set_speed(attributes, Self.quantiserSpeed)
        if settings.palette == .global {
            guard let histogram = liq_histogram_create(attributes) else {
                liq_attr_destroy(attributes)
                throw AnimationEncodingError("libimagequant: out of memory")
            }
            self.histogram = histogram
            // A transparent entry is always there for the pixels that do not change.
            _ = liq_histogram_add_fixed_color(histogram, liq_color(r: 0, g: 0, b: 0, a: 0), 0)
        }
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
        if let globalResult { liq_result_destroy(globalResult) }
        if let histogram { liq_histogram_destroy(histogram) }
        liq_attr_destroy(attributes)
    }

    var needsFirstPass: Bool { settings.palette == .global }

    func learn(_ frame: AnimationFrame) throws {
        guard let histogram, globalResult == nil else {
            throw AnimationEncodingError("the GIF's palette is already made")
        }
        try checkSize(frame)
        var pixels = Self.thresholded(frame.straightRGBA())
        try pixels.withUnsafeMutableBytes { bytes in
            guard
                let image = liq_image_create_rgba(
                    attributes, bytes.baseAddress!, Int32(width), Int32(height), 0)
            else { throw AnimationEncodingError("libimagequant: cannot read a \(width)×\(height) frame") }
            defer { liq_image_destroy(image) }
            guard liq_histogram_add_image(histogram, attributes, image) == LIQ_OK else {
                throw AnimationEncodingError("libimagequant: cannot count the colours of a frame")
            }
        }
    }

    private func checkSize(_ frame: AnimationFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw AnimationEncodingError(
                "frame \(framesAdded) is \(frame.width)×\(frame.height) pixels, not \(width)×\(height)")
        }
    }

    /// `rgba` with every alpha made 0 or 255 (GIF's only two), fully transparent pixels black.
    private static func thresholded(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        var i = 0
        while i < out.count {
            if out[i + 3] < 128 {
                out[i] = 0
                out[i + 1] = 0
                out[i + 2] = 0
                out[i + 3] = 0
            } else {
                out[i + 3] = 255
            }
            i += 4
        }
        return out
    }

    /// Frame k's delay in hundredths of a second.
    private func delay(ofFrame k: Int) -> Int {
        let fps = settings.framesPerSecond
        return FrameTimes.start(ofFrame: k + 1, fps: fps, unitsPerSecond: 100)
            - FrameTimes.start(ofFrame: k, fps: fps, unitsPerSecond: 100)
    }

    func add(_ frame: AnimationFrame) throws {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        try checkSize(frame)
        if gif == nil { try open() }
        let pixels = Self.thresholded(frame.straightRGBA())
        let delay = delay(ofFrame: framesAdded)
        framesAdded += 1
        guard var waiting = pending else {
            first = pixels
            pending = Pending(pixels: pixels, before: nil, delay: delay)
            return
        }
        if waiting.pixels == pixels {
            waiting.delay += delay
            pending = waiting
            return
        }
        let clears = Self.turnsTransparent(from: waiting.pixels, to: pixels)
        try write(waiting, clearedAfter: clears)
        pending = Pending(pixels: pixels, before: clears ? nil : waiting.pixels, delay: delay)
    }

    /// True when a pixel opaque in `a` is transparent in `b`: a transparent pixel in a frame
    /// keeps what the canvas shows, so the canvas must be cleared first.
    private static func turnsTransparent(from a: [UInt8], to b: [UInt8]) -> Bool {
        var i = 3
        while i < a.count {
            if a[i] != 0 && b[i] == 0 { return true }
            i += 4
        }
        return false
    }

    func finish() throws -> [UInt8] {
        guard !finished else { throw AnimationEncodingError("the animation is already finished") }
        guard let last = pending, let first else {
            throw AnimationEncodingError("an animation needs at least one frame")
        }
        finished = true
        // Looping back, the first frame is drawn over the last one.
        try write(last, clearedAfter: Self.turnsTransparent(from: last.pixels, to: first))
        pending = nil
        guard let gif else { return [] }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw AnimationEncodingError("giflib: cannot finish the file: \(Self.describe(error))")
        }
        return output.bytes
    }

    // MARK: - Writing

    /// Opens the file: the screen (with the global palette, made now), and the loop.
    private func open() throws {
        var globalMap: UnsafeMutablePointer<ColorMapObject>?
        if let histogram {
            var result: OpaquePointer?
            guard liq_histogram_quantize(histogram, attributes, &result) == LIQ_OK, let result else {
                throw AnimationEncodingError("libimagequant: cannot make a palette for the frames")
            }
            _ = liq_set_dithering_level(result, Self.ditheringLevel)
            globalResult = result
            globalMap = try Self.colorMap(liq_get_palette(result).pointee)
        }
        defer { GifFreeMapObject(globalMap) }
        var error: Int32 = 0
        let sink = Unmanaged.passUnretained(output).toOpaque()
        guard
            let gif = EGifOpen(
                sink,
                { file, bytes, count in
                    guard let file, let bytes, count > 0 else { return 0 }
                    let sink = Unmanaged<ByteSink>.fromOpaque(file.pointee.UserData).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
                    return count
                }, &error)
        else { throw AnimationEncodingError("giflib: cannot start a file: \(Self.describe(error))") }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, globalMap))
        // NETSCAPE2.0: loop forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        let application = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(application.count), application))
        try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0] as [UInt8]))
        try check(EGifPutExtensionTrailer(gif))
    }

    /// Writes one frame; `clearedAfter` makes it whole and clears the canvas after it shows.
    private func write(_ frame: Pending, clearedAfter: Bool) throws {
        guard let gif else { return }
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        var box = whole
        if !clearedAfter, let before = frame.before {
            box = Self.changedBox(from: before, to: frame.pixels, width: width, height: height) ?? whole
        }
        // The rectangle's pixels: unchanged ones transparent (the canvas keeps them).
        var region = [UInt8](repeating: 0, count: box.width * box.height * 4)
        var hasTransparent = false
        for y in 0..<box.height {
            for x in 0..<box.width {
                let source = ((box.y + y) * width + box.x + x) * 4
                let target = (y * box.width + x) * 4
                let keep =
                    frame.before.map { Self.word($0, source) == Self.word(frame.pixels, source) } ?? false
                if keep || frame.pixels[source + 3] == 0 {
                    hasTransparent = true
                    continue
                }
                region[target] = frame.pixels[source]
                region[target + 1] = frame.pixels[source + 1]
                region[target + 2] = frame.pixels[source + 2]
                region[target + 3] = 255
            }
        }
        var (indices, palette) = try quantise(&region, box: box, transparent: hasTransparent)
        let transparentIndex = Self.fixTransparency(region: region, indices: &indices, palette: palette)

        var control = GraphicsControlBlock(
            DisposalMode: clearedAfter ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(frame.delay),
            TransparentColor: transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        let localMap = histogram == nil ? try Self.colorMap(palette) : nil
        defer { GifFreeMapObject(localMap) }
        try check(
            EGifPutImageDesc(
                gif, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), false, localMap))
        try check(EGifPutLine(gif, &indices, Int32(indices.count)))
    }

    /// The palette indices of `region` (straight RGBA, alpha 0 or 255), remapped with
    /// dithering: through the frame's own palette, or the global one.
    private func quantise(_ region: inout [UInt8], box: PixelBox, transparent: Bool) throws
        -> (indices: [UInt8], palette: liq_palette)
    {
        try region.withUnsafeMutableBytes { bytes in
            guard
                let image = liq_image_create_rgba(
                    attributes, bytes.baseAddress!, Int32(box.width), Int32(box.height), 0)
            else { throw AnimationEncodingError("libimagequant: cannot read a frame") }
            defer { liq_image_destroy(image) }
            var result = globalResult
            var own: OpaquePointer?
            defer { if let own { liq_result_destroy(own) } }
            if result == nil {
                if transparent { _ = liq_image_add_fixed_color(image, liq_color(r: 0, g: 0, b: 0, a: 0)) }
                guard liq_image_quantize(image, attributes, &own) == LIQ_OK, let own else {
                    throw AnimationEncodingError("libimagequant: cannot make a palette for a frame")
                }
                _ = liq_set_dithering_level(own, Self.ditheringLevel)
                result = own
            }
            var indices = [UInt8](repeating: 0, count: box.width * box.height)
            let status = indices.withUnsafeMutableBytes {
                liq_write_remapped_image(result!, image, $0.baseAddress!, $0.count)
            }
            guard status == LIQ_OK else {
                throw AnimationEncodingError("libimagequant: cannot remap a frame")
            }
            return (indices, liq_get_palette(result!).pointee)
        }
    }

    /// Makes sure that exactly the transparent pixels of `region` use the transparent palette
    /// entry: dithering spreads error, and an opaque pixel must never vanish nor a kept one be
    /// painted over. Returns that entry's index, nil when the palette has none.
    private static func fixTransparency(region: [UInt8], indices: inout [UInt8], palette: liq_palette) -> Int?
    {
        let colors = entries(palette)
        let transparent = colors.firstIndex { $0.a < 128 }
        for i in 0..<indices.count {
            let wantsTransparent = region[4 * i + 3] == 0
            let index = Int(indices[i])
            let isTransparent = index >= colors.count || colors[index].a < 128
            guard wantsTransparent != isTransparent else { continue }
            if wantsTransparent {
                // The fixed transparent colour is always in the palette when a pixel needs it.
                if let transparent { indices[i] = UInt8(transparent) }
            } else {
                indices[i] = UInt8(nearestOpaque(to: region, at: 4 * i, in: colors) ?? index)
            }
        }
        return transparent
    }

    /// The opaque palette entry closest to the pixel at byte `offset` of `rgba`.
    private static func nearestOpaque(to rgba: [UInt8], at offset: Int, in colors: [liq_color]) -> Int? {
        var best: (index: Int, distance: Int)?
        for (i, c) in colors.enumerated() where c.a >= 128 {
            let dr = Int(c.r) - Int(rgba[offset])
            let dg = Int(c.g) - Int(rgba[offset + 1])
            let db = Int(c.b) - Int(rgba[offset + 2])
            let d = dr * dr + dg * dg + db * db
            if best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }

    /// The palette's colours.
    private static func entries(_ palette: liq_palette) -> [liq_color] {
        withUnsafeBytes(of: palette.entries) { raw in
            Array(raw.bindMemory(to: liq_color.self).prefix(Int(palette.count)))
        }
    }

    /// A giflib colour map of `palette` (its size a power of two, 2…256).
    private static func colorMap(_ palette: liq_palette) throws -> UnsafeMutablePointer<ColorMapObject> {
        let colors = entries(palette)
        var size = 2
        while size < colors.count { size *= 2 }
        var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, c) in colors.enumerated() { table[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(size), table) else {
            throw AnimationEncodingError("giflib: out of memory")
        }
        return map
    }

    /// The smallest rectangle holding every pixel that differs, or nil when none does.
    private static func changedBox(from a: [UInt8], to b: [UInt8], width: Int, height: Int) -> PixelBox? {
        var minX = width
        var maxX = -1
        var minY = height
        var maxY = -1
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                func same(_ i: Int) -> Bool {
                    pa.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                        == pb.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                }
                for y in 0..<height {
                    let row = y * width
                    var x0 = 0
                    while x0 < width && same(row + x0) { x0 += 1 }
                    guard x0 < width else { continue }
                    var x1 = width - 1
                    while same(row + x1) { x1 -= 1 }
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

    /// The four bytes of a pixel at byte `offset`, as one word.
    @inline(__always)
    private static func word(_ rgba: [UInt8], _ offset: Int) -> UInt32 {
        rgba.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else {
            throw AnimationEncodingError("giflib: cannot write: \(Self.describe(gif?.pointee.Error ?? 0))")
        }
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Collects what giflib writes.
private final class ByteSink {
    var bytes: [UInt8] = []
}
