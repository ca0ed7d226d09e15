#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call's `errno`, in words for a message ("no space left on device").
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32

    public init(_ code: Int32) {
        self.code = code
    }

    /// The C library's wording with a lower-case first letter, to follow a colon.
    public var description: String {
        if code == EBADF { return "it is closed" }
        guard let text = strerror(code) else { return "error \(code)" }
        let words = String(cString: text)
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}

/// Standard output or standard error, written with `write(2)`.
///
/// `FileHandle.write` traps when the stream is closed, full or its reader has gone; here each
/// of those is an error the caller sees (with `SIGPIPE` ignored, a closed pipe is `EPIPE`).
/// Every write is complete or fails: short writes are continued, `EINTR` retried, and a
/// non-blocking descriptor is waited on.
public struct StandardStream: Sendable {
    /// A write that failed, naming the stream and why.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let stream: String
        public let error: SystemError

        public var description: String { "cannot write to \(stream): \(error)" }
    }

    public let fileDescriptor: Int32
    /// "standard output" or "standard error", for messages.
    public let name: String

    public static let output = StandardStream(fileDescriptor: 1, name: "standard output")
    public static let error = StandardStream(fileDescriptor: 2, name: "standard error")

    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// Writes `text` as UTF-8, whole.
    public func write(_ text: String) throws(Failure) {
        do {
            try Self.writeAll(Array(text.utf8), to: fileDescriptor)
        } catch {
            throw Failure(stream: name, error: error)
        }
    }

    /// Writes `line` and a newline, ignoring a failure: for messages on standard error, where
    /// there is nowhere left to report one.
    public func report(_ line: String) {
        try? write(line + "\n")
    }

    /// Writes every byte of `bytes` to `fd`, or throws the `errno` of the call that failed.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
            do throws(SystemError) {
                try writeAll(buffer, to: fd)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes every byte of `bytes` to `fd`, or throws the `errno` of the call that failed.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            #if canImport(Darwin)
                let n = Darwin.write(fd, base + written, bytes.count - written)
            #elseif canImport(Musl)
                let n = Musl.write(fd, base + written, bytes.count - written)
            #else
                let n = Glibc.write(fd, base + written, bytes.count - written)
            #endif
            if n >= 0 {
                written += n
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                // Someone else's non-blocking descriptor (a shared pipe): wait until it drains.
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            default:
                throw SystemError(code)
            }
        }
    }

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, so that a file the
    /// program opens later cannot take its number and receive what is meant for the stream.
    /// Standard output and error are opened read-only: writing to them still fails (`EBADF`)
    /// as it would have on the closed descriptor.
    public static func reserveClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}
