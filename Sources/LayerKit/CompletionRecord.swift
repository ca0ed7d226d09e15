/// A completion waiting for a set of animations to stop (a view animation's or a
/// transaction's), then for its own due time.
final class CompletionRecord {
    let members: [AnimationEntry]
    /// The due time in the root layer's local time (nil: just when the members are done).
    let rootLocalDueTime: Double?
    let block: (Bool) -> Void
    let sequence: UInt64

    init(
        members: [AnimationEntry], rootLocalDueTime: Double?, sequence: UInt64,
        block: @escaping (Bool) -> Void
    ) {
        self.members = members
        self.rootLocalDueTime = rootLocalDueTime
        self.block = block
        self.sequence = sequence
    }

    /// When it fires, or nil when it is not due yet or never will be.
    ///
    /// As in UIKit, a block that created no animation completes right away, and a block whose
    /// animations were all stopped, at least one of them removed or replaced, completes when
    /// the last one stopped (`finished == false`) instead of waiting for its own end time.
    func dueTime(scene: Scene, floor: Double) -> Double? {
        if members.isEmpty { return floor }
        var t = floor
        var allStopped = true
        var interrupted = false
        for m in members {
            if m.didStop {
                t = Swift.max(t, m.stopSceneTime ?? floor)
                if m.finishedNormally == false { interrupted = true }
                continue
            }
            allStopped = false
            // A member whose layer left the scene never stops here; it does not hold the
            // completion back.
            guard m.layer?.scene === scene else { continue }
            guard m.didStart, let s = m.expectedStop, s.isFinite else { return nil }
            t = Swift.max(t, s)
        }
        if allStopped && interrupted { return t }
        if let local = rootLocalDueTime {
            let d = scene.sceneTime(forRootLocal: local, notBefore: floor)
            guard d.isFinite else { return nil }
            t = Swift.max(t, d)
        }
        return t
    }

    func fire() {
        let finished = members.allSatisfy { $0.finishedNormally != false }
        block(finished)
    }
}
