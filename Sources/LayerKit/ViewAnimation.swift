/// Options of `ViewAnimation.animate` (`UIView.AnimationOptions`), with UIKit's raw values.
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// UIKit turns a view's touches off while it animates unless this is set; LoaderLab's
    /// input goes to scroll views and keys, never to animating layers, so it changes nothing.
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen (the presentation value) instead of the old model value.
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeat forever (`repeatCount = .infinity`); the completion then never runs.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Run backwards after each forward run (`autoreverses`); with `.repeat`, back and forth.
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// The curve is a two-bit field; ease-in-ease-out is its zero value (the default).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    /// The timing function the curve bits select.
    public var timingFunction: TimingFunction {
        switch (rawValue >> 16) & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInEaseOut
        }
    }
}

/// `UIView.animate(withDuration:delay:options:animations:completion:)` for view-backing layers.
public enum ViewAnimation {
    /// True while a `animate(withDuration:…)` block of the active scene runs its animations:
    /// a change made now belongs to that block (it animates with it and its completion waits
    /// for it), as a scroll view's bounds do when its `contentInset` is set inside one.
    public static var isInsideBlock: Bool {
        !(Scene.active?.actions.viewAnimations.isEmpty ?? true)
    }

    /// Runs `animations`; every change it makes to an animatable property of a view-backing
    /// layer (`Layer.isViewBacking`) animates from the old value — or, with
    /// `.beginFromCurrentState`, from the value on screen — to the new one, over `duration`
    /// seconds after `delay`, along the options' curve. The model values change at once;
    /// during the delay the layers keep showing the start values.
    ///
    /// As in UIKit since iOS 8, the animations are additive: from (old − new) to zero on top
    /// of the model, so a change while another view animation of the property runs adds to
    /// it without a jump, and that block still finishes with `true`. With
    /// `.beginFromCurrentState` the running view animations of the property are replaced
    /// instead (their blocks complete with `false`). Changing a property twice in one block
    /// makes one animation, from its value before the block to the last one set. The rules
    /// for each type (transforms concatenate; paths replace) are `Layer.viewAction`'s.
    ///
    /// `completion` is delivered by the scene in time order with animation callbacks, at the
    /// end time — now + delay + duration in the root layer's time, or later when one of the
    /// animations ends later. As in UIKit, a block that animates nothing completes at the next
    /// update, and one whose animations were removed or replaced completes as soon as the
    /// last of them stopped, with `finished == false`. Changes to other layers follow their
    /// own rules (implicit animations). The block belongs to the active scene
    /// (`Scene.active`); with none, nothing can animate: the changes are made and the
    /// completion runs right away with `true`.
    /// A non-positive or NaN duration or delay counts as 0: changes then happen at once.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            withDuration: duration, delay: delay, options: options, spring: nil, animations: animations,
            completion: completion)
    }

    /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`:
    /// as `animate(withDuration:…)`, but every change moves by a spring
    /// (`SpringOscillator.uiKit`) with damping ratio `dampingRatio` (1: no oscillation; toward 0:
    /// more bounce) and initial velocity `velocity` (the whole distance per second), running
    /// linearly in time; the curve options are ignored, as in UIKit. The completion runs at the
    /// end of `duration`.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(
            withDuration: duration, delay: delay, options: options,
            spring: SpringOscillator.uiKit(
                duration: duration, dampingRatio: dampingRatio, velocity: velocity),
            animations: animations, completion: completion)
    }

    private static func animate(
        withDuration duration: Double, delay: Double, options: ViewAnimationOptions,
        spring: SpringOscillator?,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        let d = duration > 0 ? duration : 0
        let wait = delay > 0 ? delay : 0
        guard let scene = Scene.active else {
            animations()
            completion?(true)
            return
        }
        let context = scene.actions
        // A timing function set on the enclosing transaction wins over the options' curve, as
        // in UIKit (the way to give a view animation a custom curve).
        let block = ViewAnimationContext(
            duration: d, delay: wait,
            timingFunction: context.animationTimingFunction ?? options.timingFunction,
            beginFromCurrentState: options.contains(.beginFromCurrentState))
        block.repeats = options.contains(.repeat)
        block.autoreverses = options.contains(.autoreverse)
        block.spring = spring
        context.viewAnimations.append(block)
        defer { context.viewAnimations.removeAll { $0 === block } }
        animations()
        guard let completion else { return }
        let due = scene.rootLocalTime(at: scene.currentTime) + wait + d
        scene.addCompletion(
            CompletionRecord(
                members: block.members, rootLocalDueTime: due.isFinite ? due : nil,
                sequence: EventSequence.next(), block: completion))
    }
}
