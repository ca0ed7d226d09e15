import Foundation

/// A private X server (Xvfb) for one test or one benchmark run, and helpers to drive the app
/// in it with xdotool and read its screen with ImageMagick's `import`.
///
/// Shared by the window tests (X11HostTests) and the benchmark (loaderlab-bench), so both
/// start, drive and stop the server the same way.
public final class XvfbSession {
    public let display: String
    public let width: Int
    public let height: Int
    private let server: Process

    /// The server's process id (the benchmark reads its CPU time from /proc).
    public var processIdentifier: Int32 { server.processIdentifier }

    /// True when Xvfb is on the PATH (`make deps-test` installs it, so CI always has it).
    public static var isInstalled: Bool { which("Xvfb") != nil }

    /// Starts `Xvfb` with one `width`×`height` screen of `depth` bits on a display it picks
    /// itself (`-displayfd`) and returns once it accepts connections (Xvfb writes the number
    /// only then).
    public init(width: Int = 1024, height: Int = 768, depth: Int = 24) throws {
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
            stopProcess(server)
            throw HarnessError("Xvfb did not report a display number")
        }
        self.server = server
        display = ":" + trimmed
    }

    deinit { stop() }

    /// Stops the server (idempotent) with SIGKILL, as `stopProcess` stops every process the
    /// harness starts, and removes the socket and lock file Xvfb would have removed itself.
    public func stop() {
        guard server.isRunning else { return }
        stopProcess(server)
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }

    // MARK: - Tools

    /// The first executable named `tool` on the PATH (then /usr/bin, /usr/local/bin), or nil.
    public static func which(_ tool: String) -> String? {
        let paths =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
        for dir in paths {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a tool against this display and returns its standard output. Its exit status is
    /// ignored unless `requireSuccess`, which throws when the tool exits with another status
    /// than 0.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], requireSuccess: Bool = false) throws -> String {
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
        if requireSuccess, p.terminationStatus != 0 {
            throw HarnessError(
                "\(tool) \(arguments.joined(separator: " ")) exited with status \(p.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    public func xdotool(_ arguments: String...) throws {
        try run("xdotool", arguments)
    }

    /// The id of the first mapped window named `name`, or nil.
    public func findWindow(named name: String) -> String? {
        let out = (try? run("xdotool", ["search", "--onlyvisible", "--name", name])) ?? ""
        return out.split(separator: "\n").first.map(String.init)
    }

    /// A screenshot of the whole screen, saved as PNG at `path` (to look at) and decoded.
    public func screenshot(savingTo path: String) throws -> Screenshot {
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

/// Stops a process the harness started, with SIGKILL, and waits for it (nothing if it has
/// already ended).
///
/// One policy for the server and the app, in the tests and in the benchmark: SIGKILL, because
/// SIGTERM can be blocked. A child inherits the signal mask of the thread that spawns it, and
/// Swift Testing runs tests on worker threads that block signals: an Xvfb started from a test
/// keeps SIGTERM blocked (its /proc status shows it in SigBlk), so SIGTERM stays pending and
/// `waitUntilExit()` never returns. SIGKILL cannot be blocked, and nothing is lost by it: the
/// harness removes the server's socket and lock itself, and nothing of an app's shutdown is
/// tested or measured through this (a test of quitting sends the app its keys instead).
func stopProcess(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}

/// An RGB screenshot.
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    public let rgb: [UInt8]
    public let path: String

    public init(width: Int, height: Int, rgb: [UInt8], path: String) {
        self.width = width
        self.height = height
        self.rgb = rgb
        self.path = path
    }

    public struct RGB: Hashable, Sendable, CustomStringConvertible {
        public var r: Int, g: Int, b: Int

        public init(r: Int, g: Int, b: Int) {
            self.r = r
            self.g = g
            self.b = b
        }

        public var description: String { "(\(r),\(g),\(b))" }
        public func isClose(to o: RGB, tolerance: Int = 24) -> Bool {
            abs(r - o.r) <= tolerance && abs(g - o.g) <= tolerance && abs(b - o.b) <= tolerance
        }
    }

    public func pixel(_ x: Int, _ y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: Int(rgb[i]), g: Int(rgb[i + 1]), b: Int(rgb[i + 2]))
    }

    /// How many pixels in the rectangle are within `tolerance` of `color`.
    public func count(_ color: RGB, in rect: (x: Int, y: Int, w: Int, h: Int), tolerance: Int = 24) -> Int {
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
    public func differences(
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

public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
