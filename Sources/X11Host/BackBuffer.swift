import CX11
import Foundation
import LoaderLab

/// The client-side image frames are drawn into before they are presented.
///
/// Shared memory (MIT-SHM) when the server offers it and can attach our segment, so presenting
/// a rectangle copies nothing through the socket; otherwise a plain XImage sent with XPutImage.
/// The pixels are 32-bit words in the layout Cairo's ARGB32 uses, which the 24-bit TrueColor
/// visual shows directly.
@MainActor
final class BackBuffer {
    let width: Int
    let height: Int
    let usesSharedMemory: Bool
    private let x: X11Display
    private let image: UnsafeMutablePointer<XImage>
    private var segment: XShmSegmentInfo

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
        segment = XShmSegmentInfo()
        if allowSharedMemory, x.hasSharedMemory,
            let image = BackBuffer.makeSharedImage(x, width: w, height: h, segment: &segment)
        {
            self.image = image
            usesSharedMemory = true
        } else {
            guard let data = calloc(w * h, 4),
                let image = XCreateImage(
                    x.display, x.visual, UInt32(x.depth), ZPixmap, 0,
                    data.assumingMemoryBound(to: CChar.self), UInt32(w), UInt32(h), 32, Int32(w * 4))
            else { throw X11HostError.bufferAllocation(width: w, height: h) }
            self.image = image
            usesSharedMemory = false
        }
    }

    /// Creates and attaches a shared-memory image, or returns nil (and leaves nothing behind)
    /// when any step fails, e.g. the server is on another machine.
    private static func makeSharedImage(
        _ x: X11Display, width: Int, height: Int, segment: inout XShmSegmentInfo
    ) -> UnsafeMutablePointer<XImage>? {
        guard
            let image = XShmCreateImage(
                x.display, x.visual, UInt32(x.depth), ZPixmap, nil, &segment,
                UInt32(width), UInt32(height))
        else { return nil }
        let size = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        segment.shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard segment.shmid >= 0 else {
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        let address = shmat(segment.shmid, nil, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(segment.shmid, IPC_RMID, nil)
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        segment.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.readOnly = 0
        image.pointee.data = segment.shmaddr
        // XShmAttach fails asynchronously (BadAccess from a remote server): sync to see it.
        X11ErrorState.lastErrorCode = 0
        X11ErrorState.expectingError = true
        let attached = XShmAttach(x.display, &segment) != 0
        XSync(x.display, 0)
        X11ErrorState.expectingError = false
        // Mark for removal now: the segment disappears with the last detach, even on a crash.
        shmctl(segment.shmid, IPC_RMID, nil)
        guard attached, X11ErrorState.lastErrorCode == 0 else {
            shmdt(address)
            image.pointee.data = nil
            _ = image.pointee.f.destroy_image(image)
            return nil
        }
        return image
    }

    /// The pixels, for the app to draw into.
    var pixels: PixelBuffer {
        PixelBuffer(
            data: UnsafeMutableRawPointer(image.pointee.data), width: width, height: height,
            stride: Int(image.pointee.bytes_per_line))
    }

    /// Copies `rect` of the buffer to the same place in `window`. The caller syncs before
    /// drawing into the buffer again (the server reads shared memory when it runs the request).
    func present(_ rect: PixelRect, to window: Window, gc: GC) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        if usesSharedMemory {
            XShmPutImage(
                x.display, window, gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                UInt32(r.width), UInt32(r.height), 0)
        } else {
            XPutImage(
                x.display, window, gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                UInt32(r.width), UInt32(r.height))
        }
    }

    /// Releases the image (and detaches the segment). Call once; the buffer is unusable after.
    func destroy() {
        if usesSharedMemory {
            XShmDetach(x.display, &segment)
            XSync(x.display, 0)
            shmdt(segment.shmaddr)
            image.pointee.data = nil
        }
        // Frees the plain image's calloc'd pixels too.
        _ = image.pointee.f.destroy_image(image)
    }
}
