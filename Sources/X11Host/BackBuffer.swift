import CX11
import Foundation
import HostSeam

/// The client-side image frames are drawn into before they are presented.
///
/// Shared memory (MIT-SHM) when the server offers it and can attach our segment, so presenting
/// a rectangle copies nothing through the socket; otherwise a plain XImage sent with XPutImage.
/// The app draws 32-bit words in the layout Cairo's ARGB32 uses. On a 24-bit TrueColor visual
/// the image holds those words and is shown as it is; on other visuals (depth 16 or 30) the
/// app draws into a separate ARGB32 frame and each presented rectangle is converted into the
/// image first (`PixelConverter`).
///
/// Every pointer handed to Xlib is owned here: the `XShmSegmentInfo` that `XShmCreateImage`
/// keeps and reads on every put is allocated, not a stored property passed with `&`, and it is
/// freed with the image in `destroy()` (or `deinit`).
@MainActor
final class BackBuffer {
    let width: Int
    let height: Int
    let usesSharedMemory: Bool
    /// What the app draws into.
    let pixels: PixelBuffer
    private let x: X11Display
    private let image: UnsafeMutablePointer<XImage>
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>
    /// Set when frames are converted: the ARGB32 frame the app draws into, and how.
    private let frame: UnsafeMutableRawPointer?
    private let converter: PixelConverter?
    private var isDestroyed = false

    /// Largest dimension accepted; beyond it the window shows the top-left part only.
    /// (X itself allows 32767; 8192² ARGB pixels is already 256 MiB.)
    static let maxDimension = 8192

    /// Makes a buffer of at least 1×1 and at most `maxDimension` on each side.
    init(display x: X11Display, width: Int, height: Int, allowSharedMemory: Bool) throws {
        let w = Swift.max(1, Swift.min(BackBuffer.maxDimension, width))
        let h = Swift.max(1, Swift.min(BackBuffer.maxDimension, height))
        self.x = x
        self.width = w
        self.height = h
        let format = x.pixelFormat
        let bytesPerPixel = format.bitsPerPixel / 8
        segment = .allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        if allowSharedMemory, x.hasSharedMemory,
            let image = BackBuffer.makeSharedImage(x, width: w, height: h, segment: segment)
        {
            self.image = image
            usesSharedMemory = true
        } else {
            guard let data = calloc(w * h, bytesPerPixel),
                let image = XCreateImage(
                    x.display, x.visual, UInt32(x.depth), ZPixmap, 0,
                    data.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32,
                    Int32(w * bytesPerPixel))
            else {
                segment.deallocate()
                throw X11HostError.bufferAllocation(width: w, height: h)
            }
            self.image = image
            usesSharedMemory = false
        }
        if format.isARGB32 {
            frame = nil
            converter = nil
            pixels = PixelBuffer(
                data: UnsafeMutableRawPointer(image.pointee.data), width: w, height: h,
                stride: Int(image.pointee.bytes_per_line))
        } else {
            // Pixels are written in this machine's byte order; Xlib swaps a plain image's
            // for a server of the other order (a shared segment is only ever local).
            image.pointee.byte_order = Int32(LSBFirst)
            guard let frame = calloc(w * h, 4) else {
                isDestroyed = true
                BackBuffer.release(x, image: image, segment: segment, shared: usesSharedMemory)
                throw X11HostError.bufferAllocation(width: w, height: h)
            }
            self.frame = frame
            converter = format.converter()
            pixels = PixelBuffer(data: frame, width: w, height: h, stride: w * 4)
        }
    }

    isolated deinit {
        destroy()
    }

    /// Creates and attaches a shared-memory image, or returns nil (and leaves nothing behind)
    /// when any step fails, e.g. the server is on another machine.
    private static func makeSharedImage(
        _ x: X11Display, width: Int, height: Int, segment: UnsafeMutablePointer<XShmSegmentInfo>
    ) -> UnsafeMutablePointer<XImage>? {
        guard
            let image = XShmCreateImage(
                x.display, x.visual, UInt32(x.depth), ZPixmap, nil, segment,
                UInt32(width), UInt32(height))
        else { return nil }
        let size = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        segment.pointee.shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard segment.pointee.shmid >= 0 else {
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        let address = shmat(segment.pointee.shmid, nil, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(segment.pointee.shmid, IPC_RMID, nil)
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        // XShmAttach fails asynchronously (BadAccess from a remote server): sync to see it.
        X11ErrorState.lastErrorCode = 0
        X11ErrorState.expectingError = true
        let attached = XShmAttach(x.display, segment) != 0
        XSync(x.display, 0)
        X11ErrorState.expectingError = false
        // Mark for removal now: the segment disappears with the last detach, even on a crash.
        shmctl(segment.pointee.shmid, IPC_RMID, nil)
        guard attached, X11ErrorState.lastErrorCode == 0 else {
            shmdt(address)
            image.pointee.data = nil
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        return image
    }

    /// Puts with a completion event still to come. The server reads shared memory when it
    /// runs a put, so the buffer must not be drawn into while this is above zero.
    private(set) var outstandingPuts = 0

    /// False while the server may still read the pixels of an earlier `present`: drawing the
    /// next frame now could show a half-drawn one. Always true for the plain-XImage path,
    /// whose pixels Xlib copies into the request before `XPutImage` returns.
    var isWritable: Bool { outstandingPuts == 0 }

    /// Copies `rects` of the buffer to the same places in `window`, without waiting. With
    /// shared memory the last put asks the server for a ShmCompletion event (requests run in
    /// order, so it also covers the ones before); pass that event to `completed(_:)`.
    func present(_ rects: [PixelRect], to window: Window, gc: GC) {
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        let clipped = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        if let converter, let data = image.pointee.data {
            for r in clipped {
                converter.convert(
                    r, from: pixels, to: UnsafeMutableRawPointer(data),
                    destinationStride: Int(image.pointee.bytes_per_line))
            }
        }
        for (i, r) in clipped.enumerated() {
            if usesSharedMemory {
                let last = i == clipped.count - 1
                XShmPutImage(
                    x.display, window, gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                    UInt32(r.width), UInt32(r.height), last ? 1 : 0)
                if last { outstandingPuts += 1 }
            } else {
                XPutImage(
                    x.display, window, gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                    UInt32(r.width), UInt32(r.height))
            }
        }
    }

    /// Takes note of a ShmCompletion event; events for other segments (an earlier buffer's,
    /// arriving after a resize replaced it) are ignored. Returns true when it was ours.
    @discardableResult
    func completed(_ event: XShmCompletionEvent) -> Bool {
        guard usesSharedMemory, event.shmseg == segment.pointee.shmseg else { return false }
        outstandingPuts = Swift.max(0, outstandingPuts - 1)
        return true
    }

    /// After a round trip (`XSync`) every earlier put has run, so the buffer is writable. The
    /// caller takes those puts' completion events out of Xlib's queue first, so that none is
    /// later counted against a put made after this.
    func serverCaughtUp() {
        outstandingPuts = 0
    }

    /// Releases the image (and detaches the segment) and everything the buffer allocated. The
    /// buffer is unusable after; a second call does nothing.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        pixels.invalidate()
        BackBuffer.release(x, image: image, segment: segment, shared: usesSharedMemory)
        free(frame)
    }

    private static func release(
        _ x: X11Display, image: UnsafeMutablePointer<XImage>,
        segment: UnsafeMutablePointer<XShmSegmentInfo>, shared: Bool
    ) {
        if shared {
            XShmDetach(x.display, segment)
            XSync(x.display, 0)
            shmdt(segment.pointee.shmaddr)
            image.pointee.data = nil
        }
        // Frees the plain image's calloc'd pixels too.
        _ = image.pointee.f.destroy_image(image)
        segment.deinitialize(count: 1)
        segment.deallocate()
    }
}
