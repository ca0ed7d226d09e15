import Foundation
import QuartzCore
import Testing
import UIKit

/// Notes the action calls it gets, as a view controller's methods would.
final class ActionLog: NSObject {
    var calls: [String] = []
    var senders: [AnyObject] = []
    var events: [UIEvent] = []

    func refresh() { calls.append("refresh") }

    func changed(_ sender: UIControl) {
        calls.append("changed:")
        senders.append(sender)
    }

    func tapped(_ sender: Any, forEvent event: UIEvent) {
        calls.append("tapped:forEvent:")
        senders.append(sender as AnyObject)
        events.append(event)
    }

    // What `#selector(…)` becomes in a preview (the preparer writes these).
    static let refreshSelector = Selector("refresh", ActionLog.refresh)
    static let changedSelector = Selector("changed:", ActionLog.changed(_:))
    static let tappedSelector = Selector("tapped:forEvent:", ActionLog.tapped(_:forEvent:))
}

/// A view up the responder chain that handles `changed:`.
final class HandlingContainer: UIView {
    var received: [UIControl] = []
    func changed(_ sender: UIControl) { received.append(sender) }
    static let changedSelector = Selector("changed:", HandlingContainer.changed(_:))
}

/// A control that sends `.valueChanged` when its value is set, as a slider does.
final class LevelControl: UIControl {
    var level: CGFloat = 0 {
        didSet { sendActions(for: .valueChanged) }
    }
}

/// UIKit's target–action on `UIControl`: targets and `UIAction`s for events, the sender and
/// event passed, weak targets, the responder chain, removal and state.
@Suite struct UIControlTests {
    @Test func anActionGetsTheControlAsSenderAndTheEventForTwoArguments() throws {
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let log = ActionLog()
        control.addTarget(log, action: ActionLog.refreshSelector, for: .valueChanged)
        control.addTarget(log, action: ActionLog.changedSelector, for: .valueChanged)
        control.addTarget(log, action: ActionLog.tappedSelector, for: .touchUpInside)
        control.sendActions(for: .valueChanged)
        #expect(log.calls == ["refresh", "changed:"])
        #expect(log.senders.count == 1 && log.senders[0] === control)
        control.sendActions(for: .touchUpInside)
        #expect(log.calls == ["refresh", "changed:", "tapped:forEvent:"])
        #expect(log.senders.last === control)
        #expect(log.events.count == 1 && log.events[0].type == .touches)
        // An event nothing is added for sends nothing.
        control.sendActions(for: .touchDown)
        #expect(log.calls.count == 3)
    }

    @Test func oneTargetActionForSeveralEventsRunsOncePerSend() {
        let control = UIControl()
        let log = ActionLog()
        control.addTarget(
            log, action: ActionLog.refreshSelector, for: [.valueChanged, .primaryActionTriggered])
        // Added again, for the same and another event: still one pair, for all three.
        control.addTarget(log, action: ActionLog.refreshSelector, for: .valueChanged)
        control.addTarget(log, action: ActionLog.refreshSelector, for: .touchUpInside)
        #expect(control.allControlEvents == [.valueChanged, .primaryActionTriggered, .touchUpInside])
        control.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(log.calls == ["refresh"])
        control.sendActions(for: .primaryActionTriggered)
        #expect(log.calls == ["refresh", "refresh"])
        #expect(control.actions(forTarget: log, forControlEvent: .valueChanged) == ["refresh"])
        #expect(control.actions(forTarget: log, forControlEvent: .editingChanged) == nil)
    }

    @Test func removeTargetTakesAwayEventsActionsOrTargets() {
        let control = UIControl()
        let a = ActionLog()
        let b = ActionLog()
        control.addTarget(a, action: ActionLog.refreshSelector, for: [.valueChanged, .touchUpInside])
        control.addTarget(a, action: ActionLog.changedSelector, for: .valueChanged)
        control.addTarget(b, action: ActionLog.refreshSelector, for: .valueChanged)
        // One event of one pair.
        control.removeTarget(a, action: ActionLog.refreshSelector, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(a.calls == ["changed:"])
        #expect(b.calls == ["refresh"])
        control.sendActions(for: .touchUpInside)
        #expect(a.calls == ["changed:", "refresh"])
        // A nil action: every action of the target, for the events given.
        control.removeTarget(a, action: nil, for: .allEvents)
        #expect(control.actions(forTarget: a, forControlEvent: .allEvents) == nil)
        // A nil target: the action for every target.
        control.removeTarget(nil, action: ActionLog.refreshSelector, for: .valueChanged)
        control.sendActions(for: .allEvents)
        #expect(a.calls == ["changed:", "refresh"])
        #expect(b.calls == ["refresh"])
        #expect(control.allTargets.isEmpty)
        #expect(control.allControlEvents == [])
    }

    @Test func theTargetIsHeldWeakly() {
        let control = UIControl()
        weak var gone: ActionLog?
        do {
            let log = ActionLog()
            gone = log
            control.addTarget(log, action: ActionLog.refreshSelector, for: .valueChanged)
            #expect(control.allTargets == [AnyHashable(log)])
        }
        // The control did not keep it; its action is dropped, not sent up the chain.
        #expect(gone == nil)
        #expect(control.allTargets.isEmpty)
        #expect(control.allControlEvents == [])
        control.sendActions(for: .valueChanged)
    }

    @Test func noTargetSendsTheActionUpTheResponderChain() {
        let container = HandlingContainer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = UIView(frame: container.bounds)
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        container.addSubview(middle)
        middle.addSubview(control)
        #expect(control.next === middle)
        #expect(middle.next === container)
        #expect(container.next == nil)
        control.addTarget(nil, action: HandlingContainer.changedSelector, for: .valueChanged)
        // NSNull stands for the chain (instances of NSNull are not equal to each other on Linux).
        #expect(control.allTargets.count == 1 && control.allTargets.first?.base is NSNull)
        #expect(control.actions(forTarget: nil, forControlEvent: .valueChanged) == ["changed:"])
        control.sendActions(for: .valueChanged)
        #expect(container.received.count == 1 && container.received[0] === control)
        #expect(
            control.target(forAction: HandlingContainer.changedSelector, withSender: control) as? UIView
                === container)
        // Out of the container, nothing handles it: it is not sent.
        middle.removeFromSuperview()
        control.sendActions(for: .valueChanged)
        #expect(container.received.count == 1)
        #expect(control.target(forAction: HandlingContainer.changedSelector, withSender: control) == nil)
    }

    @Test func uiActionsRunWithTheControlAsSenderInTheOrderAdded() {
        let control = LevelControl()
        let log = ActionLog()
        var seen: [String] = []
        var senders: [AnyObject?] = []
        let first = UIAction(title: "first") { action in
            seen.append(action.title)
            senders.append(action.sender as AnyObject?)
        }
        control.addAction(first, for: .valueChanged)
        control.addTarget(log, action: ActionLog.changedSelector, for: .valueChanged)
        control.addAction(UIAction { _ in seen.append("second") }, for: .valueChanged)
        control.level = 0.5
        #expect(seen == ["first", "second"])
        #expect(log.calls == ["changed:"])
        #expect(senders.count == 1 && senders[0] === control)
        // The same identifier replaces the action; removing by identifier takes it away.
        let replacement = UIAction(identifier: first.identifier) { _ in seen.append("replacement") }
        control.addAction(replacement, for: .valueChanged)
        control.level = 1
        #expect(seen == ["first", "second", "replacement", "second"])
        control.removeAction(identifiedBy: first.identifier, for: .valueChanged)
        control.level = 0
        #expect(seen == ["first", "second", "replacement", "second", "second"])
        // init(frame:primaryAction:) runs its action for .primaryActionTriggered.
        var primary = 0
        let button = UIControl(frame: .zero, primaryAction: UIAction { _ in primary += 1 })
        button.sendActions(for: .primaryActionTriggered)
        button.sendActions(for: .valueChanged)
        #expect(primary == 1)
    }

    @Test func stateFollowsTheFlagsWithUIKitsBits() {
        let control = UIControl()
        #expect(control.state == .normal)
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted)
        control.isEnabled = false
        #expect(control.state == .disabled)
        control.isSelected = true
        control.isHighlighted = true
        // UIKit's values: highlighted 1, disabled 2, selected 4.
        #expect(control.state.rawValue == 7)
        control.isEnabled = true
        #expect(control.state == [.highlighted, .selected])
        #expect(UIControl.Event.valueChanged.rawValue == 4096)
        #expect(UIControl.Event.touchUpInside.rawValue == 64)
        #expect(UIControl.Event.primaryActionTriggered.rawValue == 8192)
        #expect(UIControl.Event.allTouchEvents.rawValue == 0xFFF)
        // A disabled control still sends what code sends, as UIKit's does.
        let log = ActionLog()
        control.isEnabled = false
        control.addTarget(log, action: ActionLog.refreshSelector, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(log.calls == ["refresh"])
    }

    @Test func enumerateEventHandlersListsEachInOrderUntilStopped() {
        let control = UIControl()
        let log = ActionLog()
        let action = UIAction(title: "a") { _ in }
        control.addAction(action, for: .touchUpInside)
        control.addTarget(log, action: ActionLog.changedSelector, for: .valueChanged)
        var listed: [String] = []
        control.enumerateEventHandlers { handler, targetAction, events, _ in
            if let handler { listed.append("action \(handler.title) \(events.rawValue)") }
            if let targetAction {
                listed.append(
                    "target \(targetAction.action) \(events.rawValue) \(targetAction.target as AnyObject === log)"
                )
            }
        }
        #expect(listed == ["action a 64", "target changed: 4096 true"])
        var first: [String] = []
        control.enumerateEventHandlers { handler, _, _, stop in
            first.append(handler?.title ?? "target")
            stop = true
        }
        #expect(first == ["a"])
    }
}
