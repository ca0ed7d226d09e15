import CX11
import Dispatch
import Foundation
import HostSeam
import LayerKit

/// Drawing and presenting frames without waiting for the server: with shared memory, the next
/// frame waits for the last put's completion event (or a round trip once it is overdue).
extension HostWindow {
    /// Draws when the timer asked for a frame, or when input or a resize changed what the
    /// window should show and no timer tick will draw it: the timer is off, or the change
    /// made the app idle (it is about to be disarmed). Uncovered regions are copied from the
    /// buffer when nothing is drawn.
    func renderIfDue() {
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
    func present(_ rects: [PixelRect], from buffer: BackBuffer) {
        let before = buffer.outstandingPuts
        buffer.present(rects, to: window, gc: gc)
        if buffer.outstandingPuts > before { lastPresentTime = Self.monotonicNow() }
        XFlush(x.display)
    }

    /// A ShmCompletion event: the server has read the pixels of an earlier put.
    func completed(_ event: inout XEvent) {
        withUnsafePointer(to: &event) { pointer in
            pointer.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { completion in
                _ = buffer?.completed(completion.pointee)
            }
        }
    }

    /// The round trip that replaces a completion event that did not come: after `XSync` every
    /// put has run; their completion events are taken out of the queue with it.
    func waitForPresents() {
        XSync(x.display, 0)
        if let completionType {
            var event = XEvent()
            while XCheckTypedEvent(x.display, completionType, &event) != 0 { completed(&event) }
        }
        buffer?.serverCaughtUp()
    }

    static func monotonicNow() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    func renderFrame() {
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

    func logFrame(damage: [PixelRect]) {
        guard frameLog >= 0 else { return }
        let area = damage.reduce(0) { $0 + Swift.max(0, $1.width) * Swift.max(0, $1.height) }
        let line =
            "frame \(framesRendered) size=\(pixelWidth)x\(pixelHeight) scale=\(scale)"
            + " shm=\(buffer?.usesSharedMemory == true ? 1 : 0) damage=\(area) \(app.frameSummary)\n"
        _ = line.withCString { write(frameLog, $0, strlen($0)) }
    }
}
