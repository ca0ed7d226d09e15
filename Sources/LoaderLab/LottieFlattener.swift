import Foundation
import LayerKit
import LayerKitCairo

/// What a layer placed in 3D draws, with its subtree, as filled outlines in its superlayer's
/// plane: the form a Lottie file can hold of a layer seen in perspective or turned out of the
/// plane, since Lottie's transforms are affine.
///
/// The contract:
/// - **What is met.** The subtree is walked as the renderer walks it (`PresentationWalk`,
///   `.drawn`: hidden layers, layers turned away that are not double-sided and layers behind
///   the eye are skipped), from its superlayer's bounds coordinates. Each layer's content is
///   outlined in its own bounds coordinates and mapped into the superlayer's plane by the
///   layer's `toRootProjective`.
/// - **Order.** Pieces come bottom first, in the order the renderer paints: a layer's
///   background, its shape's fill, its stroke, its text, its sublayers, then its border; a
///   transform layer's 3D context is collected when its outermost transform layer closes,
///   its layers back to front by the depth of their centres (ties in the order met), each with
///   its flattened subtree.
/// - **Outlines.** The background is the rounded bounds; the border the region between them
///   and the bounds inset by its width (corner radius less the width), the inner outline
///   wound the other way so the non-zero rule leaves it empty; a stroke is its outline
///   (`Path.strokeOutline`), trimmed by `strokeStart`/`strokeEnd` and then dashed from the
///   trimmed start with the phase carrying the length trimmed off; text is its glyphs'
///   outlines. Only the fill rule of a shape's fill is even-odd.
/// - **Projection.** Lines map to lines, so straight edges are exact; a cubic is cut in halves
///   until the homogeneous weights at its control points differ by at most
///   `weightSpread` (a fraction), then its control points are mapped, which keeps a curve
///   within a small fraction of a point of its true image for a loader's corners. A piece
///   with a point behind the eye is left out.
/// - **Colour.** Each piece's alpha is its colour's times the product of the opacities of its
///   layer and the ancestors within the subtree (and of the transform layers around a 3D
///   context's layers): layers that overlap inside a translucent one are not composited as a
///   group.
/// - **What does not map** is named in `notes`: gradients, images, shadows, masks and clipping
///   inside a layer placed in 3D, and corners only some of which are rounded (all are).
struct LottieFlattener: PresentationVisitor {
    /// One filled outline, in the superlayer's plane.
    struct Piece {
        var path: Path
        /// Red, green, blue, alpha (with the opacities in it), 0…1.
        var colour: [Double]
        var evenOdd: Bool
    }

    /// How much a cubic's control-point weights may differ, as a fraction, before it is halved.
    static let weightSpread = 0.02
    /// The most halvings of one cubic.
    static let maximumHalvings = 8

    /// The scale text outlines are hinted at.
    let textScale: Double
    private(set) var pieces: [Piece] = []
    /// Layer name and what did not map, in the order met.
    private(set) var notes: [(layer: String, what: String)] = []
    /// The opacity products of the open layers (the walk's start: `alpha`).
    private var alphas: [Double]
    /// The open transform layers' opacity products, outermost first.
    private var transformAlphas: [Double] = []
    private var context:
        [(layer: PresentationLayer, place: PresentationWalk.Place, alpha: Double, depth: Double)] =
            []

    init(textScale: Double, alpha: Double = 1) {
        self.textScale = textScale
        alphas = [alpha]
    }

    /// What `layer`, placed in `superlayer`, draws with its subtree, and the notes.
    static func pieces(of layer: PresentationLayer, in superlayer: PresentationLayer?, textScale: Double) -> (
        pieces: [Piece], notes: [(layer: String, what: String)]
    ) {
        var flattener = LottieFlattener(textScale: textScale)
        layer.walk(&flattener, from: .superlayer(superlayer, toSpace: .identity))
        return (flattener.pieces, flattener.notes)
    }

    struct Entry {
        var transformLayer = false
        var border: Piece?
    }

    mutating func enter(_ layer: PresentationLayer, at place: PresentationWalk.Place) -> Entry? {
        let opacity = min(max(layer.properties.opacity, 0), 1)
        if layer.isTransformLayer {
            transformAlphas.append(opacity * (transformAlphas.last ?? alphas.last!))
            return Entry(transformLayer: true)
        }
        if let alpha = transformAlphas.last {
            context.append(
                (layer, place, alpha, place.context?.depth(of: layer.properties.bounds) ?? 0))
            return nil
        }
        let alpha = alphas.last! * opacity
        alphas.append(alpha)
        let map = place.toRootProjective
        let own = outlines(of: layer)
        for piece in own.content { add(piece, alpha: alpha, map: map, layer: layer) }
        var entry = Entry()
        if let border = own.border {
            entry.border = project(border, alpha: alpha, map: map, layer: layer)
        }
        return entry
    }

    mutating func leave(_ layer: PresentationLayer, at place: PresentationWalk.Place, _ entry: Entry) {
        if entry.transformLayer {
            transformAlphas.removeLast()
            if transformAlphas.isEmpty { collectContext() }
            return
        }
        alphas.removeLast()
        if let border = entry.border { pieces.append(border) }
    }

    /// The closed 3D context's layers, back to front, each with its flattened subtree.
    private mutating func collectContext() {
        let items = context.enumerated().sorted { a, b in
            a.element.depth != b.element.depth ? a.element.depth < b.element.depth : a.offset < b.offset
        }
        context = []
        for (_, item) in items {
            var inner = LottieFlattener(textScale: textScale, alpha: item.alpha)
            item.layer.walk(&inner, at: item.place)
            pieces += inner.pieces
            notes += inner.notes
        }
    }

    private mutating func add(
        _ piece: Piece, alpha: Double, map: ProjectiveTransform, layer: PresentationLayer
    ) {
        if let projected = project(piece, alpha: alpha, map: map, layer: layer) { pieces.append(projected) }
    }

    private mutating func project(
        _ piece: Piece, alpha: Double, map: ProjectiveTransform, layer: PresentationLayer
    )
        -> Piece?
    {
        guard let path = Self.project(piece.path, map) else {
            note(layer, "a part behind the eye is left out")
            return nil
        }
        var colour = piece.colour
        colour[3] *= alpha
        return Piece(path: path, colour: colour, evenOdd: piece.evenOdd)
    }

    private mutating func note(_ layer: PresentationLayer, _ what: String) {
        notes.append((layer.name ?? layer.kind.rawValue, what))
    }

    /// `layer`'s own content as outlines in its bounds coordinates, bottom first, and its
    /// border (drawn over its sublayers).
    private mutating func outlines(of layer: PresentationLayer) -> (content: [Piece], border: Piece?) {
        let p = layer.properties
        let b = p.bounds.standardized
        let radius = p.cornerRadius.isFinite ? max(0, min(p.cornerRadius, b.width / 2, b.height / 2)) : 0
        if radius > 0, p.maskedCorners != .all { note(layer, "only some corners rounded: all are") }
        if layer.gradient != nil { note(layer, "a gradient in 3D is not exported") }
        if p.contents != nil { note(layer, "an image in 3D is not exported") }
        if p.shadowOpacity > 0, p.shadowColor != nil { note(layer, "the shadow is not exported") }
        if layer.mask != nil || (p.masksToBounds && !layer.sublayers.isEmpty) {
            note(layer, "clipping and masks in 3D are not exported")
        }
        var content: [Piece] = []
        func components(_ c: Color) -> [Double] {
            let c = c.clamped
            return [c.red, c.green, c.blue, c.alpha]
        }
        if let background = p.backgroundColor, background.alpha > 0, b.width > 0, b.height > 0 {
            content.append(Piece(path: rounded(b, radius), colour: components(background), evenOdd: false))
        }
        if let shape = layer.shape, let path = shape.path {
            if let fill = shape.fillColor, fill.alpha > 0 {
                content.append(
                    Piece(path: path, colour: components(fill), evenOdd: shape.fillRule == .evenOdd))
            }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0, shape.lineWidth.isFinite
            {
                let measure = PathMeasure(path)
                let start = min(max(shape.strokeStart, 0), 1)
                let end = min(max(shape.strokeEnd, 0), 1)
                var line = start == 0 && end == 1 ? path : measure.trimmed(from: start, to: end)
                if !shape.lineDashPattern.isEmpty {
                    line = PathMeasure(line).dashed(
                        pattern: shape.lineDashPattern, phase: shape.lineDashPhase + start * measure.length)
                }
                let outline = line.strokeOutline(
                    width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin,
                    miterLimit: shape.miterLimit)
                content.append(Piece(path: outline, colour: components(stroke), evenOdd: false))
            }
        }
        if let text = layer.text, let colour = text.foregroundColor,
            let outline = LayerRenderer.textOutline(text, bounds: b, scale: textScale)
        {
            content.append(Piece(path: outline, colour: components(colour), evenOdd: false))
        }
        var border: Piece?
        let w = p.borderWidth
        if w.isFinite, w > 0, let colour = p.borderColor, colour.alpha > 0, b.width > 0, b.height > 0 {
            var region = rounded(b, radius)
            if 2 * w < min(b.width, b.height) {
                region.append(Self.reversed(rounded(b.insetBy(dx: w, dy: w), max(0, radius - w))))
            }
            border = Piece(path: region, colour: components(colour), evenOdd: false)
        }
        return (content, border)
    }

    private func rounded(_ rect: Rect, _ radius: Double) -> Path {
        radius > 0 ? Path.roundedRect(rect, cornerRadius: radius) : Path.rect(rect)
    }

    /// `path` traced the other way: each subpath from its end to its start, closed as it was.
    static func reversed(_ path: Path) -> Path {
        var out = Path()
        for sub in LottieSubpath.subpaths(of: path) {
            let n = sub.vertices.count
            func point(_ v: [Double]) -> Point { Point(x: v[0], y: v[1]) }
            // Segment i runs from vertex i to i+1 (the closing one from the last to the first).
            let last = sub.closed ? n - 1 : n - 2
            guard last >= 0 else { continue }
            let end = sub.closed ? 0 : n - 1
            out.move(to: point(sub.vertices[end]))
            for i in stride(from: last, through: 0, by: -1) {
                let from = point(sub.vertices[i])
                let to = point(sub.vertices[(i + 1) % n])
                let c1 = from + point(sub.outTangents[i])
                let c2 = to + point(sub.inTangents[(i + 1) % n])
                out.addCurve(to: from, control1: c2, control2: c1)
            }
            if sub.closed { out.close() }
        }
        return out
    }

    /// `path` mapped by `map` (see the type's projection); nil when a point is behind the eye.
    static func project(_ path: Path, _ map: ProjectiveTransform) -> Path? {
        var out = Path()
        var last = Point.zero
        var start = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                guard let q = map.apply(to: p) else { return nil }
                out.move(to: q)
                (last, start) = (p, p)
            case .line(let p):
                guard let q = map.apply(to: p) else { return nil }
                out.addLine(to: q)
                last = p
            case .quad(let p, let c):
                let c1 = last + (c - last) * (2.0 / 3)
                let c2 = p + (c - p) * (2.0 / 3)
                guard cubic(last, c1, c2, p, map, into: &out, halvings: 0) else { return nil }
                last = p
            case .cubic(let p, let c1, let c2):
                guard cubic(last, c1, c2, p, map, into: &out, halvings: 0) else { return nil }
                last = p
            case .close:
                out.close()
                last = start
            }
        }
        return out
    }

    private static func cubic(
        _ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ map: ProjectiveTransform, into out: inout Path,
        halvings: Int
    ) -> Bool {
        let weights = [p0, c1, c2, p3].map { map.weight(at: $0) }
        let (low, high) = (weights.min()!, weights.max()!)
        guard low > 0 else { return false }
        if high / low - 1 > weightSpread, halvings < maximumHalvings {
            // de Casteljau at the middle.
            let a = (p0 + c1) * 0.5
            let b = (c1 + c2) * 0.5
            let c = (c2 + p3) * 0.5
            let d = (a + b) * 0.5
            let e = (b + c) * 0.5
            let m = (d + e) * 0.5
            return cubic(p0, a, d, m, map, into: &out, halvings: halvings + 1)
                && cubic(m, e, c, p3, map, into: &out, halvings: halvings + 1)
        }
        guard let q1 = map.apply(to: c1), let q2 = map.apply(to: c2), let q3 = map.apply(to: p3) else {
            return false
        }
        out.addCurve(to: q3, control1: q1, control2: q2)
        return true
    }
}
