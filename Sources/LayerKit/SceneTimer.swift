/// Code that runs at a time on a layer's timeline, delivered by the scene with its animation
/// events (`Scene.schedule(at:on:_:)`): a refresh control's simulated load, the end of an
/// inset animation. It follows the layer's time, so pausing or slowing the layer's tree
/// pauses or slows it too, and the code runs with `Scene.currentTime` at its own due time,
/// never at the time of the frame that happened to deliver it.
public final class SceneTimer {
    /// The layer whose local time `localTime` is in.
    public private(set) weak var layer: Layer?
    /// When it fires, in the layer's local time.
    public let localTime: Double
    let action: () -> Void
    let sequence: UInt64
    weak var scene: Scene?

    init(layer: Layer, localTime: Double, scene: Scene, action: @escaping () -> Void) {
        self.layer = layer
        self.localTime = localTime
        self.scene = scene
        self.action = action
        sequence = EventSequence.next()
    }

    /// True until it has fired or been cancelled.
    public var isPending: Bool { scene?.timers.contains { $0 === self } ?? false }

    /// Stops it from firing; a timer that fired or was cancelled is left alone.
    public func cancel() {
        scene?.removeTimer(self)
    }
}
