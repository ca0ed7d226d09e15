import CCairo
import Foundation
import LayerKit

extension Canvas {
    /// Starts, on a thread of its own, the font loading that the first text drawn would
    /// otherwise do on the caller's thread: fontconfig reads its configuration (some sixty XML
    /// files and the font caches, about 5 ms), Cairo opens the faces that `texts` select (the
    /// sans face, and WenQuanYi Micro Hei for text with CJK characters) and renders their
    /// glyphs, each text at its size in points, on a canvas of `scale` pixels per point,
    /// keeping them in its process-wide font caches, where text drawn at that size and scale
    /// finds them. `texts` go in the order they are wanted. Returns at once.
    ///
    /// Nothing depends on it finishing first: fontconfig and Cairo's font caches are
    /// thread-safe, and a thread that asks for a face while this is still loading loads what it
    /// needs itself (fontconfig keeps whichever configuration is ready first). The window calls
    /// it before it builds its scene, so the two overlap on a machine with a second core.
    ///
    /// The thread is its own and ends when the fonts are loaded: a thread of Dispatch's pools
    /// would stay parked and wake every second, and an idle window must not wake at all.
    public static func preloadFonts(for texts: [(text: String, size: Double)], scale: Double) {
        Thread.detachNewThread {
            guard let surface = try? ImageSurface(width: 1, height: 1),
                let canvas = try? Canvas(surface: surface)
            else { return }
            canvas.scale(scale, scale)
            for (text, size) in texts {
                canvas.drawText(text, at: Point(x: 0, y: size), size: size, color: .black)
            }
        }
    }
}
