import LayerKit

/// The phases of a pull-to-refresh header.
public enum RefreshState: String, Hashable, Sendable, CaseIterable {
    /// Nothing happening; the header follows the pull but releasing would not refresh.
    case idle
    /// The finger is down and the pull is past the threshold: releasing now starts a refresh.
    case pulling
    /// Loading: the inset holds the header in view.
    case refreshing
    /// The inset is animating back; becomes `idle` when the end animation's duration has passed.
    case ending

    /// Whether `self → next` is a transition a `RefreshControl` makes:
    /// idle → pulling → idle, idle/pulling → refreshing, refreshing → ending → idle, and
    /// ending → refreshing (begun again before the end animation finished).
    public func canTransition(to next: RefreshState) -> Bool {
        switch (self, next) {
        case (.idle, .pulling), (.pulling, .idle), (.idle, .refreshing), (.pulling, .refreshing),
            (.refreshing, .ending), (.ending, .idle), (.ending, .refreshing):
            return true
        default:
            return false
        }
    }
}

/// The state machine behind a pull-to-refresh header, attached to a `ScrollView`
/// (MJRefresh's `MJRefreshHeader` without the view).
///
/// A header subclasses it (overriding `stateDidChange(from:)` and `offsetDidChange()`) or
/// configures an instance through `onStateChange` / `onOffsetChange`; both are called, the
/// overrides first. Hooks run after the change is complete; they may call `beginRefreshing`
/// or `endRefreshing`. The current scene time is `scrollView.time` (during a timer-driven
/// change, exactly the timer's due time), the time to use for `beginTime` of layer animations.
///
/// How it behaves:
/// - The pull is measured from the **original** inset, recorded when attached and whenever the
///   scroll view's inset changes while idle: `pullDistance = −originalInset.top − offset.y`,
///   `pullingPercent = pullDistance / headerHeight` (MJRefresh's `pullingPercent`).
/// - While dragging: idle → pulling when `pullDistance ≥ threshold`, back to idle below it.
/// - Releasing while pulling starts refreshing: `contentInset.top = originalInset.top +
///   refreshingInset`, over `beginAnimation`; the offset follows as `ScrollView` describes.
/// - `beginRefreshing(at:)` from code does the same and scrolls the header into view
///   (MJRefresh's behaviour; the offset goes to the new top).
/// - `endRefreshing(at:)` puts the inset back to exactly `originalInset` over `endAnimation`
///   and is `ending` for that long, then `idle`. A drag still in progress when it becomes idle
///   cannot arm another refresh: the finger has to lift and pull again.
/// - Targets are always computed from `originalInset`, and the scroll view's inset is a model
///   value that never holds an in-between value, so begin twice, end twice, end before begin,
///   end while dragging and begin/end in quick succession all leave the inset exactly right.
///   Begin while refreshing and end while not refreshing are ignored; begin while ending starts
///   refreshing again.
/// - With `simulatedLoadDuration` set, each refresh ends by itself that many seconds after it
///   began (a stand-in for the network request).
///
/// ```swift
/// let scrollView = ScrollView(viewportSize: size, contentSize: list.contentSize)
/// let control = RefreshControl(scrollView: scrollView, headerHeight: 35, threshold: 85,
///                              refreshingInset: 85)        // the four-dots header
/// control.simulatedLoadDuration = 3
/// control.onOffsetChange = { c in header.update(pull: c.pullDistance) }
/// control.onStateChange = { c, old in header.show(c.state, from: old, at: c.scrollView.time) }
/// // Input and frames, all at the layer tree's local time t:
/// scrollView.panBegan(at: t); scrollView.panChanged(translation: p, at: t)
/// scrollView.panEnded(at: t)          // velocity from the recent samples
/// scrollView.advance(to: t)           // every frame; keep frames coming while
///                                     // isTracking || isAnimating || nextTimerTime != nil
/// ```
open class RefreshControl {
    /// The scroll view this control watches and moves.
    public let scrollView: ScrollView
    /// The header's height; the unit of `pullingPercent`. Non-finite or negative counts as 0.
    public let headerHeight: Double
    /// Pull distances this close to `threshold` (in points) count as reaching it, so a pull
    /// computed through the rubber band's inverse is not lost to rounding.
    public static let thresholdTolerance = 1e-9

    /// Pull distance (points past the original top) at which releasing starts a refresh.
    /// The originals: four dots 85, three dots 40, airplane 110 (its header height).
    public var threshold: Double {
        didSet { if !(threshold.isFinite && threshold > 0) { threshold = oldValue } }
    }
    /// Points added to the original `contentInset.top` while refreshing.
    /// The originals: four dots 85, three dots 40, airplane 110.
    public var refreshingInset: Double {
        didSet { if !refreshingInset.isFinite { refreshingInset = oldValue } }
    }
    /// How the inset moves when a refresh begins. Default: 0.5 s, ease-in-ease-out (the dots
    /// headers; the airplane uses 0.3 s).
    public var beginAnimation = ScrollAnimation(duration: 0.5)
    /// How the inset moves back when a refresh ends; the control is `ending` for its duration.
    /// Default: 0.5 s, ease-in-ease-out (the dots headers; the airplane uses 0.3 s ease-out).
    public var endAnimation = ScrollAnimation(duration: 0.5)
    /// When set, every refresh ends by itself this many seconds after it began.
    /// Non-finite or negative values count as nil. The airplane's list loads for about 4 s.
    public var simulatedLoadDuration: Double? {
        didSet {
            if let d = simulatedLoadDuration, !(d.isFinite && d >= 0) { simulatedLoadDuration = nil }
        }
    }
    /// When false, pulling and releasing never start a refresh (code can still begin one).
    public var isEnabled = true {
        didSet { if !isEnabled && state == .pulling { setState(.idle) } }
    }

    /// The current state.
    public private(set) var state: RefreshState = .idle
    /// The scroll view's inset when no refresh holds it; what `endRefreshing` restores.
    public private(set) var originalInset: EdgeInsets
    /// Scene time at which the current (or last) refresh began.
    public private(set) var refreshBeganTime: Double?

    /// Called after every state change with the control and the previous state.
    public var onStateChange: ((RefreshControl, RefreshState) -> Void)?
    /// Called after every change of the scroll view's offset (after any state change it caused).
    public var onOffsetChange: ((RefreshControl) -> Void)?

    /// `−originalInset.top − contentOffset.y`: how far the content is pulled past its top.
    public var pullDistance: Double { -originalInset.top - scrollView.contentOffset.y }

    /// `pullDistance / headerHeight`; 0 when the header has no height.
    public var pullingPercent: Double { headerHeight > 0 ? pullDistance / headerHeight : 0 }

    /// The frame a header of `headerHeight` takes above the content, in content coordinates
    /// (MJRefresh's placement: its bottom at the content's top, y = −headerHeight), full width.
    public var headerFrame: Rect {
        Rect(x: 0, y: -headerHeight, width: scrollView.viewportSize.width, height: headerHeight)
    }

    private var observerTokens: [ScrollView.Token] = []
    /// Set when a refresh finishes ending under a finger: that drag may not arm another one.
    private var armingBlocked = false
    private var loadTimer: ScrollView.Token?
    private var endTimer: ScrollView.Token?

    /// Attaches a control to `scrollView`, recording its current inset as the original.
    /// `threshold` defaults to `headerHeight`, `refreshingInset` to `threshold`.
    public init(
        scrollView: ScrollView, headerHeight: Double, threshold: Double? = nil, refreshingInset: Double? = nil
    ) {
        self.scrollView = scrollView
        let h = headerHeight.isFinite ? max(headerHeight, 0) : 0
        self.headerHeight = h
        let t = threshold.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? (h > 0 ? h : 1)
        self.threshold = t
        self.refreshingInset = refreshingInset.flatMap { $0.isFinite ? $0 : nil } ?? t
        self.originalInset = scrollView.contentInset
        observerTokens.append(
            scrollView.addOffsetObserver { [weak self] _ in self?.scrollViewOffsetDidChange() })
        observerTokens.append(
            scrollView.addInsetObserver { [weak self] view in
                guard let self, self.state == .idle || self.state == .pulling else { return }
                self.originalInset = view.contentInset
            })
        observerTokens.append(
            scrollView.addDragObserver { [weak self] _, event in self?.scrollViewDrag(event) })
    }

    deinit {
        detach()
    }

    /// Stops observing the scroll view and cancels pending timers. The inset is left as it is.
    public func detach() {
        for token in observerTokens { scrollView.removeObserver(token) }
        observerTokens.removeAll()
        cancelTimers()
    }

    // MARK: Override points

    /// Called after every state change; `state` is the new one. The base does nothing.
    open func stateDidChange(from oldState: RefreshState) {}

    /// Called after every offset change. The base does nothing.
    open func offsetDidChange() {}

    // MARK: Commands

    /// Starts refreshing, as if the user had pulled and released: the inset grows by
    /// `refreshingInset` over `beginAnimation` and the header is scrolled into view (if the
    /// finger is down, the content stays under it instead). Ignored while already refreshing.
    public func beginRefreshing(at time: Double) {
        scrollView.advance(to: time)
        begin(adjustment: .revealTop)
    }

    /// Ends the refresh: the inset returns to exactly `originalInset` over `endAnimation`;
    /// the state is `ending` until that duration has passed, then `idle`.
    /// Ignored unless refreshing (so end twice and end before begin do nothing).
    public func endRefreshing(at time: Double) {
        scrollView.advance(to: time)
        guard state == .refreshing else { return }
        cancelTimers()
        let now = scrollView.time
        // The header hears `ending` before the inset moves, as the originals' `endRefreshing`
        // clears its refreshing flag before its `UIView.animate { contentInset = … }`: the
        // offset change that follows is then drawn as a scroll (the airplane fades out).
        setState(.ending)
        scrollView.setContentInset(originalInset, animation: endAnimation, adjustment: .automatic, at: now)
        if endAnimation.duration > 0 {
            endTimer = scrollView.schedule(at: now + endAnimation.duration) { [weak self] _ in
                self?.finishEnding()
            }
        } else {
            finishEnding()
        }
    }

    // MARK: Internals

    private func begin(adjustment: ScrollView.InsetAdjustment) {
        guard state != .refreshing else { return }
        let old = state
        cancelTimers()
        let now = scrollView.time
        refreshBeganTime = now
        // The state changes first so the inset observer doesn't take the refreshing inset for
        // the original one.
        setStateQuietly(.refreshing)
        var inset = originalInset
        inset.top = originalInset.top + refreshingInset
        scrollView.setContentInset(inset, animation: beginAnimation, adjustment: adjustment, at: now)
        if let load = simulatedLoadDuration {
            loadTimer = scrollView.schedule(at: now + load) { [weak self] due in
                self?.endRefreshing(at: due)
            }
        }
        emitStateChange(from: old)
    }

    private func finishEnding() {
        endTimer = nil
        guard state == .ending else { return }
        // The finger that is still down when the refresh is over has to lift and pull again
        // (UIRefreshControl's behaviour); otherwise letting go would refresh straight away.
        armingBlocked = scrollView.isDragging
        setState(.idle)
    }

    private func cancelTimers() {
        if let t = loadTimer { scrollView.cancelTimer(t) }
        if let t = endTimer { scrollView.cancelTimer(t) }
        loadTimer = nil
        endTimer = nil
    }

    private func scrollViewOffsetDidChange() {
        updatePulling()
        offsetDidChange()
        onOffsetChange?(self)
    }

    private func scrollViewDrag(_ event: ScrollView.DragEvent) {
        switch event {
        case .began:
            armingBlocked = false
            updatePulling()
        case .ended:
            if state == .pulling {
                if isEnabled {
                    begin(adjustment: .automatic)
                } else {
                    setState(.idle)
                }
            }
        }
    }

    private func updatePulling() {
        guard scrollView.isDragging, isEnabled, !armingBlocked else { return }
        let reached = pullDistance >= threshold - Self.thresholdTolerance
        if state == .idle && reached {
            setState(.pulling)
        } else if state == .pulling && !reached {
            setState(.idle)
        }
    }

    private func setState(_ new: RefreshState) {
        let old = state
        guard old != new else { return }
        state = new
        emitStateChange(from: old)
    }

    private func setStateQuietly(_ new: RefreshState) {
        state = new
    }

    private func emitStateChange(from old: RefreshState) {
        stateDidChange(from: old)
        onStateChange?(self, old)
    }
}
