import CCairo
import Foundation
import LayerKit

/// LayerKit's `DrawingBackend` with Cairo: rasterises a `Bitmap`'s drawing by replaying it
/// (`DrawingReplay`) on an image of the bitmap's size, scaled to its pixels per point.
///
/// A program that runs drawing code (the compatibility modules' `CGContext`,
/// `UIGraphicsImageRenderer`, views' `draw(_:)`) registers it once at start-up with
/// `CairoDrawingBackend.install()`; a `LayerRenderer` made before that installs it too.
///
/// Safe to call from several threads: rasterising is serialised (a bitmap drawn inside another
/// is rasterised on the same thread, inside the outer one).
public final class CairoDrawingBackend: DrawingBackend, @unchecked Sendable {
    /// The renderer whose image cache and text drawing the replay uses.
    private let renderer: LayerRenderer
    private let lock = NSRecursiveLock()

    init(renderer: LayerRenderer) {
        self.renderer = renderer
    }

    /// Registers Cairo's backend as `Drawing.backend` (once; later calls keep it).
    public static func install() {
        _ = installed
    }

    private static let installed: Void = {
        Drawing.backend = CairoDrawingBackend(renderer: LayerRenderer(installingBackend: false))
    }()

    public func pixels(of bitmap: Bitmap) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = try? ImageSurface(width: bitmap.width, height: bitmap.height),
            let canvas = try? Canvas(surface: surface)
        else { return [] }
        if let base = bitmap.base {
            guard paint(base, on: canvas, width: bitmap.width, height: bitmap.height) else { return [] }
        }
        canvas.scale(bitmap.scale, bitmap.scale)
        DrawingReplay(renderer: renderer, canvas: canvas).play(bitmap.drawing)
        if bitmap.isOpaque {
            // No alpha: what is transparent is black.
            cairo_identity_matrix(canvas.cr)
            cairo_reset_clip(canvas.cr)
            cairo_set_operator(canvas.cr, CAIRO_OPERATOR_DEST_OVER)
            cairo_set_source_rgba(canvas.cr, 0, 0, 0, 1)
            cairo_paint(canvas.cr)
        }
        surface.flush()
        var pixels = [UInt32](repeating: 0, count: bitmap.width * bitmap.height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<bitmap.height {
                let row = surface.data.advanced(by: y * surface.stride).assumingMemoryBound(to: UInt32.self)
                (out.baseAddress! + y * bitmap.width).update(from: row, count: bitmap.width)
            }
        }
        return pixels
    }

    /// Paints `image` stretched over `width`×`height` pixels of `canvas` (at its identity
    /// transform), replacing what is there; false when Cairo could not make its surface.
    private func paint(_ image: PixelImage, on canvas: Canvas, width: Int, height: Int) -> Bool {
        guard let surface = try? ImageSurface(pixels: image) else { return false }
        cairo_save(canvas.cr)
        defer { cairo_restore(canvas.cr) }
        cairo_scale(canvas.cr, Double(width) / Double(image.width), Double(height) / Double(image.height))
        cairo_set_operator(canvas.cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(canvas.cr, surface.pointer, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(canvas.cr), CAIRO_EXTEND_PAD)
        cairo_paint(canvas.cr)
        return true
    }
}
