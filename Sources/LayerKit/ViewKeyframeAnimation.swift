/// Options of `ViewAnimation.animateKeyframes` (`UIView.KeyframeAnimationOptions`), with
/// UIKit's raw values: how values are interpolated between keyframes, and the view-animation
/// options that also apply.
public struct ViewKeyframeAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let `repeat` = ViewKeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = ViewKeyframeAnimationOptions(rawValue: 1 << 4)
    public static let calculationModeLinear = ViewKeyframeAnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = ViewKeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = ViewKeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = ViewKeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = ViewKeyframeAnimationOptions(rawValue: 4 << 10)

    /// The calculation mode the three mode bits select (linear for unknown values).
    public var calculationMode: CalculationMode {
        switch (rawValue >> 10) & 7 {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }
}

/// One `animateKeyframes` block being run: the changes each keyframe made.
final class KeyframeBlock {
    /// A change one keyframe made to one property of one layer.
    struct Change {
        weak var layer: Layer?
        let key: String
        let property: any AnyAnimatableProperty
        let before: LayerValues
        let after: LayerValues
        let start: Double
        let duration: Double
    }

    /// The keyframe whose block is running, with its span (fractions of the whole).
    final class Keyframe {
        let start: Double
        let duration: Double
        unowned let block: KeyframeBlock
        init(start: Double, duration: Double, block: KeyframeBlock) {
            self.start = start
            self.duration = duration
            self.block = block
        }

        func record(
            layer: Layer, key: String, property: any AnyAnimatableProperty, before: LayerValues,
            after: LayerValues
        ) {
            block.changes.append(
                Change(
                    layer: layer, key: key, property: property, before: before, after: after, start: start,
                    duration: duration))
        }
    }

    var changes: [Change] = []
    var openKeyframe: Keyframe?
}

extension ViewAnimation {
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`: the
    /// changes made in each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// inside `animations` become one keyframe animation per property of each view's layer,
    /// over the whole `duration` (after `delay`): the property holds its value until a
    /// keyframe's start, moves to that keyframe's value by its end, and so on, in the options'
    /// calculation mode (linear by default), linearly in time. The model values change at
    /// once. Changes made outside any keyframe take effect at once. `completion` runs when the
    /// animations end, as `animate(withDuration:…)`'s does. Without an active scene the
    /// changes are made and the completion runs at once with `true`.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: ViewKeyframeAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        guard let scene = Scene.active, duration > 0 else {
            animations()
            completion?(true)
            return
        }
        let context = scene.actions
        let block = KeyframeBlock()
        context.keyframeBlocks.append(block)
        animations()
        context.keyframeBlocks.removeAll { $0 === block }
        let wait = delay > 0 ? delay : 0
        var members: [AnimationEntry] = []
        var grouped: [(layer: Layer, key: String, changes: [KeyframeBlock.Change])] = []
        for change in block.changes {
            guard let layer = change.layer else { continue }
            if let i = grouped.firstIndex(where: { $0.layer === layer && $0.key == change.key }) {
                grouped[i].changes.append(change)
            } else {
                grouped.append((layer, change.key, [change]))
            }
        }
        for (layer, key, changes) in grouped {
            let ordered = changes.sorted { $0.start < $1.start }
            var values = [ordered[0].before]
            var times = [0.0]
            for c in ordered {
                // Hold until the keyframe starts, then reach its value at its end.
                if c.start > times.last! {
                    values.append(values.last!)
                    times.append(c.start)
                }
                values.append(c.after)
                times.append(Swift.min(1, Swift.max(times.last!, c.start + c.duration)))
            }
            if times.last! < 1 {
                values.append(values.last!)
                times.append(1)
            }
            let anim = ordered[0].property.keyframeAnimation(through: values)
            anim.keyTimes = times
            anim.calculationMode = options.calculationMode
            anim.duration = duration
            anim.timingFunction = .linear
            anim.repeatCount = options.contains(.repeat) ? .infinity : 0
            anim.autoreverses = options.contains(.autoreverse)
            if wait > 0 {
                anim.beginTime = layer.timeMap.local(scene.currentTime) + wait
                anim.fillMode = .backwards
            }
            if let entry = try? layer.addEntry(anim, forKey: key) { members.append(entry) }
        }
        guard let completion else { return }
        let due = scene.rootLocalTime(at: scene.currentTime) + wait + duration
        scene.addCompletion(
            CompletionRecord(
                members: members, rootLocalDueTime: due.isFinite ? due : nil,
                sequence: EventSequence.next(), block: completion))
    }

    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: inside
    /// `animateKeyframes`, the changes `animations` makes happen between `frameStartTime` and
    /// `frameStartTime + frameDuration`, both fractions of the whole (clamped to 0…1).
    /// Outside one, `animations` just runs.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: () -> Void
    ) {
        guard let block = Scene.active?.actions.keyframeBlocks.last else {
            animations()
            return
        }
        let start = frameStartTime.isFinite ? Swift.min(1, Swift.max(0, frameStartTime)) : 0
        let length = frameDuration.isFinite ? Swift.min(1 - start, Swift.max(0, frameDuration)) : 0
        let outer = block.openKeyframe
        block.openKeyframe = KeyframeBlock.Keyframe(start: start, duration: length, block: block)
        animations()
        block.openKeyframe = outer
    }
}
