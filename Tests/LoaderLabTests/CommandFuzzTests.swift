import Foundation
import LayerKit
import LayerKitCairo
import LoaderLab
import SnapshotTesting
import Testing

/// Sebastiano Vigna's SplitMix64: a seeded generator, so every run tries the same command lines.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &self)! }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// Thousands of generated command lines through `Commands.run`: valid and broken commands,
/// options, loader ids, numbers at and past every limit, hostile strings, and outputs into a
/// scratch directory that holds a file, a directory, a FIFO and a dangling link.
///
/// Every run must end with status 0, 1 or 2. A failure says so in exactly one line on standard
/// error, with no raw control character and of bounded length, and changes nothing on disk.
/// A success of `render` or `sheet` leaves a valid PNG where `--out` points, one of `record`
/// a file of the format it names (WebP, GIF or APNG). No run leaves a temporary file.
@Suite struct CommandFuzzTests {
    static let runs = 3000
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The longest message line accepted: quoted arguments and paths are cut well below this.
    static let maximumLine = 500

    static let numbers = [
        "0", "1", "0.5", "2.25", "-0", "-1", "nan", "NaN", "inf", "-inf", "infinity", "1e309", "-1e309",
        "4.9e-324", "1e-400", "600", "600.0001", "8", "8.000001", "0.1", "0.0999", "10000", "10001",
        "1e3", "0x1p3", " 1", "1 ", "", "+1", "1_000", "１", "1e", ".5", "5.",
    ]
    static let sizes = [
        "1x1", "30x20.5", "64x8", "8X64", "4096x1", "0x5", "5x0", "-1x5", "nanx5", "infx5", "1e309x1",
        "5000x5", "10", "10x", "x10", "10x10x10", " 10x10", "１０x１０", "", "x",
    ]
    static let scales = [
        "0.1", "0.5", "1", "2", "3.5", "0.0999", "0", "-0", "8", "9", "nan", "4.9e-324", "1e309",
    ]
    static let ids = ["demo", "fixed", "orbit", "", "DEMO", "demo ", "de\u{1B}mo"]
    static let odd = [
        "", " ", "-", "--", "---", "=", "--=", "-x", "a\u{1B}[31mred", "\u{1B}]0;title\u{7}", "\n", "x\ny\r",
        "\u{7F}", "\u{9B}2J", "\u{202E}evil", "\u{2028}", "\0", "nul\0byte", "日本語", "🙂", "e\u{301}",
        String(repeating: "x", count: 100_000), String(repeating: "\u{1B}", count: 500),
        String(repeating: "e\u{301}", count: 3000), "\u{FFFD}", "%s%n", "$(id)", "../..", "/", "list", "help",
        "--loaderx", "--times", "-h",
    ]
    static let commands = [
        "render", "render", "render", "sheet", "sheet", "inspect", "inspect", "record", "record", "list",
        "help",
    ]
    /// `record`'s lengths and rates: a few frames at most, or out of range.
    static let durations = ["0.05", "0.1", "0.2", "0", "-1", "nan", "inf", "601", "1e309", "", "x"]
    static let rates = ["1", "10", "30", "50", "60", "120", "121", "0", "2.5", "-3", "nan", ""]

    /// The scratch directory's fixtures and the output names to aim at.
    struct Scratch {
        let dir: String

        init() throws {
            dir = try temporaryDirectory()
            let fm = FileManager.default
            #expect(fm.createFile(atPath: dir + "/existing.png", contents: Data("not a png".utf8)))
            try fm.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: false)
            #expect(mkfifo(dir + "/fifo", 0o644) == 0)
            try fm.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "target.png")
        }

        func outputs(_ rng: inout SplitMix) -> String {
            let name = rng.pick([
                "out.png", "out.png", "sheet.png", "existing.png", "link.png", "adir", "adir/", "adir/in.png",
                "rec.webp", "rec.gif", "rec.png", "REC.GIF", "adir/in.webp", "missing/x.gif",
                "fifo", "missing/x.png", "existing.png/x.png", ".", "a\u{1B}[2Jb.png", "new\nline.png",
                "日本.png", String(repeating: "n", count: 251) + ".png", String(repeating: "n", count: 256),
                rng.pick(CommandFuzzTests.odd),
            ])
            return dir + "/" + name
        }

        /// Every entry (two levels deep) with its type, and a regular file's bytes.
        func state() -> [String: String] {
            var entries: [String: String] = [:]
            func visit(_ path: String, _ name: String, depth: Int) {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
                for child in names {
                    let full = path + "/" + child
                    var status = stat()
                    guard lstat(full, &status) == 0 else { continue }
                    let type = status.st_mode & S_IFMT
                    var value = "type \(type)"
                    if type == S_IFREG, let data = FileManager.default.contents(atPath: full) {
                        value += " \(data.count) bytes, hash \(data.hashValue)"
                    }
                    entries[name + child] = value
                    if type == S_IFDIR && depth > 0 { visit(full, name + child + "/", depth: depth - 1) }
                }
            }
            visit(dir, "", depth: 1)
            return entries
        }
    }

    /// One generated command line: usually a plausible command with a few options, sometimes
    /// noise; `--out` always names something in the scratch directory.
    static func commandLine(_ rng: inout SplitMix, _ scratch: Scratch) -> [String] {
        if rng.chance(0.35) { return wellFormed(&rng, scratch) }
        var arguments: [String] = []
        switch rng.next() % 12 {
        case 0: break  // options only: the window, or a bad argument
        case 1: arguments.append(rng.pick(odd))
        case 2: arguments.append(rng.pick(["--help", "-h"]))
        default: arguments.append(rng.pick(commands))
        }
        // Most command lines start right, so that many get as far as drawing and writing.
        if rng.chance(0.6) {
            arguments += ["--loader", rng.pick(["demo", "fixed"])]
            if rng.chance(0.8) { arguments += ["--out", scratch.outputs(&rng)] }
        }
        for _ in 0..<(rng.next() % 5) {
            func option(_ name: String, _ value: String) -> [String] {
                rng.chance(0.3) ? [name + "=" + value] : [name, value]
            }
            switch rng.next() % 13 {
            case 11:
                arguments += option(
                    rng.pick(["--duration", "--fps", "--quality", "--palette", "--format"]),
                    rng.pick(durations + rates + ["global", "frame", "webp", "gif", "png", "bmp", "80"]))
            case 12: arguments.append("--quiet")
            case 0: arguments += option("--loader", rng.pick(ids))
            case 1: arguments += option("--time", rng.pick(numbers))
            case 2: arguments += option("--pull", rng.pick(numbers))
            case 3: arguments.append("--refreshing")
            case 4: arguments += option("--size", rng.pick(sizes))
            case 5: arguments += option("--scale", rng.pick(scales + numbers))
            case 6: arguments += option("--out", scratch.outputs(&rng))
            case 7: arguments.append(rng.pick(odd))
            case 8: arguments.append(rng.pick(["--loader", "--time", "--pull", "--size", "--scale"]))
            case 9: arguments.append(rng.pick(["--help", "--refreshing=yes", "--frobnicate", "-h"]))
            default: arguments += option(rng.pick(["--time", "--scale"]), rng.pick(odd))
            }
        }
        // An argument list ending in a value option without its value, now and then.
        if rng.chance(0.05) { arguments.append(rng.pick(["--time", "--loader", "--size"])) }
        return arguments
    }

    /// A command line of legal values only (some combinations still fail: a pull on a
    /// standalone loader, too many pixels, an output that cannot be written).
    static func wellFormed(_ rng: inout SplitMix, _ scratch: Scratch) -> [String] {
        let command = rng.pick(["render", "render", "sheet", "inspect", "record", "record"])
        if command == "record" { return wellFormedRecord(&rng, scratch) }
        var arguments = [command]
        if command != "sheet" { arguments += ["--loader", rng.pick(["demo", "fixed"])] }
        if rng.chance(0.5) {
            arguments += ["--time", rng.pick(["0", "1", "2.5", "600", "-0", "1e-400", "4.9e-324"])]
        }
        if command != "sheet" && rng.chance(0.2) { arguments += ["--pull", rng.pick(["0", "40", "10000"])] }
        if command != "sheet" && rng.chance(0.3) {
            arguments += ["--size", rng.pick(["1x1", "30x20.5", "64x8", "8X64", "4096x1"])]
        }
        if command != "inspect" && rng.chance(0.5) {
            arguments += ["--scale", rng.pick(["0.1", "0.5", "1", "2", "3.5", "8"])]
        }
        if command != "inspect" { arguments += ["--out", scratch.outputs(&rng)] }
        return arguments
    }

    /// A `record` of legal values, a few small frames long (some still fail: a pull on a
    /// standalone loader, a header with no length its snapshots can tell, 60 fps in a GIF, an
    /// output that cannot be written).
    static func wellFormedRecord(_ rng: inout SplitMix, _ scratch: Scratch) -> [String] {
        var arguments = ["record", "--loader", rng.pick(["demo", "fixed"])]
        if rng.chance(0.9) { arguments += ["--duration", rng.pick(["0.05", "0.1", "0.2"])] }
        if rng.chance(0.5) { arguments += ["--fps", rng.pick(["1", "10", "30", "50", "60"])] }
        if rng.chance(0.3) { arguments += ["--time", rng.pick(["0", "1", "2.5", "600"])] }
        if rng.chance(0.1) { arguments += ["--refreshing"] }
        if rng.chance(0.1) { arguments += ["--pull", rng.pick(["0", "40"])] }
        if rng.chance(0.4) { arguments += ["--size", rng.pick(["1x1", "30x20.5", "64x8", "8X64"])] }
        if rng.chance(0.4) { arguments += ["--scale", rng.pick(["0.1", "0.5", "1", "2"])] }
        let format = rng.pick(["webp", "gif", "png"])
        if format == "webp" && rng.chance(0.3) { arguments += ["--quality", rng.pick(["0", "50", "100"])] }
        if format == "gif" && rng.chance(0.3) { arguments += ["--palette", rng.pick(["global", "frame"])] }
        if rng.chance(0.5) { arguments.append("--quiet") }
        let name = rng.pick(["rec", "existing", "link", "adir/in", "missing/x", "fifo"])
        if name == "fifo" || rng.chance(0.05) {
            arguments += ["--format", format, "--out", scratch.dir + "/" + name]
        } else {
            arguments += ["--out", scratch.dir + "/" + name + "." + format]
        }
        return arguments
    }

    /// The first bytes of a file `record` wrote, by the name's format.
    static func hasAnimationSignature(_ bytes: [UInt8], format: String) -> Bool {
        switch format {
        case "webp":
            bytes.count >= 12 && bytes[0..<4] == Array("RIFF".utf8)[...]
                && bytes[8..<12] == Array("WEBP".utf8)[...]
        case "gif": bytes.starts(with: Array("GIF89a".utf8))
        default: bytes.starts(with: pngSignature)
        }
    }

    /// The format a successful `record` wrote: its `--format`, else its name's extension.
    static func recordFormat(of arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            if argument == "--format", i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix("--format=") { return String(argument.dropFirst("--format=".count)) }
        }
        guard let out = output(of: arguments)?.lowercased() else { return nil }
        return ["webp", "gif", "png"].first { out.hasSuffix("." + $0) }
    }

    /// Where a successful `render` or `sheet` wrote: the value of its `--out`.
    static func output(of arguments: [String]) -> String? {
        for (i, argument) in arguments.enumerated() {
            if argument == "--out", i + 1 < arguments.count { return arguments[i + 1] }
            if argument.hasPrefix("--out=") { return String(argument.dropFirst("--out=".count)) }
        }
        return nil
    }

    static func hasRawControl(_ line: String) -> Bool {
        line.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
    }

    @Test(.tags(.exhaustive)) func randomCommandLinesEndCleanly() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.dir) }
        let cwd = FileManager.default.currentDirectoryPath
        let cwdBefore = try FileManager.default.contentsOfDirectory(atPath: cwd).sorted()
        let sources: [any SceneSource] = [
            DemoSceneSource(), FixedSource(tree: PresentationLayer(name: "h"), kind: .header),
        ]
        var rng = SplitMix(state: 0x10AD_E41A_B5EE_D001)
        var statuses: [Int32: Int] = [:]
        var written = 0
        var recorded = 0
        for run in 0..<Self.runs {
            let arguments = Self.commandLine(&rng, scratch)
            let before = scratch.state()
            let capture = Capture()
            let outcome = Commands(source: sources[run % 2], io: capture.io).run(arguments)
            let shown = "run \(run): \(arguments.map { MessageText.escaped($0) })"
            let after = scratch.state()
            #expect(!after.keys.contains { $0.contains(".loaderlab-") }, "a temporary file is left: \(shown)")
            guard case .finished(let status) = outcome else {
                // No command: the window would open. Nothing is written.
                #expect(arguments.first.map { $0.hasPrefix("-") } ?? true, "\(shown)")
                #expect(after == before, "\(shown)")
                continue
            }
            statuses[status, default: 0] += 1
            switch status {
            case 0:
                #expect(capture.err.isEmpty, "\(shown): \(capture.err)")
                let command = arguments.first ?? ""
                // `render --help` prints its usage and writes no file.
                if command == "record" && capture.out.isEmpty {
                    let path = try #require(Self.output(of: arguments), "\(shown)")
                    let format = try #require(Self.recordFormat(of: arguments), "\(shown)")
                    if path.hasSuffix("/fifo") {
                        // Nobody reads the FIFO: the recording cannot have succeeded.
                        Issue.record("\(shown) succeeded into a FIFO without a reader")
                    }
                    let bytes = FileManager.default.contents(atPath: path).map { Array($0.prefix(12)) } ?? []
                    #expect(Self.hasAnimationSignature(bytes, format: format), "\(shown)")
                    for name in ["adir", "fifo", "link.png"] {
                        #expect(after[name] == before[name], "\(shown)")
                    }
                    recorded += 1
                } else if (command == "render" || command == "sheet") && capture.out.isEmpty {
                    let path = try #require(Self.output(of: arguments), "\(shown)")
                    let bytes = FileManager.default.contents(atPath: path).map { Array($0.prefix(8)) }
                    #expect(bytes == Self.pngSignature, "\(shown)")
                    #expect(throws: Never.self, "\(shown)") { _ = try ImageSurface.load(png: path) }
                    // The fixtures keep what they are.
                    for name in ["adir", "fifo", "link.png"] {
                        #expect(after[name] == before[name], "\(shown)")
                    }
                    written += 1
                } else {
                    #expect(!capture.out.isEmpty, "\(shown)")
                    #expect(after == before, "\(shown)")
                }
            case 1, 2:
                #expect(capture.err.count == 1, "\(shown): \(capture.err)")
                for line in capture.err {
                    #expect(!Self.hasRawControl(line), "\(shown): \(line.debugDescription)")
                    #expect(
                        line.unicodeScalars.count <= Self.maximumLine, "\(shown): \(line.count) characters")
                    #expect(line.hasPrefix("loaderlab: "), "\(shown): \(line)")
                }
                #expect(after == before, "\(shown): the failure changed \(after) from \(before)")
            default:
                Issue.record("status \(status): \(shown)")
            }
        }
        // The generator reaches every ending, writing included.
        #expect(
            statuses[0, default: 0] > 100 && statuses[1, default: 0] > 100 && statuses[2, default: 0] > 100)
        #expect(written > 100, "\(written) files written; statuses \(statuses)")
        #expect(recorded > 50, "\(recorded) recordings written; statuses \(statuses)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd).sorted() == cwdBefore)
    }
}
