import CProcess
import Foundation
import LayerKit
import PreviewSeam

#if canImport(Glibc)
    import Glibc
#endif

/// Where a preview called `exit`: the return addresses on the stack that lie in the preview
/// library, as offsets into its file, written on standard error between two marker lines for
/// the supervisor to symbolicate (`PreviewSymbolizer`).
///
/// The runtime's backtracer cannot help here: it unwinds by frame pointers, which stop at the C
/// library's exit handlers; glibc's `backtrace` unwinds by the unwind tables and gets through.
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
}
