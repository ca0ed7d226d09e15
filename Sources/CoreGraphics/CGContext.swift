import Foundation
import LayerKit

/// `CGContext`: a graphics context, here a recorder.
///
/// The modules above the engine cannot paint (they have no Cairo), so a context records what
/// it is asked to paint as LayerKit's `Drawing` display list — each painting call one command
/// with the graphics state in force — which LayerKitCairo replays with Cairo when pixels are
/// needed (a layer's backing store, `UIGraphicsImageRenderer`'s image, `makeImage()`). The
/// state is kept here as CoreGraphics keeps it, so what code reads back (`ctm`,
/// `currentPointOfPath`, `boundingBoxOfPath`, `path`, `boundingBoxOfClipPath`) is
/// CoreGraphics' answer:
/// - the current path is held in the canvas's space, each point placed by the transform in
///   force when it is added, and emptied by every painting call and `clip()`;
/// - a stroke's pen (line width, dashes) is measured in the user space in force when it is
///   stroked; shadows' offsets and blurs in the base space, whatever the transform;
/// - `addArc(center:…clockwise:)` is CoreGraphics' own: angles from +x towards +y of the user
///   space, `clockwise` towards decreasing angles. In a UIKit context (`draw(_:)`,
///   `UIGraphicsImageRenderer`), whose user space is flipped (y down), a `clockwise: true` arc
///   therefore turns counter-clockwise on screen, as Apple documents; `UIBezierPath`'s
///   `clockwise` is the screen's;
/// - `draw(_:in:)` puts an image's first row at the rectangle's maximum y, so in a UIKit
///   context a `CGImage` drawn directly is upside down, as on iOS (`UIImage.draw(in:)` is not);
/// - `ctm` includes the device's base: in a UIKit context at scale s and height h,
///   `(s, 0, 0, −s, 0, s·h)` before any change, as iOS reports it.
///
/// Deviations: patterns, `replacePathWithStrokedPath`,
/// PDF and text-matrix drawing are absent. A bitmap context made with `data:` writes what was
/// painted into that memory when `makeImage()` or `flush()` is called, not at each call
/// (`CGContext+Data.swift`).
public final class CGContext {
    /// What the state stack holds (`saveGState`).
    struct GState {
        var drawing = DrawingState()
        var fillColor = Color.black
        var strokeColor = Color.black
        var stroke = DrawingStroke()
    }

    /// The canvas's size in points and the pixels per point.
    package let canvasSize: Size
    package let scale: Double
    /// Canvas space (points, y down) to CoreGraphics' device space (pixels, y up).
    private let deviceBase: LayerKit.AffineTransform
    /// False for a bitmap context whose image has no alpha.
    let hasAlpha: Bool
    /// The caller's memory of a `CGContext(data:…)` and how it holds the pixels; nil when the
    /// context has none (or a layout not read here).
    let memory: CGBitmapMemory?
    /// True for a UIKit context: user space y-down, as the canvas.
    private let isFlippedContext: Bool

    private var state = GState()
    private var saved: [GState] = []
    /// In canvas space.
    private var currentPath = Path()
    var commands: [DrawingCommand] = []
    /// The open transparency layers: what was recorded before each, and the state it began in.
    var layers: [(commands: [DrawingCommand], state: DrawingState)] = []

    /// A context whose canvas is `size` points at `scale` pixels per point. `flipped` (UIKit's
    /// contexts) makes user space y-down with its origin at `origin`'s top-left; otherwise
    /// (bitmap contexts) y-up from the bottom-left.
    package init(
        size: CGSize, scale: CGFloat, flipped: Bool, origin: CGPoint = .zero, opaque: Bool = false,
        memory: CGBitmapMemory? = nil
    ) {
        self.memory = memory
        let w = size.width.isFinite ? max(0, Double(size.width)) : 0
        let h = size.height.isFinite ? max(0, Double(size.height)) : 0
        let s = scale.isFinite && scale > 0 ? Double(scale) : 1
        canvasSize = Size(width: w, height: h)
        self.scale = s
        deviceBase = LayerKit.AffineTransform(a: s, b: 0, c: 0, d: -s, tx: 0, ty: s * h)
        hasAlpha = !opaque
        isFlippedContext = flipped
        if flipped {
            state.drawing.transform = LayerKit.AffineTransform(
                translationX: -Double(origin.x.isFinite ? origin.x : 0),
                y: -Double(origin.y.isFinite ? origin.y : 0))
        } else {
            state.drawing.transform = LayerKit.AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        }
    }

    /// The context's width and height in pixels.
    public var width: Int { Int((canvasSize.width * scale).rounded(.up)) }
    public var height: Int { Int((canvasSize.height * scale).rounded(.up)) }

    /// What has been painted, as a display list.
    package var drawing: Drawing {
        var all = commands
        // Open transparency layers are closed for the snapshot.
        for layer in layers.reversed() {
            all = layer.commands + [.group(Drawing(commands: all), state: layer.state)]
        }
        return Drawing(commands: all)
    }

    /// The pixels painted so far, as an image (`CGBitmapContextCreateImage`): for a context
    /// over memory of its caller's, that memory's pixels after what was painted is written into
    /// it.
    public func makeImage() -> CGImage? {
        if memory != nil { return makeImageFromMemory() }
        let bitmap = Bitmap(
            drawing: drawing, width: width, height: height, scale: scale, isOpaque: !hasAlpha)
        return CGImage(reference: ImageReference(bitmap: bitmap, scale: 1))
    }

    // MARK: Graphics state

    public func saveGState() {
        saved.append(state)
    }

    /// Restores the state the matching `saveGState()` saved; nothing without one.
    public func restoreGState() {
        guard let last = saved.popLast() else { return }
        state = last
    }

    /// User space to device space: the transform and the device's base.
    public var ctm: CGAffineTransform {
        CGAffineTransform(state.drawing.transform.concatenating(deviceBase))
    }

    /// Applies `transform` before the current transform (`CGContextConcatCTM`).
    public func concatenate(_ transform: CGAffineTransform) {
        let t = transform.engine
        guard t.isFinite else { return }
        state.drawing.transform = t.concatenating(state.drawing.transform)
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(scaleX: sx, y: sy))
    }

    /// Turns user space by `angle` radians (towards +y: clockwise on screen in a UIKit context).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    public func setLineWidth(_ width: CGFloat) {
        state.stroke.lineWidth = Double(width)
    }

    public func setLineCap(_ cap: CGLineCap) {
        state.stroke.lineCap = cap.engine
    }

    public func setLineJoin(_ join: CGLineJoin) {
        state.stroke.lineJoin = join.engine
    }

    public func setMiterLimit(_ limit: CGFloat) {
        state.stroke.miterLimit = Double(limit)
    }

    /// Dashes of `lengths` (on, off, on …, cycled), starting `phase` into the pattern; empty
    /// lengths draw solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dash = lengths.map(Double.init)
        state.stroke.dashPhase = Double(phase)
    }

    public func setFlatness(_ flatness: CGFloat) {}

    public func setFillColor(_ color: CGColor) {
        state.fillColor = color.engine
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color.engine
    }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = Color(
            red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = Color(
            red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = Color(white: Double(gray), alpha: Double(alpha))
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = Color(white: Double(gray), alpha: Double(alpha))
    }

    /// Multiplies everything painted later (0…1).
    public func setAlpha(_ alpha: CGFloat) {
        state.drawing.alpha = min(max(Double(alpha), 0), 1)
    }

    public func setBlendMode(_ mode: CGBlendMode) {
        state.drawing.blendMode = mode.engine
    }

    /// A shadow under everything painted later: `offset` and `blur` in the base space (points,
    /// a positive height down in a UIKit context), not moved by the transform; a nil colour
    /// turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color else {
            state.drawing.shadow = nil
            return
        }
        state.drawing.shadow = DrawingShadow(
            offset: Size(width: Double(offset.width), height: Double(offset.height) * baseYDirection),
            blur: max(0, Double(blur)), color: color.engine)
    }

    /// A shadow in black at a third of full alpha, as CoreGraphics' default.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// The canvas's y direction against the base space's: 1 when a positive height is down on
    /// the canvas (a UIKit context), −1 for a bitmap context's y-up space.
    private var baseYDirection: Double { isFlippedContext ? 1 : -1 }

    /// Part of the saved state.
    public var interpolationQuality: CGInterpolationQuality {
        get {
            switch state.drawing.interpolationQuality {
            case .default: .default
            case .none: .none
            case .low: .low
            case .medium: .medium
            case .high: .high
            }
        }
        set { state.drawing.interpolationQuality = newValue.engine }
    }

    public func setShouldAntialias(_ should: Bool) {
        state.drawing.antialias = should
    }

    public func setAllowsAntialiasing(_ allows: Bool) {
        if !allows { state.drawing.antialias = false }
    }

    // MARK: The current path

    /// Empties the current path.
    public func beginPath() {
        currentPath = Path()
    }

    private func toCanvas(_ p: CGPoint) -> Point {
        state.drawing.transform.apply(to: p.engine)
    }

    public func move(to point: CGPoint) {
        currentPath.move(to: toCanvas(point))
    }

    public func addLine(to point: CGPoint) {
        currentPath.addLine(to: toCanvas(point))
    }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: toCanvas(end), control1: toCanvas(control1), control2: toCanvas(control2))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: toCanvas(end), control: toCanvas(control))
    }

    /// An arc of the circle around `center` (CoreGraphics' sense of `clockwise`: see the
    /// type), joined by a line from the current point if there is one.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        let arc = CGMutablePath()
        arc.addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        appendConnected(arc.path)
    }

    /// An arc of `radius` tangent to the lines from the current point to `tangent1End` and on
    /// to `tangent2End` (`CGContextAddArcToPoint`); nothing without a current point.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard let current = currentPath.currentPoint, let toUser = state.drawing.transform.inverted() else {
            return
        }
        let piece = CGMutablePath()
        piece.move(to: CGPoint(toUser.apply(to: current)))
        piece.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        appendConnected(piece.path)
    }

    public func addRect(_ rect: CGRect) {
        currentPath.append(Path.rect(rect.engine).applying(state.drawing.transform))
    }

    public func addRects(_ rects: [CGRect]) {
        for r in rects { addRect(r) }
    }

    /// The ellipse inscribed in `rect`, a closed subpath in CoreGraphics' direction.
    public func addEllipse(in rect: CGRect) {
        currentPath.append(CGPath.ellipse(in: rect).applying(state.drawing.transform))
    }

    /// `path`'s elements, placed by the current transform.
    public func addPath(_ path: CGPath) {
        currentPath.append(path.path.applying(state.drawing.transform))
    }

    public func closePath() {
        currentPath.close()
    }

    /// Appends `piece` (user space, starting with a move): with a current point, the move
    /// becomes a line to it.
    private func appendConnected(_ piece: Path) {
        let placed = piece.applying(state.drawing.transform)
        for (i, e) in placed.elements.enumerated() {
            if i == 0, case .move(let p) = e, let current = currentPath.currentPoint {
                if p != current { currentPath.addLine(to: p) }
                continue
            }
            currentPath.append(e)
        }
    }

    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space (`.zero` when there is none).
    public var currentPointOfPath: CGPoint {
        guard let p = currentPath.currentPoint, let toUser = state.drawing.transform.inverted() else {
            return .zero
        }
        return CGPoint(toUser.apply(to: p))
    }

    /// The box around the current path's points, control points included, in user space;
    /// `CGRect.null` when empty.
    public var boundingBoxOfPath: CGRect {
        guard let toUser = state.drawing.transform.inverted() else { return .null }
        let b = currentPath.applying(toUser).controlPointBounds
        return b.isNull ? .null : CGRect(b)
    }

    /// A copy of the current path in user space; nil when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty, let toUser = state.drawing.transform.inverted() else { return nil }
        return CGPath(path: currentPath.applying(toUser))
    }

    // MARK: Painting the path

    public func fillPath(using rule: CGPathFillRule = .winding) {
        record(.fill(currentPath, rule: rule.engine, color: state.fillColor, state: state.drawing))
        beginPath()
    }

    public func strokePath() {
        record(.stroke(currentPath, style: state.stroke, color: state.strokeColor, state: state.drawing))
        beginPath()
    }

    public func drawPath(using mode: CGPathDrawingMode) {
        let path = currentPath
        switch mode {
        case .fill, .fillStroke:
            record(.fill(path, rule: .nonZero, color: state.fillColor, state: state.drawing))
        case .eoFill, .eoFillStroke:
            record(.fill(path, rule: .evenOdd, color: state.fillColor, state: state.drawing))
        case .stroke:
            break
        }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke {
            record(.stroke(path, style: state.stroke, color: state.strokeColor, state: state.drawing))
        }
        beginPath()
    }

    /// Intersects the clip with the current path, which is emptied.
    public func clip(using rule: CGPathFillRule = .winding) {
        state.drawing.clip.append(DrawingClip(path: currentPath, rule: rule.engine))
        beginPath()
    }

    public func clip(to rect: CGRect) {
        state.drawing.clip.append(
            DrawingClip(path: Path.rect(rect.engine).applying(state.drawing.transform), rule: .nonZero))
    }

    /// Intersects the clip with an image mask over `rect` (user space), placed as `draw(_:in:)`
    /// places an image (so upside down in a UIKit context, as on iOS): what is painted after is
    /// multiplied by the mask's coverage — its alpha for an image with transparency, its
    /// brightness for an opaque one (a grayscale mask: white paints, black masks out). Outside
    /// `rect` nothing is painted. Undone by `restoreGState()` and `resetClip()`.
    ///
    /// Deviation: a painting made under a mask draws no shadow.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized.engine
        let flip = LayerKit.AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY)
        state.drawing.masks.append(
            DrawingMask(
                image: mask.reference, rect: r, transform: flip.concatenating(state.drawing.transform)))
    }

    /// Intersects the clip with the union of `rects`.
    public func clip(to rects: [CGRect]) {
        var union = Path()
        for r in rects { union.append(Path.rect(r.engine).applying(state.drawing.transform)) }
        state.drawing.clip.append(DrawingClip(path: union, rule: .nonZero))
    }

    public func resetClip() {
        state.drawing.clip = []
        state.drawing.masks = []
    }

    /// The clip's bounding box in user space (the whole canvas when nothing clips).
    public var boundingBoxOfClipPath: CGRect {
        var box = Rect(origin: .zero, size: canvasSize)
        for clip in state.drawing.clip { box = box.intersection(clip.path.controlPointBounds) }
        guard !box.isNull, let toUser = state.drawing.transform.inverted() else { return .null }
        return CGRect(toUser.apply(to: box))
    }

    // MARK: Painting shapes

    /// Fills `rect` with the fill colour; the current path is left alone.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    public func fill(_ rects: [CGRect]) {
        var p = Path()
        for r in rects { p.append(Path.rect(r.engine).applying(state.drawing.transform)) }
        record(.fill(p, rule: .nonZero, color: state.fillColor, state: state.drawing))
    }

    public func stroke(_ rect: CGRect) {
        let p = Path.rect(rect.engine).applying(state.drawing.transform)
        record(.stroke(p, style: state.stroke, color: state.strokeColor, state: state.drawing))
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        var style = state.stroke
        style.lineWidth = Double(width)
        let p = Path.rect(rect.engine).applying(state.drawing.transform)
        record(.stroke(p, style: style, color: state.strokeColor, state: state.drawing))
    }

    public func fillEllipse(in rect: CGRect) {
        let p = CGPath.ellipse(in: rect).applying(state.drawing.transform)
        record(.fill(p, rule: .nonZero, color: state.fillColor, state: state.drawing))
    }

    public func strokeEllipse(in rect: CGRect) {
        let p = CGPath.ellipse(in: rect).applying(state.drawing.transform)
        record(.stroke(p, style: state.stroke, color: state.strokeColor, state: state.drawing))
    }

    /// Strokes a line between each pair of `points` (0–1, 2–3 …).
    public func strokeLineSegments(between points: [CGPoint]) {
        var p = Path()
        var i = 0
        while i + 1 < points.count {
            p.move(to: toCanvas(points[i]))
            p.addLine(to: toCanvas(points[i + 1]))
            i += 2
        }
        record(.stroke(p, style: state.stroke, color: state.strokeColor, state: state.drawing))
    }

    /// Makes `rect` transparent (within the clip).
    public func clear(_ rect: CGRect) {
        record(.clear(rect.engine, state: state.drawing))
    }

    // MARK: Gradients and images

    /// Fills the clip with `gradient` along `start`→`end` (user space).
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        record(
            .linearGradient(
                gradient.stops, start: start.engine, end: end.engine,
                extendsBefore: options.contains(.drawsBeforeStartLocation),
                extendsAfter: options.contains(.drawsAfterEndLocation), state: state.drawing))
    }

    /// Fills the clip with `gradient` between two circles (user space).
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
        endRadius: CGFloat, options: CGGradientDrawingOptions
    ) {
        record(
            .radialGradient(
                gradient.stops, startCenter: startCenter.engine, startRadius: Double(startRadius),
                endCenter: endCenter.engine, endRadius: Double(endRadius),
                extendsBefore: options.contains(.drawsBeforeStartLocation),
                extendsAfter: options.contains(.drawsAfterEndLocation), state: state.drawing))
    }

    /// Draws `image` stretched over `rect`, its first row at the rectangle's maximum y (upside
    /// down in a UIKit context, as on iOS).
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized.engine
        let flip = LayerKit.AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY)
        var s = state.drawing
        s.transform = flip.concatenating(s.transform)
        record(.image(image.reference, rect: r, state: s))
    }

    /// Draws `image` over `rect` upright in user space (its first row at the minimum y): what
    /// `UIImage.draw(in:)` does.
    package func drawUpright(
        _ image: ImageReference, in rect: CGRect, blendMode: CGBlendMode? = nil, alpha: CGFloat = 1
    ) {
        var s = state.drawing
        if let blendMode { s.blendMode = blendMode.engine }
        s.alpha *= min(max(Double(alpha), 0), 1)
        record(.image(image, rect: rect.standardized.engine, state: s))
    }

    /// Paints text laid out in `box` (user space).
    package func drawText(_ properties: TextProperties, in box: CGRect, clipped: Bool) {
        record(
            .text(
                DrawingText(properties: properties, box: box.engine, clipsToBox: clipped),
                state: state.drawing))
    }

    /// Paints a layer tree as the renderer draws it, its root placed by its own position and
    /// transform in user space (`CALayer.render(in:)`).
    package func drawLayerTree(_ tree: PresentationLayer) {
        record(.layers(tree, state: state.drawing))
    }

    // MARK: Transparency layers

    /// Later painting is collected and composited as one image at `endTransparencyLayer()`, with
    /// the alpha, blend mode, shadow and clip in force now (which are reset inside).
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        layers.append((commands, state.drawing))
        commands = []
        saveGState()
        state.drawing.alpha = 1
        state.drawing.blendMode = .normal
        state.drawing.shadow = nil
        state.drawing.clip = []
        state.drawing.masks = []
    }

    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        clip(to: rect)
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    public func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        restoreGState()
        let inner = commands
        commands = layer.commands
        if !inner.isEmpty { commands.append(.group(Drawing(commands: inner), state: layer.state)) }
    }

    // MARK: Coordinates

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(ctm.inverted()) }

    // MARK: Recording

    private func record(_ command: DrawingCommand) {
        if case .fill(let p, _, _, _) = command, p.isEmpty { return }
        if case .stroke(let p, _, _, _) = command, p.isEmpty { return }
        commands.append(command)
    }

    /// Writes what was painted into the memory of a `CGContext(data:…)`; nothing for other
    /// contexts.
    public func flush() {
        _ = synchronizeMemory()
    }

    /// As `flush()`.
    public func synchronize() {
        _ = synchronizeMemory()
    }
}

extension CGContext {
    /// The contexts UIKit's drawing functions paint into (`UIGraphicsGetCurrentContext()`), the
    /// innermost last: pushed by `UIGraphicsPushContext`, a view's `draw(_:)`, an image
    /// renderer. One stack per thread, as UIKit keeps it.
    package static var stack: [CGContext] {
        get { ContextStack.current.contexts }
        set { ContextStack.current.contexts = newValue }
    }

    /// The image contexts `UIGraphicsBeginImageContext…` opened on this thread, innermost last.
    package static var imageContexts: [CGContext] {
        get { ContextStack.current.imageContexts }
        set { ContextStack.current.imageContexts = newValue }
    }
}

/// A thread's graphics context stacks.
private final class ContextStack {
    var contexts: [CGContext] = []
    var imageContexts: [CGContext] = []

    private static let key = "LoaderLab.CGContext.stack"

    static var current: ContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? ContextStack { return stack }
        let stack = ContextStack()
        dictionary[key] = stack
        return stack
    }
}
