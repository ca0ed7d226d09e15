import Synchronization

/// One animation attached to a layer: the running copy, its compiled form and its progress
/// through start and stop.
final class AnimationEntry {
    let key: String?
    let animation: Animation
    var compiled: CompiledAnimation
    weak var layer: Layer?
    /// The begin time still has to be set from the layer's current time.
    var needsStamp = false
    var didStart = false
    var didStop = false
    var isDetached = false
    /// Its stop (`finished == false`) waits in the scene's queue for delivery.
    var isStopQueued = false
    /// The completions that wait for it to stop (weak: a completion holds its members).
    var waitingCompletions: [WeakCompletion] = []
    /// Whether it ran to its end (nil while running).
    var finishedNormally: Bool?
    /// When it stopped, in scene time.
    var stopSceneTime: Double?
    /// When it is expected to stop, in scene time (refreshed while events are looked for).
    var expectedStop: Double?
    /// The scene time when it was added (no event is dated before it).
    var addedAt = -Double.infinity
    let sequence: UInt64
    /// It animates a key that needs display: the layer's presentation is drawn again while it
    /// is attached (Layer+Display.swift).
    var redrawsLayer = false
    /// Whether code added it or the engine did, for a model change (records report it).
    var origin = AnimationRecord.Origin.explicit
    /// A transition's old rendering: the layer's subtree as the scene last showed it when the
    /// transition was added (nil: it showed nothing).
    var transitionFrom: PresentationLayer?

    init(key: String?, animation: Animation, compiled: CompiledAnimation, layer: Layer) {
        self.key = key
        self.animation = animation
        self.compiled = compiled
        self.layer = layer
        sequence = EventSequence.next()
    }
}

/// A completion record held without keeping it alive.
struct WeakCompletion {
    weak var record: CompletionRecord?
}

/// Numbers animations and completions in the order they were made, to order events that
/// fall on the same instant.
enum EventSequence {
    private static let counter = Atomic<UInt64>(0)

    static func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }
}

extension AnimationEntry {
    /// True when the animation still changes with time at scene time `t` or has an event to
    /// deliver.
    func isPending(map: TimeMap, at t: Double, local: Double) -> Bool {
        if needsStamp { return true }
        let timing = compiled.timing
        if !didStart {
            return map.sceneTime(reaching: timing.beginTime, notBefore: t).isFinite
        }
        if !didStop, timing.endTime.isFinite,
            map.sceneTime(reaching: timing.endTime, notBefore: t).isFinite
        {
            return true
        }
        return map.rate != 0 && timing.isRunning(at: local)
    }
}
