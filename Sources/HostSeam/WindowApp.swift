import LayerKit

/// The seam between a window system and what it shows.
///
/// A host (X11Host) owns the window, the back buffer and the clock that paces frames; the app
/// owns everything else: layout, input routing, the scene and what each frame looks like. The
/// host knows nothing about loaders and the app knows nothing about X11, so the app is tested
/// without a display and the host with a trivial app.
///
/// Calls arrive on one thread (the host's main queue), in event order.
@MainActor
public protocol WindowApp: AnyObject {
    /// The window title.
    var title: String { get }

    /// The window size, in points, that the app prefers when the user did not ask for one.
    var preferredSize: Size { get }

    /// The window's drawable size changed (also called once before the first frame).
    /// `size` is in points, `scale` pixels per point; both are finite and positive.
    func resize(to size: Size, scale: Double)

    /// A pointer event in window points (left button only: other buttons are not delivered;
    /// `.hover` is a move with no button down). A hover that changes nothing on screen must not
    /// make `needsFrames` true: the host draws for it only when the app asks for a frame.
    func pointer(_ event: PointerEvent)

    /// A key press.
    func key(_ key: KeyInput)

    /// True while something moves or a drag is in flight. The host keeps its frame timer armed
    /// exactly while this is true and does no periodic work otherwise.
    var needsFrames: Bool { get }

    /// True once the user asked to quit (Q or Esc).
    var wantsQuit: Bool { get }

    /// Draws the next frame into `buffer` and returns the pixel rectangles that changed; the
    /// host presents only those. `fullRedraw` says the buffer's contents are undefined (a new
    /// buffer after a resize, or the first frame), so everything must be drawn and returned.
    /// Throws when the frame cannot be drawn at all (the buffer cannot be wrapped for drawing,
    /// or was invalidated), with a message that says why.
    func renderFrame(into buffer: PixelBuffer, fullRedraw: Bool) throws -> [PixelRect]

    /// One line describing the app's state after the last frame (focused loader, its status,
    /// time scale); the host's debug frame log appends it to each frame's line.
    var frameSummary: String { get }

    /// The host is about to exit (the user quit, a signal, the window went away): the app
    /// finishes what must not be lost (a recording being written). Called once, last.
    func willQuit()

    /// The host gives the app a way to ask for a frame when something changes outside the
    /// host's own events (a rebuilt preview is ready, code on the main queue changed a layer).
    /// Called once, before the first frame.
    func setFrameRequester(_ request: @escaping @MainActor () -> Void)

    /// A descriptor the host's event loop also waits on (the preview window's channel to its
    /// preview process), or nil; read again after every wake-up, so it may change.
    var watchedDescriptor: Int32? { get }

    /// `watchedDescriptor` became readable (called on the main thread, from the loop).
    func watchedDescriptorReadable()
}

extension WindowApp {
    public func willQuit() {}
    public func setFrameRequester(_ request: @escaping @MainActor () -> Void) {}
    public var watchedDescriptor: Int32? { nil }
    public func watchedDescriptorReadable() {}
}

/// A left-button pointer event in window points, or the pointer moving with no button down.
public enum PointerEvent: Hashable, Sendable {
    case down(Point)
    case moved(Point)
    case up(Point)
    /// The pointer moved with no button pressed.
    case hover(Point)
}

/// A key press, already translated from the window system's key codes.
public enum KeyInput: Hashable, Sendable {
    /// A printable character as the keyboard layout produced it ("1", "s", "S", " ").
    case character(Character)
    case tab
    case backTab
    case left
    case right
    case escape
}

/// The host's frame target: 32-bit premultiplied ARGB pixels in native byte order (Cairo's
/// ARGB32), `stride` bytes a row, owned by the host.
///
/// One target lives as long as the host's buffer does: the host passes the same object to every
/// `renderFrame` until a resize (or teardown) replaces the buffer, and then calls `invalidate()`
/// before the memory goes. An app may keep the target (and a Cairo surface wrapping it) across
/// frames; it recognises a new one by identity and must not touch one that is not `isValid`.
/// Host and app use it on the main thread only (`@unchecked Sendable` lets code that enters
/// the main actor with `MainActor.assumeIsolated` carry it in).
public final class PixelBuffer: @unchecked Sendable {
    public let data: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let stride: Int
    /// False once the host has released the memory.
    public private(set) var isValid = true

    public init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// Called by the owner just before the memory is released.
    public func invalidate() { isValid = false }

    /// The whole buffer as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest pixel rectangle covering `rect` (in points) at `scale` pixels per point;
    /// empty for non-finite input.
    public init(covering rect: Rect, scale: Double) {
        let r = rect.standardized
        guard r.isFinite, scale.isFinite, scale > 0, !r.isNull else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        // Clamp before converting: Int(Double) traps outside Int's range.
        let limit = 1_000_000.0
        let x0 = Swift.max(-limit, Swift.min(limit, (r.minX * scale).rounded(.down)))
        let y0 = Swift.max(-limit, Swift.min(limit, (r.minY * scale).rounded(.down)))
        let x1 = Swift.max(-limit, Swift.min(limit, (r.maxX * scale).rounded(.up)))
        let y1 = Swift.max(-limit, Swift.min(limit, (r.maxY * scale).rounded(.up)))
        self.init(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The part of `self` inside `other` (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, other.x)
        let y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty rectangle does not count.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x)
        let y0 = Swift.min(y, other.y)
        return PixelRect(
            x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0,
            height: Swift.max(maxY, other.maxY) - y0)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// Why a frame could not be drawn.
public struct RenderFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
