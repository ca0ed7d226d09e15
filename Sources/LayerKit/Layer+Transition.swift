extension Layer {
    /// The implicit action for a change of `contents`: a `fade` transition under the key
    /// `"contents"`, unless the layer is a view's backing layer, has not been shown, the
    /// transaction disables actions, or the layer's action for `"contents"` says otherwise
    /// (`.none`: no animation; an animation: that one).
    func crossFadeContents() {
        guard let scene, !isViewBacking, hasBeenPresented, !scene.actions.disableActions else { return }
        if let action = action(forKey: "contents") {
            if case .animation(let animation) = action { try? add(animation, forKey: "contents") }
            return
        }
        let duration = scene.actions.animationDuration
        guard duration > 0 else { return }
        let fade = TransitionAnimation(type: .fade)
        fade.duration = duration
        try? addEntry(fade, forKey: "contents").origin = .implicit
    }
}

extension Scene {
    /// `layer`'s subtree as the last update showed it (found by its place in the tree), or nil
    /// when it was not shown then (new, or under a mask).
    func shownPresentation(of layer: Layer) -> PresentationLayer? {
        guard lastUpdate != nil else { return nil }
        var path: [Int] = []
        var current = layer
        while current !== root {
            guard let parent = current.superlayer,
                let index = parent.sublayers.firstIndex(where: { $0 === current })
            else { return nil }
            path.append(index)
            current = parent
        }
        var node = presentation()
        for index in path.reversed() {
            guard node.sublayers.indices.contains(index) else { return nil }
            node = node.sublayers[index]
        }
        return node
    }

    /// The transition `layer` shows at its local time `local`: its latest running
    /// `TransitionAnimation`, nil when none runs.
    static func transition(of layer: Layer, at local: Double) -> PresentationTransition? {
        for entry in layer.entries.reversed() where !entry.needsStamp {
            guard let t = entry.animation as? TransitionAnimation,
                let sample = entry.compiled.timing.sample(at: local)
            else { continue }
            let start = t.startProgress.isFinite ? t.startProgress : 0
            let end = t.endProgress.isFinite ? t.endProgress : 1
            var from = entry.transitionFrom
            from?.transition = nil
            return PresentationTransition(
                type: t.type, subtype: t.subtype ?? .fromLeft,
                progress: start + (end - start) * sample.fraction,
                from: from)
        }
        return nil
    }
}
