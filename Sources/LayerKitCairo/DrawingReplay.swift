import CCairo
import LayerKit

/// Paints a recorded `Drawing` (LayerKit's display list of a `CGContext`) on a canvas with
/// Cairo, command by command, as CoreGraphics paints them.
///
/// Cairo's model is CoreGraphics': a path is fixed in device space when it is built and
/// stroked with the pen of the transform in force when it is stroked; both take the non-zero
/// ("winding") and even-odd rules, PostScript's miter limit (the miter's length over the line
/// width), dash phases measured into the pattern and odd dash arrays cycled; clips intersect.
/// So each command is replayed literally: its clips are intersected (canvas space), its path
/// appended in canvas space, and its pen, gradient, image or text placed by its own transform.
/// What CoreGraphics does that Cairo does not, done here:
/// - a line width of 0 is a hairline, one device pixel wide;
/// - a gradient extended at one end only (Cairo extends both or neither) is re-parametrised:
///   its far end is moved out along the same line (or cone of circles) far enough to cover
///   the clip, its stops squeezed to match, and nothing is extended past that;
/// - a shadow (`DrawingShadow`) is the painted alpha, blurred by a Gaussian of σ = blur / 2
///   points (`GaussianBlur`), offset in canvas space whatever the transform, painted in its
///   colour under the object;
/// - `setAlpha` scales solid colours, and images, gradients and groups through
///   `paint_with_alpha`.
/// Blend modes are Cairo's operators of the same names (`plusLighter` is `ADD`; `plusDarker`,
/// which Cairo lacks, is drawn as `multiply`). Porter-Duff modes that Cairo leaves unbounded
/// (`sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop`) act within the clip, also
/// outside the painted shape, except for fills, which are clipped to their path first as
/// CoreGraphics bounds them. Transform or geometry that is not finite skips the command.
struct DrawingReplay {
    let renderer: LayerRenderer
    let canvas: Canvas
    /// Canvas space to Cairo's user space as it was when the replay began (the canvas's
    /// transform, typically the rasteriser's scale).
    let base: AffineTransform

    init(renderer: LayerRenderer, canvas: Canvas) {
        self.renderer = renderer
        self.canvas = canvas
        base = canvas.currentTransform
    }

    var cr: OpaquePointer { canvas.cr }

    func play(_ drawing: Drawing) {
        for command in drawing.commands { play(command) }
    }

    func play(_ command: DrawingCommand) {
        let state = command.state
        guard state.transform.isFinite, state.alpha.isFinite, state.alpha > 0 || isClear(command) else {
            return
        }
        cairo_save(cr)
        defer {
            cairo_restore(cr)
            cairo_new_path(cr)
        }
        guard applyClip(state.clip) else { return }
        cairo_set_antialias(cr, state.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        if case .clear(let rect, _) = command {
            guard rect.isFinite, setMatrix(base: state.transform) else { return }
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            let r = rect.standardized
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_fill(cr)
            return
        }
        let alpha = min(1, state.alpha)
        if !state.masks.isEmpty {
            playMasked(command, alpha: alpha)
            return
        }
        if let shadow = state.shadow, shadow.color.clamped.alpha > 0, shadow.offset.isFinite,
            shadow.blur.isFinite
        {
            drawWithShadow(command, shadow: shadow, alpha: alpha)
            return
        }
        cairo_set_operator(cr, Self.cairoOperator(state.blendMode))
        if case .fill(let path, let rule, _, _) = command, Self.isUnbounded(state.blendMode) {
            // Bounded as CoreGraphics bounds it: only the path's pixels change.
            setDeviceMatrix()
            canvas.append(path)
            cairo_set_fill_rule(cr, Self.cairoRule(rule))
            cairo_clip(cr)
        }
        paint(command, alpha: alpha)
    }

    private func isClear(_ command: DrawingCommand) -> Bool {
        if case .clear = command { return true }
        return false
    }

    // MARK: Painting one command

    /// Paints `command` with the current operator, its colours or its image at `alpha`.
    func paint(_ command: DrawingCommand, alpha: Double) {
        switch command {
        case .fill(let path, let rule, let color, _):
            guard path.isFinite, !path.isEmpty else { return }
            setDeviceMatrix()
            canvas.append(path)
            cairo_set_fill_rule(cr, Self.cairoRule(rule))
            canvas.setSource(color.scalingAlpha(alpha))
            cairo_fill(cr)
        case .stroke(let path, let style, let color, let state):
            stroke(path, style: style, color: color.scalingAlpha(alpha), transform: state.transform)
        case .linearGradient(let stops, let start, let end, let before, let after, let state):
            guard setMatrix(base: state.transform),
                let pattern = linearPattern(stops, start: start, end: end, before: before, after: after)
            else { return }
            cairo_set_source(cr, pattern.pointer)
            cairo_paint_with_alpha(cr, alpha)
        case .radialGradient(let stops, let c0, let r0, let c1, let r1, let before, let after, let state):
            guard setMatrix(base: state.transform),
                let pattern = radialPattern(
                    stops, c0: c0, r0: r0, c1: c1, r1: r1, before: before, after: after)
            else { return }
            cairo_set_source(cr, pattern.pointer)
            cairo_paint_with_alpha(cr, alpha)
        case .image(let image, let rect, let state):
            drawImage(image, in: rect, state: state, alpha: alpha)
        case .text(let text, let state):
            guard setMatrix(base: state.transform), text.box.isFinite else { return }
            if text.clipsToBox { canvas.clip(to: text.box) }
            var properties = text.properties
            properties.foregroundColor = properties.foregroundColor?.scalingAlpha(alpha)
            renderer.drawText(properties, bounds: text.box, canvas)
        case .group(let drawing, _):
            setDeviceMatrix()
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            DrawingReplay(renderer: renderer, canvas: canvas, base: base).play(drawing)
            setDeviceMatrix()
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        case .layers(let tree, let state):
            guard setMatrix(base: state.transform) else { return }
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            renderer.drawLayer(tree, on: canvas)
            setDeviceMatrix()
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        case .clear:
            break
        }
    }

    private init(renderer: LayerRenderer, canvas: Canvas, base: AffineTransform) {
        self.renderer = renderer
        self.canvas = canvas
        self.base = base
    }

    private func stroke(_ path: Path, style: DrawingStroke, color: Color, transform: AffineTransform) {
        guard path.isFinite, !path.isEmpty, style.lineWidth.isFinite, style.lineWidth >= 0 else { return }
        setDeviceMatrix()
        canvas.append(path)
        var penScale = 1.0
        if style.lineWidth == 0 {
            // A hairline: one device pixel, whatever the transform.
            cairo_identity_matrix(cr)
            cairo_set_line_width(cr, 1)
            // The dashes, in user space, measured in device pixels.
            penScale = abs(transform.concatenating(base).determinant).squareRoot()
        } else {
            guard setMatrix(base: transform) else { return }
            cairo_set_line_width(cr, style.lineWidth)
        }
        cairo_set_line_cap(cr, Self.cairoCap(style.lineCap))
        cairo_set_line_join(cr, Self.cairoJoin(style.lineJoin))
        cairo_set_miter_limit(cr, style.miterLimit.isFinite ? max(1, style.miterLimit) : 10)
        if let dash = Self.validDash(style.dash), style.dashPhase.isFinite {
            let scaled = dash.map { $0 * penScale }
            scaled.withUnsafeBufferPointer {
                cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashPhase * penScale)
            }
        }
        canvas.setSource(color)
        cairo_stroke(cr)
    }

    /// `dash` when Cairo can draw it (finite, none negative, not all zero); nil for a solid line.
    static func validDash(_ dash: [Double]) -> [Double]? {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.contains(where: { $0 > 0 })
        else {
            return nil
        }
        return dash
    }

    private func drawImage(_ image: ImageReference, in rect: Rect, state: DrawingState, alpha: Double) {
        guard rect.isFinite, setMatrix(base: state.transform) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let surface: ImageSurface
        do {
            if let bitmap = image.bitmap {
                surface = try renderer.images.image(for: bitmap)
            } else {
                surface = try renderer.images.image(at: image.path)
            }
        } catch {
            renderer.drawPlaceholder(in: r, canvas)
            return
        }
        // Image pixels → the rectangle, its first row along the rectangle's minimum y.
        let toRect = AffineTransform(
            scaleX: r.width / Double(surface.width), y: r.height / Double(surface.height)
        ).concatenating(AffineTransform(translationX: r.minX, y: r.minY))
        guard let pattern = CairoPattern(taking: cairo_pattern_create_for_surface(surface.pointer)),
            let toImage = toRect.inverted(), pattern.setMatrix(toImage)
        else { return }
        pattern.setExtend(CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern.pointer, Self.cairoFilter(state.interpolationQuality))
        cairo_set_source(cr, pattern.pointer)
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, alpha)
    }

    // MARK: Shadows

    /// Paints `command` over its shadow, the two composited together with its blend mode and
    /// alpha.
    private func drawWithShadow(_ command: DrawingCommand, shadow: DrawingShadow, alpha: Double) {
        let state = command.state
        cairo_identity_matrix(cr)
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        paint(command, alpha: 1)
        cairo_identity_matrix(cr)
        guard let content = CairoPattern(taking: cairo_pop_group(cr)) else { return }
        let offset = Point(
            x: base.a * shadow.offset.width + base.c * shadow.offset.height,
            y: base.b * shadow.offset.width + base.d * shadow.offset.height)
        let sigma = max(0, shadow.blur) / 2 * abs(base.determinant).squareRoot()
        cairo_push_group(cr)
        if let target = canvas.deviceClip, offset.isFinite, sigma.isFinite {
            let reach = Double(GaussianBlur.reach(sigma: sigma) + 1)
            let needed = target.rect.offsetBy(dx: -offset.x, dy: -offset.y).insetBy(dx: -reach, dy: -reach)
            if let area = LayerRenderer.wholePixels(needed),
                area.width * area.height <= LayerRenderer.maximumShadowPixels,
                let image = try? ImageSurface(width: area.width, height: area.height),
                let offscreen = try? Canvas(surface: image)
            {
                offscreen.translate(-Double(area.x), -Double(area.y))
                cairo_set_source(offscreen.cr, content.pointer)
                cairo_paint(offscreen.cr)
                if offscreen.error == nil {
                    LayerRenderer.blurAlpha(of: image, sigma: sigma)
                    canvas.setSource(shadow.color)
                    cairo_mask_surface(
                        cr, image.pointer, Double(area.x) + offset.x, Double(area.y) + offset.y)
                }
            }
        }
        cairo_set_source(cr, content.pointer)
        cairo_paint(cr)
        cairo_pop_group_to_source(cr)
        cairo_set_operator(cr, Self.cairoOperator(state.blendMode))
        cairo_paint_with_alpha(cr, alpha)
    }

    // MARK: Gradients

    /// How far past the clip a gradient extended at one end only is carried, at most, as a
    /// multiple of its own length (Cairo's gradients have finite precision along their length).
    static let maximumStretch = 256.0

    private func linearPattern(
        _ stops: [GradientStop], start: Point, end: Point, before: Bool, after: Bool
    ) -> CairoPattern? {
        guard start.isFinite, end.isFinite, !stops.isEmpty else { return nil }
        let d = end - start
        let length2 = d.x * d.x + d.y * d.y
        guard length2 > 0 else { return nil }
        // The span of the gradient's parameter over the clip.
        var tMin = 0.0
        var tMax = 1.0
        if let corners = clipCornersInUserSpace() {
            for p in corners {
                let t = ((p.x - start.x) * d.x + (p.y - start.y) * d.y) / length2
                tMin = min(tMin, t)
                tMax = max(tMax, t)
            }
        }
        let (lo, hi) = Self.span(before: before, after: after, tMin: tMin, tMax: tMax)
        let p0 = start + d * lo
        let p1 = start + d * hi
        guard let pattern = CairoPattern.linear(from: p0, to: p1) else { return nil }
        pattern.addStops(Self.stops(stops, lo: lo, hi: hi))
        pattern.setExtend(before && after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        return pattern
    }

    private func radialPattern(
        _ stops: [GradientStop], c0: Point, r0: Double, c1: Point, r1: Double, before: Bool, after: Bool
    ) -> CairoPattern? {
        guard c0.isFinite, c1.isFinite, r0.isFinite, r1.isFinite, r0 >= 0, r1 >= 0, !stops.isEmpty else {
            return nil
        }
        let dc = c1 - c0
        let dr = r1 - r0
        // How many lengths of the cone reach past the clip, and where the radius reaches 0.
        var reach = Self.maximumStretch
        if let corners = clipCornersInUserSpace() {
            var far = 0.0
            for p in corners { far = max(far, p.distance(to: c0), p.distance(to: c1)) }
            let growth = abs(dr)
            if growth > 1e-9 { reach = min(reach, 1 + far / growth) }
        }
        var tMin = before ? -reach : 0
        var tMax = after ? 1 + reach : 1
        if dr > 0 { tMin = max(tMin, -r0 / dr) }
        if dr < 0 { tMax = min(tMax, r0 / -dr) }
        let (lo, hi) = Self.span(before: before, after: after, tMin: tMin, tMax: tMax)
        let a = c0 + dc * lo
        let b = c0 + dc * hi
        let ra = max(0, r0 + dr * lo)
        let rb = max(0, r0 + dr * hi)
        guard
            let pattern = CairoPattern(
                taking: cairo_pattern_create_radial(a.x, a.y, ra, b.x, b.y, rb))
        else { return nil }
        pattern.addStops(Self.stops(stops, lo: lo, hi: hi))
        pattern.setExtend(before && after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        return pattern
    }

    /// The parameter range the pattern spans: 0…1, or carried to `tMin`/`tMax` at an end that is
    /// extended alone (both ends extended are Cairo's pad).
    static func span(before: Bool, after: Bool, tMin: Double, tMax: Double) -> (Double, Double) {
        if before == after { return (0, 1) }
        let lo = before ? max(tMin, -maximumStretch) : 0
        let hi = after ? min(tMax, 1 + maximumStretch) : 1
        return (min(lo, 0), max(hi, 1))
    }

    /// `stops` placed on a pattern that spans `lo…hi` of the gradient, with the end colours
    /// held to the pattern's ends.
    static func stops(_ stops: [GradientStop], lo: Double, hi: Double) -> [GradientStop] {
        let sorted = stops.sorted { $0.location < $1.location }
        guard hi > lo, let first = sorted.first, let last = sorted.last else { return sorted }
        var out = sorted.map {
            GradientStop(location: (min(max($0.location, 0), 1) - lo) / (hi - lo), color: $0.color)
        }
        if lo < 0 { out.insert(GradientStop(location: 0, color: first.color), at: 0) }
        if hi > 1 { out.append(GradientStop(location: 1, color: last.color)) }
        return out
    }

    /// The corners of the clip's device box in the current user space.
    private func clipCornersInUserSpace() -> [Point]? {
        guard let area = canvas.deviceClip, let toUser = canvas.currentTransform.inverted() else {
            return nil
        }
        let r = area.rect
        return [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY),
            Point(x: r.maxX, y: r.maxY),
        ].map { toUser.apply(to: $0) }
    }

    // MARK: State

    /// Intersects the clip with each of `clips` (canvas space); false when one cannot be used
    /// (not finite), which clips everything away.
    private func applyClip(_ clips: [DrawingClip]) -> Bool {
        guard !clips.isEmpty else { return true }
        setDeviceMatrix()
        for clip in clips {
            guard clip.path.isFinite else { return false }
            canvas.append(clip.path)
            cairo_set_fill_rule(cr, Self.cairoRule(clip.rule))
            cairo_clip(cr)
        }
        return true
    }

    /// Canvas space: the replay's base transform.
    func setDeviceMatrix() {
        canvas.setMatrix(base)
    }

    /// A command's user space: `transform`, then the base.
    func setMatrix(base transform: AffineTransform) -> Bool {
        canvas.setMatrix(transform.concatenating(base))
    }

    // MARK: CoreGraphics to Cairo

    static func cairoRule(_ rule: FillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }

    static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    static func cairoFilter(_ quality: InterpolationQuality) -> cairo_filter_t {
        switch quality {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .default, .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }

    /// The Porter-Duff operators Cairo applies to the whole clip rather than the painted shape.
    static func isUnbounded(_ mode: BlendMode) -> Bool {
        switch mode {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }

    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply, .plusDarker: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}

extension Color {
    /// The colour with its alpha (clamped first) multiplied by `factor`.
    func scalingAlpha(_ factor: Double) -> Color {
        var c = clamped
        c.alpha *= factor
        return c
    }
}
