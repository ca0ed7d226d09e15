import Foundation
import LayerKit
@_spi(LoaderLabHost) import QuartzCore
import RefreshKit
import Testing
@_spi(LoaderLabHost) import UIKit

/// A 320 × 400 scroll view over 1000 points of content in a scene on a manual clock, and a
/// finger on its physics (what the preview's mouse drag and headless `--pull` drive).
final class PullRig {
    let stage = Stage(width: 320, height: 400)
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))

    init() {
        stage.perform { stage.root.addSublayer(scrollView.layer) }
        scrollView.contentSize = CGSize(width: 320, height: 1000)
    }

    /// The finger goes down at `t`.
    func down(at t: Double) {
        stage.at(t)
        stage.perform { scrollView.model.panBegan(at: t) }
    }

    /// The finger is `y` points below where it went down at `t`.
    func move(_ y: CGFloat, at t: Double) {
        stage.at(t)
        stage.perform { scrollView.model.panChanged(translation: Point(x: 0, y: Double(y)), at: t) }
    }

    /// The finger lifts at `t`, not moving.
    func up(at t: Double) {
        stage.at(t)
        stage.perform { scrollView.model.panEnded(velocity: .zero, at: t) }
    }
}

/// UIScrollView's rubber band, worked out here from its published form: dragged `x` points
/// past the top of a 400-point viewport, the content moves (1 − 1/(x·0.55/400 + 1))·400.
func rubberBand(_ x: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / 400 + 1)) * 400 }

/// A view that records what it observes, as iOS code overrides `observeValue`.
final class OffsetWatcher: UIView {
    static var context = 0
    static var otherContext = 0
    struct Note {
        var keyPath: String?
        var object: AnyObject?
        var change: [NSKeyValueChangeKey: Any]
    }
    var notes: [Note] = []
    var log: EventLog?

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard context == &OffsetWatcher.context else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        notes.append(Note(keyPath: keyPath, object: object as AnyObject?, change: change ?? [:]))
        log?.add(keyPath ?? "?")
    }

    var newPoints: [CGPoint?] { notes.map { $0.change[.newKey] as? CGPoint } }
    var oldPoints: [CGPoint?] { notes.map { $0.change[.oldKey] as? CGPoint } }
}

/// Key-value observing as iOS code uses it, over a drag on the scroll view's real physics.
@Suite(.serialized) struct KeyValueObservingTests {
    @Test func contentOffsetDuringAScriptedPull() throws {
        let rig = PullRig()
        let watcher = OffsetWatcher()
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: [.new, .old], context: &OffsetWatcher.context)
        rig.down(at: 0)
        #expect(watcher.notes.isEmpty)
        rig.move(40, at: 0.1)
        rig.move(100, at: 0.2)
        rig.up(at: 0.3)
        // Two moves, two changes, in order: from the top to 40 points of finger travel's
        // rubber band, then to 100's. Lifting the finger moves nothing yet.
        try #require(watcher.notes.count == 2)
        let first = CGPoint(x: 0, y: -rubberBand(40))
        let second = CGPoint(x: 0, y: -rubberBand(100))
        #expect(watcher.oldPoints[0] == CGPoint.zero)
        #expect(near(watcher.newPoints[0]!, first, 1e-9))
        #expect(near(watcher.oldPoints[1]!, first, 1e-9))
        #expect(near(watcher.newPoints[1]!, second, 1e-9))
        // The boxes are NSValues, as on iOS, and name the key path, the object and the kind.
        let note = watcher.notes[1]
        #expect(note.keyPath == "contentOffset")
        #expect(note.object === rig.scrollView)
        #expect(near((note.change[.newKey] as? NSValue)!.cgPointValue, second, 1e-9))
        #expect(note.change[.kindKey] as? UInt == NSKeyValueChange.setting.rawValue)
        #expect(note.change[.notificationIsPriorKey] == nil)

        // Released from rest 48 points past the top, the content springs back: a critically
        // damped spring of response 0.4 s (ω = 2π/0.4), so 0.15 s later it is at
        // y₀·(1 + ω·τ)·e^(−ω·τ).
        rig.stage.at(0.45)
        let omega = 2 * CGFloat.pi / 0.4
        let tau: CGFloat = 0.15
        let expected = second.y * (1 + omega * tau) * exp(-omega * tau)
        #expect(near(watcher.newPoints.last!!.y, expected, 1e-6))
        for t in stride(from: 0.5, through: 3, by: 0.05) { rig.stage.at(t) }
        // Every notification's old value is the one before's new value; on the way back the
        // offset only rises (released at rest, the spring does not cross the edge) and ends
        // exactly at the top.
        for i in 1..<watcher.notes.count {
            #expect(watcher.oldPoints[i] == watcher.newPoints[i - 1])
        }
        let back = watcher.newPoints.dropFirst(2).map { $0!.y }
        #expect(zip(back, back.dropFirst()).allSatisfy { $0 < $1 })
        #expect(watcher.newPoints.last == CGPoint.zero)
        rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset", context: &OffsetWatcher.context)
    }

    @Test func initialAndPriorNotifications() throws {
        let rig = PullRig()
        let watcher = OffsetWatcher()
        // `.initial` notifies at once with the current value, and no old value.
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 30)
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: [.initial, .new, .old],
            context: &OffsetWatcher.context)
        try #require(watcher.notes.count == 1)
        #expect(watcher.newPoints[0] == CGPoint(x: 0, y: 30))
        #expect(watcher.notes[0].change[.oldKey] == nil)
        rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset")

        // `.prior`: a notification before the change (old value, no new one, flagged), then the
        // usual one after it.
        watcher.notes = []
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: [.prior, .old, .new],
            context: &OffsetWatcher.context)
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 80)
        try #require(watcher.notes.count == 2)
        let prior = watcher.notes[0].change
        #expect(prior[.notificationIsPriorKey] as? Bool == true)
        #expect(prior[.oldKey] as? CGPoint == CGPoint(x: 0, y: 30))
        #expect(prior[.newKey] == nil)
        let after = watcher.notes[1].change
        #expect(after[.notificationIsPriorKey] == nil)
        #expect(after[.oldKey] as? CGPoint == CGPoint(x: 0, y: 30))
        #expect(after[.newKey] as? CGPoint == CGPoint(x: 0, y: 80))
        rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset")
    }

    @Test func removingTheObserverStopsItsNotifications() {
        let rig = PullRig()
        let watcher = OffsetWatcher()
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: .new, context: &OffsetWatcher.context)
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: .new, context: &OffsetWatcher.otherContext)
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 10)
        // Both registrations hear it; the one with the other context goes to `super` (which
        // does nothing), so the watcher records one.
        #expect(watcher.notes.count == 1)
        rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset", context: &OffsetWatcher.context)
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 20)
        #expect(watcher.notes.count == 1)
        // Removing what is not registered is reported (iOS raises an exception).
        let errors = reportedErrors {
            rig.scrollView.removeObserver(
                watcher, forKeyPath: "contentOffset", context: &OffsetWatcher.context)
        }
        #expect(errors.count == 1 && errors[0].contains("not registered"))
        rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset")
        #expect(
            reportedErrors { rig.scrollView.removeObserver(watcher, forKeyPath: "contentOffset") }.count == 1)
    }

    @Test func aReleasedObserverIsForgotten() {
        let rig = PullRig()
        weak var gone: OffsetWatcher?
        do {
            let watcher = OffsetWatcher()
            gone = watcher
            rig.scrollView.addObserver(
                watcher, forKeyPath: "contentOffset", options: .new, context: &OffsetWatcher.context)
        }
        // Not retained, as on iOS; changes after it went are delivered to no one.
        #expect(gone == nil)
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 10)
        #expect(rig.scrollView.contentOffset.y == 10)
    }

    @Test func blockObservationUntilReleasedOrInvalidated() throws {
        let rig = PullRig()
        var seen: [(old: CGPoint?, new: CGPoint?, prior: Bool, kind: NSKeyValueChange)] = []
        var token: NSKeyValueObservation? = rig.scrollView.observe(\.contentOffset, options: [.new, .old]) {
            scrollView, change in
            #expect(scrollView === rig.scrollView)
            seen.append((change.oldValue, change.newValue, change.isPrior, change.kind))
        }
        rig.down(at: 0)
        rig.move(40, at: 0.1)
        try #require(seen.count == 1)
        #expect(seen[0].old == CGPoint.zero)
        #expect(near(seen[0].new!, CGPoint(x: 0, y: -rubberBand(40)), 1e-9))
        #expect(!seen[0].prior && seen[0].kind == .setting)
        _ = token
        // Released: no more calls.
        token = nil
        rig.move(100, at: 0.2)
        #expect(seen.count == 1)

        // `.initial` calls at once with the current value and no old one; `invalidate()` stops it.
        var initial: [NSKeyValueObservedChange<CGPoint>] = []
        let observation = rig.scrollView.observe(\.contentOffset, options: [.initial, .new]) { _, change in
            initial.append(change)
        }
        try #require(initial.count == 1)
        #expect(near(initial[0].newValue!, CGPoint(x: 0, y: -rubberBand(100)), 1e-9))
        #expect(initial[0].oldValue == nil)
        rig.move(120, at: 0.3)
        #expect(initial.count == 2)
        // Asked for `.new` only: no old value.
        #expect(initial[1].oldValue == nil)
        observation.invalidate()
        rig.move(130, at: 0.4)
        #expect(initial.count == 2)
    }

    @Test func aSubclassObservesTheSameKeyPaths() {
        final class ListView: UIScrollView {}
        let list = ListView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        list.contentSize = CGSize(width: 100, height: 300)
        var offsets: [CGFloat] = []
        let observation = list.observe(\.contentOffset, options: .new) { _, change in
            offsets.append(change.newValue?.y ?? .nan)
        }
        list.contentOffset = CGPoint(x: 0, y: 25)
        #expect(offsets == [25])
        observation.invalidate()
    }

    @Test func anUnobservableKeyPathIsReported() {
        let view = UIView()
        var calls = 0
        var observation: NSKeyValueObservation?
        let errors = reportedErrors {
            observation = view.observe(\.alpha) { _, _ in calls += 1 }
        }
        #expect(errors.count == 1 && errors[0].contains("not observable"))
        view.alpha = 0.5
        #expect(calls == 0)
        observation?.invalidate()
    }

    @Test func panGestureStateFollowsTheDrag() throws {
        let rig = PullRig()
        let log = EventLog()
        let watcher = OffsetWatcher()
        watcher.log = log
        let pan = rig.scrollView.panGestureRecognizer
        #expect(pan.state == .possible)
        pan.addObserver(watcher, forKeyPath: "state", options: [.new, .old], context: &OffsetWatcher.context)
        rig.scrollView.addObserver(
            watcher, forKeyPath: "contentOffset", options: .new, context: &OffsetWatcher.context)
        // The same state, through the scroll view, as refresh libraries observe it.
        rig.scrollView.addObserver(
            watcher, forKeyPath: "panGestureRecognizer.state", options: .new, context: &OffsetWatcher.context)
        var typed: [UIGestureRecognizer.State] = []
        let observation = rig.scrollView.observe(\.panGestureRecognizer.state, options: .new) { _, change in
            typed.append(change.newValue!)
        }

        rig.down(at: 0)
        #expect(pan.state == .began)
        rig.move(30, at: 0.1)
        #expect(pan.state == .changed)
        rig.move(90, at: 0.2)
        rig.up(at: 0.3)
        // After the touches the recognizer is ready again.
        #expect(pan.state == .possible)

        let states = watcher.notes.filter { $0.keyPath == "state" }.map {
            UIGestureRecognizer.State(rawValue: $0.change[.newKey] as! Int)!
        }
        #expect(states == [.began, .changed, .changed, .ended, .possible])
        let olds = watcher.notes.filter { $0.keyPath == "state" }.map {
            UIGestureRecognizer.State(rawValue: $0.change[.oldKey] as! Int)!
        }
        #expect(olds == [.possible, .began, .changed, .changed, .ended])
        #expect(watcher.notes.first { $0.keyPath == "state" }?.object === pan)
        // Through the scroll view: the same states, for the scroll view and the whole key path.
        let viaScrollView = watcher.notes.filter { $0.keyPath == "panGestureRecognizer.state" }
        #expect(viaScrollView.map { $0.change[.newKey] as? Int } == states.map(\.rawValue))
        #expect(viaScrollView.allSatisfy { $0.object === rig.scrollView })
        #expect(typed == states)
        // Each move changes the pan's state before the scrolling it causes.
        #expect(
            log.entries == [
                "state", "panGestureRecognizer.state",
                "state", "panGestureRecognizer.state", "contentOffset",
                "state", "panGestureRecognizer.state", "contentOffset",
                "state", "panGestureRecognizer.state", "state", "panGestureRecognizer.state",
            ])
        observation.invalidate()
    }

    @Test func delegateThenBoundsThenOffsetThenInset() {
        final class Delegate: UIScrollViewDelegate {
            let log: EventLog
            init(_ log: EventLog) { self.log = log }
            func scrollViewDidScroll(_ scrollView: UIScrollView) { log.add("didScroll") }
        }
        let rig = PullRig()
        let log = EventLog()
        let delegate = Delegate(log)
        rig.scrollView.delegate = delegate
        let watcher = OffsetWatcher()
        watcher.log = log
        for key in ["contentOffset", "bounds", "contentInset", "contentSize", "frame"] {
            rig.scrollView.addObserver(
                watcher, forKeyPath: key, options: [.old, .new], context: &OffsetWatcher.context)
        }
        rig.scrollView.contentOffset = CGPoint(x: 0, y: 40)
        #expect(log.take() == ["didScroll", "bounds", "contentOffset"])
        // The bounds' origin is the offset.
        let bounds = watcher.notes.first { $0.keyPath == "bounds" }!.change
        #expect(bounds[.oldKey] as? CGRect == CGRect(x: 0, y: 0, width: 320, height: 400))
        #expect(bounds[.newKey] as? CGRect == CGRect(x: 0, y: 40, width: 320, height: 400))

        // An inset while resting at the top moves the offset to the new top first.
        rig.scrollView.contentOffset = .zero
        _ = log.take()
        watcher.notes = []
        rig.scrollView.contentInset = UIEdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        #expect(log.take() == ["didScroll", "bounds", "contentOffset", "contentInset"])
        let inset = watcher.notes.last!.change
        #expect(inset[.oldKey] as? UIEdgeInsets == .zero)
        #expect(inset[.newKey] as? UIEdgeInsets == UIEdgeInsets(top: 60, left: 0, bottom: 0, right: 0))
        #expect((inset[.newKey] as? NSValue)?.uiEdgeInsetsValue.top == 60)
        // (The bounds' box is a rect's: it does not cast to a point.)
        #expect(watcher.newPoints == [nil, CGPoint(x: 0, y: -60), nil])

        watcher.notes = []
        rig.scrollView.contentSize = CGSize(width: 320, height: 1500)
        #expect(log.take() == ["contentSize"])
        #expect(watcher.notes[0].change[.oldKey] as? CGSize == CGSize(width: 320, height: 1000))
        #expect(watcher.notes[0].change[.newKey] as? CGSize == CGSize(width: 320, height: 1500))

        // A new frame: its size is the bounds' (whose origin stays the offset).
        watcher.notes = []
        rig.scrollView.frame = CGRect(x: 0, y: 0, width: 320, height: 300)
        #expect(log.take() == ["bounds", "frame"])
        #expect(watcher.notes[1].change[.newKey] as? CGRect == CGRect(x: 0, y: 0, width: 320, height: 300))
        #expect(watcher.notes[0].change[.newKey] as? CGRect == CGRect(x: 0, y: -60, width: 320, height: 300))
        for key in ["contentOffset", "bounds", "contentInset", "contentSize", "frame"] {
            rig.scrollView.removeObserver(watcher, forKeyPath: key)
        }
    }

    @Test func manualNotificationsOfAKeyOfOnesOwn() {
        final class Progress: UIView {
            var fraction: CGFloat = 0 {
                willSet { willChangeValue(forKey: "fraction") }
                didSet { didChangeValue(forKey: "fraction") }
            }
        }
        let progress = Progress()
        let watcher = OffsetWatcher()
        progress.addObserver(
            watcher, forKeyPath: "fraction", options: [.prior, .new], context: &OffsetWatcher.context)
        progress.fraction = 0.5
        // Notified before and after; UIKit cannot read a key of the view's own, so its value
        // is NSNull, as iOS gives for nil.
        #expect(watcher.notes.count == 2)
        #expect(watcher.notes[0].change[.notificationIsPriorKey] as? Bool == true)
        #expect(watcher.notes[1].change[.notificationIsPriorKey] == nil)
        #expect(watcher.notes[1].change[.newKey] is NSNull)
        #expect(watcher.notes.allSatisfy { $0.keyPath == "fraction" && $0.object === progress })
        progress.removeObserver(watcher, forKeyPath: "fraction")
    }

    @Test func onlyClassesDeclaringObserveValueCanObserve() {
        final class Plain: NSObject {}
        let rig = PullRig()
        let errors = reportedErrors {
            rig.scrollView.addObserver(Plain(), forKeyPath: "contentOffset", options: .new, context: nil)
        }
        #expect(errors.count == 1 && errors[0].contains("cannot be sent observeValue"))
    }

    @Test func geometryBridgesToNSValueAsOnIOS() {
        let point: Any = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        #expect(point as? CGPoint == CGPoint(x: 1, y: 2))
        // A box of something else does not cast.
        #expect(point as? CGSize == nil)
        #expect(point as? CGRect == nil)
        let size: Any = NSValue(cgSize: CGSize(width: 3, height: 4))
        #expect(size as? CGSize == CGSize(width: 3, height: 4))
        #expect(size as? CGPoint == nil)
        let rect: Any = NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(rect as? CGRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        let insets: Any = NSValue(uiEdgeInsets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(insets as? UIEdgeInsets == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(insets as? CGRect == nil)
        // And the other way.
        let boxed: Any = CGPoint(x: 5, y: 6)
        #expect((boxed as? NSValue)?.cgPointValue == CGPoint(x: 5, y: 6))
    }
}
