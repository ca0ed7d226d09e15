import Foundation
import LayerKit
import SnapshotTesting
import Testing

@testable import LayerKitCairo

/// The three animation encoders, read back by an independent decoder (Pillow): the frames,
/// their timing as each format stores it, the loop, and pixels against the frames drawn.
@Suite(
    .tags(.pillow),
    .enabled(if: Pillow.isInstalled, "python3-pil is not installed (make deps-test installs it)"))
struct AnimationEncoderTests {
    static let width = 64
    static let height = 48

    /// Frame k: a disc moving right over a dark ground (frames 3 and 4 are the same picture);
    /// with `transparent`, the ground is left transparent and a half-transparent bar is drawn.
    static func frame(_ k: Int, transparent: Bool = false) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        let canvas = try Canvas(surface: surface)
        if !transparent { canvas.clear(color: Color(r255: 28, g: 30, b: 40)) }
        let step = k == 4 ? 3 : k
        let x = 8 + Double(step) * 5
        canvas.fill(
            Path.oval(in: Rect(x: x, y: 14, width: 20, height: 20)), color: Color(r255: 240, g: 120, b: 60))
        canvas.fill(
            Rect(x: 0, y: 40, width: Double(8 + 6 * step), height: 6), color: Color(white: 1, alpha: 0.5))
        surface.flush()
        return surface
    }

    /// The straight RGBA a decoder should show for `surface` (LayerKitCairo's `Pixel`, which
    /// reads Cairo's premultiplied words independently of the encoders).
    static func expected(_ surface: ImageSurface) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)!
                out += [p.red, p.green, p.blue, p.alpha]
            }
        }
        return out
    }

    static func encode(_ settings: AnimationSettings, frames: [ImageSurface]) throws -> DecodedAnimation {
        let encoder = try AnimationEncoders.make(width: width, height: height, settings: settings)
        if encoder.needsFirstPass {
            for f in frames { try encoder.learn(AnimationFrame(surface: f)) }
        }
        for f in frames { try encoder.add(AnimationFrame(surface: f)) }
        #expect(encoder.framesAdded == frames.count)
        let bytes = try encoder.finish()
        let path =
            NSTemporaryDirectory() + "loaderlab-encoder-\(UUID().uuidString).\(settings.format.fileExtension)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try AnimationOutput.write(bytes, toPath: Array(path.utf8))
        return try Pillow.decode(path)
    }

    /// Frame k's start in `units` per second, rounded to the nearest unit (halves up), worked
    /// out in floating point here.
    static func start(_ k: Int, fps: Int, units: Double) -> Double {
        (Double(k) * units / Double(fps) + 0.5).rounded(.down)
    }

    /// The durations a decoder should read for `count` frames at `fps`, frame 4 merged into
    /// frame 3, in `units` per second, as milliseconds.
    static func durations(count: Int, fps: Int, units: Double) -> [Double] {
        var out: [Double] = []
        for k in 0..<count {
            let d = (start(k + 1, fps: fps, units: units) - start(k, fps: fps, units: units)) * 1000 / units
            if k == 4 { out[out.count - 1] += d } else { out.append(d) }
        }
        return out
    }

    @Test(arguments: [25, 30])
    func losslessFormatsShowEveryFrameExactly(fps: Int) throws {
        let surfaces = try (0..<8).map { try Self.frame($0) }
        for format in [AnimationFormat.webp, .apng] {
            let decoded = try Self.encode(
                AnimationSettings(format: format, framesPerSecond: fps), frames: surfaces)
            #expect(decoded.width == Self.width && decoded.height == Self.height)
            #expect(decoded.loop == 0, "\(format) loops forever")
            // Seven pictures: the fifth frame repeats the fourth and lengthens it.
            #expect(decoded.frames.count == 7, "\(format)")
            let expectedDurations =
                format == .webp
                ? Self.durations(count: 8, fps: fps, units: 1000)
                // APNG: exact fractions n/F s.
                : [1, 1, 1, 2, 1, 1, 1].map { Double($0) * 1000 / Double(fps) }
            #expect(
                zip(decoded.durations, expectedDurations).allSatisfy { abs($0 - $1) < 1e-6 }
                    && decoded.durations.count == expectedDurations.count,
                "\(format): \(decoded.durations) vs \(expectedDurations)")
            for (k, surface) in surfaces.enumerated() {
                let shown = try #require(decoded.frame(at: (Double(k) + 0.5) * 1000 / Double(fps)))
                let difference = ImageDifference(shown, Self.expected(surface))
                #expect(difference.maximum == 0, "\(format) frame \(k): \(difference)")
            }
        }
    }

    /// GIF: centisecond delays (at 30 fps 3, 3, 4, …: each frame starts within half a
    /// hundredth of k/30 s, never drifting), pixels within the palette's error.
    @Test(arguments: [GIFPalette.perFrame, .global])
    func gifStoresCentisecondsAndCloseColours(palette: GIFPalette) throws {
        let surfaces = try (0..<8).map { try Self.frame($0) }
        let decoded = try Self.encode(
            AnimationSettings(format: .gif, framesPerSecond: 30, palette: palette), frames: surfaces)
        #expect(decoded.loop == 0)
        #expect(decoded.frames.count == 7)
        // In hundredths: starts 0, 3, 7, 10, 13, 17, 20, 23, 27 → delays 3, 4, 3, 3, 4, 3, 3, 4,
        // the fifth frame merged into the fourth: 3, 4, 3, 7, 3, 3, 4.
        #expect(decoded.durations == [30, 40, 30, 70, 30, 30, 40], "\(decoded.durations)")
        for (k, surface) in surfaces.enumerated() {
            // Frame k shows from its stored start, round(100·k/30) hundredths, on.
            let shown = try #require(decoded.frame(at: Self.start(k, fps: 30, units: 100) * 10 + 1))
            let difference = ImageDifference(shown, Self.expected(surface))
            // These frames have fewer colours than a palette holds (a disc and a bar, their
            // anti-aliased edges over one ground): libimagequant keeps every one, exactly.
            #expect(difference.maximum == 0, "frame \(k): \(difference)")
        }
    }

    /// A transparent ground: pixels the disc leaves become transparent again, so the frame
    /// before is cleared after it shows; transparency is all or nothing (alpha ≥ 128 opaque).
    @Test func gifClearsWhatTurnsTransparent() throws {
        let surfaces = try (0..<6).map { try Self.frame($0, transparent: true) }
        let decoded = try Self.encode(AnimationSettings(format: .gif, framesPerSecond: 25), frames: surfaces)
        #expect(decoded.durations == [40, 40, 40, 80, 40])
        for (k, surface) in surfaces.enumerated() {
            let shown = try #require(decoded.frame(at: Double(k) * 40 + 1))
            let expected = Self.expected(surface)
            for i in stride(from: 0, to: expected.count, by: 4) {
                let opaque = expected[i + 3] >= 128
                #expect(shown[i + 3] == (opaque ? 255 : 0), "frame \(k) pixel \(i / 4)")
                if opaque {
                    for c in 0..<3 { #expect(abs(Int(shown[i + c]) - Int(expected[i + c])) <= 48) }
                }
            }
        }
    }

    @Test func lossyWebPIsClose() throws {
        let surfaces = try (0..<8).map { try Self.frame($0) }
        // (Not smaller here: flat synthetic frames suit lossless coding best.)
        let lossy = try Self.encode(
            AnimationSettings(format: .webp, framesPerSecond: 30, quality: 80), frames: surfaces)
        for (k, surface) in surfaces.enumerated() {
            let shown = try #require(lossy.frame(at: (Double(k) + 0.5) * 1000 / 30))
            #expect(ImageDifference(shown, Self.expected(surface)).mean < 4, "frame \(k)")
        }
    }

    @Test func settingsAndFramesAreChecked() throws {
        #expect(throws: AnimationEncodingError.self) {
            try AnimationEncoders.make(
                width: 10, height: 10, settings: AnimationSettings(format: .gif, framesPerSecond: 60))
        }
        #expect(throws: AnimationEncodingError.self) {
            try AnimationEncoders.make(
                width: 10, height: 10,
                settings: AnimationSettings(format: .webp, framesPerSecond: 30, quality: 101))
        }
        for format in AnimationFormat.allCases {
            let encoder = try AnimationEncoders.make(
                width: 10, height: 10, settings: AnimationSettings(format: format, framesPerSecond: 10))
            #expect(throws: AnimationEncodingError.self) { try encoder.finish() }
            let wrong = AnimationFrame(width: 5, height: 5, pixels: [UInt32](repeating: 0, count: 25))
            #expect(throws: AnimationEncodingError.self) { try encoder.add(wrong) }
        }
        #expect(AnimationFormat(fileName: Array("a.WebP".utf8)) == .webp)
        #expect(AnimationFormat(fileName: Array("dir.gif/a.png".utf8)) == .apng)
        #expect(AnimationFormat(fileName: Array("a.jpg".utf8)) == nil)
        #expect(AnimationFormat(fileName: Array("gif".utf8)) == nil)
    }
}
