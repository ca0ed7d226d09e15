import CCairo
import LayerKit

/// A Cairo pattern (a gradient, or a group popped off a context) owned by Swift: made checked,
/// released in `deinit`.
///
/// `init?` answers nil, releasing what Cairo returned, when the pattern is in an error state,
/// so a source set from one never puts a context into an error state.
final class CairoPattern {
    let pointer: OpaquePointer

    /// Takes ownership of `pattern` (one reference); nil when it is nil or in an error state.
    init?(taking pattern: OpaquePointer?) {
        guard let pattern else { return nil }
        guard cairo_pattern_status(pattern).isSuccess else {
            cairo_pattern_destroy(pattern)
            return nil
        }
        pointer = pattern
    }

    deinit {
        cairo_pattern_destroy(pointer)
    }

    /// A linear gradient from `start` to `end`, in the user space it is drawn in.
    static func linear(from start: Point, to end: Point) -> CairoPattern? {
        CairoPattern(taking: cairo_pattern_create_linear(start.x, start.y, end.x, end.y))
    }

    /// A radial gradient from a point at the origin to the unit circle about it; place it with
    /// `setMatrix`.
    static func unitRadial() -> CairoPattern? {
        CairoPattern(taking: cairo_pattern_create_radial(0, 0, 0, 0, 0, 1))
    }

    /// Adds colour stops (locations 0…1, ascending, colours clamped: `GradientProperties.stops`).
    func addStops(_ stops: [GradientStop]) {
        for stop in stops {
            let c = stop.color.clamped
            cairo_pattern_add_color_stop_rgba(pointer, stop.location, c.red, c.green, c.blue, c.alpha)
        }
    }

    /// Maps user space to pattern space by `t` (Cairo's pattern matrix: user → pattern); false,
    /// changing nothing, when `t` is not finite and invertible.
    @discardableResult
    func setMatrix(_ t: AffineTransform) -> Bool {
        guard t.isFinite, t.determinant.isFinite, t.determinant != 0 else { return false }
        var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        var inverse = m
        guard cairo_matrix_invert(&inverse).isSuccess else { return false }
        cairo_pattern_set_matrix(pointer, &m)
        return true
    }

    func setExtend(_ extend: cairo_extend_t) {
        cairo_pattern_set_extend(pointer, extend)
    }
}
