/// A recorded drawing: what a `CGContext` was asked to paint, as a value (a display list).
///
/// DESIGN. The compatibility modules cannot reach Cairo, so their `CGContext` records instead
/// of painting: every painting call becomes one `DrawingCommand` holding everything it needs —
/// its geometry and the graphics state in force (transform, clip, alpha, blend mode, shadow) —
/// so a command means the same wherever it sits, and two drawings are equal exactly when they
/// paint the same. LayerKitCairo replays the commands in order onto a Cairo context
/// (`DrawingReplay`), whose model is CoreGraphics' own: paths are placed by the transform in
/// force when they are built and stroked with the pen of the transform in force when they are
/// stroked, clips intersect, and everything is composited in order.
///
/// **Spaces.** A drawing is made in its *canvas space*: points, origin at the top-left corner
/// of the canvas, y down (UIKit's orientation, whatever the context's own: a bitmap context's
/// y-up user space is a flip in the transform). `DrawingState.transform` maps a command's user
/// space into it. Paths of fills, strokes and clips are stored already in canvas space (as
/// CoreGraphics keeps the current path in device space); gradients, images, text and cleared
/// rectangles are stored in user space with their transform. The rasteriser scales canvas
/// points to pixels.
public struct Drawing: Hashable, Sendable {
    public var commands: [DrawingCommand]

    public init(commands: [DrawingCommand] = []) {
        self.commands = commands
    }

    public var isEmpty: Bool { commands.isEmpty }
}

/// One painting operation with the state it is painted in.
public enum DrawingCommand: Hashable, Sendable {
    /// `path` (canvas space) filled with `color` by `rule`.
    case fill(Path, rule: FillRule, color: Color, state: DrawingState)
    /// `path` (canvas space) stroked with `color`, the pen in the state's user space.
    case stroke(Path, style: DrawingStroke, color: Color, state: DrawingState)
    /// An axial gradient from `start` (location 0) to `end` (location 1), user space, filling
    /// the clip; `extendsBefore`/`extendsAfter` continue the end colours past the ends.
    case linearGradient(
        [GradientStop], start: Point, end: Point, extendsBefore: Bool, extendsAfter: Bool,
        state: DrawingState)
    /// A radial gradient between two circles (user space), as CoreGraphics and PDF define it:
    /// the circles interpolated between them, later ones over earlier ones.
    case radialGradient(
        [GradientStop], startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        extendsBefore: Bool, extendsAfter: Bool, state: DrawingState)
    /// `image` stretched over `rect` (user space), its first row along `rect`'s minimum y.
    case image(ImageReference, rect: Rect, state: DrawingState)
    /// Text laid out in a box (user space).
    case text(DrawingText, state: DrawingState)
    /// `rect` (user space) made transparent, within the clip (`CGContext.clear(_:)`).
    case clear(Rect, state: DrawingState)
    /// `drawing` painted on its own first, then composited as one image with the state's
    /// alpha, blend mode, shadow and clip (a transparency layer). Its commands carry their own
    /// states, in the same canvas space.
    case group(Drawing, state: DrawingState)
    /// A layer tree painted as the renderer paints it (`CALayer.render(in:)`): its root placed
    /// by its own position and transform in the user space of the state's transform, then
    /// composited as one image with the state's alpha, blend mode, shadow and clip.
    case layers(PresentationLayer, state: DrawingState)

    /// The state the command is painted in.
    public var state: DrawingState {
        switch self {
        case .fill(_, _, _, let s), .stroke(_, _, _, let s), .image(_, _, let s), .text(_, let s),
            .clear(_, let s), .group(_, let s), .layers(_, let s):
            return s
        case .linearGradient(_, _, _, _, _, let s): return s
        case .radialGradient(_, _, _, _, _, _, _, let s): return s
        }
    }
}

/// The graphics state a command is painted in (what `saveGState` saves, less the settings that
/// belong to the command itself).
public struct DrawingState: Hashable, Sendable {
    /// User space to canvas space (CoreGraphics' CTM without the device's base transform).
    public var transform: AffineTransform = .identity
    /// Intersected in order; canvas space.
    public var clip: [DrawingClip] = []
    /// Image masks (`CGContext.clip(to:mask:)`), intersected in order with the clip: what is
    /// painted is multiplied by each one's coverage.
    public var masks: [DrawingMask] = []
    /// `setAlpha`: multiplies everything painted.
    public var alpha: Double = 1
    public var blendMode: BlendMode = .normal
    /// `setShadow(offset:blur:color:)`; nil draws none.
    public var shadow: DrawingShadow? = nil
    public var interpolationQuality: InterpolationQuality = .default
    /// `setShouldAntialias`.
    public var antialias: Bool = true

    public init() {}
}

/// One clip: `path` (canvas space) by `rule`.
public struct DrawingClip: Hashable, Sendable {
    public var path: Path
    public var rule: FillRule

    public init(path: Path, rule: FillRule) {
        self.path = path
        self.rule = rule
    }
}

/// A stroke's pen, in the user space of the command's transform.
public struct DrawingStroke: Hashable, Sendable {
    /// 0 is CoreGraphics' hairline: one device pixel wide.
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    /// The longest miter, as a multiple of the line width (PostScript's, CoreGraphics' and
    /// Cairo's meaning): longer ones are bevelled.
    public var miterLimit: Double = 10
    /// On and off lengths, cycled; empty for a solid line.
    public var dash: [Double] = []
    /// How far into the pattern the line starts.
    public var dashPhase: Double = 0

    public init() {}
}

/// `CGContext.setShadow(offset:blur:color:)`. Offset and blur are in canvas points, not
/// changed by the transform (CoreGraphics keeps them in the base space); in UIKit's
/// orientation a positive height moves the shadow down.
public struct DrawingShadow: Hashable, Sendable {
    public var offset: Size
    /// CoreGraphics' blur: a Gaussian of standard deviation `blur / 2` points.
    public var blur: Double
    public var color: Color

    public init(offset: Size, blur: Double, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// Text painted by a drawing: `NSString.draw(at:withAttributes:)` and `draw(in:withAttributes:)`.
public struct DrawingText: Hashable, Sendable {
    /// The string, font, size and colour, laid out by `TextLayout` (wrapped when `isWrapped`).
    public var properties: TextProperties
    /// The box the lines are laid out in (user space): the first line's top at its top.
    public var box: Rect
    /// True clips the lines to `box` (`draw(in:)`); false lets them run on (`draw(at:)`).
    public var clipsToBox: Bool

    public init(properties: TextProperties, box: Rect, clipsToBox: Bool) {
        self.properties = properties
        self.box = box
        self.clipsToBox = clipsToBox
    }
}

/// `CGBlendMode`: how a painted colour combines with what is below (PDF's blend modes and
/// Porter-Duff's operators).
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight,
        hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn,
        destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// `CGInterpolationQuality`: how images are sampled when scaled.
public enum InterpolationQuality: String, Hashable, Sendable, CaseIterable {
    case `default`, none, low, medium, high
}
