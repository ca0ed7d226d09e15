import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One end of a Unix socket pair that carries `SeamMessage`s, one a packet (`SOCK_SEQPACKET`:
/// message boundaries are kept, so no framing), between `loaderlab preview` and its preview
/// process.
///
/// The descriptor is owned and closed in `deinit`. Sends never block for long: a message is a
/// short line and the other side reads as it goes; a peer that is gone makes `send` throw
/// (`EPIPE`, not a signal: the programs ignore SIGPIPE) and `receive` return nil.
public final class SeamChannel: @unchecked Sendable {
    public let descriptor: Int32
    /// Largest packet read; longer ones are cut, and fail to parse.
    static let maximumPacket = 1 << 18
    /// Where packets are read (allocated once: a frame's answer is read sixty times a second).
    private let packet = UnsafeMutableRawBufferPointer.allocate(byteCount: maximumPacket, alignment: 8)

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// Takes ownership of `descriptor`.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
        packet.deallocate()
    }

    /// A connected pair: one end for this process, one to hand to the preview process (the
    /// second is not close-on-exec; the first is).
    public static func makePair() throws -> (local: SeamChannel, remote: Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0
        else {
            throw Failure(description: "cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        // The remote end is inherited by the child (posix_spawn's dup2 clears close-on-exec).
        return (SeamChannel(descriptor: fds[0]), fds[1])
    }

    /// Sends one message. Throws when the peer is gone.
    public func send(_ message: SeamMessage) throws {
        let bytes = Array(message.encoded.utf8)
        let sent = bytes.withUnsafeBytes { b in
            Glibc.send(descriptor, b.baseAddress, b.count, Int32(MSG_NOSIGNAL))
        }
        guard sent == bytes.count else {
            throw Failure(
                description: "cannot send to the preview process: \(String(cString: strerror(errno)))")
        }
    }

    /// The next message, waiting at most `timeout` seconds (nil: for ever; 0: not at all).
    /// Returns nil when nothing came in time; throws when the peer closed its end or a
    /// message cannot be read.
    public func receive(timeout: Double?) throws -> SeamMessage? {
        var pfd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = timeout.map { Self.now() + $0 }
        while true {
            let remaining =
                deadline.map { Swift.max(0, Int32((($0 - Self.now()) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&pfd, 1, remaining)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure(
                    description: "cannot wait for the preview process: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { return nil }
            break
        }
        return try receiveReady()
    }

    /// A message already waiting (the descriptor polled readable); nil if there is none.
    public func receiveIfAny() throws -> SeamMessage? {
        try receive(timeout: 0)
    }

    private func receiveReady() throws -> SeamMessage? {
        let n = recv(descriptor, packet.baseAddress, packet.count, Int32(MSG_DONTWAIT))
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
            throw Failure(
                description: "cannot read from the preview process: \(String(cString: strerror(errno)))")
        }
        if n == 0 { throw Failure(description: "the preview process closed its end") }
        return try SeamMessage(
            encoded: String(decoding: UnsafeRawBufferPointer(rebasing: packet[0..<n]), as: UTF8.self))
    }

    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
