import CProcess
import Foundation
import LayerKit
import PreviewSeam

#if canImport(Glibc)
    import Glibc
#endif

/// A running preview process (`loaderlab-preview-process`), seen from the side that started it:
/// the channel to it, its standard error, and how it ended.
///
/// It gets the channel as descriptor 3 and the shared frame (if any) as 4; standard input is
/// /dev/null and standard output is this process's. Its standard error comes through a pipe,
/// read on a thread of its own: what it says goes on to this process's standard error as it
/// comes, except the Swift runtime's report of a crash, which is kept for `failure(…)`. The
/// runtime's backtracer is asked for that report as JSON (`SWIFT_BACKTRACE`), so the user's
/// own file and line can be picked out of it.
///
/// The process dies with this one (it asks for SIGKILL when its parent dies), and `terminate()`
/// and `stopForBacktrace()` end it here; every one started is waited for.
public final class PreviewProcess: @unchecked Sendable {
    public let pid: pid_t
    public let channel: SeamChannel
    private let errors: ErrorStream
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// The program next to this one (`loaderlab-preview-process`), or `LOADERLAB_PREVIEW_PROCESS`.
    public static func executable(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String {
        if let path = environment["LOADERLAB_PREVIEW_PROCESS"], !path.isEmpty { return path }
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let path = (exe as NSString).deletingLastPathComponent + "/loaderlab-preview-process"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw PreviewToolchain.Missing(
                description:
                    "the preview process \(path) is missing: build it with `make` (or `make release`)")
        }
        return path
    }

    /// What the Swift runtime's backtracer is asked for: a report, at once, as JSON, of the
    /// crashed thread only, without registers or the list of images (all of which only cost).
    static let backtraceSettings =
        "enable=yes,interactive=no,color=no,format=json,threads=crashed,registers=none,images=none,"
        + "output-to=stderr,timeout=5"

    /// Starts `executable` with `arguments` (after `--channel 3`, and `--frame 4` when `frame`
    /// is given).
    public static func start(
        _ executable: String, arguments: [String], frame: SharedFrame? = nil
    ) throws -> PreviewProcess {
        let (channel, remote) = try SeamChannel.makePair()
        defer { close(remote) }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0,
            fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            throw SeamChannel.Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(pipeEnds[1]) }
        // Above the numbers the child gets them at, so no dup2 is a no-op that keeps
        // close-on-exec.
        let channelCopy = fcntl(remote, F_DUPFD_CLOEXEC, 10)
        let frameCopy = frame.map { fcntl($0.descriptor, F_DUPFD_CLOEXEC, 10) } ?? -1
        defer {
            close(channelCopy)
            if frameCopy >= 0 { close(frameCopy) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_adddup2(&actions, channelCopy, 3)
        if frameCopy >= 0 { posix_spawn_file_actions_adddup2(&actions, frameCopy, 4) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGXFSZ, SIGINT, SIGTERM, SIGQUIT] { sigaddset(&defaults, s) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = backtraceSettings
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in env { free(e) } }
        let all = ["--channel", "3"] + (frame == nil ? [] : ["--frame", "4"]) + arguments
        let argv = ([executable] + all).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, env)
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw SeamChannel.Failure(
                description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return PreviewProcess(pid: child, channel: channel, errors: ErrorStream(descriptor: pipeEnds[0]))
    }

    private init(pid: pid_t, channel: SeamChannel, errors: ErrorStream) {
        self.pid = pid
        self.channel = channel
        self.errors = errors
        _ = Self.registry.withLock { $0.insert(pid) }
    }

    deinit {
        terminate()
    }

    /// How it ended (as `waitpid` says), waiting at most `timeout` seconds (nil: for ever); nil
    /// while it still runs.
    @discardableResult
    public func wait(timeout: Double?) -> Int32? {
        if let status = lock.withLock({ exitStatus }) { return status }
        let deadline = timeout.map { SeamChannel.now() + $0 }
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
            if r == pid {
                lock.withLock { exitStatus = status }
                Self.registry.withLock { _ = $0.remove(pid) }
                errors.finish()
                return status
            }
            if r < 0, errno != EINTR {
                // Not our child any more (reaped elsewhere): take it as killed.
                lock.withLock { exitStatus = 128 + SIGKILL }
                errors.finish()
                return exitStatus
            }
            if let deadline, SeamChannel.now() >= deadline { return nil }
            if deadline != nil { usleep(10_000) }
        }
    }

    /// Ends it now (SIGKILL) and waits for it.
    public func terminate() {
        guard lock.withLock({ exitStatus }) == nil else { return }
        kill(pid, SIGKILL)
        wait(timeout: nil)
    }

    /// A process that does not answer: its main thread is asked for a backtrace (SIGQUIT, which
    /// the runtime's backtracer reports as a crash), given `grace` seconds for it, then killed.
    public func stopForBacktrace(grace: Double = 3) {
        guard lock.withLock({ exitStatus }) == nil else { return }
        _ = loaderlab_thread_kill(pid, pid, SIGQUIT)
        // After a SIGQUIT's report the process goes on: end it as soon as the report is whole.
        let end = SeamChannel.now() + grace
        while SeamChannel.now() < end, wait(timeout: 0) == nil, !errors.hasWholeReport {
            usleep(5_000)
        }
        terminate()
    }

    /// What standard error held of the runtime's crash report, once the process ended.
    public var crashText: CrashText { errors.crash }

    /// Kills every preview process still running (the program is exiting).
    public static func terminateAll() {
        registry.withLock { pids in
            for pid in pids { kill(pid, SIGKILL) }
        }
    }

    private static let registry = Locked<Set<pid_t>>([])
}

/// The runtime's words about a crash, as read from the process's standard error.
public struct CrashText: Sendable, Equatable {
    /// The runtime's message line (`…: Fatal error: Index out of range`), if it printed one.
    public var message: String?
    /// The backtracer's report (JSON), if it wrote one.
    public var report: String?
    /// Where a preview called `exit`: the library and offsets into it (`ExitSiteFormat`).
    public var exitSites: (library: String, offsets: [UInt])?
    /// Where a preview aborted (a failed `as!` cast): the same, recorded on SIGABRT, for when
    /// the backtracer's report stops short of the preview's frames.
    public var abortSites: (library: String, offsets: [UInt])?

    public init(
        message: String? = nil, report: String? = nil, exitSites: (library: String, offsets: [UInt])? = nil,
        abortSites: (library: String, offsets: [UInt])? = nil
    ) {
        self.message = message
        self.report = report
        self.exitSites = exitSites
        self.abortSites = abortSites
    }

    public static func == (a: CrashText, b: CrashText) -> Bool {
        a.message == b.message && a.report == b.report && a.exitSites?.library == b.exitSites?.library
            && a.exitSites?.offsets == b.exitSites?.offsets && a.abortSites?.library == b.abortSites?.library
            && a.abortSites?.offsets == b.abortSites?.offsets
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Reads a preview process's standard error on a thread: passes lines on to this process's
/// standard error, and keeps the runtime's fatal message and the backtracer's report instead.
final class ErrorStream: @unchecked Sendable {
    private let descriptor: Int32
    private let done = DispatchSemaphore(value: 0)
    private let state = Locked(CrashText())
    private var finished = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in self.readAll() }
        thread.name = "preview stderr"
        thread.start()
    }

    /// The runtime's message and report (complete once `finish()` returned).
    var crash: CrashText { state.withLock { $0 } }

    /// The backtracer's report has come whole (its JSON object is complete).
    var hasWholeReport: Bool { state.withLock { $0.report != nil } }

    /// Waits until the stream ended (the process and everything it started are gone), at most
    /// a few seconds (a grandchild may hold the pipe open).
    func finish() {
        guard !finished else { return }
        finished = true
        _ = done.wait(timeout: .now() + 3)
    }

    private func readAll() {
        defer {
            close(descriptor)
            done.signal()
        }
        var pending = [UInt8]()
        // An empty line is held back: the runtime prints one before the backtracer's banner.
        var heldBlank = false
        var inReport = false
        var exitSites: (library: String, offsets: [UInt])?
        var sitesAreAbort = false
        var report = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            if inReport {
                report.append(contentsOf: chunk[0..<n])
                publishIfWhole(report)
                continue
            }
            pending.append(contentsOf: chunk[0..<n])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix("*** Signal ") {
                    // The backtracer's banner: all that follows is its report.
                    inReport = true
                    report.append(contentsOf: pending)
                    pending.removeAll()
                    publishIfWhole(report)
                    break
                }
                if let begin = [ExitSiteFormat.begin, ExitSiteFormat.abortBegin].first(where: {
                    line.hasPrefix($0 + " ")
                }) {
                    let library = (try? SeamMessage.unescape(String(line.dropFirst(begin.count + 1)))) ?? ""
                    exitSites = (library, [])
                    sitesAreAbort = begin == ExitSiteFormat.abortBegin
                    continue
                }
                if let sites = exitSites {
                    if line == ExitSiteFormat.end {
                        let abort = sitesAreAbort
                        state.withLock { if abort { $0.abortSites = sites } else { $0.exitSites = sites } }
                        exitSites = nil
                    } else if line.hasPrefix("0x"), let offset = UInt(line.dropFirst(2), radix: 16) {
                        exitSites?.offsets.append(offset)
                    }
                    continue
                }
                if heldBlank { forward("\n") }
                heldBlank = line.isEmpty
                if Self.isRuntimeMessage(line) {
                    state.withLock { $0.message = line }
                } else if !line.isEmpty {
                    forward(line + "\n")
                }
            }
        }
        if heldBlank, !inReport { forward("\n") }
        if !pending.isEmpty, !inReport { forward(String(decoding: pending, as: UTF8.self)) }
        if !report.isEmpty {
            let text = String(decoding: report, as: UTF8.self)
            state.withLock { $0.report = text }
        }
    }

    /// Makes the report known as soon as its JSON object is complete (it ends in `}`).
    private func publishIfWhole(_ report: [UInt8]) {
        guard let last = report.last(where: { $0 != 10 && $0 != 13 && $0 != 32 }), last == UInt8(ascii: "}"),
            let start = report.firstIndex(of: UInt8(ascii: "{")),
            (try? JSONSerialization.jsonObject(with: Data(report[start...]))) != nil
        else { return }
        let text = String(decoding: report, as: UTF8.self)
        state.withLock { $0.report = text }
    }

    /// The line the Swift runtime prints before it traps (`fatalError`, `precondition`, a
    /// force-unwrapped nil, an index out of range).
    static func isRuntimeMessage(_ line: String) -> Bool {
        PreviewFailure.runtimeMarkers.contains { line.contains($0) }
    }

    private func forward(_ text: String) {
        try? StandardStream.error.write(text)
    }
}
