import CCairo
import Foundation
import LayerKit

/// `masksToBounds` with rounded corners without a rounded clip.
///
/// A clip that is not a set of rectangles makes Cairo intersect every later shape with it (or
/// build a mask for it): a phone screen's four small rounded corners cost every loader shape
/// drawn inside it. When the layer is axis-aligned on an image surface, its sublayers are
/// clipped to its plain rectangle instead, and the corners are put right afterwards: the
/// pixels of each corner's square are copied before the sublayers draw and copied back outside
/// the rounded rectangle once they are done, blended by its anti-aliased coverage. The result
/// is what the clip gives for one shape; under several overlapping shapes the edge pixels of
/// a curve are blended once, as a mask would, rather than once per shape.
///
/// A corner that nothing clipped can reach (`clippedReach`: the balls inside their card) is
/// neither copied nor put back: its pixels are the same before and after the sublayers draw,
/// and putting back a pixel over itself gives that pixel, so skipping it changes nothing.
final class CornerBackup {
    /// One corner's square of pixels as they were below the sublayers.
    struct Square {
        /// Where the square is, in the target surface's pixels.
        var x: Int
        var y: Int
        var surface: OpaquePointer
    }

    let squares: [Square]
    /// The target's device offset: surface pixel = device coordinate + offset. (Moved when the
    /// pixels were copied from an underlay drawn apart, to where they lie on the canvas.)
    var offsetX: Double
    var offsetY: Double

    init(squares: [Square], offsetX: Double, offsetY: Double) {
        self.squares = squares
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    deinit {
        for square in squares { cairo_surface_destroy(square.surface) }
    }
}

extension LayerRenderer {
    /// Copies the pixels below the rounded corners of `bounds` (in the current matrix, the
    /// layer's) from the surface being drawn, or returns nil when the corners cannot be put
    /// back this way (a rotated or skewed layer, a target that is not an ARGB32 image): the
    /// caller then clips to the rounded rectangle.
    ///
    /// `reach` gives what the clipped drawing can paint, in device space (`clippedReach`),
    /// asked once, and only when a corner lies in the clip; a corner whose square it does not
    /// meet is skipped. A nil answer (the default): every corner is copied.
    func backUpCorners(
        of bounds: Rect, radius: Double, corners: CornerMask, reach: () -> Rect? = { nil }, _ canvas: Canvas
    )
        -> CornerBackup?
    {
        let cr = canvas.cr
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
        let r = bounds.standardized
        let radius = min(radius, min(r.width, r.height) / 2)
        guard radius > 0, !corners.intersection(.all).isEmpty else { return nil }
        guard let target = cairo_get_group_target(cr),
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return nil }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let width = Int(cairo_image_surface_get_width(target))
        let height = Int(cairo_image_surface_get_height(target))
        let stride = Int(cairo_image_surface_get_stride(target))
        // The rectangle and the corner radii in the surface's pixels.
        let minX = m.xx * r.minX + m.x0 + offsetX
        let maxX = m.xx * r.maxX + m.x0 + offsetX
        let minY = m.yy * r.minY + m.y0 + offsetY
        let maxY = m.yy * r.maxY + m.y0 + offsetY
        let rx = radius * m.xx
        let ry = radius * m.yy
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        // Only the corners the clip reaches (a damaged region inside a tile reaches none):
        // the clip's extents in device space, then in the surface's pixels.
        var clipX0 = 0.0
        var clipY0 = 0.0
        var clipX1 = 0.0
        var clipY1 = 0.0
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clipX0, &clipY0, &clipX1, &clipY1)
        cairo_set_matrix(cr, &m)
        let clipLeft = Int((clipX0 + offsetX).rounded(.down))
        let clipTop = Int((clipY0 + offsetY).rounded(.down))
        let clipRight = Int((clipX1 + offsetX).rounded(.up))
        let clipBottom = Int((clipY1 + offsetY).rounded(.up))
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }

        var squares: [CornerBackup.Square] = []
        var measuredReach: Rect??
        // Corners that meet (a radius of half a side) split the pixels between them, so that
        // none is put back twice.
        let midX = Int(((minX + maxX) / 2).rounded())
        let midY = Int(((minY + maxY) / 2).rounded())
        let all: [(CornerMask, Double, Double, Double, Double)] = [
            (.layerMinXMinYCorner, minX, minY, minX + rx, minY + ry),
            (.layerMaxXMinYCorner, maxX - rx, minY, maxX, minY + ry),
            (.layerMinXMaxYCorner, minX, maxY - ry, minX + rx, maxY),
            (.layerMaxXMaxYCorner, maxX - rx, maxY - ry, maxX, maxY),
        ]
        for (corner, x0, y0, x1, y1) in all where corners.contains(corner) {
            // Whole pixels covering the corner's square, within the surface.
            let isLeft = corner == .layerMinXMinYCorner || corner == .layerMinXMaxYCorner
            let isTop = corner == .layerMinXMinYCorner || corner == .layerMaxXMinYCorner
            var left = Swift.max(0, Int(Swift.max(-1, x0.rounded(.down))))
            var top = Swift.max(0, Int(Swift.max(-1, y0.rounded(.down))))
            var right = Swift.min(width, Int(Swift.min(Double(width), x1.rounded(.up))))
            var bottom = Swift.min(height, Int(Swift.min(Double(height), y1.rounded(.up))))
            if isLeft { right = Swift.min(right, midX) } else { left = Swift.max(left, midX) }
            if isTop { bottom = Swift.min(bottom, midY) } else { top = Swift.max(top, midY) }
            let whole = (left: Double(left), top: Double(top), right: Double(right), bottom: Double(bottom))
            left = Swift.max(left, clipLeft)
            top = Swift.max(top, clipTop)
            right = Swift.min(right, clipRight)
            bottom = Swift.min(bottom, clipBottom)
            guard right > left, bottom > top else { continue }
            // Nothing clipped reaches the whole square (whatever region is being drawn). Measured
            // only for a corner the region reaches.
            if measuredReach == nil { measuredReach = .some(reach()) }
            if let measured = measuredReach, let reach = measured,
                reach.isNull
                    || reach.maxX + offsetX <= whole.left || reach.minX + offsetX >= whole.right
                    || reach.maxY + offsetY <= whole.top || reach.minY + offsetY >= whole.bottom
            {
                continue
            }
            let w = right - left
            let h = bottom - top
            guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
                cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS,
                let copyData = cairo_image_surface_get_data(copy)
            else {
                return nil
            }
            let copyStride = Int(cairo_image_surface_get_stride(copy))
            for row in 0..<h {
                memcpy(copyData + row * copyStride, data + (top + row) * stride + left * 4, w * 4)
            }
            cairo_surface_mark_dirty(copy)
            squares.append(CornerBackup.Square(x: left, y: top, surface: copy))
        }
        return CornerBackup(squares: squares, offsetX: offsetX, offsetY: offsetY)
    }

    /// The most sublayers `clippedReach` measures; a layer with more is taken to reach
    /// everywhere (measuring a long list every frame would cost more than its corners).
    static let maximumReachSublayers = 8

    /// What `layer` draws inside its `masksToBounds` clip — its shape, its text and its
    /// sublayers with everything they draw — in the space `toRoot` maps its bounds into;
    /// `.null` when nothing, nil when it cannot be bounded cheaply (contents, which fill the
    /// bounds; more than `maximumReachSublayers` sublayers; an unbounded sublayer).
    static func clippedReach(of layer: PresentationLayer, toRoot: LayerKit.AffineTransform) -> Rect? {
        guard layer.properties.contents == nil, layer.sublayers.count <= maximumReachSublayers else {
            return nil
        }
        var own = Rect.null
        if let shape = layer.shape {
            guard let extent = shapeExtent(shape) else { return nil }
            own = own.union(extent)
        }
        if let text = layer.text {
            own = own.union(textExtent(text, bounds: layer.properties.bounds))
        }
        var reach = own.isNull ? own : toRoot.apply(to: own)
        for sublayer in layer.sublayers {
            guard let extent = drawnExtent(of: sublayer, in: layer, superlayerToRoot: toRoot) else {
                return nil
            }
            reach = reach.union(extent)
        }
        return reach.isFinite || reach.isNull ? reach : nil
    }

    /// Puts back the pixels `backup` copied wherever they lie outside `bounds` rounded by
    /// `radius` at `corners` (in the current matrix, the layer's), blended by the rounded
    /// rectangle's anti-aliased coverage, as a rounded clip would have left them.
    func restoreCorners(
        _ backup: CornerBackup, of bounds: Rect, radius: Double, corners: CornerMask, _ canvas: Canvas
    ) {
        guard !backup.squares.isEmpty, let visible = canvas.deviceClip?.rect else { return }
        let cr = canvas.cr
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        for square in backup.squares {
            let x = Double(square.x) - backup.offsetX
            let y = Double(square.y) - backup.offsetY
            let w = Double(cairo_image_surface_get_width(square.surface))
            let h = Double(cairo_image_surface_get_height(square.surface))
            // A square the clip lets nothing of through (one an underlay kept, beside this
            // region) has nothing to put back.
            guard !Rect(x: x, y: y, width: w, height: h).intersection(visible).isEmpty else { continue }
            cairo_identity_matrix(cr)
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, x, y, w, h)
            cairo_clip(cr)
            // The square less the rounded rectangle: what the clip would have kept out.
            cairo_rectangle(cr, x, y, w, h)
            cairo_set_matrix(cr, &m)
            appendRoundedRect(bounds, radius: radius, corners: corners, canvas, newPath: false)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, square.surface, x, y)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        cairo_restore(cr)
    }
}
