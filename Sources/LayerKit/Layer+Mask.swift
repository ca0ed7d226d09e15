/// `CALayer.mask`: a layer whose drawn alpha this layer shows through.
///
/// The mask is no sublayer: it has no superlayer, and its geometry is in the masked layer's
/// own coordinates (its `position` is a point of the masked layer's bounds). Otherwise it is a
/// layer like any other in the tree: it belongs to the masked layer's scene, its animations run
/// in the masked layer's time (under its `speed`, `timeOffset` and `beginTime`) and deliver
/// their events, and its presentation — its sublayers and its own mask included — is part of
/// the presentation tree (`PresentationLayer.mask`), evaluated at the same moment.
///
/// Setting a layer that has a superlayer as a mask takes it out of that superlayer, and one that
/// masks another layer away from it, so a layer is in one place only. A layer cannot mask
/// itself or one of its ancestors (it would make a cycle): such a mask is ignored. Adding a mask
/// to a superlayer stops it masking.
extension Layer {
    public var mask: Layer? {
        get { maskLayer }
        set { setMask(newValue) }
    }

    /// The layer this one's scene, time and cached presentations go up to: its superlayer, or
    /// for a mask the layer it masks.
    var parentInTree: Layer? { superlayer ?? maskedLayer }

    /// The layers whose time runs inside this one's: its sublayers, then its mask.
    var timedSublayers: [Layer] {
        guard let maskLayer else { return sublayers }
        return sublayers + [maskLayer]
    }

    private func setMask(_ newMask: Layer?) {
        guard newMask !== maskLayer else { return }
        if let newMask {
            guard newMask !== self, !isDescendant(of: newMask) else { return }
            newMask.removeFromSuperlayer()
            newMask.maskedLayer?.mask = nil
        }
        let scene = self.scene
        maskLayer?.maskedLayer = nil
        maskLayer = newMask
        newMask?.maskedLayer = self
        invalidatePresentation()
        guard let scene else { return }
        scene.setNeedsUpdate()
        if let newMask { scene.stampPendingAnimations(in: newMask) }
        scene.eventSourcesChanged()
    }
}
