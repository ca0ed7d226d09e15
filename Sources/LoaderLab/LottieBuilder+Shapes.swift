import Foundation
import LayerKit

/// A layer's content as Lottie shape items, the top first: the stroke, the fill, the
/// background (and for a border's layer the border), each a group of its own with the path,
/// its paint and a plain group transform.
extension LottieBuilder {
    typealias Tolerance = LottieExport.Tolerance

    func shapes(_ samples: [LottieSample]) -> [[String: Any]] {
        var groups = flatGroups(samples)
        let shapes = samples.map(\.shape)
        if shapes.contains(where: { $0?.stroke != nil }) {
            groups.append(group("stroke", paths(shapes) + strokeItems(shapes.map { $0?.stroke })))
        }
        if shapes.contains(where: { $0?.fill != nil }) {
            let fills = shapes.map { $0?.fill }
            let lastRule = fills.compactMap { $0?.evenOdd }.first ?? false
            let paint = colour(fills.map { $0?.colour }).merging(
                ["ty": "fl", "nm": "fill", "r": lastRule ? 2 : 1], uniquingKeysWith: { $1 })
            groups.append(group("fill", paths(shapes) + [paint]))
        }
        groups += wedgeGroups(samples)
        if let gradient = gradientGroup(samples) { groups.append(gradient) }
        if samples.contains(where: { $0.background != nil }) {
            let paint = colour(samples.map(\.background)).merging(
                ["ty": "fl", "nm": "background", "r": 1], uniquingKeysWith: { $1 })
            groups.append(group("background", [rectangle(samples, insets: samples.map { _ in 0 }), paint]))
        }
        if samples.contains(where: { $0.border != nil }) {
            let borders = samples.map(\.border)
            let widths = held(borders.map { $0?.width }, 0)
            let paint = colour(borders.map { $0?.colour }).merging(
                [
                    "ty": "st", "nm": "border", "lc": 1, "lj": 1, "ml": 10,
                    "w": scalar(widths, tolerance: Tolerance.length),
                ], uniquingKeysWith: { $1 })
            // Inside the bounds: the line's middle half its width in.
            groups.append(group("border", [rectangle(samples, insets: widths.map { $0 / 2 }), paint]))
        }
        return groups
    }

    /// A layer placed in 3D as its outlines (`LottieFlattener`), the top first: slot i shows
    /// the i-th piece from the bottom at each frame, its path and colour, and is transparent at
    /// frames with fewer pieces. A slot's fill rule is that of its first piece.
    private func flatGroups(_ samples: [LottieSample]) -> [[String: Any]] {
        let count = samples.map { $0.flat?.count ?? 0 }.max() ?? 0
        return (0..<count).reversed().map { i in
            let frames = samples.map { sample in sample.flat.flatMap { i < $0.count ? $0[i] : nil } }
            let evenOdd = frames.lazy.compactMap { $0?.evenOdd }.first ?? false
            let fill = colour(frames.map { $0?.colour }).merging(
                ["ty": "fl", "nm": "fill", "r": evenOdd ? 2 : 1], uniquingKeysWith: { $1 })
            return group(
                "piece \(i)", paths(frames.map { $0.map { ShapeSample(subpaths: $0.subpaths) } }) + [fill])
        }
    }

    /// A conic gradient's wedges (`ConicWedges`), the last on top, each a path and its colour
    /// at every frame (transparent at frames without them).
    private func wedgeGroups(_ samples: [LottieSample]) -> [[String: Any]] {
        guard let model = samples.lazy.compactMap(\.wedges).first else { return [] }
        return model.indices.reversed().map { i in
            let frames = samples.map { $0.wedges?[i] }
            let fill = colour(frames.map { $0?.colour }).merging(
                ["ty": "fl", "nm": "colour", "r": 1], uniquingKeysWith: { $1 })
            let outline: [String: Any] = [
                "ty": "sh", "nm": "wedge", "ks": shapeProperty(frames.map { $0?.path ?? model[i].path }),
            ]
            return group("wedge \(i)", [outline, fill])
        }
    }

    /// The gradient fill of the bounds (nil when no frame has a gradient). Its stops, points and
    /// squash are as at each frame; a frame with another number of stops or another kind holds
    /// the first frame's.
    private func gradientGroup(_ samples: [LottieSample]) -> [String: Any]? {
        guard let model = samples.lazy.compactMap(\.gradient).first else { return nil }
        let frames = samples.map { sample -> GradientSample? in
            guard let g = sample.gradient, g.count == model.count, g.radial == model.radial else {
                return nil
            }
            return g
        }
        let held = frames.map { $0 ?? model }
        var fill: [String: Any] = [
            "ty": "gf", "nm": "gradient", "r": 1, "t": model.radial ? 2 : 1,
            "o": scalar(frames.map { $0 == nil ? 0 : 100 }, tolerance: Tolerance.percent),
            "s": vector(held.map(\.start), tolerance: Tolerance.length),
            "e": vector(held.map(\.end), tolerance: Tolerance.length),
            "g": [
                "p": model.count, "k": vector(held.map(\.stops), tolerance: Tolerance.colour),
            ],
        ]
        if model.radial {
            fill["h"] = ["a": 0, "k": 0]
            fill["a"] = ["a": 0, "k": 0]
        }
        // The bounds in the squashed space: y divided by the squash.
        let boxes = samples.enumerated().map { k, sample -> LottieSample in
            var squashed = sample
            let q = held[k].squash
            squashed.box = (
                [sample.box.center[0], sample.box.center[1] / q],
                [sample.box.size[0], sample.box.size[1] / q],
                sample.box.radius
            )
            return squashed
        }
        var squash = group("gradient", [rectangle(boxes, insets: samples.map { _ in 0 }), fill])
        var items = squash["it"] as! [[String: Any]]
        items[items.count - 1]["s"] = vector(
            held.map { [100, 100 * $0.squash] }, tolerance: Tolerance.percent)
        squash["it"] = items
        return squash
    }

    /// Each frame's value, frames without one holding the nearest earlier one (or the first).
    func held<Value>(_ values: [Value?], _ fallback: Value) -> [Value] {
        var last = values.first(where: { $0 != nil }).flatMap { $0 } ?? fallback
        return values.map { value in
            if let value { last = value }
            return last
        }
    }

    /// A paint's colour (`c`, opaque) and opacity (`o`, percent) from each frame's colour, 0…1
    /// with alpha: a frame without one holds the colour before it and is transparent.
    private func colour(_ colours: [[Double]?]) -> [String: Any] {
        [
            "c": vector(
                held(colours, [0, 0, 0, 1]).map { Array($0.prefix(3)) + [1] }, tolerance: Tolerance.colour),
            "o": scalar(colours.map { ($0?[3] ?? 0) * 100 }, tolerance: Tolerance.percent),
        ]
    }

    private func group(_ name: String, _ items: [[String: Any]]) -> [String: Any] {
        let plain: [String: Any] = [
            "ty": "tr", "p": ["a": 0, "k": [0, 0]], "a": ["a": 0, "k": [0, 0]],
            "s": ["a": 0, "k": [100, 100]],
            "r": ["a": 0, "k": 0], "o": ["a": 0, "k": 100], "sk": ["a": 0, "k": 0], "sa": ["a": 0, "k": 0],
        ]
        return ["ty": "gr", "nm": name, "it": items + [plain]]
    }

    /// The bounds as a rounded rectangle, `insets[k]` points in at frame k.
    private func rectangle(_ samples: [LottieSample], insets: [Double]) -> [String: Any] {
        var centres: [[Double]] = []
        var sizes: [[Double]] = []
        var radii: [Double] = []
        for (sample, d) in zip(samples, insets) {
            centres.append(sample.box.center)
            sizes.append(sample.box.size.map { max(0, $0 - 2 * d) })
            radii.append(max(0, sample.box.radius - d))
        }
        return [
            "ty": "rc", "nm": "bounds", "d": 1,
            "p": vector(centres, tolerance: Tolerance.length),
            "s": vector(sizes, tolerance: Tolerance.length),
            "r": scalar(radii, tolerance: Tolerance.length),
        ]
    }

    /// The path at every frame as one `sh` item per subpath. While the path keeps one structure
    /// (subpaths, their vertices and closing) its numbers are thinned as one value; where the
    /// structure changes, every frame is a keyframe and a subpath a frame lacks is empty.
    private func paths(_ shapes: [ShapeSample?]) -> [[String: Any]] {
        let paths = held(shapes.map { $0?.subpaths }, [])
        let count = paths.map(\.count).max() ?? 0
        var items: [[String: Any]] = []
        for s in 0..<count {
            let frames = paths.map { s < $0.count ? $0[s] : LottieSubpath(closed: false) }
            let json = shapeProperty(frames)
            items.append(["ty": "sh", "nm": "path \(s)", "ks": json])
        }
        return items
    }

    /// One subpath at every frame as a shape property. Within each run of frames that keeps one
    /// structure (its vertices and closing) its numbers are thinned as one value; the last frame
    /// of a run is a hold keyframe, since a path cannot be interpolated into another structure.
    func shapeProperty(_ frames: [LottieSubpath]) -> [String: Any] {
        let structure = frames.map { [$0.closed ? 1 : 0, $0.vertices.count] }
        let numbers = frames.map { $0.numbers.map(LottieProperty.rounded) }
        if numbers.allSatisfy({ $0 == numbers[0] }) && structure.allSatisfy({ $0 == structure[0] }) {
            return ["a": 0, "k": rounded(frames[0]).json]
        }
        var keyframes: [[String: Any]] = []
        var start = 0
        while start < frames.count {
            var end = start + 1
            while end < frames.count, structure[end] == structure[start] { end += 1 }
            let run = Array(numbers[start..<end])
            let kept = LottieProperty.keptFrames(run, tolerance: Tolerance.length).map { $0 + start }
            for k in kept {
                var keyframe = LottieProperty.keyframe(
                    k, [rounded(frames[k]).json], last: k == frames.count - 1)
                if k == end - 1, k != frames.count - 1 { keyframe["h"] = 1 }
                keyframes.append(keyframe)
            }
            start = end
        }
        return ["a": 1, "k": keyframes]
    }

    private func rounded(_ sub: LottieSubpath) -> LottieSubpath {
        func r(_ list: [[Double]]) -> [[Double]] { list.map { $0.map(LottieProperty.rounded) } }
        return LottieSubpath(
            closed: sub.closed, vertices: r(sub.vertices), inTangents: r(sub.inTangents),
            outTangents: r(sub.outTangents))
    }

    /// The trim (when it ever trims) and the stroke's paint.
    private func strokeItems(_ strokes: [StrokeSample?]) -> [[String: Any]] {
        guard let model = strokes.compactMap({ $0 }).first else { return [] }
        var items: [[String: Any]] = []
        let trims = held(strokes.map { $0?.trim }, [0, 100])
        if trims.contains(where: { $0 != [0, 100] }) {
            items.append([
                "ty": "tm", "nm": "strokeStart and strokeEnd", "m": 2,
                "s": scalar(trims.map { $0[0] }, tolerance: Tolerance.percent),
                "e": scalar(trims.map { $0[1] }, tolerance: Tolerance.percent),
                "o": ["a": 0, "k": 0],
            ])
        }
        var paint = colour(strokes.map { $0?.colour }).merging(
            [
                "ty": "st", "nm": "stroke",
                "lc": [LineCap.butt: 1, .round: 2, .square: 3][model.cap]!,
                "lj": [LineJoin.miter: 1, .round: 2, .bevel: 3][model.join]!,
                "ml": model.miterLimit,
                "w": scalar(held(strokes.map { $0?.width }, 1), tolerance: Tolerance.length),
            ], uniquingKeysWith: { $1 })
        if !model.dashes.isEmpty {
            var dashes: [[String: Any]] = []
            for (i, length) in model.dashes.enumerated() {
                dashes.append([
                    "n": i % 2 == 0 ? "d" : "g", "nm": i % 2 == 0 ? "dash" : "gap",
                    "v": ["a": 0, "k": length],
                ])
            }
            let phases = held(strokes.map { $0?.phase }, 0)
            dashes.append([
                "n": "o", "nm": "offset", "v": scalar(phases, tolerance: Tolerance.length),
            ])
            paint["d"] = dashes
        }
        return items + [paint]
    }
}
