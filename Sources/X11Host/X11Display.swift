import CX11
import Foundation
import LayerKit

/// Why the host could not start.
public enum X11HostError: Error, CustomStringConvertible {
    /// DISPLAY is unset or the display cannot be opened.
    case noDisplay(String?)
    /// The screen offers no TrueColor visual with 16- or 32-bit pixels to show frames in.
    case unsupportedVisual(depth: Int32)
    /// The back buffer could not be allocated.
    case bufferAllocation(width: Int, height: Int)

    public var description: String {
        switch self {
        case .noDisplay(let name):
            // The value is quoted as any argument is: escaped, and cut short if long.
            let which =
                name.map { "DISPLAY=\(MessageText.escaped($0)) cannot be opened" } ?? "DISPLAY is not set"
            return "loaderlab: \(which); the previewer needs an X display"
                + " (try `loaderlab sheet --out sheet.png` to draw the loaders without one)"
        case .unsupportedVisual(let depth):
            return "loaderlab: the X screen has no TrueColor visual with 16- or 32-bit pixels"
                + " (default depth \(depth)); the previewer needs one"
        case .bufferAllocation(let w, let h):
            return "loaderlab: cannot allocate a \(w)x\(h) back buffer"
        }
    }
}

/// Process-wide state the C error handlers need: they cannot capture context.
/// Touched only on the main thread (Xlib calls its handlers on the thread that made the call).
enum X11ErrorState {
    nonisolated(unsafe) static var displayName = ""
    /// Set by the error handler; read by code that provokes an expected error (XShmAttach).
    nonisolated(unsafe) static var lastErrorCode: UInt8 = 0
    /// Non-fatal protocol errors reported so far (printed only the first few times).
    nonisolated(unsafe) static var reported = 0
    /// True while a request that may fail on purpose runs (attaching shared memory to a
    /// remote server): its error is recorded, not printed.
    nonisolated(unsafe) static var expectingError = false
    /// The host's window, and whether another client destroyed it: requests on it then fail
    /// with BadWindow or BadDrawable, which mean "quit quietly", not a problem to report.
    nonisolated(unsafe) static var window: Window = 0
    nonisolated(unsafe) static var windowGone = false
}

/// Installs handlers: a protocol error is remembered and reported (a few times) but never
/// kills the app; a lost connection prints one line and exits non-zero, since Xlib cannot
/// continue after its I/O error handler returns.
func installX11ErrorHandlers() {
    XSetErrorHandler { display, event in
        guard let event else { return 0 }
        X11ErrorState.lastErrorCode = event.pointee.error_code
        let code = Int32(event.pointee.error_code)
        if X11ErrorState.window != 0, event.pointee.resourceid == X11ErrorState.window,
            code == BadWindow || code == BadDrawable
        {
            X11ErrorState.windowGone = true
            return 0
        }
        if !X11ErrorState.expectingError, X11ErrorState.reported < 3 {
            X11ErrorState.reported += 1
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(
                decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                as: UTF8.self)
            StandardStream.error.report(
                "loaderlab: X error \(message) (request \(event.pointee.request_code))")
        }
        return 0
    }
    XSetIOErrorHandler { _ in
        StandardStream.error.report(
            "loaderlab: lost the connection to the X server (DISPLAY=\(MessageText.escaped(X11ErrorState.displayName)))"
        )
        exit(1)
    }
}

/// An open connection to the X server and the facts about its screen the host needs.
@MainActor
final class X11Display {
    let display: OpaquePointer
    let screen: Int32
    let root: Window
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32

    /// Opens `DISPLAY`. Throws `.noDisplay` when it is unset or cannot be opened.
    init() throws {
        let name = ProcessInfo.processInfo.environment["DISPLAY"]
        guard let name, !name.isEmpty else { throw X11HostError.noDisplay(nil) }
        guard let display = XOpenDisplay(nil) else { throw X11HostError.noDisplay(name) }
        X11ErrorState.displayName = name
        installX11ErrorHandlers()
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)

        guard let format = X11Display.chooseVisual(display, screen: screen) else {
            let depth = XDefaultDepth(display, screen)
            XCloseDisplay(display)
            throw X11HostError.unsupportedVisual(depth: depth)
        }
        visual = format.visual
        depth = format.depth
        pixelFormat = format.pixelFormat
    }

    /// The visual the window uses and how its pixels are laid out.
    let pixelFormat: PixelFormat

    /// A 24-bit TrueColor visual with 32-bit pixels and the usual masks shows Cairo's ARGB32
    /// words as they are; that is the first choice on any screen that has one. Otherwise the
    /// TrueColor visual of the screen's default depth (16 on VNC sessions, 30 on deep-colour
    /// monitors), with 16- or 32-bit pixels, into which each presented frame is converted.
    private static func chooseVisual(_ display: OpaquePointer, screen: Int32)
        -> (visual: UnsafeMutablePointer<Visual>, depth: Int32, pixelFormat: PixelFormat)?
    {
        var info = XVisualInfo()
        if XMatchVisualInfo(display, screen, 24, TrueColor, &info) != 0,
            bitsPerPixel(display, depth: 24) == 32
        {
            let format = PixelFormat(
                bitsPerPixel: 32, redMask: UInt32(info.red_mask), greenMask: UInt32(info.green_mask),
                blueMask: UInt32(info.blue_mask))
            if format.isARGB32 { return (info.visual, 24, format) }
        }
        let depth = XDefaultDepth(display, screen)
        let bits = bitsPerPixel(display, depth: depth)
        guard XMatchVisualInfo(display, screen, depth, TrueColor, &info) != 0,
            bits == 16 || bits == 32
        else { return nil }
        let format = PixelFormat(
            bitsPerPixel: Int(bits), redMask: UInt32(truncatingIfNeeded: info.red_mask),
            greenMask: UInt32(truncatingIfNeeded: info.green_mask),
            blueMask: UInt32(truncatingIfNeeded: info.blue_mask))
        guard format.isValid else { return nil }
        return (info.visual, depth, format)
    }

    private static func bitsPerPixel(_ display: OpaquePointer, depth: Int32) -> Int32 {
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(display, &count) else { return 0 }
        defer { XFree(formats) }
        for i in 0..<Int(count) where formats[i].depth == depth {
            return formats[i].bits_per_pixel
        }
        return 0
    }

    /// The file descriptor of the connection, for a read source.
    var connectionNumber: Int32 { XConnectionNumber(display) }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Pixels per point from the `Xft.dpi` resource (96 dpi = 1), or nil when unset or absurd.
    var xftScale: Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        return X11Display.scale(fromResources: String(cString: resources))
    }

    /// Parses `Xft.dpi` out of a resource-manager string ("Xft.dpi:\t192" → 2).
    nonisolated static func scale(fromResources text: String) -> Double? {
        for line in text.split(whereSeparator: { $0 == "\n" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2,
                parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)),
                dpi.isFinite, dpi >= 24, dpi <= 960
            else { continue }
            return dpi / 96
        }
        return nil
    }

    /// The refresh rate of the screen in Hz from XRandR, or nil when unknown.
    var refreshRate: Double? {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
            let config = XRRGetScreenInfo(display, root)
        else { return nil }
        defer { XRRFreeScreenConfigInfo(config) }
        let rate = Double(XRRConfigCurrentRate(config))
        // Virtual servers report 0 (or nonsense); a real panel is somewhere in this range.
        return (rate >= 20 && rate <= 500) ? rate : nil
    }

    /// True when the server offers MIT-SHM (it may still refuse to attach: remote servers).
    var hasSharedMemory: Bool { XShmQueryExtension(display) != 0 }

    /// The event type of MIT-SHM's ShmCompletion, or nil when the server lacks the extension.
    var sharedMemoryCompletionType: Int32? {
        hasSharedMemory ? XShmGetEventBase(display) + ShmCompletion : nil
    }

    func close() { XCloseDisplay(display) }
}
