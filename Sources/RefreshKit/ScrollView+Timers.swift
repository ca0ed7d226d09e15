import LayerKit

/// Timers on the scroll view's time: a refresh control's simulated load and the end of its inset
/// animation.
extension ScrollView {
    // MARK: Timers

    /// Runs `action` with its due time once the scroll view's time reaches `time`; the physics
    /// are brought to that exact time first, and timers fire in time order (ties in the order
    /// they were scheduled). A non-finite time never fires. This is how refresh controls end
    /// their animations and simulated loads. With a `timeline` layer in a scene the scene
    /// delivers it (see `timeline`); otherwise `advance(to:)` or any method taking a later
    /// time does.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping (Double) -> Void) -> Token {
        let token = makeToken()
        guard time.isFinite else { return token }
        if let layer = timeline, let scene = layer.scene {
            sceneTimers[token] = scene.schedule(at: time, on: layer) { [weak self] in
                guard let self else { return }
                self.sceneTimers[token] = nil
                self.step(to: time)
                action(Swift.max(time, self.time))
            }
        } else {
            timers.append((token, time, action))
        }
        return token
    }

    /// Cancels a timer; unknown or already fired tokens are ignored.
    public func cancelTimer(_ token: Token) {
        timers.removeAll { $0.token == token }
        sceneTimers.removeValue(forKey: token)?.cancel()
    }

    /// The due time of the earliest pending timer, so a host that goes idle can wake for it.
    public var nextTimerTime: Double? {
        (timers.map(\.time) + sceneTimers.values.map(\.localTime)).min()
    }
}
