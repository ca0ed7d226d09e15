import Foundation
import LayerKit

/// One row of the timeline: an animation on a layer of the inspected tree, or one child of a
/// group (listed under it, indented).
///
/// Times are the tree's: the local time of the tree's root (a tile's viewport, a snapshot's
/// root); `timeRate` and `timeOffset` map it to the animation's layer's local time.
public struct TimelineRow: Hashable, Sendable {
    /// The layer's name, or "layer" when it has none.
    public var layerName: String
    /// Where the layer is in the tree (`AnimatedLayer.indexPath`).
    public var indexPath: [Int]
    /// The animation this row shows (for a child row, the child).
    public var record: AnimationRecord
    /// For a child row: its group and its place among the group's children.
    public var group: AnimationRecord?
    public var childIndex: Int?
    public var timeRate: Double
    public var timeOffset: Double
    /// When the animation left its layer (seconds on the app's clock); nil while it runs.
    public var completedAt: Double?

    /// Every animation of `layers`, in tree order, groups followed by their children.
    public static func rows(from layers: [AnimatedLayer]) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        for layer in layers {
            for record in layer.records {
                let top = TimelineRow(
                    layerName: layer.name ?? "layer", indexPath: layer.indexPath, record: record, group: nil,
                    childIndex: nil, timeRate: layer.timeRate, timeOffset: layer.timeOffset, completedAt: nil)
                rows.append(top)
                for (i, child) in record.children.enumerated() {
                    var row = top
                    row.record = child
                    row.group = record
                    row.childIndex = i
                    rows.append(row)
                }
            }
        }
        return rows
    }

    /// The running animation's id (a child row shares its group's).
    public var id: UInt64 { record.id }

    /// True for a group's child.
    public var isChild: Bool { group != nil }

    /// The layer's local time at the tree's time `t`.
    public func localTime(_ t: Double) -> Double { timeRate * t + timeOffset }

    /// The tree's time at the layer's local time `t` (nil when the layer's time stands still).
    public func treeTime(_ t: Double) -> Double? {
        timeRate != 0 ? (t - timeOffset) / timeRate : nil
    }

    /// Where the animation is at the tree's time `t` (a child: within its group's time).
    public func sample(at t: Double) -> AnimationSample? {
        let local = localTime(t)
        guard let group, let childIndex else { return record.sample(atLocalTime: local) }
        guard let g = group.sample(atLocalTime: local) else { return nil }
        return group.children[childIndex].sample(atLocalTime: g.simpleTime)
    }

    /// When the row's animation (its group, for a child) begins and ends in the tree's time;
    /// the end is +∞ for one that repeats forever.
    public var interval: (begin: Double, end: Double) {
        let top = group ?? record
        let begin = treeTime(top.beginTime) ?? top.beginTime
        let end = top.endTime.isFinite ? (treeTime(top.endTime) ?? top.endTime) : .infinity
        return (Swift.min(begin, end), Swift.max(begin, end))
    }

    /// True when the row's bar never ends.
    public var repeatsForever: Bool { !interval.end.isFinite }

    /// What the row says in its kind column: "implicit" and "view" for the engine's own
    /// animations, else the animation's class ("basic", "keyframe", "group", "plain").
    public var kindLabel: String {
        switch record.origin {
        case .implicit: "implicit"
        case .viewAnimation: "view"
        case .explicit: record.kind.rawValue
        }
    }

    /// The key path, or the group's key (or "group") for groups.
    public var title: String {
        if let keyPath = record.keyPath { return keyPath }
        if record.kind == .group { return record.key.map { "group \($0)" } ?? "group" }
        return record.key ?? "animation"
    }
}

/// The timeline's time axis: `span` seconds from `start`, in the tree's time; labels count
/// from `origin` (a snapshot's moment 0, the first animation's begin).
public struct TimelineAxis: Hashable, Sendable {
    public var start: Double
    public var span: Double
    public var origin: Double

    public init(start: Double, span: Double, origin: Double) {
        self.start = start
        self.span = span.isFinite && span > 0 ? span : 1
        self.origin = origin
    }

    public var end: Double { start + span }

    /// The x of time `t` in a bar area from `minX` to `maxX`.
    public func x(for t: Double, minX: Double, maxX: Double) -> Double {
        minX + (t - start) / span * (maxX - minX)
    }

    /// The time at `x` in a bar area from `minX` to `maxX`.
    public func time(atX x: Double, minX: Double, maxX: Double) -> Double {
        guard maxX > minX else { return start }
        return start + (x - minX) / (maxX - minX) * span
    }

    /// The shortest and longest axes the timeline chooses by itself.
    static let minimumSpan = 1.0
    static let maximumSpan = 30.0

    /// An axis that shows `rows` and `playhead`: from a little before the earliest begin (or
    /// `origin`, when earlier) to the last end, an animation that repeats forever shown for two
    /// cycles past its begin (or to the playhead, when later).
    public static func fitting(_ rows: [TimelineRow], playhead: Double, origin: Double? = nil) -> TimelineAxis
    {
        let tops = rows.filter { !$0.isChild && $0.completedAt == nil }
        let begins = tops.map(\.interval.begin).filter(\.isFinite)
        let first = ([origin].compactMap { $0 } + begins).min() ?? playhead
        var last = Swift.max(playhead, first)
        for row in tops {
            let (begin, end) = row.interval
            if end.isFinite {
                last = Swift.max(last, end)
            } else {
                let cycle = row.record.cycleDuration / Swift.max(abs(row.record.speed * row.timeRate), 1e-9)
                last = Swift.max(last, begin + 2 * (cycle.isFinite ? cycle : 1))
            }
        }
        let natural = Swift.min(Swift.max(last - first, minimumSpan), maximumSpan)
        // A margin on either side, so bars do not start on the edge.
        let span = natural * 1.1
        return TimelineAxis(start: first - natural * 0.05, span: span, origin: origin ?? first)
    }

    /// The same axis moved on by whole spans until `t` is on it (a playhead running on).
    public func paging(to t: Double) -> TimelineAxis {
        guard t.isFinite, t > end || t < start else { return self }
        var a = self
        a.start += (((t - start) / span).rounded(.down)) * span
        return a
    }

    /// Seconds between labelled ticks: the smallest of the usual steps that leaves at least
    /// `minimumGap` points between labels on an axis `width` points wide.
    public func tickStep(width: Double, minimumGap: Double = 56) -> Double {
        let steps = [0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60]
        guard width > 0 else { return steps.last! }
        for step in steps where step / span * width >= minimumGap { return step }
        return steps.last!
    }

    /// "0", "0.25 s", "-1 s": a label for time `t`.
    public func label(_ t: Double, step: Double) -> String {
        let v = t - origin
        let digits = step >= 1 ? 0 : step >= 0.1 ? (step == 0.25 ? 2 : 1) : 2
        var text = String(format: "%.\(digits)f", abs(v) < step / 1000 ? 0 : v)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "0" ? "0" : text + " s"
    }
}
