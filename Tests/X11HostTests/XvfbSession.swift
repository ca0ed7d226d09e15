import Foundation

/// A private X server (Xvfb) for one test, and helpers to drive the app in it with xdotool
/// and read its screen with ImageMagick's `import`.
final class XvfbSession {
    let display: String
    let width: Int
    let height: Int
    private let server: Process

    /// True when Xvfb is on the PATH (`make deps-test` installs it, so CI always has it).
    static var isInstalled: Bool { which("Xvfb") != nil }

    /// Starts `Xvfb` on a display it picks itself (`-displayfd`) and returns once it accepts
    /// connections (Xvfb writes the number only then).
    init(width: Int = 1024, height: Int = 768, depth: Int = 24) throws {
        self.width = width
        self.height = height
        let server = Process()
        server.executableURL = URL(fileURLWithPath: XvfbSession.which("Xvfb") ?? "/usr/bin/Xvfb")
        server.arguments = [
            "-displayfd", "1", "-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp", "-noreset",
        ]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var number = ""
        while !number.hasSuffix("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number += String(decoding: chunk, as: UTF8.self)
        }
        let trimmed = number.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, Int(trimmed) != nil else {
            server.terminate()
            throw HarnessError("Xvfb did not report a display number")
        }
        self.server = server
        display = ":" + trimmed
    }

    deinit { stop() }

    /// Stops the server (idempotent). SIGKILL, because a child spawned from a test's worker
    /// thread inherits a signal mask that blocks SIGTERM; its socket and lock are removed here.
    func stop() {
        guard server.isRunning else { return }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }

    // MARK: - Tools

    static func which(_ tool: String) -> String? {
        let paths =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
        for dir in paths {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a tool against this display and returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: XvfbSession.which(tool) ?? "/usr/bin/\(tool)")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func xdotool(_ arguments: String...) throws {
        try run("xdotool", arguments)
    }

    /// The id of the first mapped window named `name`, or nil.
    func findWindow(named name: String) -> String? {
        let out = (try? run("xdotool", ["search", "--onlyvisible", "--name", name])) ?? ""
        return out.split(separator: "\n").first.map(String.init)
    }

    /// A screenshot of the whole screen, saved as PNG at `path` (to look at) and decoded.
    func screenshot(savingTo path: String) throws -> Screenshot {
        try run("import", ["-window", "root", path])
        let raw = path + ".rgb"
        try run("convert", [path, "-depth", "8", "rgb:" + raw])
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        try? FileManager.default.removeItem(atPath: raw)
        guard data.count == width * height * 3 else {
            throw HarnessError("screenshot \(path) has \(data.count) bytes, not \(width)x\(height) RGB")
        }
        return Screenshot(width: width, height: height, rgb: [UInt8](data), path: path)
    }
}

/// An RGB screenshot.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]
    let path: String

    struct RGB: Hashable, CustomStringConvertible {
        var r: Int, g: Int, b: Int
        var description: String { "(\(r),\(g),\(b))" }
        func isClose(to o: RGB, tolerance: Int = 24) -> Bool {
            abs(r - o.r) <= tolerance && abs(g - o.g) <= tolerance && abs(b - o.b) <= tolerance
        }
    }

    func pixel(_ x: Int, _ y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: Int(rgb[i]), g: Int(rgb[i + 1]), b: Int(rgb[i + 2]))
    }

    /// How many pixels in the rectangle are within `tolerance` of `color`.
    func count(_ color: RGB, in rect: (x: Int, y: Int, w: Int, h: Int), tolerance: Int = 24) -> Int {
        var n = 0
        for y in Swift.max(0, rect.y)..<Swift.min(height, rect.y + rect.h) {
            for x in Swift.max(0, rect.x)..<Swift.min(width, rect.x + rect.w)
            where pixel(x, y).isClose(to: color, tolerance: tolerance) {
                n += 1
            }
        }
        return n
    }

    /// How many pixels differ (by more than `tolerance` in a channel) between two shots.
    func differences(
        from other: Screenshot, in rect: (x: Int, y: Int, w: Int, h: Int),
        tolerance: Int = 8
    ) -> Int {
        var n = 0
        for y in Swift.max(0, rect.y)..<Swift.min(height, rect.y + rect.h) {
            for x in Swift.max(0, rect.x)..<Swift.min(width, rect.x + rect.w)
            where !pixel(x, y).isClose(to: other.pixel(x, y), tolerance: tolerance) {
                n += 1
            }
        }
        return n
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
