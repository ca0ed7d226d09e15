import LayerKit

/// The unchanged leading layers of a tree, kept as one image per slot (a gallery tile): what a
/// tree draws before its first layer that changes (a tile's card, a phone's screen, a loader's
/// static rings) is copied into each damaged region instead of drawn again, and only the rest
/// is drawn over it (see `LayerRenderer.draw(_:on:over:slot:)`).
///
/// Which layers lead is an `UnderlayPlan`, found by comparing a slot's tree with the one drawn
/// before it. An underlay is made when the same plan is found twice in a row (a tree changing
/// in a new place every frame would make one every frame), and used while the plan holds and
/// the region lies inside it. Bounded: one underlay a slot, of at most `maximumPixels`; their
/// bytes count against the backing stores' bound, which drops stores to make room.
final class Underlays {
    /// The most pixels one underlay may cover (256 × 256: a loader tile).
    static let maximumPixels = 256 * 256

    struct Underlay {
        var plan: UnderlayPlan
        /// The canvas's matrix the tree was drawn at, and the colour beneath it.
        var base: AffineTransform
        var background: Color
        /// The pixels, and where they lie on the canvas (device pixels).
        var image: ImageSurface
        var area: DeviceArea
        /// Every pixel the leading layers can draw (`area` is the part of it kept).
        var reach: DeviceArea
        /// The corners each masking ancestor backed up (by depth), as they lie on the canvas.
        var corners: [CornerBackup?]
    }

    private(set) var underlays: [Int: Underlay] = [:] {
        didSet {
            bytes = underlays.values.reduce(0) { $0 + $1.image.stride * $1.image.height + Self.overheadBytes }
        }
    }
    /// What the underlays hold, pixels and overhead (counted against the backing stores'
    /// `BackingStores.maximumBytes`).
    private(set) var bytes = 0
    /// What an underlay costs besides its pixels (its image's records).
    static let overheadBytes = BackingStores.overheadBytes
    /// The tree each slot drew last, the plan it gave and the plan the tree before it gave.
    private var previous: [Int: (tree: PresentationLayer, plan: UnderlayPlan?, pending: UnderlayPlan?)] = [:]

    /// What `tree`, drawn in `slot` after the tree before it, leads with; remembered for the
    /// next call. `pending` is the plan found the time before (a plan found twice is worth an
    /// underlay). The same tree drawn again (in another region of the same frame) gives the
    /// same answer.
    func plan(for tree: PresentationLayer, slot: Int) -> (plan: UnderlayPlan?, pending: UnderlayPlan?) {
        let before = previous[slot]
        if let before, before.tree.isSameNode(as: tree) { return (before.plan, before.pending) }
        let plan = before.flatMap { UnderlayPlan(from: $0.tree, to: tree) }
        previous[slot] = (tree, plan, before?.plan)
        return (plan, before?.plan)
    }

    func underlay(in slot: Int) -> Underlay? { underlays[slot] }

    func keep(_ underlay: Underlay, in slot: Int) { underlays[slot] = underlay }

    func drop(_ slot: Int) { underlays[slot] = nil }
}

/// The layers a tree draws before its first change, as a path down the tree: the ancestors
/// (`path`, by depth from the root), each drawn the same (the same values, no group, mask,
/// shadow, transition, rasterization or projection: nothing that depends on what its
/// sublayers draw), and at each depth the sublayers that come before the next ancestor in
/// drawing order, unchanged: the same nodes, as the engine reuses a static subtree
/// (`prefixes[d]`: those of `path[d]`). `split` is the first changed
/// sublayer of the last ancestor that is not itself an ancestor; nil when none changed.
///
/// The underlay holds the ancestors' own drawing (shadow excluded: none has one; background,
/// contents, shape) and the leading sublayers with their subtrees; everything after, and the
/// ancestors' borders and corners, which come after their sublayers, are drawn over it.
struct UnderlayPlan {
    var path: [PresentationLayer]
    var prefixes: [[PresentationLayer]]
    var split: PresentationLayer?

    /// The plan of `new` drawn after `old`: nil when the root itself changed, or nothing leads.
    init?(from old: PresentationLayer, to new: PresentationLayer) {
        guard !old.isSameNode(as: new), Self.passesThrough(old, new, in: nil) else { return nil }
        var path: [PresentationLayer] = []
        var prefixes: [[PresentationLayer]] = []
        var split: PresentationLayer?
        var o = old
        var n = new
        descent: while true {
            path.append(n)
            var prefix: [PresentationLayer] = []
            var next: (PresentationLayer, PresentationLayer)?
            // Sorted by `zPosition` only when they are not already in order (the usual case).
            let inOrder = PresentationWalk.isDrawingOrder(n.sublayers)
            let order = inOrder ? [] : PresentationWalk.drawingOrder(n.sublayers)
            for k in n.sublayers.indices {
                let i = inOrder ? k : order[k]
                // The same node: the engine reuses a subtree that did not change. (Comparing
                // values instead would look through whole lists every frame.)
                if o.sublayers[i].isSameNode(as: n.sublayers[i]) {
                    prefix.append(n.sublayers[i])
                } else {
                    next = (o.sublayers[i], n.sublayers[i])
                    break
                }
            }
            prefixes.append(prefix)
            guard let (oc, nc) = next else { break descent }
            if Self.passesThrough(oc, nc, in: n) {
                o = oc
                n = nc
            } else {
                split = nc
                break descent
            }
        }
        // Nothing leads: no ancestor draws, no sublayer comes first.
        guard prefixes.contains(where: { !$0.isEmpty }) || path.contains(where: Self.drawsItself) else {
            return nil
        }
        self.path = path
        self.prefixes = prefixes
        self.split = split
    }

    /// True when `new` draws itself as `old` did, before its sublayers and whatever they
    /// draw, in `superlayer` (placed the same by an ancestor that does too): it can be an
    /// ancestor of the underlay.
    static func passesThrough(
        _ old: PresentationLayer, _ new: PresentationLayer, in superlayer: PresentationLayer?
    )
        -> Bool
    {
        let p = new.properties
        return !new.sublayers.isEmpty && new.sublayers.count == old.sublayers.count
            && new.hasEqualPropertyValues(to: old) && !new.isTransformLayer && new.transition == nil
            && new.mask == nil && old.mask == nil && new.replicator == nil && !p.shouldRasterize
            && p.opacity >= 1 && !p.isHidden && LayerRenderer.shadow(of: p) == nil
            && new.placesAffinely(in: superlayer)
    }

    /// True when the layer draws something of its own below its sublayers.
    static func drawsItself(_ layer: PresentationLayer) -> Bool {
        (layer.properties.backgroundColor?.alpha ?? 0) > 0 || layer.gradient != nil
            || layer.properties.contents != nil || layer.shape != nil || layer.text != nil
    }

    /// True when `other` leads with the same layers: the ancestors draw the same, the leading
    /// sublayers are the same, and the split is at the same place.
    func holds(for other: UnderlayPlan) -> Bool {
        guard path.count == other.path.count, prefixes.count == other.prefixes.count,
            (split == nil) == (other.split == nil)
        else { return false }
        for (a, b) in zip(path, other.path) {
            guard
                a.isSameNode(as: b)
                    || (a.hasEqualPropertyValues(to: b) && a.sublayers.count == b.sublayers.count)
            else { return false }
        }
        for (a, b) in zip(prefixes, other.prefixes) {
            guard a.count == b.count, zip(a, b).allSatisfy({ $0.isSameNode(as: $1) }) else { return false }
        }
        return true
    }
}

/// A walk that draws either an underlay's layers only (`build`) or everything but them
/// (`resume`): each layer met is classified the same way in both, so what one draws the other
/// leaves out, whatever the walk skips.
struct UnderlayWalk {
    enum Mode { case build, resume }
    enum Role {
        /// `plan.path[depth]`: its own drawing is in the underlay, its clip and what comes
        /// after its sublayers are not.
        case ancestor
        /// A leading sublayer (or inside one): wholly in the underlay.
        case leading
        /// Everything from the first layer that is neither on.
        case rest
    }

    let mode: Mode
    let plan: UnderlayPlan
    /// The corners each ancestor backed up, by depth: filled while building, used resuming.
    var corners: [CornerBackup?]
    /// How many of each ancestor's leading sublayers were met.
    private var met: [Int]
    /// Inside a leading sublayer's subtree (while building).
    var nesting = 0
    /// Met the first layer that does not lead: the rest of the tree is not in the underlay.
    private(set) var passed = false

    init(mode: Mode, plan: UnderlayPlan, corners: [CornerBackup?]) {
        self.mode = mode
        self.plan = plan
        self.corners = corners
        met = Array(repeating: 0, count: plan.path.count)
    }

    /// The role of `layer`, met at `depth`, in the order the walk meets layers.
    mutating func role(of layer: PresentationLayer, depth: Int) -> Role {
        if passed { return .rest }
        if nesting > 0 { return .leading }
        if depth < plan.path.count, layer.isSameNode(as: plan.path[depth]) { return .ancestor }
        let parent = depth - 1
        if parent >= 0, parent < plan.prefixes.count, met[parent] < plan.prefixes[parent].count,
            layer.isSameNode(as: plan.prefixes[parent][met[parent]])
        {
            met[parent] += 1
            return .leading
        }
        passed = true
        return .rest
    }
}
