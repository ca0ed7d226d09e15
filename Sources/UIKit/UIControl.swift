import Foundation
import QuartzCore

/// `UIControl`: a view that sends actions for its events, UIKit's target–action.
///
/// A target and an action (`addTarget(self, action: #selector(changed(_:)), for:
/// .valueChanged)`, the `Selector` that `loaderlab preview` makes of `#selector`) or a
/// `UIAction` (`addAction(_:for:)`, iOS 14) are kept for a set of events, in the order they were
/// added; `sendActions(for:)` runs each whose events meet the ones sent. An action method
/// gets what UIKit passes: nothing, the control (`sender`), or the control and a `UIEvent`
/// (for two arguments). The target is held weakly, as UIKit holds it: an action whose target
/// has gone is dropped. No target (`nil`) sends the action up the responder chain from the
/// control (`target(forAction:withSender:)`: the control, its superviews): the first responder
/// of the method's type gets it, and with none it is not sent.
///
/// `isEnabled`, `isSelected` and `isHighlighted` are stored as set (a subclass may override
/// them to redraw) and make `state`; `sendActions(for:)` sends whatever they are, as UIKit does.
///
/// Deviations: there are no touches, so nothing here sends touch events by itself (code calls
/// `sendActions(for:)`, as a subclass does for `.valueChanged`) and the tracking methods
/// (`beginTracking(_:with:)` …) are absent; the event passed to a two-argument method is an
/// empty `UIEvent`; a target whose class has a method of the selector's name but is not of the
/// type `#selector` named does not take the action from the responder chain.
open class UIControl: UIView {
    /// One target and action, or one `UIAction`, and the events it is for.
    private struct Registration {
        enum Kind {
            /// `target` nil and `targeted` false: up the responder chain.
            case selector(Selector, targeted: Bool)
            case action(UIAction)
        }

        var kind: Kind
        weak var target: AnyObject?
        var events: UIControl.Event

        /// The identifier of a `UIAction`'s registration.
        var actionIdentifier: UIAction.Identifier? {
            if case .action(let a) = kind { return a.identifier }
            return nil
        }

        /// A target that was given and has gone.
        var lostTarget: Bool {
            if case .selector(_, let targeted) = kind { return targeted && target == nil }
            return false
        }
    }

    private var registrations: [Registration] = []

    /// False: the control is shown disabled (`state` has `.disabled`); stored as set.
    open var isEnabled = true
    /// Stored as set (`state` has `.selected`).
    open var isSelected = false
    /// Stored as set (`state` has `.highlighted`).
    open var isHighlighted = false
    /// Stored as set.
    open var contentHorizontalAlignment: UIControl.ContentHorizontalAlignment = .center
    /// Stored as set.
    open var contentVerticalAlignment: UIControl.ContentVerticalAlignment = .center

    /// `.disabled`, `.selected` and `.highlighted` as the flags say; `.normal` with none.
    open var state: UIControl.State {
        var state: UIControl.State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Always false: no touch tracks a control here.
    open var isTracking: Bool { false }
    /// Always false: no touch is inside a control here.
    open var isTouchInside: Bool { false }

    /// A control of `frame` that runs `primaryAction` for `.primaryActionTriggered` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: Targets and actions

    /// Sends `action` to `target` (held weakly; nil: up the responder chain) for `controlEvents`.
    /// The same target and action added again is kept once, for the events of both calls.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        registrations.removeAll { $0.lostTarget }
        if let i = registrations.firstIndex(where: { r in
            guard case .selector(let s, _) = r.kind else { return false }
            return s == action && r.target === object
        }) {
            registrations[i].events.formUnion(controlEvents)
            return
        }
        registrations.append(
            Registration(
                kind: .selector(action, targeted: object != nil), target: object, events: controlEvents))
    }

    /// Stops sending `action` (nil: every action) to `target` (nil: every target) for
    /// `controlEvents`; a pair left with no events is removed.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        for i in registrations.indices {
            guard case .selector(let s, _) = registrations[i].kind else { continue }
            if let object, registrations[i].target !== object { continue }
            if let action, s != action { continue }
            registrations[i].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.events.isEmpty || $0.lostTarget }
    }

    /// Runs `action` for `controlEvents`. An action with the identifier of one already added
    /// replaces it, for the events of both calls.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        if let i = registrations.firstIndex(where: { $0.actionIdentifier == action.identifier }) {
            registrations[i].kind = .action(action)
            registrations[i].events.formUnion(controlEvents)
            return
        }
        registrations.append(Registration(kind: .action(action), target: nil, events: controlEvents))
    }

    /// Stops running the action with `action`'s identifier for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action named `actionIdentifier` for `controlEvents`.
    open func removeAction(
        identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event
    ) {
        for i in registrations.indices where registrations[i].actionIdentifier == actionIdentifier {
            registrations[i].events.subtract(controlEvents)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The targets of the actions added, each once (`NSNull()` for actions sent up the
    /// responder chain); targets that have gone are not counted.
    open var allTargets: Set<AnyHashable> {
        var targets: Set<AnyHashable> = []
        for r in registrations {
            guard case .selector(_, let targeted) = r.kind else { continue }
            if let target = r.target {
                targets.insert((target as? AnyHashable) ?? AnyHashable(ObjectIdentifier(target)))
            } else if !targeted {
                targets.insert(AnyHashable(NSNull()))
            }
        }
        return targets
    }

    /// Every event some target–action or action is added for.
    open var allControlEvents: UIControl.Event {
        registrations.filter { !$0.lostTarget }.reduce([]) { $0.union($1.events) }
    }

    /// The names of the actions sent to `target` (nil: those sent up the responder chain) for
    /// an event of `controlEvent`, in the order they were added; nil when there are none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registrations.compactMap { r -> String? in
            guard case .selector(let s, let targeted) = r.kind, !r.events.isDisjoint(with: controlEvent)
            else { return nil }
            if let object { return r.target === object ? s.name : nil }
            return targeted ? nil : s.name
        }
        return names.isEmpty ? nil : names
    }

    /// Calls `iterator` with each action (a `UIAction`, or a target and selector) and the
    /// events it is for, in the order they were added, until it sets its last argument to true.
    open func enumerateEventHandlers(
        _ iterator: (
            _ actionHandler: UIAction?, _ targetAction: (target: Any?, action: Selector)?,
            _ controlEvents: UIControl.Event, _ stop: inout Bool
        ) -> Void
    ) {
        var stop = false
        for r in registrations where !r.lostTarget {
            switch r.kind {
            case .action(let a): iterator(a, nil, r.events, &stop)
            case .selector(let s, _): iterator(nil, (r.target, s), r.events, &stop)
            }
            if stop { return }
        }
    }

    // MARK: Sending

    /// Runs every action added for an event of `controlEvents`, in the order they were added
    /// (those added while it runs wait for the next call).
    open func sendActions(for controlEvents: UIControl.Event) {
        registrations.removeAll { $0.lostTarget }
        for r in registrations where !r.events.isDisjoint(with: controlEvents) {
            switch r.kind {
            case .action(let action):
                sendAction(action)
            case .selector(let selector, let targeted):
                if targeted {
                    // Gone since the list was read: dropped.
                    guard let target = r.target else { continue }
                    sendAction(selector, to: target, for: UIEvent())
                } else {
                    sendAction(selector, to: nil, for: UIEvent())
                }
            }
        }
    }

    /// Calls `action` on `target` with this control and `event` (as many as the method takes);
    /// with no target, on the first responder from this control up that handles it
    /// (`target(forAction:withSender:)`), or on none.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        let receiver =
            target.map { $0 as AnyObject } ?? self.target(forAction: action, withSender: self) as AnyObject?
        guard let receiver else { return }
        action.perform(on: receiver, with: self, with: event)
    }

    /// Runs `action`'s handler with this control as its sender.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }
}
