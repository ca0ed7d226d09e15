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
        guard let target = PixelTarget.imageSurface(of: cr) else { return nil }
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
    /// rectangle's anti-aliased coverage, as a rounded clip would have left them: each pixel of
    /// a square becomes the copied one where its mask (`CornerMasks`) is whole, stays where the
    /// mask is empty, and is the two blended by the mask between.
    ///
    /// Where the clip is a set of whole pixels (a damaged region, the plain rectangles of
    /// ancestors' clips) the pixels are blended here, inside the clip's rectangles; Cairo's own
    /// `SOURCE`-through-a-mask, used otherwise (a clip with an anti-aliased edge), costs more
    /// than the blend itself for such small squares.
    func restoreCorners(
        _ backup: CornerBackup, of bounds: Rect, radius: Double, corners: CornerMask, _ canvas: Canvas
    ) {
        guard !backup.squares.isEmpty, let visible = canvas.deviceClip?.rect else { return }
        let cr = canvas.cr
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let target = PixelTarget(cr)
        for square in backup.squares {
            let x = Double(square.x) - backup.offsetX
            let y = Double(square.y) - backup.offsetY
            let width = Int(cairo_image_surface_get_width(square.surface))
            let height = Int(cairo_image_surface_get_height(square.surface))
            // A square the clip lets nothing of through (one an underlay kept, beside this
            // region) has nothing to put back.
            guard
                !Rect(x: x, y: y, width: Double(width), height: Double(height)).intersection(visible).isEmpty
            else { continue }
            let key = CornerMasks.Key(
                width: width, height: height, xx: m.xx, yy: m.yy, x0: m.x0 - x, y0: m.y0 - y, bounds: bounds,
                radius: radius, corners: corners.rawValue)
            guard let mask = cornerMasks.mask(for: key) else { continue }
            if let target, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 {
                target.blend(square.surface, through: mask.surface, atDeviceX: Int(x), y: Int(y))
            } else {
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(cr, square.surface, x, y)
                cairo_mask_surface(cr, mask.surface, x, y)
                cairo_set_source_rgba(cr, 0, 0, 0, 0)
            }
        }
        cairo_restore(cr)
    }
}

/// The surface a context draws on, when its pixels can be written directly: an ARGB32 image
/// surface (the group's, inside a group) whose clip is whole device pixels.
struct PixelTarget {
    let surface: OpaquePointer
    let data: UnsafeMutablePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int
    /// Surface pixel = device pixel + offset.
    let offsetX: Int
    let offsetY: Int
    /// The clip's rectangles, in device pixels.
    let clip: [(x0: Int, y0: Int, x1: Int, y1: Int)]

    /// Nil when the target is not such a surface or the clip is not whole pixels. Reads the
    /// clip in device space, so the context's matrix must be the identity, and narrows it to
    /// the surface (the caller saves Cairo's state around).
    init?(_ cr: OpaquePointer) {
        guard let surface = Self.imageSurface(of: cr) else { return nil }
        var dx = 0.0
        var dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        guard dx == dx.rounded(), dy == dy.rounded(), abs(dx) < 1e9, abs(dy) < 1e9 else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        // No clip at all is not a list of rectangles to Cairo: the surface's own is.
        cairo_new_path(cr)
        cairo_rectangle(cr, -dx, -dy, Double(width), Double(height))
        cairo_clip(cr)
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var clip: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for i in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[i]
            let edges = [r.x, r.y, r.x + r.width, r.y + r.height]
            guard edges.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 }) else { return nil }
            clip.append((Int(edges[0]), Int(edges[1]), Int(edges[2]), Int(edges[3])))
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        self.surface = surface
        self.data = data
        stride = Int(cairo_image_surface_get_stride(surface))
        self.width = width
        self.height = height
        offsetX = Int(dx)
        offsetY = Int(dy)
        self.clip = clip
    }

    /// The surface `cr` draws on (its group's, inside a group) when it is an ARGB32 image
    /// surface, whose pixels can be read and written in memory.
    static func imageSurface(of cr: OpaquePointer) -> OpaquePointer? {
        guard let surface = cairo_get_group_target(cr),
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return nil }
        return surface
    }

    /// Blends `source` (ARGB32) into the target at device pixel (`x`, `y`) through `mask` (A8,
    /// the same size), inside the clip: each channel becomes (s·m + d·(255 − m)) / 255,
    /// rounded to nearest.
    func blend(_ source: OpaquePointer, through mask: OpaquePointer, atDeviceX x: Int, y: Int) {
        cairo_surface_flush(source)
        guard let sourceData = cairo_image_surface_get_data(source),
            let maskData = cairo_image_surface_get_data(mask)
        else { return }
        let w = Int(cairo_image_surface_get_width(source))
        let h = Int(cairo_image_surface_get_height(source))
        guard Int(cairo_image_surface_get_width(mask)) == w, Int(cairo_image_surface_get_height(mask)) == h
        else { return }
        let sourceStride = Int(cairo_image_surface_get_stride(source))
        let maskStride = Int(cairo_image_surface_get_stride(mask))
        for rect in clip {
            // The square within this rectangle of the clip and within the surface, in device
            // pixels.
            let left = max(x, rect.x0, -offsetX)
            let top = max(y, rect.y0, -offsetY)
            let right = min(x + w, rect.x1, width - offsetX)
            let bottom = min(y + h, rect.y1, height - offsetY)
            guard right > left, bottom > top else { continue }
            for row in top..<bottom {
                let maskRow = maskData + (row - y) * maskStride
                let sourceRow = UnsafeRawPointer(sourceData + (row - y) * sourceStride)
                let targetRow = UnsafeMutableRawPointer(data + (row + offsetY) * stride)
                for column in left..<right {
                    let m = UInt32(maskRow[column - x])
                    if m == 0 { continue }
                    let s = sourceRow.load(fromByteOffset: (column - x) * 4, as: UInt32.self)
                    let at = (column + offsetX) * 4
                    if m == 255 {
                        targetRow.storeBytes(of: s, toByteOffset: at, as: UInt32.self)
                        continue
                    }
                    let d = targetRow.load(fromByteOffset: at, as: UInt32.self)
                    targetRow.storeBytes(of: Self.lerp(s, d, m), toByteOffset: at, as: UInt32.self)
                }
            }
            cairo_surface_mark_dirty_rectangle(
                surface, Int32(left + offsetX), Int32(top + offsetY), Int32(right - left), Int32(bottom - top)
            )
        }
    }

    /// s·m + d·(255 − m), divided by 255 and rounded, in each of the four 8-bit channels: two
    /// channels at a time in 16-bit lanes (a lane's sum is at most 255 · 255 + 128).
    static func lerp(_ s: UInt32, _ d: UInt32, _ m: UInt32) -> UInt32 {
        let n = 255 - m
        var rb = (s & 0x00ff_00ff) &* m &+ (d & 0x00ff_00ff) &* n &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
        var ag = ((s >> 8) & 0x00ff_00ff) &* m &+ ((d >> 8) & 0x00ff_00ff) &* n &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00ff_00ff)) & 0xff00_ff00
        return rb | ag
    }
}
