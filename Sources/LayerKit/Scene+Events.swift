/// Animation events: starts, stops (run to the end, or queued by a removal) and completions of
/// view animations and transactions, delivered in time order during `Scene.update(to:)`.
///
/// Strategy: at the start of an update one walk over the animated part of the tree collects
/// every event due by the target time into a priority queue keyed by (time, kind, sequence).
/// Delivering one is O(log n). What a callback does is folded in as it happens, not found by
/// searching the tree again: an added animation pushes its start, a delivered start pushes the
/// stop, a removal pushes its queued stop, a stopped member re-examines the completions that
/// wait for it. Changes that move many events at once — a layer's `speed`, `timeOffset` or
/// `beginTime`, or a subtree joining or leaving the scene — mark the queue stale, and it is
/// collected again before the next event. A queued event is checked when it comes out (its
/// animation may have been removed, its layer taken out of the scene), so nothing is
/// delivered twice or for an animation that has gone. An update's cost is thus one walk plus
/// O(log n) per event, rather than a walk per event. An update that delivered everything due
/// remembers the earliest event it saw due later; until then, and while nothing events are
/// worked out from changes, the updates that follow (every frame of a loader repeating
/// forever) skip the walk.
enum SceneEventKind: Int {
    case start = 0
    case stop = 1
    /// The stop of an animation that was removed or replaced (`finished == false`).
    case queuedStop = 2
    case completion = 3
    case timer = 4

    /// Among events at one instant, starts come before stops, and stops before the
    /// completions that wait for them and the timers (which keep the order they were made in).
    var order: Int {
        switch self {
        case .start: 0
        case .stop, .queuedStop: 1
        case .completion, .timer: 2
        }
    }
}

/// One event, due at `time` (scene time).
struct SceneEvent {
    var time: Double
    var kind: SceneEventKind
    var sequence: UInt64
    var entry: AnimationEntry?
    var completion: CompletionRecord?
    var timer: SceneTimer?

    func precedes(_ o: SceneEvent) -> Bool {
        if time != o.time { return time < o.time }
        if kind.order != o.kind.order { return kind.order < o.kind.order }
        return sequence < o.sequence
    }
}

extension Scene {
    /// Delivers the events due by `end` in time order, at most `maxEventsPerUpdate` of them in
    /// one update (counting `alreadyDelivered`, the update's earlier round).
    func deliverEvents(through end: Double, alreadyDelivered: Int = 0) {
        if let lull = eventLull, lull.inputs == eventInputs, end < lull.until, queuedStops.isEmpty {
            // Nothing is due yet, and nothing that would make something due has changed.
            hasOverdueEvents = false
            eventsDeliveredInLastUpdate = alreadyDelivered
            return
        }
        eventLull = nil
        deliveryEnd = end
        defer {
            deliveryEnd = nil
            dueEvents.removeAll()
        }
        collectEvents()
        var delivered = alreadyDelivered
        hasOverdueEvents = false
        while true {
            if needsEventCollection { collectEvents() }
            guard let event = dueEvents.popFirst() else { break }
            eventWork &+= 1
            guard isCurrent(event) else { continue }
            guard delivered < Self.maxEventsPerUpdate else {
                hasOverdueEvents = true
                break
            }
            delivered += 1
            floorTime = Swift.max(floorTime, event.time)
            callbackTime = event.time
            deliver(event)
            callbackTime = nil
        }
        eventsDeliveredInLastUpdate = delivered
        if !hasOverdueEvents, !needsEventCollection, queuedStops.isEmpty {
            eventLull = (eventInputs, earliestLaterEvent)
        }
    }

    // MARK: Collecting

    /// Fills the queue with every event due by the running update's end, from scratch.
    private func collectEvents() {
        needsEventCollection = false
        dueEvents.removeAll()
        earliestLaterEvent = .infinity
        for entry in queuedStops { pushQueuedStop(entry) }
        func visit(_ l: Layer, _ map: TimeMap) {
            eventWork &+= 1 + l.entries.count
            for entry in l.entries { pushNextEvent(of: entry, map: map) }
            // A subtree that keeps its presentation has no animations anywhere in it.
            for sub in l.timedSublayers where sub.cachedPresentation == nil {
                visit(sub, sub.childTimeMap(from: map))
            }
        }
        visit(root, root.childTimeMap(from: .identity))
        for c in completions { pushIfDue(c) }
        for t in timers { pushIfDue(t) }
    }

    private func push(_ event: SceneEvent) {
        guard let end = deliveryEnd else { return }
        guard event.time <= end else {
            earliestLaterEvent = Swift.min(earliestLaterEvent, event.time)
            return
        }
        dueEvents.push(event)
    }

    /// Queues an entry's start, or its stop once it has started.
    private func pushNextEvent(of entry: AnimationEntry, map: TimeMap) {
        if entry.needsStamp || entry.didStop { return }
        let floor = Swift.max(floorTime, entry.addedAt)
        let timing = entry.compiled.timing
        if !entry.didStart {
            let t = map.sceneTime(reaching: timing.beginTime, notBefore: floor)
            push(SceneEvent(time: t, kind: .start, sequence: entry.sequence, entry: entry))
        } else if timing.endTime.isFinite {
            let t = map.sceneTime(reaching: timing.endTime, notBefore: floor)
            entry.expectedStop = t
            push(SceneEvent(time: t, kind: .stop, sequence: entry.sequence, entry: entry))
        }
    }

    private func pushQueuedStop(_ entry: AnimationEntry) {
        let t = Swift.max(entry.stopSceneTime ?? floorTime, floorTime)
        push(SceneEvent(time: t, kind: .queuedStop, sequence: entry.sequence, entry: entry))
    }

    private func pushIfDue(_ record: CompletionRecord) {
        guard let t = record.dueTime(scene: self, floor: floorTime) else { return }
        push(SceneEvent(time: t, kind: .completion, sequence: record.sequence, completion: record))
    }

    private func pushIfDue(_ timer: SceneTimer) {
        guard let t = dueTime(of: timer) else { return }
        push(SceneEvent(time: t, kind: .timer, sequence: timer.sequence, timer: timer))
    }

    // MARK: What callbacks change

    /// A timer was scheduled.
    func timerAdded(_ timer: SceneTimer) {
        eventInputs &+= 1
        guard deliveryEnd != nil, !needsEventCollection else { return }
        pushIfDue(timer)
    }

    /// An animation was added to a layer of this scene (and stamped).
    func animationAdded(_ entry: AnimationEntry, map: TimeMap) {
        eventInputs &+= 1
        guard deliveryEnd != nil, !needsEventCollection else { return }
        pushNextEvent(of: entry, map: map)
    }

    /// A removed or replaced animation's stop, delivered with `finished == false`.
    func enqueueStop(_ entry: AnimationEntry) {
        queuedStops.append(entry)
        entry.isStopQueued = true
        eventInputs &+= 1
        guard deliveryEnd != nil, !needsEventCollection else { return }
        pushQueuedStop(entry)
    }

    func addCompletion(_ record: CompletionRecord) {
        completions.append(record)
        for m in record.members { m.waitingCompletions.append(WeakCompletion(record: record)) }
        setNeedsUpdate()
        eventInputs &+= 1
        guard deliveryEnd != nil, !needsEventCollection else { return }
        pushIfDue(record)
    }

    /// Something that event times are worked out from changed: a layer's timing, or which
    /// layers are in the scene. Queued events are collected again before the next one.
    func eventSourcesChanged() {
        eventInputs &+= 1
        if deliveryEnd != nil { needsEventCollection = true }
    }

    // MARK: Delivering

    /// False for an event that no longer applies: its animation was removed or left the
    /// scene, or its completion already fired or is now due at another time.
    private func isCurrent(_ event: SceneEvent) -> Bool {
        switch event.kind {
        case .start, .stop:
            guard let entry = event.entry, !entry.isDetached, !entry.didStop,
                entry.layer?.scene === self
            else { return false }
            return event.kind == .start ? !entry.didStart : entry.didStart
        case .queuedStop:
            return event.entry?.isStopQueued == true
        case .completion:
            guard let record = event.completion, completions.contains(where: { $0 === record }) else {
                return false
            }
            guard let t = record.dueTime(scene: self, floor: floorTime) else { return false }
            if t != event.time {
                pushIfDue(record)
                return false
            }
            return true
        case .timer:
            guard let timer = event.timer, timers.contains(where: { $0 === timer }) else { return false }
            return true
        }
    }

    private func deliver(_ event: SceneEvent) {
        if let observe = willDeliverEvent {
            observe(event.entry?.layer)
            // After the callback, code is nobody's in particular again.
            defer { observe(nil) }
            deliverNow(event)
        } else {
            deliverNow(event)
        }
    }

    private func deliverNow(_ event: SceneEvent) {
        switch event.kind {
        case .start:
            guard let entry = event.entry else { return }
            entry.didStart = true
            if let layer = entry.layer { pushNextEvent(of: entry, map: layer.timeMap) }
            entry.animation.delegate?.animationDidStart(entry.animation)
        case .queuedStop:
            guard let entry = event.entry else { return }
            entry.isStopQueued = false
            queuedStops.removeAll { $0 === entry }
            memberStopped(entry)
            entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
        case .stop:
            guard let entry = event.entry else { return }
            entry.didStop = true
            entry.finishedNormally = true
            entry.stopSceneTime = event.time
            if entry.animation.isRemovedOnCompletion, let layer = entry.layer {
                layer.entries.removeAll { $0 === entry }
                entry.isDetached = true
            }
            memberStopped(entry)
            entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
        case .completion:
            guard let record = event.completion else { return }
            completions.removeAll { $0 === record }
            record.fire()
        case .timer:
            guard let timer = event.timer else { return }
            removeTimer(timer)
            timer.action()
        }
    }

    /// The completions waiting for `entry` may be due now that it has stopped.
    private func memberStopped(_ entry: AnimationEntry) {
        let waiting = entry.waitingCompletions
        entry.waitingCompletions = []
        for weak in waiting {
            guard let record = weak.record, completions.contains(where: { $0 === record }) else { continue }
            pushIfDue(record)
        }
    }
}
