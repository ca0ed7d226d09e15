import Foundation
import LayerKit
import LayerKitCairo

/// Collects a loader's frames layer by layer and writes them as Lottie layers (`LottieExport`
/// states the contract).
struct LottieBuilder {
    let settings: LottieExport.Settings
    let frameCount: Int

    /// A layer across frames, known by its place in the tree.
    struct Track {
        let key: String
        let parent: String?
        var name: String
        var samples: [LottieSample?]
        /// The composition it is in: "" for the animation's own, else a clipped layer's.
        var composition = ""
        /// For a layer standing for a composition (a clipped or masked layer's subtree, or the
        /// mask's): that composition, whether it clips to the bounds, and its part in a matte.
        var precomp: (composition: String, clips: Bool, matte: Matte?)?
    }

    /// A layer's part in an alpha matte: the mask's layer shows the masked one through.
    enum Matte { case masked, mask }

    private var tracks: [String: Track] = [:]
    /// Each composition's keys in drawing order (bottom first), merged across frames.
    private var orders: [String: [String]] = ["": []]
    /// Where a composition's content sits in it: this far right and down of the clipped
    /// layer's bounds, so that what a layer draws outside its bounds (shown when it does not
    /// clip) is inside the composition, which players clip to its size.
    var margin: Double { max(settings.size.width, settings.size.height, 1) }
    private var notes: [String] = []
    private var noted: Set<String> = []

    let images: ImageCache
    /// The images shown: the asset's id, size in pixels and PNG bytes, each picture once.
    private var assets: [(id: String, width: Int, height: Int, png: [UInt8])] = []
    /// `assets`' indices by the reference shown and by the picture's bytes (a drawn layer makes
    /// a new bitmap whenever it draws, often the same picture).
    private var assetByReference: [ImageReference: Int] = [:]
    private var assetByBytes: [[UInt8]: Int] = [:]

    /// The layers placed in 3D at some frame (`keysPlacedIn3D`): each is exported with its
    /// subtree as outlines in its superlayer's plane at every frame (`LottieFlattener`).
    let flattened: Set<String>
    /// The layers with a sublayer transform other than the identity at some frame, and a
    /// sublayer not flattened with them.
    let transformsSublayers: Set<String>

    /// The curves values may be eased by (`LottieProperty`), in a fixed order.
    let curves: [TimingFunction]

    init(
        settings: LottieExport.Settings, frames: [PresentationLayer], curves: Set<TimingFunction> = [],
        images: ImageCache
    ) {
        self.settings = settings
        self.curves = curves.sorted { $0.description < $1.description }
        self.frameCount = frames.count
        self.images = images
        flattened = Self.keysPlacedIn3D(frames)
        transformsSublayers = Self.keysTransformingSublayers(frames, flattened: flattened)
    }

    /// The keys of the layers, outside those flattened, with a sublayer transform other than
    /// the identity at some frame and a sublayer that is not flattened.
    static func keysTransformingSublayers(_ frames: [PresentationLayer], flattened: Set<String>) -> Set<
        String
    > {
        var keys: Set<String> = []
        func visit(_ layer: PresentationLayer, key: String) {
            if flattened.contains(key) { return }
            let subkeys = layer.sublayers.indices.map { key + "." + String($0) }
            if !layer.properties.sublayerTransform.isIdentity,
                subkeys.contains(where: { !flattened.contains($0) })
            {
                keys.insert(key)
            }
            for (sublayer, subkey) in zip(layer.sublayers, subkeys) { visit(sublayer, key: subkey) }
            if let mask = layer.mask { visit(mask, key: key + "~mask") }
        }
        for tree in frames { visit(tree, key: "0") }
        return keys
    }

    /// True when `layer` is a transform layer, or its map into `superlayer`'s plane is not one
    /// Lottie's transform can say: projective (perspective), or a skew out of a turn in 3D. (A
    /// transform that scales depth or turns out of the plane without perspective maps a flat
    /// layer's plane affinely, as its plane part does: it is written as such.)
    static func isPlacedIn3D(_ layer: PresentationLayer, in superlayer: PresentationLayer?) -> Bool {
        if layer.isTransformLayer { return true }
        if layer.placesAffinely(in: superlayer) { return false }
        let map = ProjectiveTransform(flattening: layer.transform3DToSuperlayer(superlayer))
        return map.affine == nil || planePart(layer.properties.transform).skewed
    }

    /// The rotation (degrees) and scale (percent) of `t`'s plane part, and whether it skews,
    /// which they cannot say.
    static func planePart(_ t: Transform3D) -> (rotation: Double, scale: [Double], skewed: Bool) {
        let theta = atan2(t.m12, t.m11)
        let scaleX = hypot(t.m11, t.m12)
        let (c, s) = (cos(theta), sin(theta))
        let scaleY = -s * t.m21 + c * t.m22
        let skewed = abs(c * t.m21 + s * t.m22) > 1e-9 * max(1, abs(scaleY))
        return (theta * 180 / .pi, [scaleX * 100, scaleY * 100], skewed)
    }

    /// The keys of the layers placed in 3D at some frame (`isPlacedIn3D`), the outermost only
    /// (what is under one is flattened with it).
    static func keysPlacedIn3D(_ frames: [PresentationLayer]) -> Set<String> {
        var keys: Set<String> = []
        func visit(_ layer: PresentationLayer, key: String, superlayer: PresentationLayer?) {
            if keys.contains(key) { return }
            if isPlacedIn3D(layer, in: superlayer) {
                keys.insert(key)
                return
            }
            for (index, sublayer) in layer.sublayers.enumerated() {
                visit(sublayer, key: key + "." + String(index), superlayer: layer)
            }
            if let mask = layer.mask { visit(mask, key: key + "~mask", superlayer: nil) }
        }
        for tree in frames { visit(tree, key: "0", superlayer: nil) }
        // A layer found in 3D at one frame may be under another found at a later one.
        return keys.filter { key in
            !keys.contains { other in
                other != key && (key.hasPrefix(other + ".") || key.hasPrefix(other + "~"))
            }
        }
    }

    // MARK: Sampling

    /// Records `tree`'s layers at frame `k`.
    mutating func sample(_ tree: PresentationLayer, frame k: Int) {
        var previous: String?
        visit(
            tree, in: nil, key: "0", parent: nil, inherited: 1, frame: k, composition: "", previous: &previous
        )
    }

    /// Makes the track `key` in `composition` the first time it is seen, just above `previous`
    /// (or at the bottom), and makes it the previous one.
    private mutating func place(
        _ key: String, parent: String?, name: String, composition: String, previous: inout String?
    ) {
        if tracks[key] == nil {
            tracks[key] = Track(
                key: key, parent: parent, name: name, samples: Array(repeating: nil, count: frameCount),
                composition: composition)
            var order = orders[composition] ?? []
            let at = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            order.insert(key, at: at)
            orders[composition] = order
        }
        previous = key
    }

    /// True when `layer` needs a composition of its own: it clips what it draws beyond its
    /// bounds, or it has a mask.
    private func needsComposition(_ layer: PresentationLayer) -> Bool {
        let p = layer.properties
        let clipsSomething =
            p.masksToBounds && (!layer.sublayers.isEmpty || layer.shape != nil || p.contents != nil)
        return clipsSomething || layer.mask != nil || layer.gradient?.type == .conic
    }

    private mutating func visit(
        _ layer: PresentationLayer, in superlayer: PresentationLayer?, key: String, parent: String?,
        inherited: Double, frame k: Int, composition: String, previous: inout String?
    ) {
        let p = layer.properties
        let opacity = p.isHidden || !p.opacity.isFinite ? 0 : inherited * min(max(p.opacity, 0), 1)
        let name = layer.name ?? "\(layer.kind.rawValue) \(key)"
        if flattened.contains(key) {
            place(key, parent: parent, name: name, composition: composition, previous: &previous)
            tracks[key]!.samples[k] = flatSample(layer, in: superlayer, opacity: inherited, name: name)
            return
        }
        let own = tracks[key].map { $0.composition != composition } ?? needsComposition(layer)
        guard own else {
            visitContent(
                layer, key: key, parent: parent, opacity: opacity, name: name, frame: k,
                composition: composition,
                previous: &previous)
            return
        }
        // The layer and what it draws go in a composition of their own, shown here by a layer
        // with the layer's place; its mask in another, over it as its matte.
        let inner = "comp " + key
        // A conic gradient's wedges reach past the bounds, which clip them.
        let clips = p.masksToBounds || layer.gradient?.type == .conic
        if let known = tracks[key + "#comp"]?.precomp, known.clips != clips {
            note(name, "masksToBounds that changes is exported as at the first frame")
        }
        place(key + "#comp", parent: parent, name: name, composition: composition, previous: &previous)
        var innerPrevious: String?
        visitContent(
            layer, key: key, parent: nil, opacity: opacity, name: name, frame: k, composition: inner,
            previous: &innerPrevious)
        var sample = tracks[key]!.samples[k]!
        let origin = [
            sample.box.center[0] - sample.box.size[0] / 2, sample.box.center[1] - sample.box.size[1] / 2,
        ]
        // Inside: the layer's own space moved so its bounds start `margin` right and down.
        var stand = sample.withoutContent
        stand.anchor = [sample.anchor[0] - origin[0] + margin, sample.anchor[1] - origin[1] + margin]
        stand.opacity = 100
        sample = sample.placed(anchor: [origin[0] - margin, origin[1] - margin])
        tracks[key]!.samples[k] = sample
        let matte: Matte? = layer.mask == nil ? nil : .masked
        if tracks[key + "#comp"]!.precomp == nil {
            tracks[key + "#comp"]!.precomp = (inner, clips, matte)
        }
        tracks[key + "#comp"]!.samples[k] = stand
        guard let mask = layer.mask else { return }
        // The mask, in the layer's space: a null that moves it as the layer's content is moved.
        let maskComposition = "comp " + key + "~mask"
        place(
            key + "~matte", parent: parent, name: name + " mask", composition: composition,
            previous: &previous)
        if tracks[key + "~matte"]!.precomp == nil {
            tracks[key + "~matte"]!.precomp = (maskComposition, false, .mask)
        }
        tracks[key + "~matte"]!.samples[k] = stand
        var maskPrevious: String?
        place(
            key + "~origin", parent: nil, name: name + " mask space", composition: maskComposition,
            previous: &maskPrevious)
        tracks[key + "~origin"]!.samples[k] = stand.placed(anchor: sample.anchor)
        visit(
            mask, in: nil, key: key + "~mask", parent: key + "~origin", inherited: 1, frame: k,
            composition: maskComposition,
            previous: &maskPrevious)
    }

    /// `layer`'s own track, its image's, its sublayers' and its border's in `composition`.
    private mutating func visitContent(
        _ layer: PresentationLayer, key: String, parent: String?, opacity: Double, name: String, frame k: Int,
        composition: String, previous: inout String?
    ) {
        let p = layer.properties
        place(key, parent: parent, name: name, composition: composition, previous: &previous)
        tracks[key]!.samples[k] = sample(of: layer, opacity: opacity, name: name)
        if let contents = p.contents {
            contentsTrack(
                contents, of: layer, key: key, name: name, frame: k, composition: composition,
                previous: &previous)
        }
        let drawn = layer.sublayers.enumerated().sorted {
            let (a, b) = (zPosition($0.element), zPosition($1.element))
            return a != b ? a < b : $0.offset < $1.offset
        }
        // Sublayers hang from a null that applies the sublayer transform, unless flattened
        // with it into this layer's plane.
        let sublayersKey = key + "#sublayers"
        if transformsSublayers.contains(key) {
            place(
                sublayersKey, parent: key, name: name + " sublayers", composition: composition,
                previous: &previous)
            tracks[sublayersKey]!.samples[k] = sublayerSample(of: layer, name: name)
        }
        for (index, sublayer) in drawn {
            let subkey = key + "." + String(index)
            visit(
                sublayer, in: layer, key: subkey,
                parent: transformsSublayers.contains(key) && !flattened.contains(subkey) ? sublayersKey : key,
                inherited: opacity, frame: k, composition: composition, previous: &previous)
        }
        // The border is drawn over the sublayers.
        let borderKey = key + "#border"
        if p.borderWidth > 0, let colour = p.borderColor, colour.alpha > 0 {
            place(
                borderKey, parent: key, name: name + " border", composition: composition, previous: &previous)
            var border = tracks[key]!.samples[k]!.withoutContent.placed(anchor: [0, 0])
            border.border = (p.borderWidth, components(colour))
            tracks[borderKey]!.samples[k] = border
            tracks[key]!.samples[k]!.border = nil
        } else if tracks[borderKey] != nil {
            previous = borderKey
        }
    }

    /// The image track of `layer` (keyed `key#contents`, over its background and under its
    /// sublayers) at frame `k`.
    private mutating func contentsTrack(
        _ contents: ImageReference, of layer: PresentationLayer, key: String, name: String, frame k: Int,
        composition: String, previous: inout String?
    ) {
        guard let asset = asset(contents, name: name) else { return }
        let p = layer.properties
        let pixels = Size(width: Double(asset.width), height: Double(asset.height))
        let pieces = ContentsLayout.pieces(pixels: pixels, imageScale: contents.scale, properties: p) {
            bounds, size in
            LayerRenderer.contentsRect(gravity: p.contentsGravity, bounds: bounds, imageSize: size)
        }
        guard let first = pieces.first else { return }
        if pieces.count > 1 || first.source != Rect(origin: .zero, size: pixels) {
            note(name, "contentsRect and contentsCenter are not exported: the whole image is drawn")
        }
        let destination = pieces.dropFirst().reduce(first.destination) { $0.union($1.destination) }
        let trackKey = key + "#contents"
        place(trackKey, parent: key, name: name + " contents", composition: composition, previous: &previous)
        var sample = tracks[key]!.samples[k]!.withoutContent.placed(
            anchor: [0, 0], at: [destination.minX, destination.minY],
            scale: [destination.width / pixels.width * 100, destination.height / pixels.height * 100])
        sample.image = asset.id
        tracks[trackKey]!.samples[k] = sample
    }

    /// The asset for `contents`, made the first time it is shown (nil, and a note, when its
    /// picture cannot be had).
    private mutating func asset(_ contents: ImageReference, name: String) -> (
        id: String, width: Int, height: Int
    )? {
        if let known = assetByReference[contents].map({ assets[$0] }) {
            return (known.id, known.width, known.height)
        }
        do {
            let surface =
                try contents.bitmap.map { try images.image(for: $0) } ?? images.image(at: contents.path)
            let png = try surface.pngBytes()
            let index =
                assetByBytes[png]
                ?? {
                    assets.append(
                        (id: "image \(assets.count)", width: surface.width, height: surface.height, png: png))
                    return assets.count - 1
                }()
            assetByBytes[png] = index
            assetByReference[contents] = index
            return (assets[index].id, assets[index].width, assets[index].height)
        } catch {
            note(name, "its image cannot be read: \(error)")
            return nil
        }
    }

    private func zPosition(_ layer: PresentationLayer) -> Double {
        let z = layer.properties.zPosition
        return z.isNaN ? 0 : z
    }

    private mutating func note(_ layer: String, _ what: String) {
        let line = "\(MessageText.quoted(layer)): \(what)"
        if noted.insert(line).inserted { notes.append(line) }
    }

    private func components(_ colour: Color) -> [Double] {
        [colour.red, colour.green, colour.blue, colour.alpha].map { min(max($0, 0), 1) }
    }

    /// A layer placed in 3D, with its subtree, as outlines in its superlayer's plane: a layer
    /// placed plainly there, at its ancestors' opacity (`inherited`).
    private mutating func flatSample(
        _ layer: PresentationLayer, in superlayer: PresentationLayer?, opacity inherited: Double, name: String
    ) -> LottieSample {
        let (pieces, flatNotes) = LottieFlattener.pieces(of: layer, in: superlayer, textScale: settings.scale)
        for (layerName, what) in flatNotes { note(layerName, what) }
        if layer.transition != nil { note(name, "transitions are not exported") }
        var sample = LottieSample(
            anchor: [0, 0], position: [0, 0], rotation: 0, scale: [100, 100], opacity: inherited * 100,
            box: ([0, 0], [0, 0], 0))
        sample.flat = pieces.map {
            FlatPiece(subpaths: LottieSubpath.subpaths(of: $0.path), colour: $0.colour, evenOdd: $0.evenOdd)
        }
        return sample
    }

    /// `t`'s plane part (`planePart`), with a note when it skews.
    private mutating func planePart(_ t: Transform3D, name: String) -> (rotation: Double, scale: [Double]) {
        let plane = Self.planePart(t)
        if plane.skewed { note(name, "a skew is written as rotation and scale only") }
        return (plane.rotation, plane.scale)
    }

    /// The null that places `layer`'s sublayers by its `sublayerTransform` (affine wherever a
    /// sublayer is not flattened with it): the transform about the layer's anchor point.
    private mutating func sublayerSample(of layer: PresentationLayer, name: String) -> LottieSample {
        let p = layer.properties
        let t = p.sublayerTransform
        let plane = planePart(t, name: name)
        let anchor = p.anchorInBounds
        return LottieSample(
            anchor: [anchor.x, anchor.y], position: [anchor.x + t.m41, anchor.y + t.m42],
            rotation: plane.rotation, scale: plane.scale, opacity: 100, box: ([0, 0], [0, 0], 0))
    }

    /// `layer`'s values in Lottie's terms.
    private mutating func sample(of layer: PresentationLayer, opacity: Double, name: String) -> LottieSample {
        let p = layer.properties
        let t = p.transform
        let plane = planePart(t, name: name)
        let shadow = LayerRenderer.shadow(of: p)
        if let shadow, shadow.path != nil {
            note(name, "a shadowPath's shadow is exported as the layer's own")
        }
        if shadow != nil, !layer.sublayers.isEmpty || p.contents != nil || p.borderWidth > 0 {
            note(name, "the shadow is cast by the background, shape and text only")
        }
        if layer.transition != nil { note(name, "transitions are not exported") }
        let b = p.bounds
        let radius = max(0, min(p.cornerRadius, b.size.width / 2, b.size.height / 2))
        if radius > 0, p.maskedCorners != .all { note(name, "only some corners rounded: all are") }
        var result = LottieSample(
            anchor: [
                b.origin.x + p.anchorPoint.x * b.size.width, b.origin.y + p.anchorPoint.y * b.size.height,
            ],
            position: [p.position.x + t.m41, p.position.y + t.m42],
            rotation: plane.rotation,
            scale: plane.scale,
            opacity: opacity * 100,
            box: ([b.midX, b.midY], [b.size.width, b.size.height], radius),
            background: p.backgroundColor.map(components).flatMap { $0[3] > 0 ? $0 : nil })
        result.shadow = shadow
        if let gradient = layer.gradient, gradient.type == .conic, !gradient.stops.isEmpty, b.width > 0,
            b.height > 0
        {
            let c = Point(
                x: b.minX + gradient.startPoint.x * b.width, y: b.minY + gradient.startPoint.y * b.height)
            let e = Point(
                x: b.minX + gradient.endPoint.x * b.width, y: b.minY + gradient.endPoint.y * b.height)
            let corners = [
                Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY),
                Point(x: b.maxX, y: b.maxY),
            ]
            let reach = corners.map { hypot($0.x - c.x, $0.y - c.y) }.max()! + 1
            if c.x.isFinite, c.y.isFinite, e.x.isFinite, e.y.isFinite {
                let zero = c == e ? 0 : atan2(e.y - c.y, e.x - c.x)
                result.wedges = ConicWedges.wedges(gradient.stops, center: c, zeroAngle: zero, reach: reach)
                if !layer.sublayers.isEmpty, !p.masksToBounds {
                    note(name, "a conic gradient's sublayers are clipped to its bounds with it")
                }
            }
        }
        if let gradient = layer.gradient {
            result.gradient = gradientSample(gradient, bounds: b, radius: radius, name: name)
        }
        if let text = layer.text,
            let outline = LayerRenderer.textOutline(text, bounds: b, scale: settings.scale),
            let colour = text.foregroundColor
        {
            // The glyphs' outlines, filled as the text is drawn.
            result.shape = ShapeSample(
                subpaths: LottieSubpath.subpaths(of: outline), fill: (components(colour), false))
        }
        if let shape = layer.shape {
            var sample = ShapeSample(subpaths: shape.path.map(LottieSubpath.subpaths(of:)) ?? [])
            if let fill = shape.fillColor, fill.alpha > 0 {
                sample.fill = (components(fill), shape.fillRule == .evenOdd)
            }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 {
                let dashes =
                    shape.lineDashPattern.allSatisfy { $0 >= 0 && $0.isFinite }
                        && shape.lineDashPattern.contains { $0 > 0 } ? shape.lineDashPattern : []
                let start = min(max(shape.strokeStart, 0), 1)
                let end = max(min(max(shape.strokeEnd, 0), 1), start)
                sample.stroke = StrokeSample(
                    colour: components(stroke), width: shape.lineWidth, cap: shape.lineCap,
                    join: shape.lineJoin,
                    miterLimit: shape.miterLimit, dashes: dashes.count % 2 == 1 ? dashes + dashes : dashes,
                    phase: shape.lineDashPhase
                        + (dashes.isEmpty || start == 0
                            ? 0 : start * (shape.path.map { PathMeasure($0).length } ?? 0)),
                    trim: [start * 100, end * 100])
            }
            result.shape = sample
        }
        return result
    }

    /// `g` over bounds `b` in Lottie's terms (nil, with a note, for what Lottie has no fill for).
    private mutating func gradientSample(
        _ g: GradientProperties, bounds b: Rect, radius: Double, name: String
    )
        -> GradientSample?
    {
        let stops = g.stops
        guard !stops.isEmpty, b.width > 0, b.height > 0 else { return nil }
        let start = [b.minX + g.startPoint.x * b.width, b.minY + g.startPoint.y * b.height]
        let end = [b.minX + g.endPoint.x * b.width, b.minY + g.endPoint.y * b.height]
        guard (start + end).allSatisfy(\.isFinite) else { return nil }
        var list: [Double] = []
        for stop in stops {
            let c = components(stop.color)
            list += [stop.location, c[0], c[1], c[2]]
        }
        for stop in stops { list += [stop.location, components(stop.color)[3]] }
        switch g.type {
        case .axial:
            return GradientSample(
                radial: false, start: start, end: end, stops: list, count: stops.count, squash: 1)
        case .radial:
            let (rx, ry) = (abs(end[0] - start[0]), abs(end[1] - start[1]))
            guard rx > 0, ry > 0 else { return nil }
            let squash = ry / rx
            if abs(squash - 1) > 1e-9, radius > 0 {
                note(name, "an elliptical radial gradient's rounded corners are squashed with it")
            }
            return GradientSample(
                radial: true, start: [start[0], start[1] / squash], end: [start[0] + rx, start[1] / squash],
                stops: list, count: stops.count, squash: squash)
        case .conic:
            return nil
        }
    }

    // MARK: Writing

    /// The document and the notes.
    func finish() -> ([String: Any], [String]) {
        let scale = settings.scale
        var layers = self.layers(of: "", root: 1)
        // The whole, scaled: a null at the top that every root layer hangs from.
        layers.append(
            base(index: 1, name: "scale", type: 3, parent: nil)
                .merging(
                    [
                        "ks": transform(
                            anchor: [[0, 0]], position: [[0, 0]], rotation: [0],
                            scale: [[scale * 100, scale * 100]],
                            opacity: [100])
                    ], uniquingKeysWith: { $1 }))
        var assetList: [[String: Any]] = assets.map { asset -> [String: Any] in
            [
                "id": asset.id, "w": asset.width, "h": asset.height, "u": "", "e": 1,
                "p": "data:image/png;base64," + Data(asset.png).base64EncodedString(),
            ]
        }
        for composition in orders.keys.sorted() where !composition.isEmpty {
            assetList.append([
                "id": composition, "nm": composition, "layers": self.layers(of: composition, root: nil),
            ])
        }
        let document: [String: Any] = [
            "v": "5.7.0", "nm": settings.name, "fr": settings.framesPerSecond, "ip": 0, "op": frameCount,
            "w": max(1, Int((settings.size.width * scale).rounded(.up))),
            "h": max(1, Int((settings.size.height * scale).rounded(.up))),
            "ddd": 0, "layers": layers, "assets": assetList,
        ]
        return (document, notes)
    }

    /// The Lottie layers of `composition`, the top first; layers without a parent in it hang
    /// from `root`.
    private func layers(of composition: String, root: Int?) -> [[String: Any]] {
        let order = orders[composition] ?? []
        var index: [String: Int] = [:]
        for (i, key) in order.enumerated() { index[key] = i + 2 }
        var spare = order.count + 2
        var layers: [[String: Any]] = []
        for key in order.reversed() {
            guard let track = tracks[key] else { continue }
            let parent = track.parent.flatMap { index[$0] } ?? root
            if let precomp = track.precomp {
                layers.append(precompLayer(track, precomp, index: index[key]!, parent: parent))
            } else if track.samples.contains(where: { $0?.image != nil }) {
                for (i, run) in imageRuns(track).enumerated() {
                    let ind = i == 0 ? index[key]! : spare
                    if i > 0 { spare += 1 }
                    layers.append(imageLayer(track, run: run, index: ind, parent: parent))
                }
            } else {
                layers.append(layer(track, index: index[key]!, parent: parent))
            }
        }
        return layers
    }

    /// The layer that shows a composition: placed as the layer it stands for, as large as its
    /// bounds with the margin all round, clipped to the bounds (with their corners) when the
    /// layer clips, and a matte's part.
    private func precompLayer(
        _ track: Track, _ precomp: (composition: String, clips: Bool, matte: Matte?), index: Int, parent: Int?
    ) -> [String: Any] {
        let samples = filled(track.samples)
        var layer = base(index: index, name: track.name, type: 0, parent: parent)
        layer["refId"] = precomp.composition
        let widest = samples.map { $0.box.size[0] }.max() ?? 0
        let tallest = samples.map { $0.box.size[1] }.max() ?? 0
        layer["w"] = Int((widest + 2 * margin).rounded(.up))
        layer["h"] = Int((tallest + 2 * margin).rounded(.up))
        layer["ks"] = transform(samples)
        switch precomp.matte {
        case .masked: layer["tt"] = 1
        case .mask: layer["td"] = 1
        case nil: break
        }
        if precomp.clips {
            let outlines = samples.map { sample -> LottieSubpath in
                let bounds = Rect(x: margin, y: margin, width: sample.box.size[0], height: sample.box.size[1])
                let path =
                    sample.box.radius > 0
                    ? Path.roundedRect(bounds, cornerRadius: sample.box.radius) : Path.rect(bounds)
                return LottieSubpath.subpaths(of: path).first ?? LottieSubpath(closed: true)
            }
            layer["hasMask"] = true
            layer["masksProperties"] = [
                [
                    "nm": "bounds", "mode": "a", "inv": false, "pt": shapeProperty(outlines),
                    "o": ["a": 0, "k": 100], "x": ["a": 0, "k": 0],
                ] as [String: Any]
            ]
        }
        return layer
    }

    private func base(index: Int, name: String, type: Int, parent: Int?) -> [String: Any] {
        var layer: [String: Any] = [
            "ddd": 0, "ind": index, "ty": type, "nm": name, "sr": 1, "ao": 0, "ip": 0, "op": frameCount,
            "st": 0,
            "bm": 0,
        ]
        if let parent { layer["parent"] = parent }
        return layer
    }

    /// Each frame's sample, absent frames holding the nearest present one (drawn transparent).
    private func filled(_ samples: [LottieSample?]) -> [LottieSample] {
        guard let first = samples.first(where: { $0 != nil }) ?? nil else { return [] }
        var last = first
        return samples.map { sample in
            if let sample {
                last = sample
                return sample
            }
            var hidden = last
            hidden.opacity = 0
            return hidden
        }
    }

    private func layer(_ track: Track, index: Int, parent: Int?) -> [String: Any] {
        let samples = filled(track.samples)
        let content = shapes(samples)
        var layer = base(index: index, name: track.name, type: content.isEmpty ? 3 : 4, parent: parent)
        layer["ks"] = transform(samples)
        if !content.isEmpty { layer["shapes"] = content }
        if let shadow = shadowEffect(samples) { layer["ef"] = [shadow] }
        return layer
    }

    private func transform(_ samples: [LottieSample]) -> [String: Any] {
        transform(
            anchor: samples.map(\.anchor), position: samples.map(\.position),
            rotation: unwound(samples.map(\.rotation)), scale: samples.map(\.scale),
            opacity: samples.map(\.opacity))
    }

    /// An image track's frames split where the picture changes: each run shows one asset
    /// (frames without a picture belong to the run before, or the first).
    private func imageRuns(_ track: Track) -> [(asset: String, frames: Range<Int>)] {
        var runs: [(asset: String, frames: Range<Int>)] = []
        for (k, sample) in track.samples.enumerated() {
            let asset =
                sample?.image ?? runs.last?.asset ?? track.samples.lazy.compactMap { $0?.image }.first!
            if let last = runs.last, last.asset == asset {
                runs[runs.count - 1].frames = last.frames.lowerBound..<(k + 1)
            } else {
                runs.append((asset, k..<(k + 1)))
            }
        }
        return runs
    }

    /// An image layer showing `run`'s asset over its frames (Lottie's in and out points).
    private func imageLayer(
        _ track: Track, run: (asset: String, frames: Range<Int>), index: Int, parent: Int?
    ) -> [String: Any] {
        var layer = base(index: index, name: track.name, type: 2, parent: parent)
        layer["refId"] = run.asset
        layer["ip"] = run.frames.lowerBound
        layer["op"] = run.frames.upperBound
        layer["ks"] = transform(filled(track.samples))
        return layer
    }

    /// A one-number property, eased by the scene's curves where they fit (`LottieProperty`).
    func scalar(_ values: [Double], tolerance: Double) -> [String: Any] {
        LottieProperty.scalar(values, tolerance: tolerance, curves: curves)
    }

    /// A property of several numbers, eased by the scene's curves where they fit.
    func vector(_ values: [[Double]], tolerance: Double) -> [String: Any] {
        LottieProperty.vector(values, tolerance: tolerance, curves: curves)
    }

    /// Angles in degrees made continuous: each differs from the one before by less than half a turn.
    func unwound(_ angles: [Double]) -> [Double] {
        var result: [Double] = []
        for angle in angles {
            guard let previous = result.last else {
                result.append(angle)
                continue
            }
            result.append(angle + 360 * ((previous - angle) / 360).rounded())
        }
        return result
    }

    private func transform(
        anchor: [[Double]], position: [[Double]], rotation: [Double], scale: [[Double]], opacity: [Double]
    ) -> [String: Any] {
        [
            "a": vector(anchor, tolerance: LottieExport.Tolerance.length),
            "p": vector(position, tolerance: LottieExport.Tolerance.length),
            "r": scalar(rotation, tolerance: LottieExport.Tolerance.angle),
            "s": vector(scale, tolerance: LottieExport.Tolerance.percent),
            "o": scalar(opacity, tolerance: LottieExport.Tolerance.percent),
        ]
    }
}
