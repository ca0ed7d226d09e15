import CCairo
import LayerKit

/// Image masks (`CGContext.clip(to:mask:)`): the command is painted into a group, which is then
/// composited through each mask in turn (the last onto the canvas, with the command's blend
/// mode).
///
/// Deviations: a masked command's shadow is not drawn, and blend modes that read what is under
/// the painting act on the group's result rather than on each pixel painted.
extension DrawingReplay {
    func playMasked(_ command: DrawingCommand, alpha: Double) {
        let state = command.state
        var patterns: [(CairoPattern, ImageSurface)] = []
        for mask in state.masks {
            guard let pattern = maskPattern(mask) else { return }
            patterns.append(pattern)
        }
        setDeviceMatrix()
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        paint(command, alpha: alpha)
        for (i, mask) in zip(state.masks.indices, state.masks) {
            setDeviceMatrix()
            cairo_pop_group_to_source(cr)
            let last = i == state.masks.count - 1
            if last {
                cairo_set_operator(cr, Self.cairoOperator(state.blendMode))
            } else {
                cairo_push_group(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            guard setMatrix(base: mask.transform) else { return }
            cairo_mask(cr, patterns[i].0.pointer)
        }
    }

    /// The mask's coverage as an alpha pattern over its rectangle (nothing outside it).
    private func maskPattern(_ mask: DrawingMask) -> (CairoPattern, ImageSurface)? {
        let r = mask.rect.standardized
        guard r.isFinite, r.width > 0, r.height > 0, mask.transform.isFinite else { return nil }
        let image: ImageSurface
        do {
            image =
                try mask.image.bitmap.map { try renderer.images.image(for: $0) }
                ?? renderer.images.image(at: mask.image.path)
        } catch {
            return nil
        }
        guard let coverage = Self.coverage(of: image),
            let pattern = CairoPattern(taking: cairo_pattern_create_for_surface(coverage.pointer))
        else { return nil }
        let toRect = AffineTransform(
            scaleX: r.width / Double(coverage.width), y: r.height / Double(coverage.height)
        ).concatenating(AffineTransform(translationX: r.minX, y: r.minY))
        guard let toImage = toRect.inverted(), pattern.setMatrix(toImage) else { return nil }
        pattern.setExtend(CAIRO_EXTEND_NONE)
        return (pattern, coverage)
    }

    /// An image's coverage as a surface whose alpha is it: the image's alpha when any pixel is
    /// not opaque, else its brightness (a grayscale mask's samples).
    static func coverage(of image: ImageSurface) -> ImageSurface? {
        cairo_surface_flush(image.pointer)
        guard let out = try? ImageSurface(width: image.width, height: image.height) else { return nil }
        let source = image.data
        let target = out.data
        var opaque = true
        for y in 0..<image.height where opaque {
            let row = source.advanced(by: y * image.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width where row[x] >> 24 != 0xFF {
                opaque = false
                break
            }
        }
        for y in 0..<image.height {
            let row = source.advanced(by: y * image.stride).assumingMemoryBound(to: UInt32.self)
            let outRow = target.advanced(by: y * out.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let p = row[x]
                let a: UInt32
                if opaque {
                    let r = Double((p >> 16) & 0xFF)
                    let g = Double((p >> 8) & 0xFF)
                    let b = Double(p & 0xFF)
                    a = UInt32((0.299 * r + 0.587 * g + 0.114 * b).rounded())
                } else {
                    a = p >> 24
                }
                // Premultiplied black at that alpha: only the alpha is read by cairo_mask.
                outRow[x] = a << 24
            }
        }
        cairo_surface_mark_dirty(out.pointer)
        return out
    }
}
