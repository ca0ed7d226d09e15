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
public final class Scene {
    public let root: Layer
    public let clock: MediaClock

    /// The time of the event being delivered, during a callback.
    private var callbackTime: Double?
    /// No event is dated before this (the last update's time or the last event's).
    private var floorTime: Double
    private var lastUpdateTime: Double?
    private var tree: PresentationLayer
    private var isDirty = true
    private var isAnimating = false
    /// Stops of removed animations, waiting for delivery.
    private var queuedStops: [(entry: AnimationEntry, time: Double)] = []
    private var completions: [CompletionRecord] = []

    public init(root: Layer, clock: MediaClock) {
        self.root = root
        self.clock = clock
        let now = clock.now()
        floorTime = now.isFinite ? now : 0
        tree = PresentationLayer()
        root.hostScene = self
        stampPendingAnimations(in: root)
        ThreadContext.current.lastScene = self
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
    func setNeedsUpdate() { isDirty = true }

    /// Updates to the clock's current time.
    public func update() { update(to: clock.now()) }

    /// Delivers every event up to `mediaTime` in time order, then evaluates the presentation
    /// at `mediaTime`. A non-finite time is ignored, and so is a call from inside one of the
    /// update's own callbacks (the running update already goes on to its target time).
    public func update(to mediaTime: Double) {
        guard mediaTime.isFinite, callbackTime == nil else { return }
        let context = ThreadContext.current
        context.lastScene = self
        context.commitImplicitTransaction()
        if let last = lastUpdateTime, mediaTime < last {
            // Time went back (a manual clock was reset): nothing is dated before it now.
            floorTime = mediaTime
        }
        if !isDirty, !isAnimating, let last = lastUpdateTime, mediaTime >= last {
            // Nothing changed and nothing runs or waits: the tree is the same at any later time.
            lastUpdateTime = mediaTime
            floorTime = mediaTime
            return
        }
        deliverEvents(through: mediaTime)
        lastUpdateTime = mediaTime
        floorTime = mediaTime
        isDirty = false
        var running = !queuedStops.isEmpty
        tree = evaluate(root, map: root.childTimeMap(from: .identity), at: mediaTime, running: &running)
        if !running {
            running = completions.contains { $0.dueTime(scene: self, floor: mediaTime) != nil }
        }
        isAnimating = running
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
        let result = PresentationLayer(
            name: layer.name, properties: v.layer, shape: v.shape, sublayers: children)
        if isStatic { layer.cachedPresentation = result }
        return result
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
            for sub in l.sublayers { visit(sub, sub.childTimeMap(from: map)) }
        }
        visit(layer, layer.timeMap)
    }

    // MARK: Events

    func enqueueStop(_ entry: AnimationEntry, at time: Double) {
        queuedStops.append((entry, time))
    }

    func addCompletion(_ record: CompletionRecord) {
        completions.append(record)
        isDirty = true
    }

    private enum EventKind: Int {
        case start = 0
        case stop = 1
        case completion = 2
    }

    private struct Event {
        var time: Double
        var kind: EventKind
        var sequence: UInt64
        var entry: AnimationEntry?
        var queuedIndex: Int?
        var completion: CompletionRecord?

        func precedes(_ o: Event) -> Bool {
            if time != o.time { return time < o.time }
            if kind != o.kind { return kind.rawValue < o.kind.rawValue }
            return sequence < o.sequence
        }
    }

    private func deliverEvents(through end: Double) {
        // Each pass finds the earliest event, delivers it, and looks again: callbacks may
        // change anything. A bound on the passes guards against a callback that keeps adding
        // zero-duration work at one instant.
        var passes = 0
        while passes < 100_000, let event = nextEvent(through: end) {
            passes += 1
            floorTime = Swift.max(floorTime, event.time)
            callbackTime = event.time
            deliver(event)
            callbackTime = nil
        }
    }

    private func nextEvent(through end: Double) -> Event? {
        var best: Event?
        func consider(_ e: Event) {
            guard e.time <= end else { return }
            if best == nil || e.precedes(best!) { best = e }
        }
        for (i, q) in queuedStops.enumerated() {
            consider(
                Event(
                    time: Swift.max(q.time, floorTime), kind: .stop, sequence: q.entry.sequence,
                    entry: q.entry, queuedIndex: i))
        }
        func visit(_ l: Layer, _ map: TimeMap) {
            for entry in l.entries {
                if entry.needsStamp { continue }
                let floor = Swift.max(floorTime, entry.addedAt)
                let timing = entry.compiled.timing
                if !entry.didStart {
                    let t = map.sceneTime(reaching: timing.beginTime, notBefore: floor)
                    consider(Event(time: t, kind: .start, sequence: entry.sequence, entry: entry))
                } else if !entry.didStop, timing.endTime.isFinite {
                    let t = map.sceneTime(reaching: timing.endTime, notBefore: floor)
                    entry.expectedStop = t
                    consider(Event(time: t, kind: .stop, sequence: entry.sequence, entry: entry))
                }
            }
            // A subtree that keeps its presentation has no animations anywhere in it.
            for sub in l.sublayers where sub.cachedPresentation == nil {
                visit(sub, sub.childTimeMap(from: map))
            }
        }
        visit(root, root.childTimeMap(from: .identity))
        for c in completions {
            if let t = c.dueTime(scene: self, floor: floorTime) {
                consider(Event(time: t, kind: .completion, sequence: c.sequence, completion: c))
            }
        }
        return best
    }

    private func deliver(_ event: Event) {
        switch event.kind {
        case .start:
            guard let entry = event.entry else { return }
            entry.didStart = true
            entry.animation.delegate?.animationDidStart(entry.animation)
        case .stop:
            guard let entry = event.entry else { return }
            if let i = event.queuedIndex {
                queuedStops.remove(at: i)
                entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
                return
            }
            entry.didStop = true
            entry.finishedNormally = true
            entry.stopSceneTime = event.time
            if entry.animation.isRemovedOnCompletion, let layer = entry.layer {
                layer.entries.removeAll { $0 === entry }
                entry.isDetached = true
            }
            entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
        case .completion:
            guard let record = event.completion else { return }
            completions.removeAll { $0 === record }
            record.fire()
        }
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
