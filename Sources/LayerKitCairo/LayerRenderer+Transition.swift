import CCairo
import LayerKit

/// Layers in the middle of a `TransitionAnimation`: drawn as their old and new renderings.
extension LayerRenderer {
    /// Draws `layer`, which is placed at `place` (an affine one) and shows `transition`: its
    /// old rendering and itself without the transition, each moved by its offset in the
    /// layer's coordinates and composited at its opacity, the one on top last
    /// (`PresentationTransition.placement(new:size:)`). Both are drawn at the layer's current
    /// place: the transition animates what the layer shows, not where it is.
    func drawTransition(
        _ layer: PresentationLayer, _ transition: PresentationTransition, at place: PresentationWalk.Place,
        _ canvas: Canvas
    ) {
        var new = layer
        new.transition = nil
        let size = layer.properties.bounds.size
        let order: [(PresentationLayer?, Bool)] =
            transition.oldOnTop
            ? [(new, true), (transition.from, false)] : [(transition.from, false), (new, true)]
        let cr = canvas.cr
        if transition.type == .fade {
            drawCrossDissolve(transition.from, new, transition, at: place, canvas)
            return
        }
        for case (let rendering?, let isNew) in order {
            let (offset, opacity) = transition.placement(new: isNew, size: size)
            guard opacity > 0 else { continue }
            var moved = place
            moved.toRoot = AffineTransform(translationX: offset.width, y: offset.height).concatenating(
                place.toRoot)
            let group = opacity < 1
            if group {
                cairo_save(cr)
                cairo_push_group(cr)
            }
            var painter = Painter(renderer: self, canvas: canvas)
            rendering.walk(&painter, at: moved)
            if group {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, opacity)
                cairo_restore(cr)
            }
        }
    }

    /// A fade: the two renderings dissolved into each other — each pixel `(1 − p)·old + p·new`
    /// (premultiplied), composited over what is below as one image — so content both show
    /// stays as it is throughout and nothing below shows through opaque content mid-fade (as it
    /// would if each were drawn over the other at partial opacity).
    private func drawCrossDissolve(
        _ old: PresentationLayer?, _ new: PresentationLayer, _ transition: PresentationTransition,
        at place: PresentationWalk.Place, _ canvas: Canvas
    ) {
        let cr = canvas.cr
        let size = new.properties.bounds.size
        cairo_save(cr)
        cairo_push_group(cr)
        for (rendering, isNew) in [(old, false), (Optional(new), true)] {
            guard let rendering else { continue }
            let weight = transition.placement(new: isNew, size: size).opacity
            guard weight > 0 else { continue }
            cairo_push_group(cr)
            var painter = Painter(renderer: self, canvas: canvas)
            rendering.walk(&painter, at: place)
            cairo_pop_group_to_source(cr)
            // The sum of the weighted renderings (the group starts transparent).
            cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
            cairo_paint_with_alpha(cr, weight)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// What a layer showing `transition` can paint, in its own coordinates: both renderings'
    /// extents at their offsets. Nil when either cannot be bounded.
    static func transitionExtent(of layer: PresentationLayer, _ transition: PresentationTransition) -> Rect? {
        var new = layer
        new.transition = nil
        var extent = Rect.null
        for (rendering, isNew) in [(transition.from, false), (Optional(new), true)] {
            guard let rendering else { continue }
            let (offset, opacity) = transition.placement(new: isNew, size: layer.properties.bounds.size)
            guard opacity > 0 else { continue }
            // The old rendering is drawn where the layer is now: measured in its own bounds.
            var placed = rendering
            placed.properties.transform = .identity
            placed.properties.position = placed.properties.anchorInBounds
            guard let e = drawnExtent(of: placed) else { return nil }
            extent = extent.union(e.offsetBy(dx: offset.width, dy: offset.height))
        }
        return extent.isFinite || extent.isNull ? extent : nil
    }
}
