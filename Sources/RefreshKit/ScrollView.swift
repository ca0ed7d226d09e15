import Foundation
import LayerKit

/// A vertical `UIScrollView` without a window: offset, inset, the pan gesture, the rubber band,
/// the bounce back and flick deceleration, driven by scene time.
///
/// Time is injected. Every method that changes state takes the current scene time in seconds
/// (the layer tree's local time, so pausing or slowing the tree pauses or slows the scroll
/// view), first brings the physics up to that time, then applies the change. `advance(to:)`
/// only steps the physics and fires due timers. Time never runs backwards: an earlier or
/// non-finite time counts as the current `time`. Motion is evaluated in closed form from its
/// start, so the result does not depend on how often `advance(to:)` is called.
///
/// Only the vertical axis scrolls (`contentOffset.x` stays where it is); the scroll view always
/// bounces vertically, even when the content is shorter than the viewport
/// (`alwaysBounceVertical`), because the refresh headers need it.
///
/// `contentInset` is a model value, as in UIKit: setting it takes effect at once, and so does
/// the content offset that follows it. `UIView.animate { scrollView.contentInset = … }`
/// animates the scroll view's bounds origin on screen, not the inset or the offset: observers
/// hear the final offset once, with `offsetChangeAnimation` saying how the bounds slide there.
/// - not dragging and the offset resting at the top: the offset moves to the new top
///   (`−contentInset.top`);
/// - not dragging, elsewhere: the offset stays, or moves back into the new range if it is
///   now outside it;
/// - dragging: the offset stays under the finger (the drag is re-anchored so nothing jumps)
///   and the new rest position is used when the finger lifts.
/// Because the inset itself never holds an in-between value, repeated changes can't pile up.
public final class ScrollView {
    /// Identifies an observer or a timer so it can be removed.
    public typealias Token = Int

    /// What a drag observer is told.
    public enum DragEvent: Hashable, Sendable {
        /// The finger went down and the pan began; `isDragging` is now true.
        case began
        /// The finger lifted; `isDragging` is now false and the bounce or deceleration (if any)
        /// has started. `velocity` is the content offset's velocity in points/s at release.
        case ended(velocity: Double)
    }

    // MARK: State

    /// The scene time of the last update, in seconds.
    public internal(set) var time: Double
    /// The size of the visible area (the scroll view's bounds size).
    public internal(set) var viewportSize: Size
    /// The size of the scrollable content.
    public internal(set) var contentSize: Size
    /// The point of the content shown at the viewport's top-left corner. Negative `y` means the
    /// content is pulled down past its top.
    public internal(set) var contentOffset: Point
    /// Extra room around the content; see the type's documentation for how changes animate.
    public internal(set) var contentInset: EdgeInsets
    /// True while a finger is down on the scroll view.
    public internal(set) var isTracking = false
    /// False: the finger does not scroll (`UIScrollView.isScrollEnabled`); a pan in progress
    /// goes on. Code can still set the offset. Default true.
    public var isScrollEnabled = true
    /// True while the user drags the content (from `panBegan` to `panEnded`).
    public internal(set) var isDragging = false
    /// The deceleration rate per millisecond for flicks (0.998 normal, 0.99 fast).
    public var decelerationRate = ScrollPhysics.normalDecelerationRate {
        didSet {
            if !(decelerationRate > 0 && decelerationRate < 1) {
                decelerationRate = ScrollPhysics.normalDecelerationRate
            }
        }
    }

    /// True while the content moves on its own after the finger lifted: a flick deceleration
    /// or a bounce back to an edge (UIKit's `isDecelerating`).
    public var isDecelerating: Bool {
        switch motion {
        case .decelerating, .bouncing: return true
        case .animating, nil: return false
        }
    }

    /// True while the offset moves without the finger: deceleration, bounce, or an animated
    /// inset/offset change. When false and `isTracking` is false, nothing changes until the
    /// next input or timer, so a window can go idle (see also `nextTimerTime`).
    public var isAnimating: Bool { motion != nil }

    /// While offset observers are told of a change made by an animated inset change: the
    /// animation UIKit runs the scroll view's bounds with (its duration and curve). The offset
    /// itself is already at its end; a view showing the content animates its bounds origin
    /// from where it was over this. Nil during every other change, which shows at once.
    public internal(set) var offsetChangeAnimation: ScrollAnimation?

    /// The smallest resting offset: `−contentInset.top`.
    public var minContentOffsetY: Double { -contentInset.top }

    /// The largest resting offset: the content's bottom (plus the bottom inset) at the viewport's
    /// bottom, or `minContentOffsetY` when the content is shorter than the viewport.
    public var maxContentOffsetY: Double {
        max(contentSize.height + contentInset.bottom - viewportSize.height, minContentOffsetY)
    }

    /// The part of the content the viewport shows, in content coordinates.
    public var visibleContentRect: Rect { Rect(origin: contentOffset, size: viewportSize) }

    /// `UIScrollView.bounds`: origin at the content offset, size of the viewport (the same rect
    /// as `visibleContentRect`); a layer showing the content sets its bounds to this.
    public var bounds: Rect { visibleContentRect }

    /// Converts a rectangle in content coordinates to viewport coordinates (origin at the
    /// viewport's top-left): what a renderer draws for content that scrolls with the offset.
    public func viewportRect(fromContent rect: Rect) -> Rect {
        rect.offsetBy(dx: -contentOffset.x, dy: -contentOffset.y)
    }

    // MARK: Private state

    var motion: Motion?
    /// Unconstrained offset at pan translation 0: `offset = constrain(dragBase − translation.y)`.
    var dragBase = 0.0
    var dragTranslation = 0.0
    var velocityTracker = VelocityTracker()

    var nextToken = 1
    var offsetObservers: [(Token, (ScrollView) -> Void)] = []
    var insetObservers: [(Token, (ScrollView) -> Void)] = []
    var dragObservers: [(Token, (ScrollView, DragEvent) -> Void)] = []
    var timers: [(token: Token, time: Double, action: (Double) -> Void)] = []
    /// Timers handed to the timeline layer's scene, by token.
    var sceneTimers: [Token: SceneTimer] = [:]

    /// The layer whose local time this scroll view runs in (the scroll view's own layer).
    /// While it is in a scene, timers are that scene's (`Scene.schedule`): they fire in time
    /// order with the scene's animation events, at their own due time, whatever the frame
    /// rate. Without one, or outside a scene, `advance(to:)` fires them.
    public weak var timeline: Layer?

    /// Offsets closer than this to the top count as resting there when the inset changes.
    static let restTolerance = 0.01

    // MARK: Init

    /// A scroll view at rest at the top (`contentOffset = (−inset.left, −inset.top)`).
    /// Non-finite or negative sizes count as 0; non-finite insets as 0.
    public init(
        viewportSize: Size, contentSize: Size = .zero, contentInset: EdgeInsets = .zero, time: Double = 0
    ) {
        self.time = time.isFinite ? time : 0
        self.viewportSize = Self.sanitized(viewportSize)
        self.contentSize = Self.sanitized(contentSize)
        let inset = contentInset.sanitized
        self.contentInset = inset
        self.contentOffset = Point(x: -inset.left, y: -inset.top)
    }

    static func sanitized(_ s: Size) -> Size {
        Size(
            width: s.width.isFinite ? max(s.width, 0) : 0,
            height: s.height.isFinite ? max(s.height, 0) : 0)
    }

    // MARK: Observers

    /// Calls `observer` after every change of `contentOffset` (KVO on `contentOffset`), including
    /// each `advance(to:)` that moves it. The observer may read any property and may call back
    /// into the scroll view.
    @discardableResult
    public func addOffsetObserver(_ observer: @escaping (ScrollView) -> Void) -> Token {
        let token = makeToken()
        offsetObservers.append((token, observer))
        return token
    }

    /// Calls `observer` after every change of `contentInset`.
    @discardableResult
    public func addInsetObserver(_ observer: @escaping (ScrollView) -> Void) -> Token {
        let token = makeToken()
        insetObservers.append((token, observer))
        return token
    }

    /// Calls `observer` when a drag begins and when it ends.
    @discardableResult
    public func addDragObserver(_ observer: @escaping (ScrollView, DragEvent) -> Void) -> Token {
        let token = makeToken()
        dragObservers.append((token, observer))
        return token
    }

    /// Removes an observer added with any of the `add…Observer` methods; unknown tokens are ignored.
    public func removeObserver(_ token: Token) {
        offsetObservers.removeAll { $0.0 == token }
        insetObservers.removeAll { $0.0 == token }
        dragObservers.removeAll { $0.0 == token }
    }

    func makeToken() -> Token {
        defer { nextToken += 1 }
        return nextToken
    }

    func notifyOffset() {
        for (_, observer) in offsetObservers { observer(self) }
    }

    func notifyInset() {
        for (_, observer) in insetObservers { observer(self) }
    }

    func notifyDrag(_ event: DragEvent) {
        for (_, observer) in dragObservers { observer(self, event) }
    }

    // MARK: Time

    /// Steps the physics to `time` and fires the timers due by then, in order.
    public func advance(to time: Double) {
        let target = time.isFinite ? max(time, self.time) : self.time
        // A timer action may schedule more timers; the cap stops one that keeps rescheduling
        // itself at the same time from hanging the caller.
        var fired = 0
        while fired < 10_000, let index = dueTimerIndex(by: target) {
            let timer = timers.remove(at: index)
            step(to: timer.time)
            timer.action(max(timer.time, self.time))
            fired += 1
        }
        step(to: target)
    }

    func dueTimerIndex(by target: Double) -> Int? {
        var best: Int?
        for (i, timer) in timers.enumerated() where timer.time <= target {
            if let b = best, timers[b].time <= timer.time { continue }
            best = i
        }
        return best
    }

    /// Moves the clock to `t` (never backwards) and the offset to where its motion is then.
    func step(to t: Double) {
        if t > time { time = t }
        guard motion != nil else { return }
        let before = contentOffset.y
        evaluateMotion()
        if contentOffset.y != before { notifyOffset() }
    }

    func evaluateMotion() {
        // A deceleration that reaches an edge hands over to a bounce; loop for the handover.
        for _ in 0..<8 {
            guard let m = motion else { return }
            switch m {
            case .decelerating(let d):
                if let hit = d.edgeHit, time >= hit.time {
                    motion = .bouncing(
                        Bounce(start: hit.time, target: hit.position, displacement: 0, velocity: hit.velocity)
                    )
                    continue
                }
                if time >= d.stopTime {
                    contentOffset.y = d.position(at: d.stopTime)
                    motion = nil
                } else {
                    contentOffset.y = d.position(at: time)
                }
            case .bouncing(let b):
                if let crossing = b.crossing, time >= crossing.time {
                    // Thrown toward the content: at the edge, keep scrolling into it.
                    contentOffset.y = b.target
                    let d = Deceleration(
                        start: crossing.time, from: b.target, velocity: crossing.velocity,
                        rate: decelerationRate, lo: minContentOffsetY, hi: maxContentOffsetY)
                    motion = d.stopTime > crossing.time ? .decelerating(d) : nil
                    continue
                }
                if time >= b.endTime {
                    contentOffset.y = b.target
                    motion = nil
                } else {
                    contentOffset.y = b.position(at: time)
                }
            case .animating(let a):
                if time >= a.endTime {
                    contentOffset.y = a.to
                    motion = nil
                } else {
                    contentOffset.y = a.position(at: time)
                }
            }
            return
        }
    }

    /// The offset's current velocity in points/s (0 when at rest or dragging).
    public var velocity: Double {
        switch motion {
        case .decelerating(let d): return d.velocity(at: time)
        case .bouncing(let b): return b.velocity(at: time)
        case .animating(let a): return a.velocity(at: time)
        case nil: return 0
        }
    }

    // MARK: Settling

    /// Plans the motion after release (or after the edges changed): bounce back when outside
    /// the range, decelerate a flick inside it, or stop.
    func settle(velocity v: Double) {
        let y = contentOffset.y
        let lo = minContentOffsetY
        let hi = maxContentOffsetY
        let speed = v.isFinite ? v : 0
        if y < lo || y > hi {
            let target = y < lo ? lo : hi
            motion = .bouncing(Bounce(start: time, target: target, displacement: y - target, velocity: speed))
        } else if abs(speed) > ScrollPhysics.minimumDecelerationSpeed {
            motion = .decelerating(
                Deceleration(start: time, from: y, velocity: speed, rate: decelerationRate, lo: lo, hi: hi))
        } else {
            motion = nil
        }
    }
}
