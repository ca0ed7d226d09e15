import LayerKit

/// The duration and curve of an animated scroll-view change, the value-only counterpart of
/// `UIView.animate(withDuration:delay:options:animations:)` for `contentInset` / `contentOffset`.
///
/// The originals animate the inset with plain `UIView.animate` blocks, whose default curve is
/// ease-in-ease-out; the airplane's end uses ease-out.
public struct ScrollAnimation: Hashable, Sendable {
    /// Seconds of scene time; non-finite or negative values count as 0 (no animation).
    public var duration: Double
    public var timingFunction: TimingFunction

    public init(duration: Double, timingFunction: TimingFunction = .easeInEaseOut) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.timingFunction = timingFunction
    }
}
