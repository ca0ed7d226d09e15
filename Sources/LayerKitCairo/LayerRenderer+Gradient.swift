import CCairo
import Foundation
import LayerKit

extension LayerRenderer {
    /// Fills the layer's rounded bounds (`appendRoundedRect`, the shape the background fills)
    /// with its gradient, over the background, as `CAGradientLayer` does.
    ///
    /// `startPoint` and `endPoint` are in the unit space of the bounds, mapped to points before
    /// anything is measured, so distances and angles are taken in the layer's own space (an axial
    /// gradient's lines of equal colour are perpendicular to start→end there). The stops are
    /// `GradientProperties.stops`; before the first and past the last the end colours extend.
    /// - Axial: location = the projection of a point onto start→end, as a fraction of its length.
    ///   Start and end at one point draw nothing (no direction: Apple leaves it undefined).
    /// - Radial: location = the point's distance from `startPoint` in units of the ellipse's
    ///   half-axes `|endPoint − startPoint|` per axis, 1 on the ellipse. A half-axis of 0 puts
    ///   every point off the line infinitely far out: the last colour fills the shape.
    /// - Conic: location = the angle from start→end, turning from +x towards +y (clockwise on
    ///   screen), over a full turn. Cairo has no conic gradient: each device pixel's centre is
    ///   mapped back into the layer and coloured by `[GradientStop].color(at:)`, so the picture is
    ///   the formula at every pixel whatever the transform. Start and end at one point measure
    ///   the angle from +x.
    /// Nothing is drawn for no colours, empty bounds or a non-finite point.
    func drawGradient(
        _ g: GradientProperties, bounds: Rect, radius: Double, corners: CornerMask, _ canvas: Canvas
    ) {
        let stops = g.stops
        let b = bounds.standardized
        guard !stops.isEmpty, b.isFinite, b.width > 0, b.height > 0 else { return }
        let start = Self.unitPoint(g.startPoint, in: b)
        let end = Self.unitPoint(g.endPoint, in: b)
        guard start.isFinite, end.isFinite else { return }
        let cr = canvas.cr
        switch g.type {
        case .axial:
            guard start != end, let pattern = CairoPattern.linear(from: start, to: end) else { return }
            fill(with: pattern, stops: stops, bounds: b, radius: radius, corners: corners, canvas)
        case .radial:
            let rx = abs(end.x - start.x)
            let ry = abs(end.y - start.y)
            guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else {
                // The limit of a vanishing ellipse: everything lies past its edge.
                guard let last = stops.last else { return }
                canvas.setSource(last.color)
                appendRoundedRect(b, radius: radius, corners: corners, canvas)
                cairo_fill(cr)
                return
            }
            guard let pattern = CairoPattern.unitRadial(),
                // User space → the unit circle: move the centre to the origin, then divide by the
                // half-axes.
                pattern.setMatrix(
                    AffineTransform(translationX: -start.x, y: -start.y)
                        .concatenating(AffineTransform(scaleX: 1 / rx, y: 1 / ry)))
            else { return }
            fill(with: pattern, stops: stops, bounds: b, radius: radius, corners: corners, canvas)
        case .conic:
            let direction = end - start
            let zeroAngle = direction == .zero ? 0 : atan2(direction.y, direction.x)
            drawConic(
                stops, center: start, zeroAngle: zeroAngle, bounds: b, radius: radius, corners: corners,
                canvas)
        }
    }

    /// A point of the bounds' unit space in the layer's coordinates.
    static func unitPoint(_ u: Point, in b: Rect) -> Point {
        Point(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height)
    }

    /// The location a conic gradient gives the point `p`: its angle about `center`, measured
    /// from `zeroAngle` towards +y, as a fraction of a turn in 0..<1.
    static func conicLocation(of p: Point, center: Point, zeroAngle: Double) -> Double {
        let turn = 2 * Double.pi
        var angle = (atan2(p.y - center.y, p.x - center.x) - zeroAngle).truncatingRemainder(dividingBy: turn)
        if angle < 0 { angle += turn }
        let t = angle / turn
        return t < 1 ? t : 0
    }

    private func fill(
        with pattern: CairoPattern, stops: [GradientStop], bounds: Rect, radius: Double, corners: CornerMask,
        _ canvas: Canvas
    ) {
        pattern.addStops(stops)
        pattern.setExtend(CAIRO_EXTEND_PAD)
        let cr = canvas.cr
        cairo_set_source(cr, pattern.pointer)
        appendRoundedRect(bounds, radius: radius, corners: corners, canvas)
        cairo_fill(cr)
        // Do not keep the pattern alive as the context's source.
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }

    /// The conic gradient, computed per device pixel inside the clip and composited through the
    /// rounded bounds (so the edge is antialiased like any fill).
    private func drawConic(
        _ stops: [GradientStop], center: Point, zeroAngle: Double, bounds: Rect, radius: Double,
        corners: CornerMask, _ canvas: Canvas
    ) {
        let cr = canvas.cr
        let toDevice = canvas.currentTransform
        guard let toUser = toDevice.inverted(), zeroAngle.isFinite else { return }
        guard let area = canvas.deviceArea(covering: bounds) else { return }
        guard let image = try? ImageSurface(width: area.width, height: area.height) else { return }
        image.flush()
        let data = image.data
        for row in 0..<area.height {
            let line = data.advanced(by: row * image.stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<area.width {
                let device = Point(x: Double(area.x + column) + 0.5, y: Double(area.y + row) + 0.5)
                let p = toUser.apply(to: device)
                let t = Self.conicLocation(of: p, center: center, zeroAngle: zeroAngle)
                line[column] = Self.premultipliedARGB(stops.color(at: t) ?? .clear)
            }
        }
        image.markDirty()
        appendRoundedRect(bounds, radius: radius, corners: corners, canvas)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        // The path is kept in device space; the image is placed there too.
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image.pointer, Double(area.x), Double(area.y))
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_set_matrix(cr, &matrix)
    }

    /// One ARGB32 word (alpha premultiplied, as Cairo stores pixels) for `color`.
    static func premultipliedARGB(_ color: Color) -> UInt32 {
        let c = color.clamped
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(c.alpha) << 24 | byte(c.red * c.alpha) << 16 | byte(c.green * c.alpha) << 8
            | byte(c.blue * c.alpha)
    }
}
