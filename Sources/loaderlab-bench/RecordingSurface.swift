import CCairo
import LayerKit
import LayerKitCairo

/// A Cairo recording surface: drawing on it keeps Cairo's own drawing commands instead of
/// pixels, and `replay(onto:)` plays them back onto an image.
///
/// This is the raster baseline of the frame benchmark: a frame recorded once and replayed is
/// what Cairo alone costs for those pixels, with no layer tree, no animation evaluation and no
/// Swift between the commands. Owns one `cairo_surface_t`, checked when made and released in
/// `deinit`; draws through LayerKitCairo's `Canvas`, whose context it reaches at package level.
final class RecordingSurface {
    private let pointer: OpaquePointer
    /// The recorded area in pixels, from (0, 0): what a replay can cover.
    let width: Int
    let height: Int

    /// An empty recording of a `width`×`height`-pixel area (each side 1…`ImageSurface.maximumSide`).
    init(width: Int, height: Int) throws {
        guard width >= 1, height >= 1, width <= ImageSurface.maximumSide, height <= ImageSurface.maximumSide
        else {
            throw CairoError("invalid recording size \(width)×\(height)")
        }
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        let s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw CairoError(
                "cannot create a \(width)×\(height) recording: \(String(cString: cairo_status_to_string(status)))"
            )
        }
        pointer = s
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// A canvas whose drawing is recorded here. `image` is the surface the recording is meant
    /// to be replayed onto; the canvas reports it as its `surface` and keeps it alive.
    func makeCanvas(replayingOnto image: ImageSurface) throws -> Canvas {
        try Canvas(target: pointer, surface: image)
    }

    /// Plays the recording back onto `canvas` at its origin in device space, replacing what is
    /// there (Cairo's SOURCE operator). Painting a recording with SOURCE onto an image lets
    /// Cairo replay the commands straight onto the destination instead of rasterising them
    /// into a temporary image first, so this costs what drawing the commands costs.
    func replay(onto canvas: Canvas) {
        let cr = canvas.cr
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, pointer, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}

extension Canvas {
    /// Makes every pixel inside the clip transparent with Cairo's CLEAR operator, which also
    /// tells Cairo the image is blank (so a replay or an OVER onto it can skip blending).
    func erase() {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
