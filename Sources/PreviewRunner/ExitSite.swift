import CProcess
import Foundation
import LayerKit
import PreviewSeam

#if canImport(Glibc)
    import Glibc
#endif

/// Where a preview called `exit`, or aborted: the return addresses on the stack that lie in the
/// preview library, as offsets into its file, written on standard error between two marker
/// lines for the supervisor to symbolicate (`PreviewSymbolizer`).
///
/// The runtime's backtracer cannot help here: it unwinds by frame pointers, which stop at the C
/// library's exit handlers and inside `abort()` (a failed `as!` cast ends there); glibc's
/// `backtrace` unwinds by the unwind tables and gets through. For an abort the report is written
/// by a signal handler in C (CProcess's `loaderlab_abort_handler`), before the backtracer's own
/// report, which the supervisor still reads for the reason.
/// Each address is a return address, so one is taken off to land inside the call.
enum ExitSite {
    /// At most this many of the library's frames are reported (the innermost first).
    static let maximumFrames = 8

    static func report(library: String) {
        let capacity = 128
        var addresses = [UnsafeMutableRawPointer?](repeating: nil, count: capacity)
        let count = addresses.withUnsafeMutableBufferPointer { backtrace($0.baseAddress, Int32(capacity)) }
        let real =
            realpath(library, nil).map { p in
                defer { free(p) }
                return String(cString: p)
            } ?? library
        var lines: [String] = []
        for address in addresses.prefix(Int(max(0, count))) {
            guard let address, lines.count < maximumFrames else { continue }
            var path: UnsafePointer<CChar>?
            var base: UnsafeMutableRawPointer?
            guard loaderlab_image_of(address, &path, &base) != 0, let path, let base else { continue }
            let file = String(cString: path)
            guard file == library || file == real else { continue }
            let offset = UInt(bitPattern: address) &- UInt(bitPattern: base) &- 1
            lines.append("0x" + String(offset, radix: 16))
        }
        let text =
            ExitSiteFormat.begin + " " + SeamMessage.escape(library) + "\n" + lines.map { $0 + "\n" }.joined()
            + ExitSiteFormat.end + "\n"
        try? StandardStream.error.write(text)
    }

    /// Installs the SIGABRT handler that writes the report for `library` and then runs the
    /// handler installed before it (the runtime's backtracer). Once per process.
    static func reportAborts(library: String) {
        // Kept for the life of the process: the handler reads them.
        let raw = strdup(library)
        let escaped = strdup(SeamMessage.escape(library))
        let begin = strdup(ExitSiteFormat.abortBegin)
        let end = strdup(ExitSiteFormat.end)
        var action = sigaction()
        var previous = sigaction()
        sigaction(SIGABRT, nil, &previous)
        typealias Handler = @convention(c) (Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let old = previous.__sigaction_handler.sa_sigaction.map { unsafeBitCast($0, to: Handler.self) }
        // SIG_DFL and SIG_IGN are not functions: after this handler returns, `abort()` ends the
        // process itself.
        let callable = old.flatMap { f -> Handler? in
            let bits = unsafeBitCast(f, to: UInt.self)
            return bits <= 1 ? nil : f
        }
        loaderlab_abort_setup(raw, escaped, begin, end, callable)
        action.__sigaction_handler.sa_sigaction = unsafeBitCast(
            loaderlab_abort_handler as Handler,
            to: (@convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void)
                .self)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        sigaction(SIGABRT, &action, nil)
    }
}
