import CX11
import Dispatch
import Foundation
import HostSeam
import LayerKit

/// The window, its back buffer and the event loop that feeds the app and paces its frames.
///
/// Everything happens on the main thread, in `run()`'s loop: one `poll` waits for the X
/// connection, the frame clock (a timerfd) and the main dispatch queue (signal sources and
/// anything else queued on it run from there). After each wake-up, `pump()` drains Xlib's own
/// event queue (any call that reads the socket may have moved events off it where the poll
/// cannot see them) and draws a frame when one is due. A frame costs one wake-up of one
/// thread, not a timer on libdispatch's manager thread handing work to a pool thread.
///
/// Presenting does not wait for the server. With shared memory the server reads the pixels
/// when it runs the put, so the next frame is drawn only after the put's ShmCompletion event
/// arrived; a frame that falls due before that is deferred to the event, never waited for.
///
/// This file holds the window's state, its opening, `pump()` and the exit; by concern:
/// `+Properties` (what the window manager is told), `+Events` (X events translated for the
/// app), `+Frames` (drawing, presenting, shared-memory pacing, the frame log) and `+Loop` (the
/// frame clock and the poll loop).
@MainActor
final class HostWindow {
    let x: X11Display
    let app: WindowApp
    let window: Window
    let gc: GC
    let deleteWindowAtom: Atom
    let allowSharedMemory: Bool
    /// MIT-SHM's completion event type, when the server has the extension.
    let completionType: Int32?
    /// When the last put that still owes a completion event was sent (monotonic seconds).
    var lastPresentTime = 0.0
    /// A completion this late is taken as lost: a round trip then proves the put has run.
    static let completionTimeout = 0.1
    let frameInterval: Double

    var scale: Double
    var pixelWidth: Int
    var pixelHeight: Int
    var buffer: BackBuffer?
    var bufferIsFresh = true
    var exposed: [PixelRect] = []
    var inputChanged = false
    var frameDue = false
    /// A frame the app asked for is on its way (`setFrameRequester`).
    var frameRequested = false
    var dragging = false
    var lastPointer = Point.zero

    var signalSources: [DispatchSourceSignal] = []

    /// False while the window is unmapped (minimised, on another workspace): nothing is drawn
    /// and the frame timer is off until it is mapped again.
    var isMapped = true
    /// Something changed while unmapped, so the buffer no longer shows the current frame.
    var missedFrameWhileUnmapped = false

    var frameLog: Int32 = -1
    var framesRendered = 0
    /// The last size the server reported, not yet adopted.
    var pendingSize: (Int, Int)?
    /// The frame clock: a timerfd that ticks every `frameInterval` while armed (missed ticks
    /// add up in its counter and make one frame, not a burst).
    lazy var clock: Int32 = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    var clockRunning = false

    /// Largest window side opened, in pixels: the back buffer's limit (the command line
    /// refuses a `--size` at a `--scale` beyond it; the gallery's own size never reaches it
    /// below scale 8).
    static let maxInitialPixels = Double(BackBuffer.maxDimension)

    /// One line on standard error.
    static func note(_ message: String) {
        StandardStream.error.report("loaderlab: \(message)")
    }

    init(display x: X11Display, app: WindowApp, options: X11Host.Options) throws {
        self.x = x
        self.app = app
        allowSharedMemory = options.sharedMemory
        completionType = options.sharedMemory ? x.sharedMemoryCompletionType : nil
        // A scale from the command line was checked there and is taken as it is; the one
        // derived from Xft.dpi is already limited to 0.25…10 and kept to 0.5…4 here.
        if let requested = options.scale, requested.isFinite, requested > 0 {
            scale = requested
        } else {
            scale = Swift.min(4, Swift.max(0.5, x.xftScale ?? 1))
        }
        frameInterval = 1 / (x.refreshRate ?? 60)

        let points = HostWindow.validSize(options.size) ?? app.preferredSize
        pixelWidth = HostWindow.pixels(points.width * scale)
        pixelHeight = HostWindow.pixels(points.height * scale)
        let wanted = (points.width * scale, points.height * scale)
        if wanted.0 > Self.maxInitialPixels || wanted.1 > Self.maxInitialPixels {
            HostWindow.note(
                "the window is limited to \(Int(Self.maxInitialPixels)) pixels a side: at scale "
                    + "\(scale) it opens at \(pixelWidth)x\(pixelHeight) pixels, showing "
                    + "\(Int(Double(pixelWidth) / scale))x\(Int(Double(pixelHeight) / scale)) points")
        }

        var attributes = XSetWindowAttributes()
        // No background: the server must not clear the window before we present (flicker).
        attributes.background_pixmap = 0
        attributes.border_pixel = 0
        attributes.colormap = XCreateColormap(x.display, x.root, x.visual, AllocNone)
        attributes.bit_gravity = NorthWestGravity
        // Motion without a button is the app's hover; it draws only when that changes something.
        attributes.event_mask =
            ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask
            | ButtonReleaseMask | Button1MotionMask | PointerMotionMask | LeaveWindowMask
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWColormap | CWBitGravity | CWEventMask)
        window = XCreateWindow(
            x.display, x.root, 0, 0, UInt32(pixelWidth), UInt32(pixelHeight), 0, x.depth,
            UInt32(InputOutput), x.visual, mask, &attributes)
        gc = XCreateGC(x.display, window, 0, nil)
        deleteWindowAtom = x.atom("WM_DELETE_WINDOW")
        X11ErrorState.window = window
        setProperties(title: app.title)
        openFrameLog()
    }

    static func validSize(_ size: Size?) -> Size? {
        guard let size, size.isFinite, size.width >= 1, size.height >= 1 else { return nil }
        return size
    }

    static func pixels(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return Int(Swift.min(maxInitialPixels, Swift.max(1, value.rounded())))
    }

    func openFrameLog() {
        guard let path = ProcessInfo.processInfo.environment["LOADERLAB_FRAME_LOG"], !path.isEmpty
        else { return }
        frameLog = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if frameLog < 0 {
            StandardStream.error.report("loaderlab: cannot open LOADERLAB_FRAME_LOG \(path)")
        }
    }

    // MARK: - Running

    /// Shows the window and installs the signal sources. Returns; `run()` runs the loop.
    func start() {
        // Asynchronous and coalesced: a request can come from inside an event the pump is
        // handling.
        app.setFrameRequester { [weak self] in
            guard let self, !self.frameRequested else { return }
            self.frameRequested = true
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.frameRequested = false
                    self.frameDue = true
                    self.pump()
                }
            }
        }
        app.resize(to: pointSize, scale: scale)
        XMapWindow(x.display, window)
        XFlush(x.display)

        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.quit(0)
                }
            }
            source.resume()
            signalSources.append(source)
        }
        signal(SIGPIPE, SIG_IGN)
        pump()
    }

    var pointSize: Size {
        Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// Handles every queued event, then draws a frame if one is due, and repeats while the
    /// drawing's round trip queued more events. Re-arms or disarms the frame timer at the end.
    func pump() {
        var rounds = 0
        repeat {
            while XPending(x.display) > 0 {
                var event = XEvent()
                XNextEvent(x.display, &event)
                handle(&event)
            }
            if app.wantsQuit || X11ErrorState.windowGone { quit(0) }
            applyPendingResize()
            renderIfDue()
            rounds += 1
        } while XPending(x.display) > 0 && rounds < 4
        if XPending(x.display) > 0 {
            // A flood of events (a resize storm): let other sources run, then continue.
            DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.pump() } }
        }
        updateTimer()
    }

    // MARK: - Exit

    /// Lets the app finish (a recording being written), releases the buffer and the window and
    /// exits with `code`.
    func quit(_ code: Int32) -> Never {
        app.willQuit()
        buffer?.destroy()
        buffer = nil
        if !X11ErrorState.windowGone { XDestroyWindow(x.display, window) }
        XFreeGC(x.display, gc)
        x.close()
        if frameLog >= 0 { close(frameLog) }
        exit(code)
    }
}
