import Glibc
import LayerKit

/// Damage found in backing stores: where a layer always drawn from a store changed its
/// content in place, the pixels that differ between its store before and after.
extension LayerRenderer {
    /// Where drawing `new` in place of `old` at `scale` device pixels per point changes
    /// pixels, as `damage(from:to:)` finds it, finer where this renderer's backing stores
    /// make that exact: a leaf that is always drawn from a store (`isAlwaysStored`: a ring
    /// being drawn on) and whose content changed where it lies damages only the pixels in
    /// which its store before and its store after differ (`storeDamage`), not its whole
    /// extent before and after.
    ///
    /// Exact because such a layer's pixels are its store's, copied by whole pixels over
    /// what lies below, whatever region they are drawn through: where the two stores agree,
    /// the copy is the same. The store after is made here, and drawn from by the next draw;
    /// the store before, drawn last, is dropped.
    public func damage(from old: PresentationLayer, to new: PresentationLayer, scale: Double) -> [Rect]? {
        var rects: [Rect] = []
        let refine: Refinement = { [unowned self] old, new, toRoot, clip in
            self.storeDamage(old, new, toRoot: toRoot, clip: clip, scale: scale)
        }
        guard
            Self.collectDamage(
                old, new, superlayer: nil, superlayerToRoot: .identity, clip: nil, refine: refine,
                into: &rects)
        else { return nil }
        return rects
    }

    /// The rectangles (in the roots' points) where the stores of `old` and `new`, a leaf
    /// placed by `toRoot` inside the ancestors' mask box `clip`, differ; nil when either is
    /// not always drawn from a store there, the two are placed apart, or the store before is
    /// not kept.
    func storeDamage(
        _ old: PresentationLayer, _ new: PresentationLayer, toRoot: AffineTransform, clip: Rect?,
        scale: Double
    ) -> [Rect]? {
        guard backingStores.isEnabled, scale > 0, scale.isFinite,
            Self.isAlwaysStored(old), Self.isAlwaysStored(new),
            old.properties.opacity == new.properties.opacity,
            old.properties.isHidden == new.properties.isHidden,
            !old.properties.shouldRasterize, !new.properties.shouldRasterize
        else { return nil }
        let device = toRoot.concatenating(AffineTransform(scaleX: scale, y: scale))
        let deviceClip = clip.map { AffineTransform(scaleX: scale, y: scale).apply(to: $0) }
        guard case .placed(let before) = planStore(old, toRoot: device, clip: deviceClip, scale: scale),
            case .placed(let after) = planStore(new, toRoot: device, clip: deviceClip, scale: scale),
            before.phase == after.phase, before.left == after.left, before.top == after.top,
            before.width == after.width, before.height == after.height,
            let kept = backingStores.existing(before.key, phase: before.phase)
        else { return nil }
        let image: ImageSurface
        if let found = backingStores.existing(after.key, phase: after.phase) {
            image = found.image
        } else {
            guard let made = renderStore(after) else { return nil }
            let (content, _) = backingStores.lookUp(after.key)
            backingStores.keep(made, content, phase: after.phase)
            image = made
        }
        let changed = Self.differingRows(kept.image, image)
        if before.key != after.key { backingStores.forget(before.key) }
        return changed.map { span -> Rect in
            let x = (before.left + Double(span.minX)) / scale
            let y = (before.top + Double(span.minY)) / scale
            let width = Double(span.maxX - span.minX) / scale
            let height = Double(span.maxY - span.minY) / scale
            return Rect(x: x, y: y, width: width, height: height)
        }
    }

    /// A box of pixels: columns `minX..<maxX`, rows `minY..<maxY`.
    struct PixelSpan: Equatable {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int
    }

    /// Where two images of the same size differ: each run of consecutive rows that differ
    /// somewhere, as the box from the first to the last differing column over the run. Nil
    /// rows are compared as whole; an image pair of different sizes is one box over all of it.
    static func differingRows(_ a: ImageSurface, _ b: ImageSurface) -> [PixelSpan] {
        guard a.width == b.width, a.height == b.height, a.stride == b.stride else {
            return [PixelSpan(minX: 0, minY: 0, maxX: max(a.width, b.width), maxY: max(a.height, b.height))]
        }
        a.flush()
        b.flush()
        var spans: [PixelSpan] = []
        var run: PixelSpan?
        let words = a.stride / 4
        let p = UnsafeRawPointer(a.data).bindMemory(to: UInt32.self, capacity: words * a.height)
        let q = UnsafeRawPointer(b.data).bindMemory(to: UInt32.self, capacity: words * b.height)
        for y in 0..<a.height {
            let row = y * words
            var first = -1
            var last = -1
            if memcmp(p + row, q + row, a.width * 4) != 0 {
                for x in 0..<a.width where p[row + x] != q[row + x] {
                    if first < 0 { first = x }
                    last = x
                }
            }
            if first < 0 {
                if let r = run { spans.append(r) }
                run = nil
                continue
            }
            if var r = run {
                r.minX = min(r.minX, first)
                r.maxX = max(r.maxX, last + 1)
                r.maxY = y + 1
                run = r
            } else {
                run = PixelSpan(minX: first, minY: y, maxX: last + 1, maxY: y + 1)
            }
        }
        if let r = run { spans.append(r) }
        return spans
    }
}
