import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to completion in its own process group, its standard output and error
/// collected together — the compiler a preview build runs.
///
/// The group is what makes cancelling complete: `swiftc` starts frontend and linker processes
/// of its own, and killing the group ends them all, so no compiler outlives a cancelled build
/// or the app (`terminateAll()` runs at exit). Every child is waited for (no zombies): `run`
/// returns only after `waitpid` has reaped it.
final class ChildProcess: @unchecked Sendable {
    struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// Standard output and error, interleaved as written.
        var output: String
        var wasCancelled: Bool
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(path: String, errno: Int32)
        case pipe(errno: Int32)

        var description: String {
            switch self {
            case .spawn(let path, let e): "cannot run \(path): \(String(cString: strerror(e)))"
            case .pipe(let e): "cannot make a pipe: \(String(cString: strerror(e)))"
            }
        }
    }

    private let lock = NSLock()
    private var pid: pid_t = 0
    private var cancelled = false

    /// The groups of every child still running, for `terminateAll()`.
    nonisolated(unsafe) private static var running: Set<pid_t> = []
    private static let runningLock = NSLock()

    /// Runs `path` with `arguments` (not through a shell), standard input from /dev/null, and
    /// waits for it. Blocks the calling thread: call it off the main thread.
    func run(_ path: String, _ arguments: [String]) throws -> Result {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure.pipe(errno: errno) }
        // Only the child's copies (dup2'ed to 1 and 2) survive exec.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        defer { close(fds[0]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (so the whole compiler can be killed), default signal handling
        // (the app ignores SIGPIPE; the compiler should not inherit that), nothing blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGXFSZ, SIGINT, SIGTERM] { sigaddset(&defaults, s) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        lock.lock()
        if cancelled {
            lock.unlock()
            close(fds[1])
            return Result(status: 128 + SIGKILL, output: "", wasCancelled: true)
        }
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            lock.unlock()
            throw Failure.spawn(path: path, errno: spawned)
        }
        pid = child
        Self.runningLock.withLock { _ = Self.running.insert(child) }
        lock.unlock()

        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n > 0 {
                output.append(contentsOf: chunk[0..<n])
            } else if n < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // The leader is gone; anything it left in its group goes with it.
        kill(-child, SIGKILL)
        Self.runningLock.withLock { _ = Self.running.remove(child) }
        lock.lock()
        pid = 0
        let wasCancelled = cancelled
        lock.unlock()
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            status: code, output: String(decoding: output, as: UTF8.self), wasCancelled: wasCancelled)
    }

    /// Ends the run (and every process of its group) now or, if it has not started, before it
    /// starts. `run` then returns with `wasCancelled`.
    func cancel() {
        lock.withLock {
            cancelled = true
            if pid > 0 { kill(-pid, SIGKILL) }
        }
    }

    /// Kills every child group still running (the app is exiting).
    static func terminateAll() {
        runningLock.withLock {
            for group in running { kill(-group, SIGKILL) }
        }
    }
}
