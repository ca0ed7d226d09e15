import LayerKit
import Loaders

/// A finger scripted on a header's list, what R plays: down near the top of the list, drawn
/// down past the refresh threshold over `pullTime` (eased in and out, as a hand moves), held
/// still for `holdTime` so that the release has no flick velocity, then lifted — the refresh
/// begins as it does for a person's pull. It runs in the tile's time, so pausing or slowing
/// the gallery pauses or slows the finger too; a refresh still ending is waited for first.
struct SyntheticPull {
    static let pullTime = 0.6
    static let holdTime = 0.25
    /// How far past the threshold the list is pulled, in points.
    static let overshoot = 10.0

    /// When the finger went down (tile time); nil while waiting for the header to rest.
    private(set) var began: Double?
    private var start = Point.zero
    private var distance = 0.0
    /// Where the finger was last moved to.
    private var last = Point.zero

    /// Where the finger is `t` seconds after it went down.
    func finger(at t: Double) -> Point {
        let f = Swift.min(1, Swift.max(0, t / Self.pullTime))
        return Point(x: start.x, y: start.y + distance * TimingFunction.easeInEaseOut.value(at: f))
    }

    /// Moves the finger to where the script has it at tile time `now`; true once it lifted.
    mutating func step(_ session: LoaderSession, at now: Double) -> Bool {
        guard let began else {
            guard session.status == .idle else { return false }
            let threshold = session.refreshThreshold ?? 0
            distance = session.fingerDistance(forOffset: threshold + Self.overshoot)
            start = Point(x: session.size.width / 2, y: Swift.min(40, session.size.height / 4))
            session.pointerDown(at: start)
            last = start
            self.began = now
            return false
        }
        let t = now - began
        if t >= Self.pullTime + Self.holdTime {
            session.pointerUp(at: finger(at: t))
            return true
        }
        last = finger(at: t)
        session.pointerMoved(to: last)
        return false
    }

    /// Lifts the finger where it is (a replay cut short), if it is down.
    func lift(_ session: LoaderSession) {
        guard began != nil else { return }
        session.pointerUp(at: last)
    }
}
