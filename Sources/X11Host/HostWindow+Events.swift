import CX11
import Dispatch
import Foundation
import HostSeam
import LayerKit

/// X events translated for the app: pointer and keys in points, exposures, sizes, mapping,
/// the window manager's close.
extension HostWindow {
    func handle(_ event: inout XEvent) {
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

    func point(_ px: Int32, _ py: Int32) -> Point {
        Point(x: Double(px) / scale, y: Double(py) / scale)
    }

    /// Adopts the last size the server reported: a new buffer and a full redraw.
    func applyPendingResize() {
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
}
