import CCairo
import LayerKit

/// Stroking: width, caps, joins, dashes, and the trim by `strokeStart` and `strokeEnd`.
extension LayerRenderer {
    /// Strokes the part of `path` between `strokeStart` and `strokeEnd` (fractions of its
    /// total length across all subpaths, clamped to 0…1; NaN or start ≥ end draws nothing),
    /// with the dash pattern anchored to the untrimmed path: each trimmed piece is dashed from
    /// `lineDashPhase` plus its distance from its contour's start, since the dash pattern
    /// restarts at every subpath (as in Core Graphics).
    func strokeTrimmed(_ path: Path, _ shape: ShapeProperties, _ canvas: Canvas) {
        let cr = canvas.cr
        let start = shape.strokeStart
        let end = shape.strokeEnd
        guard !start.isNaN, !end.isNaN else { return }
        let from = min(max(start, 0), 1)
        let to = min(max(end, 0), 1)
        guard from < to else { return }
        var dash = Self.validDash(shape.lineDashPattern)
        if let pattern = dash, Self.tooManyDashes(pattern, along: path.measure.length) {
            dash = nil
        }
        if from <= 0 && to >= 1 {
            // The whole path: no measuring needed for the trim.
            setDash(dash, phase: shape.lineDashPhase, offset: 0, cr)
            canvas.append(path)
            cairo_stroke(cr)
            return
        }
        let pieces = path.measure.pieces(from: from, to: to)
        if dash == nil {
            // One stroke for all pieces, so translucent overlaps blend once, as in one path.
            cairo_new_path(cr)
            for piece in pieces { appendSubpath(piece.path, canvas) }
            cairo_stroke(cr)
            return
        }
        for piece in pieces {
            setDash(dash, phase: shape.lineDashPhase, offset: piece.distanceInContour, cr)
            canvas.append(piece.path)
            cairo_stroke(cr)
        }
    }

    /// Adds `path` to Cairo's current path without clearing it.
    private func appendSubpath(_ path: Path, _ canvas: Canvas) {
        canvas.append(path, clearing: false)
    }

    /// True when a pattern would cut a path of `length` into more dashes than
    /// `PathMeasure.maximumDashCount`: Cairo would spend unbounded time on dashes far finer
    /// than a pixel, so the stroke is drawn solid instead (as Skia does).
    static func tooManyDashes(_ pattern: [Double], along length: Double) -> Bool {
        var period = pattern.reduce(0, +)
        if pattern.count % 2 == 1 { period *= 2 }
        guard period > 0, period.isFinite, length.isFinite else { return true }
        return length / period * Double(max(1, pattern.count / 2)) > Double(PathMeasure.maximumDashCount)
    }

    /// Strokes `path` as `shape` says, in `color`; the canvas's state is left as it was.
    func drawStroke(_ path: Path, _ shape: ShapeProperties, color: Color, _ canvas: Canvas) {
        let cr = canvas.cr
        cairo_save(cr)
        canvas.setSource(color)
        cairo_set_line_width(cr, shape.lineWidth)
        cairo_set_line_cap(cr, Self.cairoCap(shape.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(shape.lineJoin))
        cairo_set_miter_limit(cr, shape.miterLimit.isFinite && shape.miterLimit >= 1 ? shape.miterLimit : 10)
        strokeTrimmed(path, shape, canvas)
        cairo_restore(cr)
    }

    static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }

    /// The dash pattern Cairo can take, or nil for a solid line: Core Graphics ignores a
    /// pattern with a negative or non-finite entry or one that is all zeros, where Cairo would
    /// enter an error state.
    static func validDash(_ pattern: [Double]) -> [Double]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
            pattern.contains(where: { $0 > 0 })
        else { return nil }
        return pattern
    }

    /// Sets the dash for a subpath that starts `offset` points along its untrimmed contour.
    func setDash(_ pattern: [Double]?, phase: Double, offset: Double, _ cr: OpaquePointer) {
        guard let pattern else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        var total = phase.isFinite ? phase : 0
        if offset.isFinite { total += offset }
        pattern.withUnsafeBufferPointer { buffer in
            cairo_set_dash(cr, buffer.baseAddress, Int32(buffer.count), total)
        }
    }
}
