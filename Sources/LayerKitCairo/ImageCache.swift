import Foundation
import LayerKit

/// PNG images by file path, each decoded once and kept for every later frame.
///
/// A file that cannot be loaded is remembered too: its error is reported once, through
/// `report`, and later lookups fail at once without touching the disk again.
/// The cache is safe to share between threads (its tables are behind a lock); the surfaces it
/// returns are not, so draw with them on one thread, as the app does.
public final class ImageCache: @unchecked Sendable {
    /// The cache the renderer uses by default; it reports on standard error.
    public static let shared = ImageCache()

    private let lock = NSLock()
    private var images: [String: ImageSurface] = [:]
    private var failures: [String: CairoError] = [:]
    private var failureOrder: [String] = []
    private let report: @Sendable (String) -> Void

    /// `report` receives each failure's message once (default: a line on standard error).
    public init(report: @escaping @Sendable (String) -> Void = ImageCache.reportOnStandardError) {
        self.report = report
    }

    /// Writes `message` and a newline to standard error.
    public static let reportOnStandardError: @Sendable (String) -> Void = { message in
        StandardStream.error.report("loaderlab: " + message)
    }

    /// The image at `path`, loaded on first use. Throws the load error (reported once).
    public func image(at path: String) throws -> ImageSurface {
        lock.lock()
        if let image = images[path] {
            lock.unlock()
            return image
        }
        if let failure = failures[path] {
            lock.unlock()
            throw failure
        }
        lock.unlock()
        do {
            let image = try ImageSurface.load(png: path)
            lock.lock()
            images[path] = image
            lock.unlock()
            return image
        } catch {
            let failure = (error as? CairoError) ?? CairoError("cannot load image \(path): \(error)")
            lock.lock()
            let first = failures[path] == nil
            if first {
                failures[path] = failure
                failureOrder.append(path)
            }
            lock.unlock()
            if first { report(failure.message) }
            throw failure
        }
    }

    /// A drawn image's pixels as a surface (`Bitmap.pixels`, made by the registered drawing
    /// backend), kept while the bitmap lives: a backing store drawn once is uploaded once.
    public func image(for bitmap: Bitmap) throws -> ImageSurface {
        let id = ObjectIdentifier(bitmap)
        lock.lock()
        if let entry = bitmaps[id], entry.bitmap === bitmap {
            lock.unlock()
            return entry.surface
        }
        lock.unlock()
        let surface = try ImageSurface(width: bitmap.width, height: bitmap.height, copying: bitmap.pixels)
        lock.lock()
        // Bitmaps that are gone (a store drawn again, an animation's frames) go with them.
        bitmaps = bitmaps.filter { $0.value.bitmap != nil }
        bitmaps[id] = BitmapEntry(bitmap: bitmap, surface: surface)
        lock.unlock()
        return surface
    }

    private final class BitmapEntry {
        weak var bitmap: Bitmap?
        let surface: ImageSurface
        init(bitmap: Bitmap, surface: ImageSurface) {
            self.bitmap = bitmap
            self.surface = surface
        }
    }

    private var bitmaps: [ObjectIdentifier: BitmapEntry] = [:]

    /// Every load failure so far, in the order they happened.
    public var errors: [CairoError] {
        lock.lock()
        defer { lock.unlock() }
        return failureOrder.compactMap { failures[$0] }
    }

    /// Forgets every image and failure (e.g. after the files changed on disk).
    public func removeAll() {
        lock.lock()
        images.removeAll()
        failures.removeAll()
        failureOrder.removeAll()
        lock.unlock()
    }
}
