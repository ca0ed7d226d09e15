/// UIKit's rules for changes made inside a view-animation block (`ViewAnimation.animate`) to a
/// view's backing layer: additive animations since iOS 8, `.beginFromCurrentState`, and one
/// animation per property per block.
extension Layer {
    /// A change made in a view-animation block, animated as UIKit animates it.
    ///
    /// - Without `.beginFromCurrentState` (iOS 8 and later) the animation is additive: from
    ///   the old model value minus the new one to zero, on top of the model. An additive view
    ///   animation of the property already running is kept, and the new one gets its own key
    ///   (`"position-2"`, …), so what is shown stays continuous and the earlier block still
    ///   finishes. Types with no difference (paths, flags, singular transforms, transforms
    ///   with perspective) and running animations that are not additive are replaced, from
    ///   the old model value, as before iOS 8.
    /// - Transforms add by concatenation, as Core Animation's additive transform animations
    ///   do (`Transform3D.accumulate`). A running transform delta is re-applied to the new
    ///   model, so stacking is continuous only when the transforms commute (translations
    ///   with translations, rotations and uniform scales with each other); otherwise the new
    ///   animation starts from what is on screen and replaces the running ones instead of
    ///   jumping.
    /// - `.beginFromCurrentState` changes nothing for the types that add (iOS 8 and later
    ///   make those animations additive with or without it, and every block finishes with
    ///   `true`); for the types that cannot add, the replacing animation starts from what is
    ///   on screen rather than from the old model value.
    /// - A property the same block already changed gets one animation from the value before
    ///   the block's first change to the final one; the first animation is folded into it,
    ///   not interrupted.
    func viewAction(
        _ change: (inout LayerValues) -> Void, key: String, property: any AnyAnimatableProperty,
        plan: ActionPlan, block: ViewAnimationContext, scene: Scene
    ) {
        let now = scene.currentTime
        let old = modelValues
        let earlier = block.change(of: self, key: key)
        // Another additive view animation of the property stays under the new one: what is
        // shown now is checked against what is shown after.
        let stacks =
            entries.contains {
                $0 !== earlier?.entry && $0.key.map { Layer.isViewKey($0, of: key) } == true
                    && ($0.animation as? PropertyAnimation)?.isAdditive == true
            }
        // What is on screen before the model changes (additive animations sit on the model).
        let shownBefore =
            stacks || (block.beginFromCurrentState && earlier == nil)
            ? scene.values(of: self, at: now) : nil
        var after = old
        change(&after)
        setModelValues(after)
        let record: ViewChange
        var reusedKey: String?
        if let earlier {
            record = earlier
            if let entry = earlier.entry {
                reusedKey = entry.key
                withdraw(entry, from: block)
                earlier.entry = nil
            }
        } else {
            record = ViewChange(layer: self, key: key, before: old)
            block.changes.append(record)
        }
        if let anim = property.additiveTransitionAnimation(from: record.before, to: after) {
            plan.configure(anim, layer: self, scene: scene)
            let entry = try? addEntry(anim, forKey: reusedKey ?? additiveKey(for: key))
            entry?.origin = .viewAnimation
            record.entry = entry
            if let shownBefore, let entry,
                !property.valuesAgree(shownBefore, scene.values(of: self, at: now))
            {
                withdraw(entry, from: block)
                record.entry = nil
                replaceViewAnimations(
                    of: key, property: property, from: shownBefore, to: after, plan: plan,
                    record: record, scene: scene)
            }
        } else if block.beginFromCurrentState, earlier == nil, let shownBefore {
            replaceViewAnimations(
                of: key, property: property, from: shownBefore, to: after, plan: plan,
                record: record, scene: scene)
        } else if let anim = property.transitionAnimation(from: record.before, to: after) {
            plan.configure(anim, layer: self, scene: scene)
            record.entry = try? addEntry(anim, forKey: reusedKey ?? key)
            record.entry?.origin = .viewAnimation
        }
    }

    /// Removes every view animation of `key` (they stop with `finished == false`) and adds
    /// one from `from` to `to` under `key` itself.
    fileprivate func replaceViewAnimations(
        of key: String, property: any AnyAnimatableProperty, from: LayerValues, to: LayerValues,
        plan: ActionPlan, record: ViewChange, scene: Scene
    ) {
        guard let anim = property.transitionAnimation(from: from, to: to) else { return }
        for entry in entries where entry.key.map({ Layer.isViewKey($0, of: key) }) == true {
            detach(entry)
        }
        plan.configure(anim, layer: self, scene: scene)
        record.entry = try? addEntry(anim, forKey: key)
        record.entry?.origin = .viewAnimation
    }

    /// `key` itself, or `key-N` (N = 2, 3, …) for the stacked additive view animations.
    static func isViewKey(_ candidate: String, of key: String) -> Bool {
        if candidate == key { return true }
        guard candidate.count > key.count + 1, candidate.hasPrefix(key) else { return false }
        let rest = candidate.dropFirst(key.count)
        return rest.first == "-" && rest.dropFirst().allSatisfy(\.isNumber)
    }

    /// The key for a new additive view animation of `key`: `key` itself unless an additive
    /// animation runs under it, then the first free `key-N`. A non-additive animation under
    /// `key` is replaced.
    fileprivate func additiveKey(for key: String) -> String {
        func runsAdditive(_ k: String) -> Bool {
            entries.contains { $0.key == k && ($0.animation as? PropertyAnimation)?.isAdditive == true }
        }
        guard runsAdditive(key) else { return key }
        var n = 2
        while true {
            let k = "\(key)-\(n)"
            if !entries.contains(where: { $0.key == k }) { return k }
            n += 1
        }
    }

    /// Takes off an animation that the same block replaces with another before any time
    /// passed: it counts as finished, not interrupted, and the block no longer waits for it.
    fileprivate func withdraw(_ entry: AnimationEntry, from block: ViewAnimationContext) {
        entries.removeAll { $0 === entry }
        block.members.removeAll { $0 === entry }
        entry.isDetached = true
        guard !entry.didStop else { return }
        entry.didStop = true
        entry.finishedNormally = true
        entry.stopSceneTime = scene?.currentTime
    }
}
