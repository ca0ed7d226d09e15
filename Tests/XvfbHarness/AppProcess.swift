import Foundation

/// The built `loaderlab` binary running against an `XvfbSession`, with its frame log.
public final class AppProcess {
    public let process: Process
    /// The executable that runs.
    public let binary: String
    /// Where the app appends one line per presented frame ($LOADERLAB_FRAME_LOG).
    public let frameLogPath: String
    public let errorLogPath: String
    /// Where its standard output goes.
    public let outputLogPath: String
    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`) just before the process was
    /// spawned: where a measurement of its startup begins.
    public let launchTime: Double

    /// The `loaderlab` executable: `LOADERLAB_BINARY`, else the one next to this program (SwiftPM
    /// puts products, the test runner and the benchmark in the same directory).
    public static var binaryPath: String? {
        if let path = ProcessInfo.processInfo.environment["LOADERLAB_BINARY"] { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("loaderlab").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// Starts `loaderlab arguments…` on `display` (nil: with DISPLAY unset), in
    /// `workingDirectory` (nil: this process's).
    public init(
        display: String?, arguments: [String] = [], environment: [String: String] = [:],
        workingDirectory: String? = nil
    ) throws {
        guard let binary = AppProcess.binaryPath else {
            throw HarnessError("cannot find the loaderlab binary next to this program (set LOADERLAB_BINARY)")
        }
        self.binary = binary
        let stem = NSTemporaryDirectory() + "loaderlab-\(UUID().uuidString)"
        frameLogPath = stem + "-frames.log"
        errorLogPath = stem + "-stderr.log"
        outputLogPath = stem + "-stdout.log"
        _ = FileManager.default.createFile(atPath: errorLogPath, contents: nil)
        _ = FileManager.default.createFile(atPath: outputLogPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["LOADERLAB_FRAME_LOG"] = frameLogPath
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        process.standardOutput = FileHandle(forWritingAtPath: outputLogPath)
        process.standardError = FileHandle(forWritingAtPath: errorLogPath)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        launchTime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        try process.run()
    }

    /// Stops the app if it still runs (SIGKILL: see `stopProcess`) and removes its logs.
    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: frameLogPath)
        try? FileManager.default.removeItem(atPath: errorLogPath)
        try? FileManager.default.removeItem(atPath: outputLogPath)
    }

    /// Stops the app if it still runs (SIGKILL: see `stopProcess`); its logs stay until this
    /// object goes away.
    public func stop() {
        stopProcess(process)
    }

    /// The frame log's lines (one per rendered frame).
    public var frames: [String] {
        guard let text = try? String(contentsOfFile: frameLogPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    public var frameCount: Int { frames.count }

    /// The key=value fields of the last frame's log line.
    public var lastFrame: [String: String] {
        guard let line = frames.last else { return [:] }
        var fields: [String: String] = [:]
        for part in line.split(separator: " ") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        return fields
    }

    /// Waits up to `timeout` seconds for the process to exit; its status, or nil if it runs on.
    public func waitForExit(timeout: Double) -> Int32? {
        let ok = eventually(timeout: timeout) { !self.process.isRunning }
        return ok ? process.terminationStatus : nil
    }

    /// Everything the app wrote on stdout so far.
    public var standardOutput: String {
        (try? String(contentsOfFile: outputLogPath, encoding: .utf8)) ?? ""
    }

    /// Everything the app wrote on stderr so far.
    public var standardError: String {
        (try? String(contentsOfFile: errorLogPath, encoding: .utf8)) ?? ""
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass. A bound on how
/// long to wait for something, never a measurement.
@discardableResult
public func eventually(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

extension XvfbSession {
    /// Starts `loaderlab arguments…` on this display and waits until its window is mapped and a
    /// first frame is drawn; the app and its window's id.
    public func launchApp(
        _ arguments: [String] = [], environment: [String: String] = [:], workingDirectory: String? = nil
    ) throws -> (AppProcess, String) {
        let app = try AppProcess(
            display: display, arguments: arguments, environment: environment,
            workingDirectory: workingDirectory)
        var window: String?
        let shown = eventually(timeout: 20) {
            window = findWindow(named: "LoaderLab")
            return window != nil && app.frameCount > 0
        }
        guard shown, let window else {
            throw HarnessError("no LoaderLab window appeared; stderr: \(app.standardError)")
        }
        return (app, window)
    }
}
