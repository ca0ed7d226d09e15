import CCairo
import LayerKit

/// A rectangle of whole device pixels.
struct DeviceArea: Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The bounding box in device pixels, as a `Rect`.
    var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
}

extension Canvas {
    /// The transform from the current user space to device pixels.
    var currentTransform: AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// The bounding box of the clip in device pixels (whole pixels, within the surface).
    var deviceClip: DeviceArea? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_set_matrix(cr, &matrix)
        return Self.wholePixels(Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1), within: surface)
    }

    /// The whole device pixels that `rect` (in user space) touches inside the clip and the
    /// surface; nil when there are none or the rectangle is not finite.
    func deviceArea(covering rect: Rect) -> DeviceArea? {
        let r = currentTransform.apply(to: rect.standardized)
        guard r.isFinite, let clip = deviceClip,
            let area = Self.wholePixels(r, within: surface)
        else { return nil }
        return area.intersection(clip)
    }

    /// The pixels `r` touches, clamped to the surface; nil when none.
    static func wholePixels(_ r: Rect, within surface: ImageSurface) -> DeviceArea? {
        guard r.isFinite, !r.isNull else { return nil }
        let x0 = Swift.max(0, Swift.min(Double(surface.width), r.minX.rounded(.down)))
        let y0 = Swift.max(0, Swift.min(Double(surface.height), r.minY.rounded(.down)))
        let x1 = Swift.max(0, Swift.min(Double(surface.width), r.maxX.rounded(.up)))
        let y1 = Swift.max(0, Swift.min(Double(surface.height), r.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return DeviceArea(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}

extension DeviceArea {
    /// The pixels in both; nil when none.
    func intersection(_ o: DeviceArea) -> DeviceArea? {
        let x0 = Swift.max(x, o.x)
        let y0 = Swift.max(y, o.y)
        let x1 = Swift.min(x + width, o.x + o.width)
        let y1 = Swift.min(y + height, o.y + o.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return DeviceArea(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
