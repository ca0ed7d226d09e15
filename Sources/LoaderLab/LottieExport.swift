import Foundation
import LayerKit
import LayerKitCairo

/// A loader as a Lottie animation (the Lottie Animation Community's format, `v` 5.7, as
/// lottie-web, lottie-android, lottie-ios, rlottie and ThorVG read it), made from its
/// presentation trees at every frame.
///
/// The contract:
/// - **Frames.** `frames[k]` is the tree at k/`fps` s; the animation has `frames.count` frames
///   (`ip` 0, `op` the count), so a player showing frame k shows what LoaderLab draws at k/`fps`.
///   Every value is a keyframe at the frames where it changes; frames whose value a straight
///   line, or one of the scene's timing functions, between the keyframes around them gives
///   within the channel's tolerance (`Tolerance`) are left out, and each keyframe carries the
///   curve to the next as its Bézier easing (`LottieProperty`). A value that a timing function
///   eases from one keyframe time to the next is so exactly as Core Animation plays it, between
///   frames too; one that no curve fits (paced, spring, along a path) is sampled at every
///   frame it needs, within the tolerance of LoaderLab's frames. A value that never changes is
///   written once, not animated.
/// - **Layers.** Each layer of the tree is a Lottie layer (a shape layer when it draws anything
///   at some frame, else a null), parented as in the tree, in drawing order (sublayers by
///   `zPosition`, ties in order; Lottie lists the top first). A layer that exists at only some
///   frames (added, removed) is there throughout, transparent where it is absent; a layer is
///   known across frames by its place in the tree (indices from the root).
/// - **Transform.** A layer's Lottie anchor is its anchor point in its own space (bounds origin
///   plus anchor point times size), its position the position plus the transform's
///   translation, and the transform's plane part its rotation (degrees, clockwise as on screen)
///   and scale; rotation is unwound across frames (a turn is 360°, not a jump back). Lottie does
///   not pass opacity to a layer's children, so each layer's opacity is its own times its
///   ancestors' (0 when it or one of them is hidden). A sublayer transform is a null between
///   the layer and its sublayers: the transform about the layer's anchor point.
/// - **3D.** Lottie's transforms are affine. A layer that is placed in 3D at some frame (a
///   transform layer, or a map into its superlayer's plane that is projective, or skewed by a
///   turn out of the plane) is written with its whole subtree as filled
///   outlines in its superlayer's plane at every frame (`LottieFlattener`): pieces drawn back
///   to front, as LoaderLab draws them, each a group whose path and colour are those of the
///   piece at that rank at each frame.
/// - **Content.** The background colour is a rectangle with the corner radius (at most half
///   the shorter side, as Core Animation draws it) under the layer's other content; a shape
///   layer's path is filled (colour, rule) and stroked (colour, width, cap, join, miter limit,
///   dash pattern as at the first frame that strokes) in a group of each, and
///   `strokeStart`/`strokeEnd` trim the stroke only, as Core Animation trims it, across the
///   whole path. Core Animation anchors the dashes to the untrimmed path, while a Lottie trim
///   makes a new path that the dashes start from, so the dash offset is the phase plus the
///   length trimmed off the start, at every frame. The border is a layer of its own over the
///   layer's sublayers, as Core Animation draws it there: a stroke inside the bounds.
/// - **Gradients.** A gradient layer's axial gradient is a linear gradient fill of its bounds,
///   a radial one a radial fill (an elliptical one drawn in a space squashed to make it a
///   circle), over the background; every stop with its colour and opacity, as drawn. A conic
///   gradient, which Lottie has no fill for, is wedges of 2° (`ConicWedges`), clipped to the
///   bounds as a clipping layer is.
/// - **Images.** A layer's contents is an image layer over its background, its picture
///   embedded as a PNG (base64), placed by the contents gravity and scale as LoaderLab draws
///   it. A picture that changes (a layer that draws itself) is an image layer for each run of
///   frames that shows one picture, in and out at the run's ends; each picture is embedded
///   once.
/// - **Text** is the outlines of its glyphs, as LoaderLab lays them out and draws them (face,
///   size, lines, alignment), filled with the foreground colour.
/// - **Clipping and masks.** A layer that clips what it draws to its bounds (`masksToBounds`
///   with sublayers, a path or an image), or that has a mask, is put with everything it draws
///   into a composition of its own, shown by a layer in its place. Inside, the layer's space is
///   moved so its bounds start a margin (the animation's larger side) right and down, the
///   composition is its bounds with that margin all round, and the showing layer's anchor moves
///   with it; a clipping layer's showing layer is masked by its bounds with their corners. The
///   mask layer is a composition of its own too, in the same space, over the shown one as its
///   alpha matte. Whether a layer clips is as at the first frame it is seen.
/// - **The whole.** The canvas is the size times `scale`, with a null layer scaling everything
///   by `scale` at its top.
/// - **Replicators** are their instances (among the tree's sublayers), each a layer of its own:
///   a Lottie repeater cannot put one instance's time behind another's (`instanceDelay`).
/// - **Shadows** are Lottie's drop shadow effect on the layer (`LottieBuilder+Shadow`): cast
///   by its background, shape and text, not by its image, border or sublayers, and by the
///   layer's own outline rather than its `shadowPath`.
/// - **What does not map** is named in `notes`, once per layer and feature: skews (written as
///   their rotation and scale), what a shadow is not cast by, some corners rounded, a conic gradient's sublayers
///   (clipped with it), `contentsRect` and `contentsCenter`, images that cannot be read, and in
///   3D gradients, images, clipping and masks. The export then differs from LoaderLab's frames
///   there.
public struct LottieExport {
    /// What the export is made for.
    public struct Settings: Sendable {
        public var name: String
        public var size: Size
        public var framesPerSecond: Int
        public var scale: Double

        public init(name: String, size: Size, framesPerSecond: Int, scale: Double) {
            self.name = name
            self.size = size
            self.framesPerSecond = framesPerSecond
            self.scale = scale
        }
    }

    /// How far a value between two kept keyframes may be from its own frame's value.
    enum Tolerance {
        /// Points (positions, anchors, sizes, widths, path coordinates).
        static let length = 0.01
        /// Degrees.
        static let angle = 0.01
        /// Percent (scale, opacity, trim).
        static let percent = 0.01
        /// Colour components, 0…1.
        static let colour = 0.001
    }

    /// The Lottie document, as JSON objects.
    public let document: [String: Any]
    /// What could not be written as LoaderLab draws it, one line each.
    public let notes: [String]

    /// The export of `frames`; values are eased by `curves` (the scene's timing functions)
    /// where they fit; images come from `images`.
    public init(
        frames: [PresentationLayer], settings: Settings, curves: Set<TimingFunction> = [],
        images: ImageCache = .shared
    ) {
        var builder = LottieBuilder(settings: settings, frames: frames, curves: curves, images: images)
        for (k, tree) in frames.enumerated() { builder.sample(tree, frame: k) }
        (document, notes) = builder.finish()
    }

    /// The document as JSON text (`LottieJSON`).
    public func json() -> [UInt8] {
        Array(LottieJSON.text(document).utf8)
    }
}

/// One layer's values at one frame, in Lottie's terms.
struct LottieSample {
    var anchor: [Double]
    var position: [Double]
    var rotation: Double
    var scale: [Double]
    /// Percent, with the ancestors' opacity and hiding in it.
    var opacity: Double
    /// Centre and size of the bounds, and the corner radius as drawn.
    var box: (center: [Double], size: [Double], radius: Double)
    var background: [Double]?
    var border: (width: Double, colour: [Double])?
    var shape: ShapeSample?
    /// For an image's track: the asset it shows.
    var image: String?
    var gradient: GradientSample?
    /// A conic gradient as wedges about its centre, each with its colour (`ConicWedges`).
    var wedges: [(path: LottieSubpath, colour: [Double])]?
    /// The shadow the layer casts, as LoaderLab draws it.
    var shadow: ShadowStyle?
    /// For a layer placed in 3D: what it draws with its subtree, as filled outlines in its
    /// superlayer's plane, bottom first (`LottieFlattener`).
    var flat: [FlatPiece]?
}

/// A filled outline of a layer placed in 3D, in its superlayer's plane.
struct FlatPiece {
    var subpaths: [LottieSubpath]
    /// Red, green, blue and alpha, 0…1.
    var colour: [Double]
    var evenOdd: Bool
}

extension LottieSample {
    /// The sample with nothing of its own to draw: its placement, opacity and box kept.
    var withoutContent: LottieSample {
        var bare = self
        (bare.background, bare.border, bare.shape, bare.gradient, bare.wedges, bare.image, bare.flat) = (
            nil, nil, nil, nil, nil, nil, nil
        )
        bare.shadow = nil
        return bare
    }

    /// The sample placed plainly: `anchor` at `position`, unturned, at `scale` percent.
    func placed(anchor: [Double], at position: [Double] = [0, 0], scale: [Double] = [100, 100])
        -> LottieSample
    {
        var moved = self
        (moved.anchor, moved.position, moved.rotation, moved.scale) = (anchor, position, 0, scale)
        return moved
    }
}

/// A conic gradient, which Lottie has no fill for, as `count` wedges about its centre reaching
/// past the bounds (which clip them): wedge i spans locations i/count…(i+1)/count in the colour
/// at its middle, and reaches back `overlap` of a wedge under the one before it so that no seam
/// of background shows between them. A pixel's colour is off by at most the gradient's change
/// over one and a quarter wedges (2.5°).
enum ConicWedges {
    static let count = 180
    static let overlap = 0.25

    static func wedges(
        _ stops: [GradientStop], center c: Point, zeroAngle: Double, reach: Double
    ) -> [(path: LottieSubpath, colour: [Double])] {
        (0..<count).map { i in
            let turn = 2 * Double.pi / Double(count)
            let from = zeroAngle + turn * (Double(i) - overlap)
            let to = zeroAngle + turn * Double(i + 1)
            let path = Path(elements: [
                .move(to: c), .line(to: Point(x: c.x + reach * cos(from), y: c.y + reach * sin(from))),
                .line(to: Point(x: c.x + reach * cos(to), y: c.y + reach * sin(to))), .close,
            ])
            let colour =
                stops.color(at: (Double(i) + 0.5) / Double(count))
                ?? Color(red: 0, green: 0, blue: 0, alpha: 0)
            return (
                LottieSubpath.subpaths(of: path)[0],
                [colour.red, colour.green, colour.blue, colour.alpha].map { min(max($0, 0), 1) }
            )
        }
    }
}

/// A gradient layer's gradient at one frame, in Lottie's terms: a linear or circular radial
/// gradient over the bounds, in a space scaled by `squash` vertically (an elliptical radial
/// gradient is a circular one in a space squashed to make it round).
struct GradientSample {
    var radial: Bool
    var start: [Double]
    var end: [Double]
    /// Lottie's stop list: each stop's location and red, green and blue, then each stop's
    /// location and opacity.
    var stops: [Double]
    var count: Int
    /// The vertical scale of the gradient's space, 1 but for an elliptical radial gradient.
    var squash: Double
}

/// A shape layer's values at one frame.
struct ShapeSample {
    var subpaths: [LottieSubpath]
    var fill: (colour: [Double], evenOdd: Bool)?
    var stroke: StrokeSample?
}

/// A shape layer's stroke at one frame.
struct StrokeSample {
    var colour: [Double]
    var width: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
    var dashes: [Double]
    /// The dash offset: the phase plus the length the trim cuts off the start.
    var phase: Double
    /// Trim start and end, percent.
    var trim: [Double]
}

/// One subpath as Lottie's vertices with in and out tangents (relative to their vertex).
struct LottieSubpath: Equatable {
    var closed: Bool
    var vertices: [[Double]] = []
    var inTangents: [[Double]] = []
    var outTangents: [[Double]] = []

    var json: [String: Any] {
        ["c": closed, "v": vertices, "i": inTangents, "o": outTangents]
    }

    /// Every number, in order: what is compared and thinned between frames of one structure.
    var numbers: [Double] { (vertices + inTangents + outTangents).flatMap { $0 } }

    /// The subpaths of `path`: each `move` starts one; quadratic curves are raised to cubics; a
    /// closing segment that ends where the subpath began is folded into its first vertex.
    static func subpaths(of path: Path) -> [LottieSubpath] {
        var result: [LottieSubpath] = []
        var current: LottieSubpath?
        var last = Point.zero
        func finish() {
            if let sub = current, !sub.vertices.isEmpty { result.append(sub) }
            current = nil
        }
        func append(_ p: Point, inTangent: [Double]) {
            if current == nil {
                current = LottieSubpath(closed: false)
                current!.vertices = [[last.x, last.y]]
                current!.inTangents = [[0, 0]]
                current!.outTangents = [[0, 0]]
            }
            current!.vertices.append([p.x, p.y])
            current!.inTangents.append(inTangent)
            current!.outTangents.append([0, 0])
            last = p
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                current = LottieSubpath(
                    closed: false, vertices: [[p.x, p.y]], inTangents: [[0, 0]], outTangents: [[0, 0]])
                last = p
            case .line(let p):
                append(p, inTangent: [0, 0])
            case .quad(let p, let c):
                let from = last
                let c1 = Point(x: from.x + 2 * (c.x - from.x) / 3, y: from.y + 2 * (c.y - from.y) / 3)
                let c2 = Point(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3)
                append(p, inTangent: [c2.x - p.x, c2.y - p.y])
                current!.outTangents[current!.outTangents.count - 2] = [c1.x - from.x, c1.y - from.y]
            case .cubic(let p, let c1, let c2):
                let from = last
                append(p, inTangent: [c2.x - p.x, c2.y - p.y])
                current!.outTangents[current!.outTangents.count - 2] = [c1.x - from.x, c1.y - from.y]
            case .close:
                guard var sub = current else { continue }
                sub.closed = true
                if sub.vertices.count > 1, sub.vertices.last == sub.vertices.first {
                    sub.inTangents[0] = sub.inTangents.removeLast()
                    sub.vertices.removeLast()
                    sub.outTangents.removeLast()
                }
                last = Point(x: sub.vertices[0][0], y: sub.vertices[0][1])
                current = sub
                finish()
            }
        }
        finish()
        return result
    }
}
