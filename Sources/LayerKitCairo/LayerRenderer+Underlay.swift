import CCairo
import LayerKit

/// Drawing over an underlay: a tree's unchanged leading layers copied as pixels (see
/// `Underlays`).
extension LayerRenderer {
    /// Draws `tree` as `draw(_:on:)` does, on a canvas that holds the opaque `background`
    /// wherever the tree can draw (a window's backdrop behind its tiles), keeping what the tree
    /// draws before its first changed layer as one image for `slot`: a gallery tile's card,
    /// screen and static rings are then copied into each damaged region, and only the layers
    /// from the first change on are drawn over them, with the ancestors' borders and corners.
    ///
    /// The pixels are those `draw(_:on:)` gives: the underlay is drawn by the same walk, up
    /// to where this draw's walk goes on, over the same background and at the same matrix
    /// shifted by whole pixels. Falls back to `draw(_:on:)` when the background is not opaque,
    /// the tree leads with nothing unchanged, or an underlay would be larger than
    /// `Underlays.maximumPixels`.
    public func draw(_ tree: PresentationLayer, on canvas: Canvas, over background: Color, slot: Int) {
        guard usesUnderlays, background.alpha >= 1 else {
            draw(tree, on: canvas)
            return
        }
        let base = canvas.matrix
        let (found, pending) = underlays.plan(for: tree, slot: slot)
        drawWalk(on: canvas) { painter, visible in
            guard let plan = found,
                let underlay = underlay(
                    for: tree, plan, pending: pending, base: base, background: background, visible: visible,
                    slot: slot)
            else {
                tree.walk(&painter, from: .superlayer(nil, toSpace: base))
                return
            }
            let cr = canvas.cr
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            let r = underlay.area.rect
            cairo_set_source_surface(cr, underlay.image.pointer, r.minX, r.minY)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_fill(cr)
            cairo_restore(cr)
            painter.underlay = UnderlayWalk(mode: .resume, plan: plan, corners: underlay.corners)
            tree.walk(&painter, from: .superlayer(nil, toSpace: base))
        }
    }

    /// The underlay to draw `tree` over in `slot` where `visible` is drawn: the one kept while
    /// `plan` holds and it covers `visible`; else a new one when `pending` (the plan the draw
    /// before found) is the same plan, grown to take in the kept one's pixels; else nil.
    private func underlay(
        for tree: PresentationLayer, _ plan: UnderlayPlan, pending: UnderlayPlan?, base: AffineTransform,
        background: Color, visible: DeviceArea, slot: Int
    ) -> Underlays.Underlay? {
        var grown: DeviceArea?
        if var kept = underlays.underlay(in: slot) {
            if kept.base == base, kept.background == background, kept.plan.holds(for: plan) {
                // Only where the leading layers can draw: elsewhere the canvas may hold anything.
                guard let needed = visible.intersection(kept.reach) else { return nil }
                if kept.area.contains(needed) {
                    // The newest values, so that the next comparison finds the same nodes.
                    kept.plan = plan
                    underlays.keep(kept, in: slot)
                    return kept
                }
                grown = kept.area.union(needed)
            }
            underlays.drop(slot)
        }
        guard pending?.holds(for: plan) == true, let reach = Self.leadingReach(of: plan, base: base),
            let area = grown ?? visible.intersection(reach),
            area.width * area.height <= Underlays.maximumPixels,
            let made = makeUnderlay(tree, plan, base: base, background: background, area: area, reach: reach)
        else { return nil }
        underlays.keep(made, in: slot)
        return made
    }

    /// The device pixels the leading layers of `plan` can draw (the ancestors' own drawing and
    /// the leading sublayers', cut by the masking ancestors' bounds), with the root placed at
    /// `base`; nil when none or they cannot be bounded.
    static func leadingReach(of plan: UnderlayPlan, base: AffineTransform) -> DeviceArea? {
        var reach = Rect.null
        var clip: Rect?
        var toRoot = base
        var superlayer: PresentationLayer?
        for (depth, layer) in plan.path.enumerated() {
            toRoot = layer.transformToSuperlayer(superlayer).concatenating(toRoot)
            guard let own = ownExtent(of: layer) else { return nil }
            var drawn = own.isNull ? own : toRoot.apply(to: own)
            if layer.properties.masksToBounds {
                let bounds = toRoot.apply(to: layer.properties.bounds.standardized)
                clip = clip.map { $0.intersection(bounds) } ?? bounds
            }
            for sublayer in plan.prefixes[depth] {
                guard let e = drawnExtent(of: sublayer, in: layer, superlayerToRoot: toRoot) else {
                    return nil
                }
                drawn = drawn.union(e)
            }
            if let clip { drawn = drawn.intersection(clip) }
            reach = reach.union(drawn)
            superlayer = layer
        }
        guard reach.isFinite, !reach.isEmpty else { return nil }
        let x0 = reach.minX.rounded(.down)
        let y0 = reach.minY.rounded(.down)
        let x1 = reach.maxX.rounded(.up)
        let y1 = reach.maxY.rounded(.up)
        guard x1 - x0 < Double(Int32.max), y1 - y0 < Double(Int32.max) else { return nil }
        return DeviceArea(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// The underlay of `tree` for `plan`: its leading layers drawn over `background` on the
    /// pixels `area` of the canvas; nil when it cannot be made.
    private func makeUnderlay(
        _ tree: PresentationLayer, _ plan: UnderlayPlan, base: AffineTransform, background: Color,
        area: DeviceArea, reach: DeviceArea
    ) -> Underlays.Underlay? {
        guard let image = try? ImageSurface(width: area.width, height: area.height),
            let offscreen = try? Canvas(surface: image)
        else { return nil }
        offscreen.clear(color: background)
        // Shifted by whole pixels: every edge falls on the pixel it falls on in the canvas.
        let shifted = base.concatenating(AffineTransform(translationX: -Double(area.x), y: -Double(area.y)))
        var painter = Painter(renderer: self, canvas: offscreen)
        painter.underlay = UnderlayWalk(
            mode: .build, plan: plan, corners: Array(repeating: nil, count: plan.path.count))
        tree.walk(&painter, from: .superlayer(nil, toSpace: shifted))
        guard offscreen.error == nil, let walk = painter.underlay else { return nil }
        image.flush()
        for backup in walk.corners {
            backup?.offsetX -= Double(area.x)
            backup?.offsetY -= Double(area.y)
        }
        return Underlays.Underlay(
            plan: plan, base: base, background: background, image: image, area: area, reach: reach,
            corners: walk.corners)
    }
}

extension DeviceArea {
    /// True when every pixel of `o` is one of these.
    func contains(_ o: DeviceArea) -> Bool {
        o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height
    }

    /// The smallest area holding both.
    func union(_ o: DeviceArea) -> DeviceArea {
        let x0 = Swift.min(x, o.x)
        let y0 = Swift.min(y, o.y)
        return DeviceArea(
            x: x0, y: y0, width: Swift.max(x + width, o.x + o.width) - x0,
            height: Swift.max(y + height, o.y + o.height) - y0)
    }
}
