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
@MainActor
final class HostWindow {
    /// The running host (kept alive for the process's life; sources hold it weakly).
    static var current: HostWindow?

    private let x: X11Display
    private let app: WindowApp
    private let window: Window
    private let gc: GC
    private let deleteWindowAtom: Atom
    private let allowSharedMemory: Bool
    /// MIT-SHM's completion event type, when the server has the extension.
    private let completionType: Int32?
    /// When the last put that still owes a completion event was sent (monotonic seconds).
    private var lastPresentTime = 0.0
    /// A completion this late is taken as lost: a round trip then proves the put has run.
    private static let completionTimeout = 0.1
    private let frameInterval: Double

    private var scale: Double
    private var pixelWidth: Int
    private var pixelHeight: Int
    private var buffer: BackBuffer?
    private var bufferIsFresh = true
    private var exposed: [PixelRect] = []
    private var inputChanged = false
    private var frameDue = false
    /// A frame the app asked for is on its way (`setFrameRequester`).
    private var frameRequested = false
    private var dragging = false
    private var lastPointer = Point.zero

    private var signalSources: [DispatchSourceSignal] = []

    /// False while the window is unmapped (minimised, on another workspace): nothing is drawn
    /// and the frame timer is off until it is mapped again.
    private var isMapped = true
    /// Something changed while unmapped, so the buffer no longer shows the current frame.
    private var missedFrameWhileUnmapped = false

    private var frameLog: Int32 = -1
    private var framesRendered = 0

    /// Largest window side opened, in pixels: the back buffer's limit (the command line
    /// refuses a `--size` at a `--scale` beyond it; the gallery's own size never reaches it
    /// below scale 8).
    private static let maxInitialPixels = Double(BackBuffer.maxDimension)

    /// One line on standard error.
    private static func note(_ message: String) {
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

    private static func validSize(_ size: Size?) -> Size? {
        guard let size, size.isFinite, size.width >= 1, size.height >= 1 else { return nil }
        return size
    }

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        return Int(Swift.min(maxInitialPixels, Swift.max(1, value.rounded())))
    }

    /// WM_NAME and _NET_WM_NAME (UTF-8), WM_CLASS, WM_PROTOCOLS with WM_DELETE_WINDOW, _NET_WM_PID.
    private func setProperties(title: String) {
        XStoreName(x.display, window, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(
            x.display, window, x.atom("_NET_WM_NAME"), x.atom("UTF8_STRING"), 8, PropModeReplace,
            utf8, Int32(utf8.count))
        let classHint = XAllocClassHint()
        "loaderlab".withCString { name in
            "LoaderLab".withCString { cls in
                classHint?.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint?.pointee.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(x.display, window, classHint)
            }
        }
        XFree(classHint)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(x.display, window, &protocols, 1)
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                x.display, window, x.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        // Window managers give keyboard focus only to windows that say they take input.
        if let wmHints = XAllocWMHints() {
            wmHints.pointee.flags = InputHint | StateHint
            wmHints.pointee.input = 1
            wmHints.pointee.initial_state = NormalState
            XSetWMHints(x.display, window, wmHints)
            XFree(wmHints)
        }
        // Any size down to 1×1 is allowed; the app lays out whatever it gets.
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = 1
            hints.pointee.min_height = 1
            XSetWMNormalHints(x.display, window, hints)
            XFree(hints)
        }
    }

    private func openFrameLog() {
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
        app.setFrameRequester {
            guard let host = HostWindow.current, !host.frameRequested else { return }
            host.frameRequested = true
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let host = HostWindow.current else { return }
                    host.frameRequested = false
                    host.frameDue = true
                    host.pump()
                }
            }
        }
        app.resize(to: pointSize, scale: scale)
        XMapWindow(x.display, window)
        XFlush(x.display)

        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    if let host = HostWindow.current { host.quit(0) }
                }
            }
            source.resume()
            signalSources.append(source)
        }
        signal(SIGPIPE, SIG_IGN)
        pump()
    }

    private var pointSize: Size {
        Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    }

    /// Handles every queued event, then draws a frame if one is due, and repeats while the
    /// drawing's round trip queued more events. Re-arms or disarms the frame timer at the end.
    private func pump() {
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
            DispatchQueue.main.async { MainActor.assumeIsolated { HostWindow.current?.pump() } }
        }
        updateTimer()
    }

    private var pendingSize: (Int, Int)?

    private func handle(_ event: inout XEvent) {
        if let completionType, event.type == completionType {
            completed(&event)
            return
        }
        switch event.type {
        case Expose:
            let e = event.xexpose
            exposed.append(
                PixelRect(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height)))
        case ConfigureNotify:
            let e = event.xconfigure
            // The last one wins, even when it returns to the current size after others.
            pendingSize = (Int(e.width), Int(e.height))
        case ButtonPress where event.xbutton.button == UInt32(Button1):
            dragging = true
            lastPointer = point(event.xbutton.x, event.xbutton.y)
            app.pointer(.down(lastPointer))
            inputChanged = true
        case MotionNotify where dragging:
            lastPointer = point(event.xmotion.x, event.xmotion.y)
            app.pointer(.moved(lastPointer))
            inputChanged = true
        case MotionNotify:
            // No frame of its own: the app asks for one (needsFrames) when the hover changed
            // what it shows, and the timer draws it.
            app.pointer(.hover(point(event.xmotion.x, event.xmotion.y)))
        case LeaveNotify where !dragging:
            app.pointer(.hover(Point(x: -1, y: -1)))
        case ButtonRelease where event.xbutton.button == UInt32(Button1) && dragging:
            dragging = false
            app.pointer(.up(point(event.xbutton.x, event.xbutton.y)))
            inputChanged = true
        case UnmapNotify:
            isMapped = false
            if dragging {
                // Hidden mid-drag (minimised, workspace switch): no release will come; lift
                // the finger where it was so the list does not stay held.
                dragging = false
                app.pointer(.up(lastPointer))
            }
        case MapNotify:
            // Shown again. The Expose events that follow repaint from the buffer; a frame is
            // drawn only if the buffer is out of date (something moved or changed meanwhile).
            isMapped = true
            if missedFrameWhileUnmapped || app.needsFrames { frameDue = true }
            missedFrameWhileUnmapped = false
        case KeyPress:
            if let key = KeyMap.key(for: &event.xkey) {
                app.key(key)
                inputChanged = true
            }
        case ClientMessage:
            if UInt(bitPattern: event.xclient.data.l.0) == deleteWindowAtom { quit(0) }
        case DestroyNotify where event.xdestroywindow.window == window:
            // Destroyed by another client: there is nothing left to release on the server.
            X11ErrorState.windowGone = true
            quit(0)
        default:
            break
        }
    }

    private func point(_ px: Int32, _ py: Int32) -> Point {
        Point(x: Double(px) / scale, y: Double(py) / scale)
    }

    /// Adopts the last size the server reported: a new buffer and a full redraw.
    private func applyPendingResize() {
        guard let (w, h) = pendingSize else { return }
        pendingSize = nil
        guard w != pixelWidth || h != pixelHeight else { return }
        pixelWidth = Swift.max(1, w)
        pixelHeight = Swift.max(1, h)
        buffer?.destroy()
        buffer = nil
        app.resize(to: pointSize, scale: scale)
        inputChanged = true
    }

    /// Draws when the timer asked for a frame, or when input or a resize changed what the
    /// window should show and no timer tick will draw it: the timer is off, or the change
    /// made the app idle (it is about to be disarmed). Uncovered regions are copied from the
    /// buffer when nothing is drawn.
    private func renderIfDue() {
        guard isMapped else {
            if frameDue || inputChanged || buffer == nil { missedFrameWhileUnmapped = true }
            frameDue = false
            inputChanged = false
            exposed.removeAll()
            return
        }
        let bufferMissing =
            buffer == nil || buffer!.width != Swift.min(BackBuffer.maxDimension, pixelWidth)
            || buffer!.height != Swift.min(BackBuffer.maxDimension, pixelHeight)
        let tickComing = clockRunning && (app.needsFrames || dragging)
        let due = frameDue || bufferMissing || (inputChanged && !tickComing)
        if due {
            if !bufferMissing, let buffer, !buffer.isWritable {
                // The server has yet to read the last frame: its completion event (through
                // the read source) calls pump() again and the frame is drawn then.
                guard Self.monotonicNow() - lastPresentTime >= Self.completionTimeout else { return }
                waitForPresents()
            }
            renderFrame()
        } else if !exposed.isEmpty, let buffer {
            // Uncovered parts come from the buffer, which already holds the last frame (only
            // read, so an outstanding put does not matter).
            present(exposed, from: buffer)
            exposed.removeAll()
        }
    }

    /// Sends `rects` of `buffer` to the window and flushes, without waiting for the server.
    private func present(_ rects: [PixelRect], from buffer: BackBuffer) {
        let before = buffer.outstandingPuts
        buffer.present(rects, to: window, gc: gc)
        if buffer.outstandingPuts > before { lastPresentTime = Self.monotonicNow() }
        XFlush(x.display)
    }

    /// A ShmCompletion event: the server has read the pixels of an earlier put.
    private func completed(_ event: inout XEvent) {
        withUnsafePointer(to: &event) { pointer in
            pointer.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { completion in
                _ = buffer?.completed(completion.pointee)
            }
        }
    }

    /// The round trip that replaces a completion event that did not come: after `XSync` every
    /// put has run; their completion events are taken out of the queue with it.
    private func waitForPresents() {
        XSync(x.display, 0)
        if let completionType {
            var event = XEvent()
            while XCheckTypedEvent(x.display, completionType, &event) != 0 { completed(&event) }
        }
        buffer?.serverCaughtUp()
    }

    private static func monotonicNow() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    private func renderFrame() {
        frameDue = false
        inputChanged = false
        var fullRedraw = false
        if buffer == nil || buffer!.width != Swift.min(BackBuffer.maxDimension, pixelWidth)
            || buffer!.height != Swift.min(BackBuffer.maxDimension, pixelHeight)
        {
            buffer?.destroy()
            do {
                buffer = try BackBuffer(
                    display: x, width: pixelWidth, height: pixelHeight,
                    allowSharedMemory: allowSharedMemory)
            } catch {
                StandardStream.error.report("\(error)")
                quit(1)
            }
            fullRedraw = true
        }
        guard let buffer else { return }
        let damage: [PixelRect]
        do {
            damage = try app.renderFrame(into: buffer.pixels, fullRedraw: fullRedraw)
        } catch {
            HostWindow.note("\(error)")
            quit(1)
        }
        // No round trip: the next frame waits for this one's completion event instead.
        present((fullRedraw ? [buffer.pixels.bounds] : damage) + exposed, from: buffer)
        exposed.removeAll()
        framesRendered += 1
        logFrame(damage: fullRedraw ? [buffer.pixels.bounds] : damage)
    }

    private func logFrame(damage: [PixelRect]) {
        guard frameLog >= 0 else { return }
        let area = damage.reduce(0) { $0 + Swift.max(0, $1.width) * Swift.max(0, $1.height) }
        let line =
            "frame \(framesRendered) size=\(pixelWidth)x\(pixelHeight) scale=\(scale)"
            + " shm=\(buffer?.usesSharedMemory == true ? 1 : 0) damage=\(area) \(app.frameSummary)\n"
        _ = line.withCString { write(frameLog, $0, strlen($0)) }
    }

    // MARK: - Frame clock and event loop

    /// The frame clock: a timerfd that ticks every `frameInterval` while armed (missed ticks
    /// add up in its counter and make one frame, not a burst).
    private lazy var clock: Int32 = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    private var clockRunning = false

    /// Starts the frame clock while the app animates or a drag is in flight; stops it
    /// otherwise, so an idle window wakes up for nothing.
    private func updateTimer() {
        let wanted = isMapped && (app.needsFrames || dragging)
        guard wanted != clockRunning else { return }
        clockRunning = wanted
        var spec = itimerspec()
        if wanted {
            let nanoseconds = Swift.max(1_000_000, Int((frameInterval * 1e9).rounded()))
            let interval = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
            spec.it_value = interval
            spec.it_interval = interval
        }
        timerfd_settime(clock, 0, &spec, nil)
    }

    /// The event loop, on the main thread, until `quit`: waits in `poll` for the X connection,
    /// the frame clock, the main dispatch queue or the app's own descriptor, then pumps.
    func run() -> Never {
        let queueDescriptor = _dispatch_get_main_queue_handle_4CF()
        var descriptors = [
            pollfd(fd: x.connectionNumber, events: Int16(POLLIN), revents: 0),
            pollfd(fd: clock, events: Int16(POLLIN), revents: 0),
            pollfd(fd: queueDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        // Without a timerfd (none could be made), the poll's timeout is the frame clock.
        var lastTick = Self.monotonicNow()
        let intervalMilliseconds = Int32(Swift.max(1, (frameInterval * 1000).rounded()))
        while true {
            // The app's descriptor, if it has one now (it may come, go or change).
            let watched = app.watchedDescriptor
            if descriptors.count == 3, let watched {
                descriptors.append(pollfd(fd: watched, events: Int16(POLLIN), revents: 0))
            } else if descriptors.count == 4 {
                if let watched { descriptors[3].fd = watched } else { descriptors.removeLast() }
            }
            let fallback = clock < 0 && clockRunning
            let ready = poll(&descriptors, nfds_t(descriptors.count), fallback ? intervalMilliseconds : -1)
            if fallback, Self.monotonicNow() - lastTick >= frameInterval {
                lastTick = Self.monotonicNow()
                frameDue = true
            }
            guard ready > 0 || frameDue else { continue }
            if ready > 0, descriptors[1].revents != 0 {
                var ticks: UInt64 = 0
                if read(clock, &ticks, MemoryLayout<UInt64>.size) > 0, clockRunning { frameDue = true }
            }
            if ready > 0, descriptors[2].revents != 0 {
                // Acknowledge the wake-up (an eventfd), then run what the main queue holds.
                var value: UInt64 = 0
                _ = read(queueDescriptor, &value, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
            }
            if ready > 0, descriptors.count == 4, descriptors[3].revents != 0 {
                app.watchedDescriptorReadable()
            }
            pump()
        }
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
