import Foundation
import LoaderLab
import XvfbHarness

/// The windowed measurements: the previewer (`loaderlab` with no command) under Xvfb, watched
/// from outside through /proc and the frame log the host writes ($LOADERLAB_FRAME_LOG, one
/// line per presented frame). Xvfb and the app are started and stopped by `XvfbHarness`, as in
/// the window tests.
///
/// - startup: from just before the process is spawned to the first line of the frame log, the
///   median of `startupLaunches` launches (one launch alone reads anywhere in 20–60 ms on a
///   shared machine), the last of them the app measured below;
/// - peak RSS: VmHWM from /proc/PID/status after everything else;
/// - CPU of the app and of the X server beside it (presenting costs the server a copy of every
///   damaged pixel): utime + stime from /proc/PID/stat and run time from
///   /proc/PID/task/*/schedstat (ns), over `seconds` with only the two standalone loaders
///   animating (as the gallery opens), then over `seconds` with all five (keys 1–3 begin every
///   header's refresh, again whenever the frame log shows one idle), then over `seconds` idle
///   after keys 4 and 5 stop the standalone loaders and the headers' refreshes have ended; with
///   the frames presented and the context switches (wake-ups) of the app's threads in each
///   window.
struct BenchWindow {
    let io: CommandIO
    let seconds: Double

    func run() throws {
        try io.out("")
        guard XvfbSession.isInstalled, XvfbSession.which("xdotool") != nil else {
            try io.out("window: skipped (needs Xvfb and xdotool: `make deps-test`)")
            return
        }
        let server = try XvfbSession(width: 1280, height: 1024)
        defer { server.stop() }
        // Launches for the startup's median only, each stopped at its first frame.
        var startups: [Double] = []
        for _ in 1..<Self.startupLaunches {
            let probe = try AppProcess(display: server.display)
            startups.append(try Self.startup(of: probe))
            probe.stop()
        }
        // The release `loaderlab` next to this program (`make bench` builds both).
        let app = try AppProcess(display: server.display)
        // Stopped here, at the end, not wherever `app` is last used: the measurements below
        // read its frame log, which goes away with it.
        defer { app.stop() }
        let log = app.frameLogPath
        let pid = app.process.processIdentifier
        startups.append(try Self.startup(of: app))
        let rssAtStart = ProcStat.vmHWM(pid: pid)
        let startup = BenchStats(startups)
        try io.out("window: Xvfb \(server.display), \(app.binary)")
        try io.out(
            "startup to first presented frame: median \(BenchFormat.ms(startup.p50)) ms of \(startups.count) "
                + "launches (\(BenchFormat.ms(startups.min()!))–\(BenchFormat.ms(startups.max()!)) ms); "
                + "peak RSS then \(Self.kib(rssAtStart))"
        )
        try io.out("first frame: " + Self.firstLine(log))

        let tool = XdotoolDriver(server: server)
        try tool.waitForWindow(named: "LoaderLab")
        let serverPID = server.processIdentifier
        // The gallery as it opens: the standalone loaders run, the headers rest.
        usleep(500_000)
        let standalone = measure(pid: pid, server: serverPID, log: log)
        // Animating: every header refreshes (and is made to refresh again whenever its
        // refresh has ended), the standalone loaders already run.
        try tool.keys(["1", "2", "3"])
        usleep(500_000)
        let busy = measure(pid: pid, server: serverPID, log: log) {
            let last = Self.lastLine(log)
            for (index, id) in ["four-dots", "three-dots", "airplane"].enumerated()
            where last.contains("\(id):idle") {
                try? tool.keys(["\(index + 1)"])
            }
        }

        // Idle: stop the standalone loaders; wait for the headers' refreshes to end.
        try tool.keys(["4", "5"])
        var lastFrames = Self.lineCount(log)
        var quietSince = BenchClock.now()
        let deadline = BenchClock.now() + 30
        while BenchClock.now() < deadline, BenchClock.now() - quietSince < 1.5 {
            usleep(100_000)
            let frames = Self.lineCount(log)
            if frames != lastFrames {
                lastFrames = frames
                quietSince = BenchClock.now()
            }
        }
        let idle = measure(pid: pid, server: serverPID, log: log)
        let rss = ProcStat.vmHWM(pid: pid)

        try io.out("two standalone loaders animating, \(BenchFormat.fixed(standalone.seconds, 1)) s:")
        try io.out("  " + standalone.summary)
        try io.out("all five loaders animating, \(BenchFormat.fixed(busy.seconds, 1)) s:")
        try io.out("  " + busy.summary)
        try io.out("idle, \(BenchFormat.fixed(idle.seconds, 1)) s:")
        try io.out("  " + idle.summary)
        try io.out("peak RSS (VmHWM) at the end: \(Self.kib(rss))")
    }

    struct Window {
        var seconds: Double
        var frames: Int
        var cpuTicks: Int
        var runNanoseconds: Int
        /// The X server's CPU over the same window.
        var serverTicks: Int
        var serverNanoseconds: Int
        var switches: Int
        /// Pixels presented per frame, on average (the frame log's `damage=`).
        var damagePerFrame: Double
        /// Threads that started or ended during the window.
        var threadsStarted: Int
        var threadsEnded: Int

        var summary: String {
            let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
            func percent(ticks: Int) -> Double { Double(ticks) / ticksPerSecond / seconds * 100 }
            func percent(nanoseconds: Int) -> Double { Double(nanoseconds) / 1e9 / seconds * 100 }
            let app = percent(nanoseconds: runNanoseconds)
            let x = percent(nanoseconds: serverNanoseconds)
            return "\(frames) frames (\(BenchFormat.fixed(Double(frames) / seconds, 1)) fps, "
                + "\(BenchFormat.fixed(damagePerFrame, 0)) px damaged per frame); "
                + "CPU (schedstat) app \(BenchFormat.fixed(app, 2)) % + X server \(BenchFormat.fixed(x, 2)) % "
                + "= \(BenchFormat.fixed(app + x, 2)) % of a core (server's share "
                + "\(app + x > 0 ? BenchFormat.fixed(x / (app + x) * 100, 0) : "0") %); "
                + "by utime+stime app \(BenchFormat.fixed(percent(ticks: cpuTicks), 2)) % + X "
                + "\(BenchFormat.fixed(percent(ticks: serverTicks), 2)) %; "
                + "app \(switches) context switches, threads started \(threadsStarted), ended \(threadsEnded)"
        }
    }

    /// CPU, frames and wake-ups over `seconds`; `poll` (if any) runs every 250 ms meanwhile.
    func measure(pid: Int32, server: Int32, log: String, poll: (() -> Void)? = nil) -> Window {
        let frames0 = Self.lineCount(log)
        let cpu0 = ProcStat.cpuTicks(pid: pid)
        let run0 = ProcStat.runNanoseconds(pid: pid)
        let serverCPU0 = ProcStat.cpuTicks(pid: server)
        let serverRun0 = ProcStat.runNanoseconds(pid: server)
        let switches0 = ProcStat.contextSwitches(pid: pid)
        let start = BenchClock.now()
        if let poll {
            while BenchClock.now() - start < seconds - 0.25 {
                usleep(250_000)
                poll()
            }
            let left = seconds - (BenchClock.now() - start)
            if left > 0 { usleep(UInt32(left * 1_000_000)) }
        } else {
            usleep(UInt32(seconds * 1_000_000))
        }
        let elapsed = BenchClock.now() - start
        let run1 = ProcStat.runNanoseconds(pid: pid)
        let serverRun1 = ProcStat.runNanoseconds(pid: server)
        let serverCPU1 = ProcStat.cpuTicks(pid: server)
        let lines = Self.lines(log).dropFirst(frames0)
        let damage = lines.reduce(0) { sum, line in
            sum
                + (line.split(separator: " ").first { $0.hasPrefix("damage=") }
                    .flatMap { Int($0.dropFirst("damage=".count)) } ?? 0)
        }
        return Window(
            seconds: elapsed, frames: lines.count,
            cpuTicks: ProcStat.cpuTicks(pid: pid) - cpu0,
            runNanoseconds: ProcStat.growth(from: run0, to: run1),
            serverTicks: serverCPU1 - serverCPU0,
            serverNanoseconds: ProcStat.growth(from: serverRun0, to: serverRun1),
            switches: ProcStat.growth(from: switches0, to: ProcStat.contextSwitches(pid: pid)),
            damagePerFrame: lines.isEmpty ? 0 : Double(damage) / Double(lines.count),
            threadsStarted: Set(run1.keys).subtracting(run0.keys).count,
            threadsEnded: Set(run0.keys).subtracting(run1.keys).count)
    }

    /// Launches measured for the startup's median.
    static let startupLaunches = 5

    /// Seconds from just before `app` was spawned to the first byte of its frame log (its
    /// first frame presented), polled every 0.2 ms.
    static func startup(of app: AppProcess) throws -> Double {
        while BenchClock.now() - app.launchTime < 10 {
            if fileSize(app.frameLogPath) > 0 { return BenchClock.now() - app.launchTime }
            guard app.process.isRunning else {
                throw BenchFailure(
                    "window: the app exited with status \(app.process.terminationStatus) before its first "
                        + "frame: \(app.standardError)")
            }
            usleep(200)
        }
        throw BenchFailure("window: no frame within 10 s")
    }

    static func kib(_ value: Int?) -> String {
        guard let value else { return "n/a" }
        return "\(value) kB (\(BenchFormat.fixed(Double(value) / 1024, 1)) MiB)"
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func firstLine(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    static func lastLine(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let lines = data.split(separator: 0x0A)
        return lines.last.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func lines(_ path: String) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }

    static func lineCount(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

/// Numbers about a process from /proc.
enum ProcStat {
    /// utime + stime in clock ticks (fields 14 and 15 of /proc/PID/stat).
    static func cpuTicks(pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name (which may hold spaces): state is field 3.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }

    /// Time on a CPU in ns, per thread id (first field of each task's schedstat).
    static func runNanoseconds(pid: Int32) -> [String: Int] {
        var result: [String: Int] = [:]
        for task in tasks(pid) {
            let text =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            result[task] = text.split(separator: " ").first.flatMap { Int($0) } ?? 0
        }
        return result
    }

    /// Voluntary and involuntary context switches per thread id: each is a wake-up or a
    /// preemption.
    static func contextSwitches(pid: Int32) -> [String: Int] {
        var result: [String: Int] = [:]
        for task in tasks(pid) {
            let text =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            result[task] =
                field("voluntary_ctxt_switches:", in: text) + field("nonvoluntary_ctxt_switches:", in: text)
        }
        return result
    }

    /// How much each thread's counter grew from `before` to `after`, summed; a thread that
    /// appeared in between counts from zero, one that ended counts for nothing (its last
    /// numbers are gone with it).
    static func growth(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { sum, entry in sum + max(0, entry.value - (before[entry.key] ?? 0)) }
    }

    /// Peak resident set size in kB.
    static func vmHWM(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
            return nil
        }
        let value = field("VmHWM:", in: text)
        return value > 0 ? value : nil
    }

    private static func tasks(_ pid: Int32) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    }

    private static func field(_ name: String, in text: String) -> Int {
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let value = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return Int(value ?? "") ?? 0
        }
        return 0
    }
}

/// Sends keys to the app's window with xdotool; a key that xdotool fails to send is an error,
/// since the measurement would not be what it says.
struct XdotoolDriver {
    let server: XvfbSession

    /// Waits up to 10 s for a mapped window named `name` and gives it the keyboard focus.
    func waitForWindow(named name: String) throws {
        var window: String?
        guard
            eventually(
                timeout: 10,
                {
                    window = server.findWindow(named: name)
                    return window != nil
                }),
            let window
        else {
            throw BenchFailure("window: no window named \(name)")
        }
        try server.run("xdotool", ["windowfocus", "--sync", window], requireSuccess: true)
    }

    func keys(_ keys: [String]) throws {
        for key in keys { try server.run("xdotool", ["key", key], requireSuccess: true) }
    }
}
