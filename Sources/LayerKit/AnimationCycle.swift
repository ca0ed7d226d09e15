/// How one animation attached to a layer repeats, measured in scene seconds: what a recorder
/// needs to find the loop of a scene from the animations actually on its layers.
///
/// Scene seconds take in the animation's own `speed` and the speeds of its layer and every
/// ancestor (a layer at speed 2 plays a 3 s animation in 1.5 scene seconds).
public struct AnimationCycle: Hashable, Sendable {
    /// The name of the layer the animation is on.
    public var layerName: String?
    /// The key it was added under.
    public var key: String?
    /// One cycle: the simple duration, twice that when it autoreverses.
    public var cycle: Double
    /// The whole active time: `repeatDuration`, or `repeatCount` cycles, or one cycle; +∞ when
    /// it repeats forever.
    public var activeDuration: Double

    public init(layerName: String?, key: String?, cycle: Double, activeDuration: Double) {
        self.layerName = layerName
        self.key = key
        self.cycle = cycle
        self.activeDuration = activeDuration
    }

    /// It plays more than one cycle (a `repeatCount` above 1, a `repeatDuration` longer than
    /// a cycle, or forever).
    public var repeats: Bool { activeDuration > cycle * (1 + 1e-9) }

    /// How long a scene with these animations takes to come back to where it was: the longest
    /// cycle among the animations that repeat; when none repeats, the longest active duration
    /// (a cycle that the animation's delegate starts again when it stops, as the balls loader
    /// does); nil when nothing runs.
    public static func loopDuration(of cycles: [AnimationCycle]) -> Double? {
        let repeating = cycles.filter { $0.repeats && $0.cycle.isFinite && $0.cycle > 0 }
        if let longest = repeating.map(\.cycle).max() { return longest }
        return cycles.map(\.activeDuration).filter { $0.isFinite && $0 > 0 }.max()
    }
}

extension Layer {
    /// Every animation on this layer and the layers below it (masks included) that has not
    /// stopped, with its cycle in scene seconds, depth first in drawing order. An animation
    /// whose time stands still (a speed of 0 on it or above it) never comes round and is left
    /// out. Call it after the scene has updated, so that animations just added have their begin
    /// times.
    public func animationCycles() -> [AnimationCycle] {
        var found: [AnimationCycle] = []
        func visit(_ layer: Layer, _ map: TimeMap) {
            for entry in layer.entries where !entry.didStop {
                let timing = entry.compiled.timing
                let rate = abs(map.rate * timing.speed)
                guard rate > 0, rate.isFinite else { continue }
                found.append(
                    AnimationCycle(
                        layerName: layer.name, key: entry.key, cycle: timing.cycleDuration / rate,
                        activeDuration: timing.activeDuration / rate))
            }
            // Masks run in their layer's time, as sublayers do.
            for sub in layer.timedSublayers { visit(sub, sub.childTimeMap(from: map)) }
        }
        visit(self, timeMap)
        return found
    }
}
