import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab

extension Bench {
    /// One recording setting measured: a format and its options, named as the table shows it.
    struct RecordSetting {
        let name: String
        let format: AnimationFormat
        var quality: Double?
        var palette: GIFPalette = .perFrame
    }

    static let recordSettings = [
        RecordSetting(name: "webp", format: .webp),
        RecordSetting(name: "webp q80", format: .webp, quality: 80),
        RecordSetting(name: "gif", format: .gif),
        RecordSetting(name: "gif global", format: .gif, palette: .global),
        RecordSetting(name: "apng", format: .apng),
    ]

    /// `record` as the command line runs it (`Commands.record`, its output written to a
    /// temporary directory): every loader at its default size and length (one loop of a
    /// standalone loader; a header's pull and refresh until it rests) at 30 fps, at scale 1 and
    /// 2, in each setting. Frames/s = frames / seconds of the whole command (drawing, encoding,
    /// writing; for a global palette the frames are drawn twice).
    func runRecord(_ options: Options) throws {
        let io = commands.io
        let dir = FileManager.default.temporaryDirectory.path + "/loaderlab-bench-record-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try io.out("")
        try io.out(
            "record: `record` at each loader's default size and length, 30 fps; "
                + "frames/s of the whole command, file size in kB (1000 bytes)")
        try io.out(
            BenchFormat.pad("loader", 12) + BenchFormat.pad("setting", 12) + BenchFormat.pad("scale", 7)
                + BenchFormat.pad("pixels", 10) + BenchFormat.padLeft("frames", 7)
                + BenchFormat.padLeft("seconds", 9) + BenchFormat.padLeft("frames/s", 10)
                + BenchFormat.padLeft("kB", 9))
        var totals: [String: (frames: Int, seconds: Double)] = [:]
        for scale in [1.0, 2.0] {
            for entry in commands.source.entries where options.only.isEmpty || options.only.contains(entry.id)
            {
                for setting in Self.recordSettings {
                    let output = dir + "/\(entry.id).\(setting.format.fileExtension)"
                    let record = RecordOptions(
                        loaderID: entry.id, moment: .time(0), scale: scale, format: setting.format,
                        quality: setting.quality, palette: setting.palette, quiet: true,
                        output: OutputPath(output))
                    let frames = try commands.recordingFrameCount(record)
                    let start = BenchClock.now()
                    try commands.record(record)
                    let seconds = BenchClock.now() - start
                    let bytes =
                        (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
                    let w = Int((entry.defaultSize.width * scale).rounded(.up))
                    let h = Int((entry.defaultSize.height * scale).rounded(.up))
                    try io.out(
                        BenchFormat.pad(entry.id, 12) + BenchFormat.pad(setting.name, 12)
                            + BenchFormat.pad(BenchFormat.fixed(scale, 0) + "x", 7)
                            + BenchFormat.pad("\(w)x\(h)", 10)
                            + BenchFormat.padLeft("\(frames)", 7)
                            + BenchFormat.padLeft(BenchFormat.fixed(seconds, 2), 9)
                            + BenchFormat.padLeft(BenchFormat.fixed(Double(frames) / seconds, 1), 10)
                            + BenchFormat.padLeft(BenchFormat.fixed(Double(bytes) / 1000, 1), 9))
                    let key = "\(setting.name) \(BenchFormat.fixed(scale, 0))x"
                    let total = totals[key] ?? (0, 0)
                    totals[key] = (total.frames + frames, total.seconds + seconds)
                }
            }
        }
        for scale in ["1x", "2x"] {
            for setting in Self.recordSettings {
                guard let total = totals["\(setting.name) \(scale)"], total.seconds > 0 else { continue }
                try io.out(
                    BenchFormat.pad("all", 12) + BenchFormat.pad(setting.name, 12) + BenchFormat.pad(scale, 7)
                        + BenchFormat.pad("", 10) + BenchFormat.padLeft("\(total.frames)", 7)
                        + BenchFormat.padLeft(BenchFormat.fixed(total.seconds, 2), 9)
                        + BenchFormat.padLeft(BenchFormat.fixed(Double(total.frames) / total.seconds, 1), 10))
            }
        }
    }
}
