import CCairo
import LayerKit

extension LayerRenderer {
    /// Replaces the open group — the masked layer drawn whole: shadow, body, sublayers,
    /// border — by that drawing shown through the mask's alpha, leaving the result as the open
    /// group for the caller to composite with the layer's opacity.
    ///
    /// The mask is drawn as a layer tree of its own (its sublayers, opacity, shadow and own
    /// mask count) in the masked layer's coordinates, into a group of its own whose alpha is
    /// all that is used: where the mask is opaque the layer shows, where it is clear nothing,
    /// in between in proportion. A mask that draws nothing (hidden, transparent, empty) hides the
    /// layer. The layer's shadow is inside the masked drawing, so the mask cuts it too.
    func applyMask(_ mask: PresentationLayer, _ canvas: Canvas) {
        let cr = canvas.cr
        guard let content = CairoPattern(taking: cairo_pop_group(cr)) else {
            cairo_push_group(cr)
            return
        }
        cairo_push_group(cr)
        drawLayer(mask, on: canvas)
        let alpha = CairoPattern(taking: cairo_pop_group(cr))
        cairo_push_group(cr)
        guard let alpha else { return }
        cairo_set_source(cr, content.pointer)
        cairo_mask(cr, alpha.pointer)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
    }

    /// Where the mask lets anything show, in the masked layer's coordinates: the mask's drawn
    /// extent (`.null` when it draws nothing); nil without a mask or when it cannot be bounded.
    static func maskExtent(of layer: PresentationLayer) -> Rect? {
        guard let mask = layer.mask else { return nil }
        return drawnExtent(of: mask)
    }
}
