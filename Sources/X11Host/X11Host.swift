import Dispatch
import Foundation
import HostSeam
import LayerKit

/// Runs a `WindowApp` in an X11 window: the program's previewer.
public enum X11Host {
    /// What the command line asked of the window.
    public struct Options: Sendable {
        /// Pixels per point; nil takes `Xft.dpi` (96 dpi = 1), else 1.
        public var scale: Double?
        /// Initial window size in points; nil takes the app's preferred size.
        public var size: Size?
        /// Use MIT-SHM when the server offers it (the fallback is plain XPutImage).
        public var sharedMemory: Bool

        public init(scale: Double? = nil, size: Size? = nil, sharedMemory: Bool = true) {
            self.scale = scale
            self.size = size
            self.sharedMemory = sharedMemory
        }
    }

    /// Opens the window and runs `app` on the main thread (`HostWindow.run()`, which also serves
    /// the main dispatch queue) until the user quits (exit 0: Q/Esc, the window manager's close, SIGINT, SIGTERM). With no usable
    /// display it prints one line naming DISPLAY and exits 2; a lost connection exits 1.
    ///
    /// Environment: `LOADERLAB_FRAME_LOG=path` appends one line per rendered frame (a debug
    /// counter for tests and benchmarks): `frame N size=WxH scale=S shm=0|1 damage=PIXELS`
    /// followed by the app's `frameSummary`; `LOADERLAB_NO_SHM=1` forces the plain-XImage path.
    @MainActor
    public static func run(_ app: WindowApp, options: Options) -> Never {
        var options = options
        if ProcessInfo.processInfo.environment["LOADERLAB_NO_SHM"] == "1" {
            options.sharedMemory = false
        }
        do {
            let display = try X11Display()
            // Kept alive by this frame, which `run()` never leaves; the window's callbacks hold it
            // weakly.
            let host = try HostWindow(display: display, app: app, options: options)
            host.start()
            host.run()
        } catch let error as X11HostError {
            StandardStream.error.report("\(error)")
            if case .noDisplay = error { exit(2) }
            exit(1)
        } catch {
            StandardStream.error.report("loaderlab: \(error)")
            exit(1)
        }
    }
}
