import Foundation

/// An animated image as an independent decoder reads it: Pillow (Debian's python3-pil), run
/// in a `python3` subprocess. Pillow composites every frame onto the canvas (disposal and
/// blending included) as a viewer shows it.
public struct DecodedAnimation: CustomStringConvertible {
    /// Pillow's format name: "WEBP", "GIF" or "PNG".
    public var format: String
    public var width: Int
    public var height: Int
    /// How many times it plays (0: forever); nil when the file does not say.
    public var loop: Int?
    /// Each stored frame's duration in milliseconds, as Pillow reports it (a GIF's
    /// centiseconds × 10; an APNG's delay_num/delay_den × 1000).
    public var durations: [Double]
    /// Each frame as shown: straight RGBA, `width × height × 4` bytes.
    public var frames: [[UInt8]]

    public var description: String {
        "\(format) \(width)×\(height), \(frames.count) frames, durations \(durations) ms, loop \(loop.map(String.init) ?? "-")"
    }

    /// The frame on screen `milliseconds` after the start, by the stored durations (nil past
    /// the end).
    public func frame(at milliseconds: Double) -> [UInt8]? {
        var end = 0.0
        for (i, d) in durations.enumerated() {
            end += d
            if milliseconds < end - 1e-6 { return frames[i] }
        }
        return nil
    }
}

public struct DecodingError: Error, CustomStringConvertible {
    public let description: String
}

/// Decodes animated images with Pillow.
public enum Pillow {
    /// Debian's python3 (the one python3-pil installs into); a `python3` earlier on PATH may
    /// be another installation without Pillow.
    public static let python = "/usr/bin/python3"

    /// True when `python3 -c "import PIL"` works.
    public static let isInstalled: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run(["-c", "import PIL"]).status) == 0
    }()

    static let script = """
        import json, sys
        from PIL import Image
        path, raw = sys.argv[1], sys.argv[2]
        im = Image.open(path)
        meta = {"format": im.format, "size": list(im.size), "loop": im.info.get("loop"),
                "n": getattr(im, "n_frames", 1), "durations": []}
        with open(raw, "wb") as out:
            for i in range(meta["n"]):
                im.seek(i)
                frame = im.convert("RGBA")
                meta["durations"].append(im.info.get("duration"))
                out.write(frame.tobytes())
        print(json.dumps(meta))
        """

    /// Decodes the file at `path`; throws when Pillow cannot.
    public static func decode(_ path: String) throws -> DecodedAnimation {
        let raw = NSTemporaryDirectory() + "loaderlab-decoded-\(UUID().uuidString).rgba"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let (status, out, err) = try run(["-c", script, path, raw])
        guard status == 0 else { throw DecodingError(description: "Pillow cannot decode \(path): \(err)") }
        guard let meta = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
            let size = meta["size"] as? [Int], let n = meta["n"] as? Int,
            let durations = meta["durations"] as? [Any]
        else { throw DecodingError(description: "unexpected output from Pillow: \(out)") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        let frameBytes = size[0] * size[1] * 4
        guard bytes.count == frameBytes * n else {
            throw DecodingError(description: "Pillow wrote \(bytes.count) bytes for \(n) frames")
        }
        return DecodedAnimation(
            format: meta["format"] as? String ?? "", width: size[0], height: size[1],
            loop: meta["loop"] as? Int, durations: durations.map { ($0 as? NSNumber)?.doubleValue ?? .nan },
            frames: (0..<n).map { Array(bytes[($0 * frameBytes)..<(($0 + 1) * frameBytes)]) })
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try runProcess(python, arguments)
    }
}

/// How far two straight RGBA images of the same size are apart.
public struct ImageDifference: CustomStringConvertible {
    /// The largest difference of any channel of any pixel.
    public var maximum: Int
    /// The mean absolute difference over every channel of every pixel.
    public var mean: Double
    /// Pixels that differ at all.
    public var differingPixels: Int

    /// Compares `a` with `b`; a pixel whose alpha is 0 in both matches whatever its colour.
    public init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count, "images of different sizes")
        var maximum = 0
        var sum = 0
        var differing = 0
        var i = 0
        while i < a.count {
            if a[i + 3] == 0 && b[i + 3] == 0 {
                i += 4
                continue
            }
            var pixelDiffers = false
            for c in 0..<4 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                maximum = max(maximum, d)
                sum += d
                if d > 0 { pixelDiffers = true }
            }
            if pixelDiffers { differing += 1 }
            i += 4
        }
        self.maximum = maximum
        mean = a.isEmpty ? 0 : Double(sum) / Double(a.count)
        differingPixels = differing
    }

    public var description: String {
        "max \(maximum), mean \(String(format: "%.3f", mean)), \(differingPixels) pixels differ"
    }
}

/// Runs `executable` with `arguments` to its end: its exit status, standard output and
/// standard error (each read whole; for the short outputs tests produce).
public func runProcess(_ executable: String, _ arguments: [String]) throws
    -> (status: Int32, out: String, err: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
    )
}
