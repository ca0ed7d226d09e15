import Foundation
import LayerKit

/// Writes a file's bytes to a path named on the command line, without replacing what the path
/// is.
///
/// - A regular file, or a name that does not exist yet, is written atomically: the bytes go to
///   a temporary file in the same directory (a short fixed-length name, so it fits wherever the
///   final name does), which is renamed over the name on success and removed on failure.
/// - A symbolic link is followed: its target is replaced as above, the link stays.
/// - A character or block device or a FIFO is written through (`/dev/null`, `/dev/stdout`, a
///   pipe to another program). A FIFO with no reader is refused rather than waited on.
/// - A directory, a socket or a terminal is refused.
///
/// The path is bytes, not a `String`: a Linux file name need not be UTF-8.
enum OutputFile {
    /// Why a write failed, in words for "cannot write PATH: …".
    struct Failure: Error, Equatable {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }

        init(_ error: SystemError) {
            switch error.code {
            case EACCES, EPERM, EROFS: reason = "not writable"
            default: reason = error.description
            }
        }
    }

    /// Symbolic links followed before giving up, as the kernel's own limit (`ELOOP`).
    static let maximumLinks = 40
    /// `O_PATH`, which Glibc's module map leaves out: a directory handle that needs only
    /// search permission, as the rename itself does.
    #if os(Linux)
        static let directoryFlags: Int32 = 0o10000000 | O_DIRECTORY | O_CLOEXEC
    #else
        static let directoryFlags: Int32 = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    #endif

    static func write(_ bytes: [UInt8], toPath path: [UInt8]) throws(Failure) {
        guard !path.isEmpty else { throw Failure("empty file name") }
        guard !path.contains(0) else { throw Failure("the file name contains a NUL character") }
        let (target, status) = try resolve(path)
        switch status.map({ $0.st_mode & S_IFMT }) {
        case nil, S_IFREG:
            try replace(target, with: bytes)
        case S_IFDIR:
            throw Failure("is a directory")
        case S_IFCHR, S_IFBLK:
            try writeThrough(target, bytes, fifo: false)
        case S_IFIFO:
            try writeThrough(target, bytes, fifo: true)
        case S_IFSOCK:
            throw Failure("is a socket")
        default:
            throw Failure("not a regular file")
        }
    }

    /// What `path` names once symbolic links are followed, and its status (nil when nothing is
    /// there yet: the file will be created under that name).
    ///
    /// A link to something that exists is followed by the kernel: a regular file is named by
    /// its real path (which is then replaced), anything else by the path itself (opened
    /// through the link; `/proc`'s links such as `/dev/stdout` → `/proc/self/fd/1` → `pipe:[…]`
    /// have no path to resolve to). Only a dangling link is followed by its text, to find the
    /// name to create.
    static func resolve(_ path: [UInt8]) throws(Failure) -> ([UInt8], stat?) {
        var status = stat()
        switch try linkStatus(of: path) {
        case nil:
            return (path, nil)
        case let found? where found.st_mode & S_IFMT != S_IFLNK:
            return (path, found)
        default:
            break
        }
        if withCPath(path, { stat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else { return (path, status) }
            guard let real = withCPath(path, { realpath($0, nil) }) else {
                throw Failure(SystemError(errno).description)
            }
            defer { free(real) }
            return (Array(UnsafeRawBufferPointer(start: real, count: strlen(real))), status)
        }
        guard errno == ENOENT else { throw Failure(SystemError(errno).description) }
        // Dangling: read the links one by one to the name that does not exist.
        var current = path
        for _ in 0...maximumLinks {
            guard let found = try linkStatus(of: current) else { return (current, nil) }
            guard found.st_mode & S_IFMT == S_IFLNK else { return (current, found) }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = withCPath(current) { name in
                buffer.withUnsafeMutableBufferPointer { out in
                    out.withMemoryRebound(to: CChar.self) { readlink(name, $0.baseAddress!, $0.count) }
                }
            }
            guard length >= 0 else { throw Failure(SystemError(errno).description) }
            let link = Array(buffer[..<length])
            if link.first == slash {
                current = link
            } else if let last = current.lastIndex(of: slash) {
                current = Array(current[...last]) + link
            } else {
                current = link
            }
        }
        throw Failure(SystemError(ELOOP).description)
    }

    /// `lstat` of `path`: nil when there is nothing by that name in an existing directory.
    static func linkStatus(of path: [UInt8]) throws(Failure) -> stat? {
        var status = stat()
        guard withCPath(path, { lstat($0, &status) }) != 0 else {
            return status
        }
        let code = errno
        switch code {
        case ENOENT where path.last == slash:
            throw Failure("no such directory \(display(path))")
        case ENOENT:
            // Missing: fine for the name itself, not for its directory (found when opening it).
            return nil
        case ENOTDIR:
            throw Failure("no such directory \(display(directory(of: path)))")
        default:
            throw Failure(SystemError(code).description)
        }
    }

    /// Checks that `write(_:toPath:)` could write `path` now, without writing anything: a
    /// regular file's directory takes a new file (one is made and removed), a device opens
    /// for writing and is no terminal; a FIFO is not opened (its reader would see the end of
    /// its input). Throws the failure `write` would report.
    static func check(_ path: [UInt8]) throws(Failure) {
        guard !path.isEmpty else { throw Failure("empty file name") }
        guard !path.contains(0) else { throw Failure("the file name contains a NUL character") }
        let (target, status) = try resolve(path)
        switch status.map({ $0.st_mode & S_IFMT }) {
        case nil, S_IFREG:
            let temporary = try Temporary(beside: target)
            temporary.discard()
        case S_IFDIR:
            throw Failure("is a directory")
        case S_IFCHR, S_IFBLK:
            let fd = withCPath(target) { open($0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
            guard fd >= 0 else { throw Failure(SystemError(errno)) }
            defer { close(fd) }
            guard isatty(fd) == 0 else { throw Failure("is a terminal") }
        case S_IFIFO:
            break
        case S_IFSOCK:
            throw Failure("is a socket")
        default:
            throw Failure("not a regular file")
        }
    }

    /// A new temporary file beside a path, open for writing: renamed over the path when done,
    /// removed otherwise.
    struct Temporary {
        let dirFD: Int32
        let temp: [UInt8]
        let name: [UInt8]
        let fd: Int32

        init(beside path: [UInt8]) throws(Failure) {
            let dir = OutputFile.directory(of: path)
            name = Array(path[(path.lastIndex(of: slash).map { $0 + 1 } ?? 0)...])
            guard !name.isEmpty else { throw Failure("is a directory") }
            dirFD = withCPath(dir) { open($0, directoryFlags) }
            guard dirFD >= 0 else {
                let code = errno
                if code == ENOENT || code == ENOTDIR { throw Failure("no such directory \(display(dir))") }
                throw Failure(SystemError(code))
            }
            var temp: [UInt8] = []
            var fd: Int32 = -1
            for _ in 0..<100 {
                // 23 bytes whatever the final name's length.
                temp = Array(String(format: ".loaderlab-%08x.tmp", UInt32.random(in: 0...UInt32.max)).utf8)
                fd = withCPath(temp) { [dirFD] in
                    openat(dirFD, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                }
                if fd >= 0 || errno != EEXIST { break }
            }
            guard fd >= 0 else {
                let code = errno
                close(dirFD)
                switch code {
                // ENOENT: the directory is there (it is open), yet takes no new file (/proc).
                case EACCES, EPERM, EROFS, ENOENT: throw Failure("directory \(display(dir)) is not writable")
                default: throw Failure(SystemError(code))
                }
            }
            self.temp = temp
            self.fd = fd
        }

        /// Closes and removes the temporary file.
        func discard() {
            close(fd)
            _ = withCPath(temp) { unlinkat(dirFD, $0, 0) }
            close(dirFD)
        }

        /// Writes `bytes`, closes the file and renames it over the name; removes it on failure.
        func commit(_ bytes: [UInt8]) throws(Failure) {
            defer { close(dirFD) }
            var failure: SystemError?
            do {
                try StandardStream.writeAll(bytes, to: fd)
            } catch {
                failure = error
            }
            // close reports some write errors late (NFS, quotas).
            if close(fd) != 0 && failure == nil { failure = SystemError(errno) }
            if failure == nil
                && withCPath(temp, { t in withCPath(name) { renameat(dirFD, t, dirFD, $0) } }) != 0
            {
                failure = SystemError(errno)
            }
            if let failure {
                _ = withCPath(temp) { unlinkat(dirFD, $0, 0) }
                throw Failure(failure)
            }
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
    static func replace(_ path: [UInt8], with bytes: [UInt8]) throws(Failure) {
        try Temporary(beside: path).commit(bytes)
    }

    /// Opens an existing device or FIFO and writes `bytes` into it.
    static func writeThrough(_ path: [UInt8], _ bytes: [UInt8], fifo: Bool) throws(Failure) {
        // Non-blocking, so a FIFO without a reader fails (ENXIO) instead of waiting for one.
        let fd = withCPath(path) { open($0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            if fifo && code == ENXIO { throw Failure("no program is reading from the FIFO") }
            throw Failure(SystemError(code))
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(SystemError(errno)) }
        let type = status.st_mode & S_IFMT
        // Replaced between looking and opening: do not write into the start of a regular file.
        guard type == S_IFCHR || type == S_IFBLK || type == S_IFIFO else {
            throw Failure("changed while it was being opened")
        }
        guard isatty(fd) == 0 else { throw Failure("is a terminal") }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw Failure(SystemError(errno))
        }
        do {
            try StandardStream.writeAll(bytes, to: fd)
        } catch {
            throw Failure(error)
        }
    }

    static let slash = UInt8(ascii: "/")

    /// The directory part of `path`: "." for a bare name, "/" for a name at the root.
    static func directory(of path: [UInt8]) -> [UInt8] {
        guard let last = path.lastIndex(of: slash) else { return Array(".".utf8) }
        return last == 0 ? [slash] : Array(path[..<last])
    }

    /// A path as a message shows it.
    static func display(_ path: [UInt8]) -> String {
        MessageText.escaped(bytes: path)
    }

    /// Calls `body` with `path` as a NUL-terminated C string.
    static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
