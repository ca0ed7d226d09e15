/// Shows a layer tree over time: evaluates its presentation and delivers animation events.
///
/// `update(to:)` moves the scene to a media time. Everything that happened since the last
/// update — animation starts and stops, view-animation and transaction completions — is
/// delivered in time order, each with `currentTime` set to the event's own time, so that an
/// animation added from a callback begins exactly when the event happened (the balls loader
/// restarts its cycle from `animationDidStop` without drift). Callbacks may add and remove
/// animations and layers; events they cause at or before the target time are delivered in the
/// same update. Finished animations with `isRemovedOnCompletion` are removed. Then the
/// presentation tree is evaluated at the target time.
///
/// One update delivers at most `maxEventsPerUpdate` events. Callbacks that keep making new
/// events at one instant (a delegate that restarts an animation whenever any animation of its
/// stops, replacing the one it just started) would otherwise never let time move on; past the
/// bound the rest waits for the next update, so a host's frame stays short and its input is
/// served. `hasOverdueEvents` tells a caller that wants the exact state at a time (a headless
/// snapshot) to update again.
public final class Scene {
    /// The most events one update delivers; see the type's comment.
    public static let maxEventsPerUpdate = 2_000

    public let root: Layer
    public let clock: MediaClock

    /// The time of the event being delivered, during a callback.
    var callbackTime: Double?
    /// No event is dated before this (the last update's time or the last event's).
    var floorTime: Double
    private var lastUpdateTime: Double?
    private var tree: PresentationLayer
    private var isDirty = true
    private var isAnimating = false
    /// Stops of removed animations, waiting for delivery.
    var queuedStops: [AnimationEntry] = []
    var completions: [CompletionRecord] = []
    /// Timers waiting to fire, in the order they were scheduled.
    private(set) var timers: [SceneTimer] = []
    private var updateHandlers: [(token: Int, handler: () -> Void)] = []
    /// What other modules keep per scene (Scene+Attachments.swift).
    let attachments = SceneAttachments()
    private var nextHandlerToken = 1
    /// The events due by the running update's target time, earliest first (see
    /// Scene+Events.swift); empty between updates.
    var dueEvents = PriorityQueue<SceneEvent>(by: { $0.precedes($1) })
    /// The running update's target time, while it delivers events.
    var deliveryEnd: Double?
    /// A callback changed what the queued events were worked out from (a layer's timing, the
    /// tree's shape): they are collected again before the next one is delivered.
    var needsEventCollection = false
    /// Counts what may add events (animations added or removed, completions, timers, timing
    /// changes), so an update knows whether its handlers made any.
    var eventInputs = 0
    /// While collecting: the earliest event found due after the running update's end.
    var earliestLaterEvent = Double.infinity
    /// After an update that delivered everything due: no event comes before `until` unless
    /// something that events are worked out from changes (`eventInputs` moves on), so the next
    /// updates before then need not collect at all (see `deliverEvents`).
    var eventLull: (inputs: Int, until: Double)?
    /// Layers marked by `setNeedsDisplay()`, displayed before the next evaluation
    /// (Layer+Display.swift).
    var displayQueue: [Layer] = []
    /// How many updates have run: changes made between two updates share a number.
    private(set) var updateCount = 0
    /// Layers and animations looked at and events taken out of the queue while delivering
    /// events, since the scene was made: the engine's work measured in steps, for tests that
    /// check how it grows.
    var eventWork = 0
    /// Events the last update delivered.
    public internal(set) var eventsDeliveredInLastUpdate = 0
    /// True when the last update stopped at `maxEventsPerUpdate` with events still due at or
    /// before its time.
    public internal(set) var hasOverdueEvents = false

    public init(root: Layer, clock: MediaClock) {
        self.root = root
        self.clock = clock
        let now = clock.now()
        floorTime = now.isFinite ? now : 0
        tree = PresentationLayer()
        root.hostScene = self
        stampPendingAnimations(in: root)
        root.queueMarkedLayers(in: self)
    }

    /// This scene's open transactions and view-animation blocks.
    private(set) lazy var actions = ActionContext(scene: self)

    /// The scene that `Transaction` and `ViewAnimation` act on: the one delivering a callback
    /// in `update(to:)`, or the one `perform(_:)` runs a body for (innermost wins). Bound for
    /// the duration of a call, per task, so scenes (and tests) never see each other's.
    public static var active: Scene? { ActiveScene.current?.scene ?? mainStorage }

    /// The scene that code on the main thread acts on outside any update or `perform` — as
    /// UIKit's main thread has one implicit transaction — when a host runs exactly one scene
    /// there (the previewer's window, for blocks a previewed loader puts on the main queue).
    /// Nil by default: then such code has no scene. Set on the main actor; read through
    /// `active` and `scheduling` (which never answers it off the main thread).
    @MainActor public static var main: Scene? {
        get { mainStorage }
        set { mainStorage = newValue }
    }
    /// `main`'s value: written on the main actor, read by `active` and `scheduling`.
    nonisolated(unsafe) static weak var mainStorage: Scene?

    /// Runs `body` with this scene active: the transactions it opens and the view animations it
    /// makes are this scene's. A host wraps everything that changes the scene's layers from
    /// outside its callbacks (input, set-up) in it, as UIKit runs such code inside the main
    /// run loop's transaction.
    /// Already active (a callback of this scene's update asking again, as a loader's tick
    /// does every frame), it just runs `body`: binding the same scene again changes nothing
    /// and costs a task-local binding.
    @discardableResult
    public func perform<T>(_ body: () throws -> T) rethrows -> T {
        if ActiveScene.current?.scene === self { return try body() }
        return try ActiveScene.$current.withValue(ActiveScene(scene: self)) { try body() }
    }

    /// `CACurrentMediaTime()` for code driven by this scene: the clock's time, or during a
    /// callback the time of the event being delivered.
    public var currentTime: Double { callbackTime ?? clock.now() }

    /// The time of the last update (nil before the first).
    public var lastUpdate: Double? { lastUpdateTime }

    /// True while any animation is running or scheduled to start, or a callback or
    /// completion is pending; false when everything is static (finished animations that fill
    /// forwards and paused subtrees are static), so a host can stop its frame timer.
    public var needsFrames: Bool { isDirty || isAnimating }

    /// Marks the model as changed: the next frame must be drawn.
    func setNeedsUpdate() {
        guard !isDirty else { return }
        isDirty = true
        // Only while no update is running: an update's own changes are evaluated by it.
        if !isUpdating { didBecomeDirty?() }
    }

    /// Called when a layer of the scene changes outside an update and the scene had nothing
    /// pending: code running outside the host's frames (a block a previewed loader put on the
    /// main queue) changed it, so a host that draws only on demand must schedule a frame.
    public var didBecomeDirty: (() -> Void)?

    /// Called just before an animation event's callback runs (a delegate's start or stop, a
    /// completion, a timer), with the animated layer when there is one: whoever supervises the
    /// code those callbacks run learns whose it is (a preview process names the preview that
    /// crashed in one). Called again with nil once the callback returned.
    public var willDeliverEvent: ((Layer?) -> Void)?

    /// Updates to the clock's current time.
    public func update() { update(to: clock.now()) }

    /// Delivers every event up to `mediaTime` in time order, then evaluates the presentation
    /// at `mediaTime`. A non-finite time is ignored, and so is a call from inside one of the
    /// update's own callbacks (the running update already goes on to its target time).
    public func update(to mediaTime: Double) {
        guard mediaTime.isFinite, callbackTime == nil else { return }
        isUpdating = true
        defer { isUpdating = false }
        perform { updateActive(to: mediaTime) }
    }

    /// True during `update(to:)`.
    private var isUpdating = false

    private func updateActive(to mediaTime: Double) {
        updateCount &+= 1
        actions.commitImplicitTransaction()
        if let last = lastUpdateTime, mediaTime < last {
            // Time went back (a manual clock was reset): nothing is dated before it now.
            floorTime = mediaTime
            eventLull = nil
        }
        // Nothing changed and nothing runs or waits: unless an update handler changes
        // something, the tree is the same at any later time.
        let quiet = !isDirty && !isAnimating && lastUpdateTime.map { mediaTime >= $0 } == true
        var delivered = 0
        if !quiet {
            deliverEvents(through: mediaTime)
            delivered = eventsDeliveredInLastUpdate
        }
        if !updateHandlers.isEmpty {
            floorTime = Swift.max(floorTime, mediaTime)
            callbackTime = mediaTime
            let inputs = eventInputs
            for (_, handler) in updateHandlers { handler() }
            callbackTime = nil
            // What the handlers started at this instant is delivered now.
            if eventInputs != inputs, !hasOverdueEvents {
                deliverEvents(through: mediaTime, alreadyDelivered: delivered)
                delivered = eventsDeliveredInLastUpdate
            }
        }
        eventsDeliveredInLastUpdate = delivered
        // Backing stores marked by now (by the events, the handlers' layout or earlier code)
        // are drawn for this frame.
        if !displayQueue.isEmpty { displayMarkedLayers(at: mediaTime) }
        if quiet, !isDirty {
            lastUpdateTime = mediaTime
            floorTime = mediaTime
            hasOverdueEvents = false
            return
        }
        lastUpdateTime = mediaTime
        floorTime = mediaTime
        isDirty = false
        var running = !queuedStops.isEmpty || hasOverdueEvents
        tree = evaluate(root, map: root.childTimeMap(from: .identity), at: mediaTime, running: &running)
        if !running {
            running = completions.contains { $0.dueTime(scene: self, floor: mediaTime) != nil }
        }
        if !running {
            running = timers.contains { dueTime(of: $0) != nil }
        }
        isAnimating = running
    }

    // MARK: Timers and update handlers

    /// Runs `action` when `layer`'s local time reaches `localTime`, delivered in time order
    /// with the animation events during `update(to:)`, with `currentTime` at the timer's own
    /// due time and this scene active. A time already past fires at the next update; a
    /// non-finite one never fires, and neither does a timer whose layer is not in the scene
    /// (until it joins) or whose time is paused. Timers due at the same instant fire in the
    /// order they were scheduled, after the animations that start and stop then.
    @discardableResult
    public func schedule(at localTime: Double, on layer: Layer, _ action: @escaping () -> Void)
        -> SceneTimer
    {
        let timer = SceneTimer(layer: layer, localTime: localTime, scene: self, action: action)
        guard localTime.isFinite else { return timer }
        timers.append(timer)
        setNeedsUpdate()
        timerAdded(timer)
        return timer
    }

    func removeTimer(_ timer: SceneTimer) {
        timers.removeAll { $0 === timer }
    }

    /// When `timer` fires in scene time, or nil when it cannot (its layer is elsewhere, its
    /// time stands still before it).
    func dueTime(of timer: SceneTimer) -> Double? {
        guard let layer = timer.layer, layer.scene === self else { return nil }
        let t = layer.timeMap.sceneTime(reaching: timer.localTime, notBefore: floorTime)
        return t.isFinite ? t : nil
    }

    /// Calls `handler` at every update, after the events due by the update's time and before
    /// the presentation is evaluated, with `currentTime` at that time and this scene active:
    /// where a host steps what moves continuously with time (scroll physics), so that it sees
    /// every timer before it at that timer's own time. Returns a token for
    /// `removeUpdateHandler(_:)`.
    @discardableResult
    public func addUpdateHandler(_ handler: @escaping () -> Void) -> Int {
        defer { nextHandlerToken += 1 }
        updateHandlers.append((nextHandlerToken, handler))
        setNeedsUpdate()
        return nextHandlerToken
    }

    public func removeUpdateHandler(_ token: Int) {
        updateHandlers.removeAll { $0.token == token }
    }

    /// The presentation tree at the last update time (before the first update: the tree at
    /// the current time, without delivering any event).
    public func presentation() -> PresentationLayer {
        if lastUpdateTime == nil {
            var running = false
            let t = currentTime
            return evaluate(root, map: root.childTimeMap(from: .identity), at: t, running: &running)
        }
        return tree
    }

    /// A layer's presentation values at the last update time; nil when it is not in this scene.
    public func presentation(of layer: Layer) -> LayerProperties? {
        guard layer.scene === self else { return nil }
        return values(of: layer, at: lastUpdateTime ?? currentTime).layer
    }

    /// A shape layer's presentation shape values at the last update time.
    public func shapePresentation(of layer: ShapeLayer) -> ShapeProperties? {
        guard layer.scene === self else { return nil }
        return values(of: layer, at: lastUpdateTime ?? currentTime).shape
    }

    // MARK: Evaluation

    /// The model values of `layer` with its animations applied at scene time `t`.
    func values(of layer: Layer, at t: Double) -> LayerValues {
        var v = layer.modelValues
        let local = layer.timeMap.local(t)
        Scene.apply(layer.entries, at: local, to: &v)
        return v
    }

    private static func apply(_ entries: [AnimationEntry], at local: Double, to v: inout LayerValues) {
        for entry in entries where !entry.needsStamp {
            guard let program = entry.compiled.program,
                let s = entry.compiled.timing.sample(at: local)
            else { continue }
            program.apply(s, to: &v)
        }
    }

    private func evaluate(_ layer: Layer, map: TimeMap, at t: Double, running: inout Bool)
        -> PresentationLayer
    {
        if layer.entries.isEmpty, let cached = layer.cachedPresentation { return cached }
        layer.hasBeenPresented = true
        var v = layer.modelValues
        let local = map.local(t)
        Scene.apply(layer.entries, at: local, to: &v)
        if let delegate = layer.displayDelegate, layer.entries.contains(where: \.redrawsLayer),
            let contents = delegate.contents(of: layer, presenting: v.layer)
        {
            // An animation of a key that needs display: the presentation is drawn as it is now.
            v.layer.contents = contents
        }
        if !running {
            for entry in layer.entries where entry.isPending(map: map, at: t, local: local) {
                running = true
                break
            }
        }
        var children: [PresentationLayer] = []
        children.reserveCapacity(layer.sublayers.count)
        // Without animations here or below, the subtree's presentation is its model: keep it
        // until something in it changes (`Layer.invalidatePresentation`).
        var isStatic = layer.entries.isEmpty
        for sub in layer.sublayers {
            if let cached = sub.cachedPresentation {
                // Static below: no time map needed.
                children.append(cached)
                continue
            }
            children.append(evaluate(sub, map: sub.childTimeMap(from: map), at: t, running: &running))
            if sub.cachedPresentation == nil { isStatic = false }
        }
        if let replicator = layer as? ReplicatorLayer, let values = v.replicator {
            children = replicate(
                replicator, values, first: children, bounds: v.layer.bounds, map: map, at: t,
                running: &running)
        }
        // The mask is evaluated like a sublayer, in this layer's time.
        var mask: PresentationLayer?
        if let m = layer.mask {
            mask =
                m.cachedPresentation ?? evaluate(m, map: m.childTimeMap(from: map), at: t, running: &running)
            if m.cachedPresentation == nil { isStatic = false }
        }
        var result = PresentationLayer(
            name: layer.name, properties: v.layer, shape: v.shape, sublayers: children,
            gradient: v.gradient, mask: mask, text: v.text)
        result.isTransformLayer = layer is TransformLayer
        result.transition = Scene.transition(of: layer, at: local)
        result.replicator = v.replicator
        if isStatic { layer.cachedPresentation = result }
        return result
    }

    /// A replicator's instances (`ReplicatorLayer`) for its values at this moment (`values`,
    /// animations applied): `first` is instance 0's sublayers as evaluated; instance k's are
    /// evaluated `k · instanceDelay` behind, in a container that applies `instanceTransform`ᵏ
    /// about the replicator's centre, tinted by its colour.
    private func replicate(
        _ replicator: ReplicatorLayer, _ values: ReplicatorProperties, first: [PresentationLayer],
        bounds: Rect,
        map: TimeMap, at t: Double, running: inout Bool
    ) -> [PresentationLayer] {
        var out = first.map { $0.tinted(by: values.color(ofInstance: 0)) }
        let count = values.effectiveCount
        guard count > 1 else { return out }
        let delay = values.effectiveDelay
        out.reserveCapacity(first.count + count - 1)
        for k in 1..<count {
            let behind = TimeMap(rate: map.rate, offset: map.offset - Double(k) * delay)
            var copies: [PresentationLayer] = []
            copies.reserveCapacity(first.count)
            for (i, sub) in replicator.sublayers.enumerated() {
                if delay == 0 || sub.cachedPresentation != nil {
                    // Nothing moves below it, or nothing lags: instance 0's evaluation holds.
                    copies.append(first[i])
                } else {
                    copies.append(
                        evaluate(sub, map: sub.childTimeMap(from: behind), at: t, running: &running))
                }
            }
            var container = LayerProperties()
            container.bounds = bounds
            container.position = Point(x: bounds.midX, y: bounds.midY)
            container.transform = values.transform(ofInstance: k)
            let tint = values.color(ofInstance: k)
            out.append(
                PresentationLayer(
                    name: "instance \(k)", properties: container,
                    sublayers: copies.map { $0.tinted(by: tint) }))
        }
        return out
    }

    // MARK: Stamping

    /// Gives an animation added with `beginTime == 0` its layer's local time at `sceneTime`.
    func stamp(_ entry: AnimationEntry, at sceneTime: Double, map: TimeMap) {
        guard entry.needsStamp else { return }
        let begin = map.local(sceneTime)
        entry.needsStamp = false
        entry.compiled.timing.beginTime = begin.isFinite ? begin : 0
        entry.animation.beginTime = entry.compiled.timing.beginTime
        entry.addedAt = Swift.max(entry.addedAt, sceneTime)
    }

    /// Stamps the animations of a subtree that joined the scene (or was built before it).
    func stampPendingAnimations(in layer: Layer) {
        let now = currentTime
        func visit(_ l: Layer, _ map: TimeMap) {
            for entry in l.entries where entry.needsStamp {
                stamp(entry, at: now, map: map)
            }
            for sub in l.timedSublayers { visit(sub, sub.childTimeMap(from: map)) }
        }
        visit(layer, layer.timeMap)
    }

    /// Scene time for a time in the root layer's local time (for completions of view
    /// animations, which follow the root's speed).
    func sceneTime(forRootLocal local: Double, notBefore floor: Double) -> Double {
        root.childTimeMap(from: .identity).sceneTime(reaching: local, notBefore: floor)
    }

    /// The root layer's local time at scene time `t`.
    func rootLocalTime(at t: Double) -> Double {
        root.childTimeMap(from: .identity).local(t)
    }
}

/// The binding behind `Scene.active`: a task-local, so it is scoped to a call and its task.
/// (`@unchecked Sendable`: the scene is only reached from the task that bound it.)
struct ActiveScene: @unchecked Sendable {
    unowned let scene: Scene
    @TaskLocal static var current: ActiveScene?
}
