/// What runs when a layer's property changes (`CAAction`): an animation, or explicitly nothing
/// (`NSNull` in a `CALayer.actions` dictionary).
public enum LayerAction {
    /// Added to the layer under the property's key when the property changes. A property
    /// animation without a key path animates that property; one without values animates
    /// from the value before the change to the new one (`BasicAnimation`'s rule).
    case animation(Animation)
    /// The change shows at once, and the search for an action stops here.
    case none
}

/// A layer's delegate, asked first for the action of a change (`CALayerDelegate`).
public protocol LayerDelegate: AnyObject {
    /// The action for `event` on `layer`, `.none` for no action, or nil to let the layer look
    /// further (its `actions`, its style, its class's default).
    func action(for layer: Layer, forKey event: String) -> LayerAction?
}

extension Layer {
    /// `CALayer.action(forKey:)`: the action for a change of `key`, searched as Core Animation
    /// searches: the delegate's `action(for:forKey:)`, then `actions`, then the style's
    /// actions (`styleActions`), then the class's `defaultAction(forKey:)`. Nil means the
    /// implicit animation (the transaction's duration and timing function) runs. Not asked
    /// for views' backing layers, whose view decides (`ViewAnimation`), nor while the
    /// transaction disables actions.
    public func action(forKey key: String) -> LayerAction? {
        if let action = delegate?.action(for: self, forKey: key) { return action }
        if let action = actions[key] { return action }
        if let action = styleActions[key] { return action }
        return type(of: self).defaultAction(forKey: key)
    }

    /// Runs `action` for a change of `key` that `change` makes (the model changes at once).
    func run(_ action: LayerAction, forKey key: String, change: (inout LayerValues) -> Void) {
        var v = modelValues
        change(&v)
        setModelValues(v)
        guard case .animation(let animation) = action else { return }
        var added = animation
        if let property = animation as? PropertyAnimation, property.keyPath == nil,
            let copy = property.clone() as? PropertyAnimation
        {
            copy.keyPath = key
            added = copy
        }
        try? add(added, forKey: key)
    }
}
