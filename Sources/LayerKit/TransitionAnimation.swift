/// `CATransition`: animates a change of a layer's whole rendering — new contents, new
/// sublayers, anything — from what the layer showed before the change to what it shows after.
///
/// Added with `Layer.add(_:forKey:)` (Core Animation's key is `"transition"`), it captures the
/// layer's subtree as the scene last showed it (the render tree before the current
/// transaction's changes, made before or after the `add` alike) and, while it runs, the layer
/// is drawn as both: the old rendering and the new, moved and faded by `type` and `subtype`
/// over its bounds (see `PresentationTransition`). Progress runs from `startProgress` to
/// `endProgress` over the animation's timing; nothing but the drawing changes, and the model
/// and the new presentation are as if there were no transition.
public final class TransitionAnimation: Animation {
    /// `CATransition.type`.
    public var type: TransitionType = .fade
    /// `CATransition.subtype`: where the new rendering comes from; nil is `.fromLeft`.
    public var subtype: TransitionSubtype?
    public var startProgress: Double = 0
    public var endProgress: Double = 1

    public override init() { super.init() }

    /// A transition of `type` from `subtype`.
    public convenience init(type: TransitionType, subtype: TransitionSubtype? = nil) {
        self.init()
        self.type = type
        self.subtype = subtype
    }

    override func clone() -> Animation {
        let c = TransitionAnimation(type: type, subtype: subtype)
        c.startProgress = startProgress
        c.endProgress = endProgress
        copyTiming(to: c)
        return c
    }
}

/// `CATransition.type`'s four public kinds.
public enum TransitionType: String, Hashable, Sendable, CaseIterable {
    /// The old rendering fades out as the new one fades in.
    case fade
    /// The new rendering slides in over the old one.
    case moveIn
    /// The new rendering pushes the old one out.
    case push
    /// The old rendering slides out, uncovering the new one.
    case reveal
}

/// `CATransition.subtype`: the side the motion starts from.
public enum TransitionSubtype: String, Hashable, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// A running transition in a presentation tree: the layer it is on is drawn as `from` (the old
/// rendering) and itself without the transition (the new), each moved by an offset in the
/// layer's own coordinates and shown at an opacity.
public struct PresentationTransition: Hashable, Sendable {
    public var type: TransitionType
    public var subtype: TransitionSubtype
    /// 0 (all old) … 1 (all new), clamped.
    public var progress: Double
    /// The old rendering's storage: none (the layer showed nothing: it fades or slides in from
    /// nothing) or one.
    private var fromStorage: [PresentationLayer]

    public init(type: TransitionType, subtype: TransitionSubtype, progress: Double, from: PresentationLayer?)
    {
        self.type = type
        self.subtype = subtype
        self.progress = progress.isFinite ? Swift.min(1, Swift.max(0, progress)) : 0
        fromStorage = from.map { [$0] } ?? []
    }

    /// The layer's subtree as shown before the change, with no transition of its own.
    public var from: PresentationLayer? { fromStorage.first }

    /// Where the old (`new` false) or new rendering is drawn, as an offset in the layer's
    /// coordinates for bounds of `size`, and at what opacity. The motion runs from the
    /// subtype's side across the bounds: `push` moves both, `moveIn` only the new (drawn above),
    /// `reveal` only the old (drawn above), `fade` neither (the old at 1 − progress, the new at
    /// progress).
    public func placement(new: Bool, size: Size) -> (offset: Size, opacity: Double) {
        let t = progress
        let (dx, dy): (Double, Double) =
            switch subtype {
            case .fromLeft: (size.width, 0)
            case .fromRight: (-size.width, 0)
            case .fromTop: (0, size.height)
            case .fromBottom: (0, -size.height)
            }
        let incoming = Size(width: -(1 - t) * dx, height: -(1 - t) * dy)
        let outgoing = Size(width: t * dx, height: t * dy)
        switch (type, new) {
        case (.fade, false): return (.zero, 1 - t)
        case (.fade, true): return (.zero, t)
        case (.moveIn, false), (.reveal, true): return (.zero, 1)
        case (.moveIn, true), (.push, true): return (incoming, 1)
        case (.push, false), (.reveal, false): return (outgoing, 1)
        }
    }

    /// True when the old rendering is drawn above the new (`reveal`).
    public var oldOnTop: Bool { type == .reveal }
}
