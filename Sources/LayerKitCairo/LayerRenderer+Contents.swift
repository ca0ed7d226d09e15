import CCairo
import LayerKit

/// A layer's contents: its image laid out by `ContentsLayout` (+NinePart), or a placeholder when the image
/// cannot be loaded.
extension LayerRenderer {
    /// The image laid out by `ContentsLayout` (contentsRect, contentsCenter, contentsScale and
    /// the gravity) in the layer's bounds (a placeholder when it cannot be loaded).
    func drawContents(_ contents: ImageReference, _ p: LayerProperties, _ canvas: Canvas) {
        let image: ImageSurface
        do {
            if let bitmap = contents.bitmap {
                image = try images.image(for: bitmap)
            } else {
                image = try images.image(at: contents.path)
            }
        } catch {
            drawPlaceholder(in: p.bounds, canvas)
            return
        }
        let pieces = ContentsLayout.pieces(
            pixels: Size(width: Double(image.width), height: Double(image.height)),
            imageScale: contents.scale,
            properties: p
        ) { bounds, size in
            Self.contentsRect(gravity: p.contentsGravity, bounds: bounds, imageSize: size)
        }
        drawPieces(pieces, of: image, canvas)
    }

    /// Where contents of `imageSize` points go in `bounds` for each gravity, as Core Animation
    /// lays them out (not clipped: only `masksToBounds` clips). Names are read in UIKit's
    /// top-left space: `.top` is the top edge on screen.
    public static func contentsRect(gravity: ContentsGravity, bounds b: Rect, imageSize s: Size) -> Rect {
        let w = s.width
        let h = s.height
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let fx = b.width / w
            let fy = b.height / h
            let f = gravity == .resizeAspect ? min(fx, fy) : max(fx, fy)
            return Rect(x: b.midX - w * f / 2, y: b.midY - h * f / 2, width: w * f, height: h * f)
        case .center: return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .top: return Rect(x: b.midX - w / 2, y: b.minY, width: w, height: h)
        case .bottom: return Rect(x: b.midX - w / 2, y: b.maxY - h, width: w, height: h)
        case .left: return Rect(x: b.minX, y: b.midY - h / 2, width: w, height: h)
        case .right: return Rect(x: b.maxX - w, y: b.midY - h / 2, width: w, height: h)
        case .topLeft: return Rect(x: b.minX, y: b.minY, width: w, height: h)
        case .topRight: return Rect(x: b.maxX - w, y: b.minY, width: w, height: h)
        case .bottomLeft: return Rect(x: b.minX, y: b.maxY - h, width: w, height: h)
        case .bottomRight: return Rect(x: b.maxX - w, y: b.maxY - h, width: w, height: h)
        }
    }

    /// The side of the placeholder drawn for a zero-size layer whose image failed.
    static let placeholderSide = 16.0

    /// A magenta box with a dark cross and outline, filling `bounds` (or a small box at its
    /// centre when the bounds are empty), so a missing image is obvious on screen.
    func drawPlaceholder(in bounds: Rect, _ canvas: Canvas) {
        var r = bounds.standardized
        if r.width == 0 || r.height == 0 {
            let side = Self.placeholderSide
            r = Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
        }
        let cr = canvas.cr
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height)
        cairo_set_source_rgba(cr, 1, 0, 1, 1)
        cairo_fill_preserve(cr)
        cairo_move_to(cr, r.minX, r.minY)
        cairo_line_to(cr, r.maxX, r.maxY)
        cairo_move_to(cr, r.maxX, r.minY)
        cairo_line_to(cr, r.minX, r.maxY)
        cairo_set_source_rgba(cr, 0.2, 0, 0.2, 1)
        cairo_set_line_width(cr, max(1, min(r.width, r.height) / 16))
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
