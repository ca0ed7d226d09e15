import CCairo
import LayerKit

extension LayerRenderer {
    /// Strokes the part of `path` between `strokeStart` and `strokeEnd` (fractions of its
    /// total length, clamped to 0…1) with the dash pattern anchored to the untrimmed path.
    func strokeTrimmed(_ path: Path, _ shape: ShapeProperties, _ canvas: Canvas) {
        let cr = canvas.cr
        let start = shape.strokeStart
        let end = shape.strokeEnd
        guard !start.isNaN, !end.isNaN else { return }
        let from = min(max(start, 0), 1)
        let to = min(max(end, 0), 1)
        let dash = Self.validDash(shape.lineDashPattern)
        if from <= 0 && to >= 1 {
            setDash(dash, phase: shape.lineDashPhase, offset: 0, cr)
            canvas.append(path)
            cairo_stroke(cr)
            return
        }
        // Trimming needs LayerKit's PathMeasure; until it is available a partial stroke is not
        // drawn rather than drawn wrong.
    }
}
