import Foundation

/// Layout as UIKit runs it: autoresizing at a change of size, `layoutSubviews()` top down.
extension UIView {
    /// `UIView.AutoresizingMask`: the parts of a view's frame that stretch when its superview's
    /// size changes (UIKit's raw values). The others keep their lengths.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// "No intrinsic size along this axis" (−1), in `intrinsicContentSize`.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The bounds took a new size (from `oldSize`): the subviews follow by their masks, and the
    /// view is laid out before the next frame.
    func boundsSizeChanged(from oldSize: CGSize) {
        let newSize = layer.bounds.size
        lastBoundsSize = newSize
        boundsSizeDidChange(from: oldSize)
        if autoresizesSubviews {
            for sub in subviews { sub.resize(withOldSuperviewSize: oldSize, newSize: newSize) }
        }
        setNeedsLayout()
    }

    /// Takes in a size set on the layer under UIKit (by the host, or `view.layer.frame = …`)
    /// as if set on the view.
    func syncBoundsSize() {
        let size = layer.bounds.size
        if size != lastBoundsSize { boundsSizeChanged(from: lastBoundsSize) }
    }

    /// Runs this view's pending layout, then its subviews' in turn. In a pass of its scene
    /// (`pass`), a view already laid out in it waits for the next one.
    func layOutSubtree(pass: Int?) {
        syncBoundsSize()
        if needsLayout, pass == nil || layoutPass != pass {
            needsLayout = false
            if let pass { layoutPass = pass }
            layoutSubviews()
        }
        for sub in subviews { sub.layOutSubtree(pass: pass) }
    }

    /// UIKit's autoresizing: along each axis, the superview's change of size is shared among
    /// the flexible parts of the line through the view (leading margin, length, trailing
    /// margin, as they were), in proportion to their lengths — all of it to a single flexible
    /// part, evenly when the flexible parts have no length. The length never goes below 0.
    func resize(withOldSuperviewSize oldSize: CGSize, newSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        let old = frame
        let (x, width) = Self.autoresize(
            origin: old.minX, length: old.width, oldSpace: oldSize.width, newSpace: newSize.width,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let (y, height) = Self.autoresize(
            origin: old.minY, length: old.height, oldSpace: oldSize.height, newSpace: newSize.height,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        let new = CGRect(x: x, y: y, width: width, height: height)
        if new != old { frame = new }
    }

    /// One axis of `resize(withOldSuperviewSize:newSize:)`: the new origin and length.
    static func autoresize(
        origin: CGFloat, length: CGFloat, oldSpace: CGFloat, newSpace: CGFloat,
        flexible: (leading: Bool, length: Bool, trailing: Bool)
    ) -> (origin: CGFloat, length: CGFloat) {
        let delta = newSpace - oldSpace
        let parts = [origin, length, oldSpace - origin - length]
        let isFlexible = [flexible.leading, flexible.length, flexible.trailing]
        let count = isFlexible.filter { $0 }.count
        guard delta != 0, count > 0 else { return (origin, length) }
        let total = zip(parts, isFlexible).reduce(CGFloat(0)) { $0 + ($1.1 ? $1.0 : 0) }
        func share(_ i: Int) -> CGFloat {
            guard isFlexible[i] else { return 0 }
            if count == 1 { return delta }
            return total != 0 ? delta * parts[i] / total : delta / CGFloat(count)
        }
        return (origin + share(0), max(0, length + share(1)))
    }

    /// Keeps the view in the window its layer alone puts it in (one without a superview whose
    /// layer is in a window's layer), and lets go of it when that ends.
    func updateAttachment() {
        let holder = superview == nil && !(self is UIWindow) ? window : nil
        guard holder !== attachingWindow else { return }
        attachingWindow?.release(self)
        attachingWindow = holder
        holder?.keep(self)
    }
}
