import CX11
import Dispatch
import Foundation
import HostSeam
import LayerKit

/// The frame clock and the event loop that wakes for the X connection, the clock, the main
/// queue and the app's descriptor.
extension HostWindow {
    /// Starts the frame clock while the app animates or a drag is in flight; stops it
    /// otherwise, so an idle window wakes up for nothing.
    func updateTimer() {
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
}
